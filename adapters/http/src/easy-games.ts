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
import type { EasyGames } from '@palace/service';
import type { FastifyInstance } from 'fastify';
import { gameRefusals, gameRoutes } from './game-routes.js';

const BASE = '/api/simple-palace/games';
const GAME = `${BASE}/:gameId`;

/**
 * The easy variant under `/api/simple-palace/games` (docs/product.md §P2.7): the player acts with the secret
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
  const { games } = options;
  const routes = gameRoutes(fastify, { tags: ['Easy variant'], refusals: gameRefusals(ErrorBody) });
  const params = EasyGameParams;

  routes.post(
    BASE,
    { summary: 'Create a game and take its first seat', body: EasyNameBody, answer: EasyCreated },
    ({ body }) => games.create(body.playerName),
  );
  routes.post(
    `${GAME}/join`,
    { summary: 'Take a seat in a waiting game', params, body: EasyNameBody, answer: EasyJoined },
    ({ params, body }) => games.join(params.gameId, body.playerName),
  );
  routes.get(
    GAME,
    {
      summary: 'The state as your seat sees it (without playerId: as a stranger sees it)',
      params,
      query: EasyViewQuery,
      answer: EasyGameState,
      // Polled every 2 s by every player: not worth a log line each.
      logLevel: 'warn',
    },
    ({ params, query }) => games.view(params.gameId, query.playerId),
  );
  routes.post(
    `${GAME}/play`,
    {
      summary: 'Play one card from hand, faceUp, or faceDown (by its blind-{n} id)',
      params,
      body: EasyPlayBody,
      answer: EasyPlayAnswer,
    },
    ({ params, body: { playerId, cardId, source } }) => games.play(params.gameId, playerId, cardId, source),
  );
  routes.post(
    `${GAME}/pickup`,
    { summary: 'Pick up the pile', params, body: EasyPlayerBody, answer: EasyPickUpAnswer },
    ({ params, body }) => games.pickUp(params.gameId, body.playerId),
  );
  routes.post(
    `${GAME}/ai`,
    {
      summary: 'Seat an AI player (waiting games only) at the optional level (greedy unless told)',
      params,
      body: EasyAiBody,
      answer: EasyAiAnswer,
    },
    ({ params, body }) => games.addAi(params.gameId, body.playerId, body.level),
  );
  routes.post(
    `${GAME}/start`,
    {
      summary: 'Start the game (at least 2 players; any seated player)',
      params,
      body: EasyPlayerBody,
      answer: EasyStartAnswer,
    },
    ({ params, body }) => games.start(params.gameId, body.playerId),
  );
  routes.post(
    `${GAME}/ai-move`,
    {
      summary: 'Let the AI player whose turn it is move now (no body; 409 when a human is to move)',
      params,
      answer: EasyAiMoveAnswer,
    },
    ({ params }) => games.aiMove(params.gameId),
  );
}
