import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Result } from '@palace/core';
import {
  ErrorBody,
  RestAiBody,
  RestChatBody,
  RestCreateBody,
  RestGameParams,
  RestGameState,
  RestJoinBody,
  RestLobby,
  RestPlayBody,
  RestPlayerBody,
  RestPollQuery,
  RestPollResponse,
  RestSeated,
  RestViewQuery,
} from '@palace/protocol';
import type { RestGames, ServiceError } from '@palace/service';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { INTERNAL_ERROR, sendError } from './errors.js';

const tags = ['REST game'];
const refusals = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody };

function send<T>(reply: FastifyReply, result: Result<T, ServiceError>): FastifyReply {
  return result.ok ? reply.send(result.value) : sendError(reply, result.error);
}

/**
 * 304 with no body and no content-length: a `null` payload would be serialized to "null" and
 * announced as 4 bytes that never come, which hangs strict HTTP clients.
 */
function notModified(reply: FastifyReply): FastifyReply {
  return reply.code(304).send();
}

/** The server-backed REST game under `/api/rest-games` (spec 02 §7). */
export async function restGamesRoutes(fastify: FastifyInstance, options: { readonly games: RestGames }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { games } = options;

  app.get(
    '/api/rest-games/lobby',
    { schema: { tags, summary: 'Public games still waiting for players, newest first', response: { 200: RestLobby } } },
    async () => games.lobby(),
  );

  app.post(
    '/api/rest-games',
    {
      schema: {
        tags,
        summary: 'Create a game and take its first seat',
        body: RestCreateBody,
        response: { 200: RestSeated, ...refusals },
      },
    },
    async (request, reply) => send(reply, await games.create(request.body)),
  );

  app.post(
    '/api/rest-games/:gameId/join',
    {
      schema: {
        tags,
        summary: 'Take a seat, or resume yours with your playerId',
        params: RestGameParams,
        body: RestJoinBody,
        response: { 200: RestSeated, ...refusals },
      },
    },
    async (request, reply) => send(reply, await games.join(request.params.gameId, request.body)),
  );

  const actions = [
    ['ready', 'Say ready, or not ready any more (a toggle)', games.ready],
    ['start', 'Start the game (you must be ready); a lone player gets an AI opponent first', games.start],
    ['pickup', 'Pick up the pile', games.pickUp],
  ] as const;
  for (const [path, summary, action] of actions) {
    app.post(
      `/api/rest-games/:gameId/${path}`,
      {
        schema: {
          tags,
          summary,
          params: RestGameParams,
          body: RestPlayerBody,
          response: { 200: RestGameState, ...refusals },
        },
      },
      async (request, reply) => send(reply, await action.call(games, request.params.gameId, request.body.playerId)),
    );
  }

  app.post(
    '/api/rest-games/:gameId/ai',
    {
      schema: {
        tags,
        summary: 'Seat an AI player at the optional level (greedy unless told)',
        params: RestGameParams,
        body: RestAiBody,
        response: { 200: RestGameState, ...refusals },
      },
    },
    async (request, reply) =>
      send(reply, await games.addAi(request.params.gameId, request.body.playerId, request.body.level)),
  );

  app.post(
    '/api/rest-games/:gameId/play',
    {
      schema: {
        tags,
        summary: 'Play one card, several of one value, or one face-down card (blind-{n})',
        params: RestGameParams,
        body: RestPlayBody,
        response: { 200: RestGameState, ...refusals },
      },
    },
    async (request, reply) => {
      const { playerId, cardId, cardIds } = request.body;
      const ids = cardIds ?? (cardId === undefined ? [] : typeof cardId === 'string' ? [cardId] : cardId);
      return send(reply, await games.play(request.params.gameId, playerId, ids));
    },
  );

  app.post(
    '/api/rest-games/:gameId/chat',
    {
      schema: {
        tags,
        summary: 'Send a chat message (1–500 characters)',
        params: RestGameParams,
        body: RestChatBody,
        response: { 200: RestGameState, ...refusals },
      },
    },
    async (request, reply) =>
      send(reply, await games.chat(request.params.gameId, request.body.playerId, request.body.message)),
  );

  app.get(
    '/api/rest-games/:gameId',
    {
      schema: {
        tags,
        summary: 'The whole state as your seat sees it (without playerId: as a stranger sees it)',
        params: RestGameParams,
        querystring: RestViewQuery,
        response: { 200: RestGameState, ...refusals },
      },
    },
    async (request, reply) => send(reply, await games.view(request.params.gameId, request.query.playerId)),
  );

  app.get(
    '/api/rest-games/:gameId/poll',
    {
      // Polls arrive every second from every player: not worth a log line each.
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'The state if it changed since lastUpdate; 304 with no body if not',
        params: RestGameParams,
        querystring: RestPollQuery,
        response: { 200: RestPollResponse, 304: Type.Null({ description: 'Nothing changed' }), ...refusals },
      },
    },
    // Not async: an idle poll is answered from memory without a promise (see the bench).
    (request, reply) => {
      const { playerId, lastUpdate } = request.query;
      const { gameId } = request.params;
      const quick = games.pollFromMemory(gameId, playerId, lastUpdate ?? 0);
      if (quick !== undefined) {
        if (quick.ok) notModified(reply);
        else sendError(reply, quick.error);
        return;
      }
      games.poll(gameId, playerId, lastUpdate ?? 0).then(
        (polled) => {
          if (!polled.ok) sendError(reply, polled.error);
          else if (polled.value === null) notModified(reply);
          else reply.send(polled.value);
        },
        (error: unknown) => {
          request.log.error({ err: error }, 'poll failed');
          reply.code(500).send({ error: INTERNAL_ERROR });
        },
      );
    },
  );
}
