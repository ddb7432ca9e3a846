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
import type { PublicActor, PublicEntered, PublicGames, ServiceError } from '@palace/service';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './errors.js';
import { gameRefusals, gameRoutes } from './game-routes.js';
import { seatToken, setSeatCookie } from './seat-cookie.js';

const tags = ['Public games'];
const refusals = gameRefusals(ErrorBody);
const BASE = '/api/palace/games';
const GAME = `${BASE}/:id`;

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

/**
 * The public-games variant under `/api/palace/games` (docs/product.md §P2.7). Requests name the player by
 * `username`; the seat cookie set on create or join proves it (docs/product.md §D8).
 */
export async function publicGamesRoutes(
  fastify: FastifyInstance,
  options: { readonly games: PublicGames },
): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { games } = options;
  const routes = gameRoutes(fastify, { tags, refusals });
  const params = PublicGameParams;

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

  routes.get(
    GAME,
    {
      summary: 'The state as your seat sees it; without a seat, as a spectator sees it',
      params,
      query: PublicViewQuery,
      answer: PublicViewAnswer,
      // Polled every 2 s by every player and spectator: not worth a log line each.
      logLevel: 'warn',
    },
    ({ params, query, request }) => games.view(params.id, actor(request, params.id, query.username)),
  );

  const simple = [
    ['start', 'Start the game (at least 2 players): everyone chooses face-up cards', games.start],
    ['pickup', 'Pick up the pile', games.pickUp],
    ['leave', 'Leave: a waiting seat is freed, a seat in play stays, a spectator stops watching', games.leave],
  ] as const;
  for (const [path, summary, action] of simple) {
    routes.post(
      `${GAME}/${path}`,
      { summary, params, body: PublicUsernameBody, answer: PublicActionAnswer },
      ({ params, body, request }) => action.call(games, params.id, actor(request, params.id, body.username)),
    );
  }

  app.post(
    `${GAME}/rematch`,
    {
      schema: {
        tags,
        summary:
          "After game over: a player offers a rematch (same visibility and AI players), or a player or spectator joins the one offered; sets the new game's seat cookie",
        params,
        body: PublicUsernameBody,
        response: { 200: PublicSeated, ...refusals },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { username } = request.body;
      const asked = await games.rematch(id, actor(request, id, username), (next) =>
        username === undefined ? undefined : seatToken(request, next, username),
      );
      return entered(request, reply, asked);
    },
  );

  routes.post(
    `${GAME}/ai`,
    {
      summary: 'Seat an AI player (waiting games; any player) at the optional level (greedy unless told)',
      params,
      body: PublicAiBody,
      answer: PublicActionAnswer,
    },
    ({ params, body, request }) => games.addAi(params.id, actor(request, params.id, body.username), body.level),
  );
  routes.post(
    `${GAME}/ready`,
    {
      summary: 'Choose exactly 3 hand cards to lie face-up (final)',
      params,
      body: PublicReadyBody,
      answer: PublicActionAnswer,
    },
    ({ params, body: { username, selectedCards }, request }) => {
      const ids = selectedCards.map(publicCardId);
      return games.ready(params.id, actor(request, params.id, username), ids);
    },
  );
  routes.post(
    `${GAME}/play`,
    {
      summary: 'Play cards of one value from one place, or one face-down card (blind-{n})',
      params,
      body: PublicPlayBody,
      answer: PublicActionAnswer,
    },
    ({ params, body: { username, cardIds }, request }) =>
      games.play(params.id, actor(request, params.id, username), cardIds.map(publicCardId)),
  );
  routes.post(
    `${GAME}/chat`,
    {
      summary: 'Send a chat message (1–500 characters after trimming); spectators may chat too',
      params,
      body: PublicChatBody,
      answer: PublicActionAnswer,
    },
    ({ params, body: { username, message }, request }) =>
      games.chat(params.id, actor(request, params.id, username), message),
  );
}
