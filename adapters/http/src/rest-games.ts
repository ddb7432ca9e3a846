import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  HintAnswer,
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
import type { RestGames } from '@palace/service';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { INTERNAL_ERROR, sendError } from './errors.js';
import { gameRefusals, gameRoutes } from './game-routes.js';

const tags = ['REST game'];
const refusals = gameRefusals(ErrorBody);
const BASE = '/api/rest-games';
const GAME = `${BASE}/:gameId`;

/**
 * 304 with no body and no content-length: a `null` payload would be serialized to "null" and
 * announced as 4 bytes that never come, which hangs strict HTTP clients.
 */
function notModified(reply: FastifyReply): FastifyReply {
  return reply.code(304).send();
}

/** The server-backed REST game under `/api/rest-games` (docs/product.md §P2.7). */
export async function restGamesRoutes(fastify: FastifyInstance, options: { readonly games: RestGames }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { games } = options;
  const routes = gameRoutes(fastify, { tags, refusals });
  const params = RestGameParams;

  app.get(
    `${BASE}/lobby`,
    { schema: { tags, summary: 'Public games still waiting for players, newest first', response: { 200: RestLobby } } },
    async () => games.lobby(),
  );

  routes.post(
    BASE,
    { summary: 'Create a game and take its first seat', body: RestCreateBody, answer: RestSeated },
    ({ body }) => games.create(body),
  );
  routes.post(
    `${GAME}/join`,
    { summary: 'Take a seat, or resume yours with your playerId', params, body: RestJoinBody, answer: RestSeated },
    ({ params, body }) => games.join(params.gameId, body),
  );

  routes.post(
    `${GAME}/rematch`,
    {
      summary:
        'After game over: offer a rematch (same settings and AI players) or join the one offered; answers your seat in it',
      params,
      body: RestPlayerBody,
      answer: RestSeated,
    },
    ({ params, body }) => games.rematch(params.gameId, body.playerId),
  );

  const actions = [
    ['ready', 'Say ready, or not ready any more (a toggle)', games.ready],
    ['start', 'Start the game (you must be ready); a lone player gets an AI opponent first', games.start],
    ['pickup', 'Pick up the pile', games.pickUp],
  ] as const;
  for (const [path, summary, action] of actions) {
    routes.post(
      `${GAME}/${path}`,
      { summary, params, body: RestPlayerBody, answer: RestGameState },
      ({ params, body }) => action.call(games, params.gameId, body.playerId),
    );
  }

  routes.post(
    `${GAME}/ai`,
    {
      summary: 'Seat an AI player at the optional level (greedy unless told)',
      params,
      body: RestAiBody,
      answer: RestGameState,
    },
    ({ params, body }) => games.addAi(params.gameId, body.playerId, body.level),
  );
  routes.post(
    `${GAME}/play`,
    {
      summary: 'Play one card, several of one value, or one face-down card (blind-{n})',
      params,
      body: RestPlayBody,
      answer: RestGameState,
    },
    ({ params, body: { playerId, cardId, cardIds } }) => {
      const ids = cardIds ?? (cardId === undefined ? [] : typeof cardId === 'string' ? [cardId] : cardId);
      return games.play(params.gameId, playerId, ids);
    },
  );
  routes.post(
    `${GAME}/hint`,
    {
      summary:
        "On your turn in a game against AI players only: the strong AI's move for your view, with its reason (counted)",
      params,
      body: RestPlayerBody,
      answer: HintAnswer,
    },
    ({ params, body }) => games.hint(params.gameId, body.playerId),
  );
  routes.post(
    `${GAME}/chat`,
    { summary: 'Send a chat message (1–500 characters)', params, body: RestChatBody, answer: RestGameState },
    ({ params, body }) => games.chat(params.gameId, body.playerId, body.message),
  );
  routes.get(
    GAME,
    {
      summary: 'The whole state as your seat sees it (without playerId: as a stranger sees it)',
      params,
      query: RestViewQuery,
      answer: RestGameState,
    },
    ({ params, query }) => games.view(params.gameId, query.playerId),
  );

  app.get(
    `${GAME}/poll`,
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
