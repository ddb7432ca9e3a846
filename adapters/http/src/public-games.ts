import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Result } from '@palace/core';
import {
  ErrorBody,
  PublicActionAnswer,
  PublicAiBody,
  PublicChatBody,
  PublicEntryBody,
  PublicGameParams,
  PublicList,
  PublicPlayBody,
  PublicReadyBody,
  PublicSeated,
  PublicUsernameBody,
  PublicViewAnswer,
  PublicViewQuery,
  publicCardId,
} from '@palace/protocol';
import type { PublicActor, PublicAnswer, PublicEntered, PublicGames, ServiceError } from '@palace/service';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './errors.js';
import { seatToken, setSeatCookie } from './seat-cookie.js';

const tags = ['Public games'];
const refusals = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody };
const BASE = '/api/palace/games';

/** Answers a create or join, setting (or refreshing) the place's seat cookie. */
function entered(
  request: FastifyRequest,
  reply: FastifyReply,
  result: Result<PublicEntered, ServiceError>,
): FastifyReply {
  if (!result.ok) return sendError(reply, result.error);
  const { gameId, username, token, asSpectator } = result.value;
  setSeatCookie(request, reply, BASE, gameId, username, token);
  return reply.send({ gameId, asSpectator, username });
}

function answered(reply: FastifyReply, result: Result<PublicAnswer, ServiceError>): FastifyReply {
  return result.ok ? reply.send(result.value) : sendError(reply, result.error);
}

/**
 * The public-games variant under `/api/palace/games` (spec 02 §7). Requests name the player by
 * `username`; the seat cookie set on create or join proves it (DECISIONS §8).
 */
export async function publicGamesRoutes(
  fastify: FastifyInstance,
  options: { readonly games: PublicGames },
): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { games } = options;

  /** Who a request about game `id` says it is: the username and that name's seat cookie in the game. */
  function actor(request: FastifyRequest, id: string | undefined, username: string | undefined): PublicActor {
    const token =
      id === undefined || username === undefined ? undefined : seatToken(request, games.normalize(id), username);
    return { username, token };
  }

  app.get(
    BASE,
    {
      schema: { tags, summary: 'Public games not finished yet, newest first', response: { 200: PublicList } },
    },
    async () => ({ games: await games.list() }),
  );

  app.post(
    BASE,
    {
      schema: {
        tags,
        summary: 'Create a game (username, visibility) or join one (username, gameId); sets the seat cookie',
        body: PublicEntryBody,
        response: { 200: PublicSeated, ...refusals },
      },
    },
    async (request, reply) => {
      const { username, gameId, visibility } = request.body;
      return entered(request, reply, await games.enter({ ...actor(request, gameId, username), gameId, visibility }));
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      // Polled every 2 s by every player and spectator: not worth a log line each.
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'The state as your seat sees it; without a seat, as a spectator sees it',
        params: PublicGameParams,
        querystring: PublicViewQuery,
        response: { 200: PublicViewAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const result = await games.view(request.params.id, actor(request, request.params.id, request.query.username));
      return result.ok ? reply.send(result.value) : sendError(reply, result.error);
    },
  );

  const simple = [
    ['start', 'Start the game (at least 2 players): everyone chooses face-up cards', games.start],
    ['pickup', 'Pick up the pile', games.pickUp],
    ['leave', 'Leave: a waiting seat is freed, a seat in play stays, a spectator stops watching', games.leave],
  ] as const;
  for (const [path, summary, action] of simple) {
    app.post(
      `${BASE}/:id/${path}`,
      {
        schema: {
          tags,
          summary,
          params: PublicGameParams,
          body: PublicUsernameBody,
          response: { 200: PublicActionAnswer, ...refusals },
        },
      },
      async (request, reply) =>
        answered(
          reply,
          await action.call(games, request.params.id, actor(request, request.params.id, request.body.username)),
        ),
    );
  }

  app.post(
    `${BASE}/:id/ai`,
    {
      schema: {
        tags,
        summary: 'Seat an AI player (waiting games; any player) at the optional level (greedy unless told)',
        params: PublicGameParams,
        body: PublicAiBody,
        response: { 200: PublicActionAnswer, ...refusals },
      },
    },
    async (request, reply) =>
      answered(
        reply,
        await games.addAi(
          request.params.id,
          actor(request, request.params.id, request.body.username),
          request.body.level,
        ),
      ),
  );

  app.post(
    `${BASE}/:id/ready`,
    {
      schema: {
        tags,
        summary: 'Choose exactly 3 hand cards to lie face-up (final)',
        params: PublicGameParams,
        body: PublicReadyBody,
        response: { 200: PublicActionAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const { username, selectedCards } = request.body;
      const ids = selectedCards.map(publicCardId);
      return answered(reply, await games.ready(request.params.id, actor(request, request.params.id, username), ids));
    },
  );

  app.post(
    `${BASE}/:id/play`,
    {
      schema: {
        tags,
        summary: 'Play cards of one value from one place, or one face-down card (blind-{n})',
        params: PublicGameParams,
        body: PublicPlayBody,
        response: { 200: PublicActionAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const { username, cardIds } = request.body;
      return answered(
        reply,
        await games.play(request.params.id, actor(request, request.params.id, username), cardIds.map(publicCardId)),
      );
    },
  );

  app.post(
    `${BASE}/:id/chat`,
    {
      schema: {
        tags,
        summary: 'Send a chat message (1–500 characters after trimming); spectators may chat too',
        params: PublicGameParams,
        body: PublicChatBody,
        response: { 200: PublicActionAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const { username, message } = request.body;
      return answered(reply, await games.chat(request.params.id, actor(request, request.params.id, username), message));
    },
  );
}
