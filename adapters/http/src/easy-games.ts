import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Result } from '@palace/core';
import {
  EasyAiAnswer,
  EasyAiBody,
  EasyAiMoveAnswer,
  EasyCreated,
  EasyGameParams,
  EasyGameState,
  EasyJoined,
  EasyNameBody,
  EasyPickUpAnswer,
  EasyPlayAnswer,
  EasyPlayBody,
  EasyPlayerBody,
  EasyStartAnswer,
  EasyViewQuery,
  ErrorBody,
} from '@palace/protocol';
import type { EasyGames, ServiceError } from '@palace/service';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendError } from './errors.js';

const tags = ['Easy variant'];
const refusals = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody };
const BASE = '/api/simple-palace/games';

function send<T>(reply: FastifyReply, result: Result<T, ServiceError>): FastifyReply {
  return result.ok ? reply.send(result.value) : sendError(reply, result.error);
}

/**
 * The easy variant under `/api/simple-palace/games` (spec 02 §7): the player acts with the secret
 * `playerId` that create or join gave; the client triggers each AI move with `ai-move`, and the
 * server plays a due AI seat itself after a longer fallback delay. Refusals answer `{ "error": … }`.
 */
export async function easyGamesRoutes(fastify: FastifyInstance, options: { readonly games: EasyGames }): Promise<void> {
  // `ai-move` takes no body, and a client may still send `Content-Type: application/json` with
  // none: here an empty JSON body counts as no body. Anything else is Fastify's own (secure) parse.
  const json = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else json(request, String(body), done);
  });
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { games } = options;

  app.post(
    BASE,
    {
      schema: {
        tags,
        summary: 'Create a game and take its first seat',
        body: EasyNameBody,
        response: { 200: EasyCreated, ...refusals },
      },
    },
    async (request, reply) => send(reply, await games.create(request.body.playerName)),
  );

  app.post(
    `${BASE}/:gameId/join`,
    {
      schema: {
        tags,
        summary: 'Take a seat in a waiting game',
        params: EasyGameParams,
        body: EasyNameBody,
        response: { 200: EasyJoined, ...refusals },
      },
    },
    async (request, reply) => send(reply, await games.join(request.params.gameId, request.body.playerName)),
  );

  app.get(
    `${BASE}/:gameId`,
    {
      // Polled every 2 s by every player: not worth a log line each.
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'The state as your seat sees it (without playerId: as a stranger sees it)',
        params: EasyGameParams,
        querystring: EasyViewQuery,
        response: { 200: EasyGameState, ...refusals },
      },
    },
    async (request, reply) => send(reply, await games.view(request.params.gameId, request.query.playerId)),
  );

  app.post(
    `${BASE}/:gameId/play`,
    {
      schema: {
        tags,
        summary: 'Play one card from hand, faceUp, or faceDown (by its blind-{n} id)',
        params: EasyGameParams,
        body: EasyPlayBody,
        response: { 200: EasyPlayAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const { playerId, cardId, source } = request.body;
      return send(reply, await games.play(request.params.gameId, playerId, cardId, source));
    },
  );

  app.post(
    `${BASE}/:gameId/pickup`,
    {
      schema: {
        tags,
        summary: 'Pick up the pile',
        params: EasyGameParams,
        body: EasyPlayerBody,
        response: { 200: EasyPickUpAnswer, ...refusals },
      },
    },
    async (request, reply) => send(reply, await games.pickUp(request.params.gameId, request.body.playerId)),
  );

  app.post(
    `${BASE}/:gameId/ai`,
    {
      schema: {
        tags,
        summary: 'Seat an AI player (waiting games only) at the optional level (greedy unless told)',
        params: EasyGameParams,
        body: EasyAiBody,
        response: { 200: EasyAiAnswer, ...refusals },
      },
    },
    async (request, reply) =>
      send(reply, await games.addAi(request.params.gameId, request.body.playerId, request.body.level)),
  );

  app.post(
    `${BASE}/:gameId/start`,
    {
      schema: {
        tags,
        summary: 'Start the game (at least 2 players; any seated player)',
        params: EasyGameParams,
        body: EasyPlayerBody,
        response: { 200: EasyStartAnswer, ...refusals },
      },
    },
    async (request, reply) => send(reply, await games.start(request.params.gameId, request.body.playerId)),
  );

  app.post(
    `${BASE}/:gameId/ai-move`,
    {
      schema: {
        tags,
        summary: 'Let the AI player whose turn it is move now (no body; 409 when a human is to move)',
        params: EasyGameParams,
        response: { 200: EasyAiMoveAnswer, ...refusals },
      },
    },
    async (request, reply) => send(reply, await games.aiMove(request.params.gameId)),
  );
}
