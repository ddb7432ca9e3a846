import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok, type Result } from '@palace/core';
import {
  cardRefId,
  MessageBody,
  SimpleAiBody,
  SimpleChatBody,
  SimpleGameParams,
  SimpleJoinAnswer,
  SimpleJoinBody,
  SimpleMessageAnswer,
  SimplePlayBody,
  SimpleSelectBody,
  SimpleStateAnswer,
  SimpleUsernameBody,
  SimpleViewQuery,
} from '@palace/protocol';
import {
  type ServiceError,
  type SimpleActor,
  type SimpleChanged,
  type SimpleGames,
  type SimpleSeated,
  STATUS_LINES,
} from '@palace/service';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { installErrorHandling, sendError } from './errors.js';
import { gameRefusals, gameRoutes } from './game-routes.js';
import { clearSeatCookie, seatToken, setSeatCookie } from './seat-cookie.js';

const tags = ['Simple REST game'];
const refusals = gameRefusals(MessageBody);
const BASE = '/api/simple-game';
const GAME = `${BASE}/:id`;

function refuse(reply: FastifyReply, error: ServiceError): FastifyReply {
  return sendError(reply, error, 'message');
}

/**
 * The simple REST game under `/api/simple-game` (docs/product.md §P2.7): players are known by the username in
 * each request, and a seat is proved by the HttpOnly seat cookie its join set (docs/product.md §D8).
 * Refusals answer `{ "message": … }`, schema violations and unreadable bodies included.
 */
export async function simpleRestRoutes(
  fastify: FastifyInstance,
  options: { readonly games: SimpleGames },
): Promise<void> {
  installErrorHandling(fastify, 'message');
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { games } = options;
  const routes = gameRoutes(fastify, { tags, refusals, field: 'message' });
  const params = SimpleGameParams;

  /** The seat `username` claims in game `id`, proved by the seat cookie the request carries for it. */
  function actor(request: FastifyRequest, id: string, username: string): SimpleActor {
    return { username, token: seatToken(request, games.normalize(id), username) };
  }

  /** Answers a seat: sets (or renews) its cookie on the game's path, and sends the seat's view. */
  function seated(request: FastifyRequest, reply: FastifyReply, result: Result<SimpleSeated, ServiceError>) {
    if (!result.ok) return refuse(reply, result.error);
    const { gameId, username, token, gameState } = result.value;
    setSeatCookie(request, reply, BASE, gameId, username, token);
    return reply.send({ gameState, gameId });
  }

  /** Answers a change with the acting seat's view of the game after it (a stranger's once the seat is freed). */
  function changed(result: Result<SimpleChanged, ServiceError>) {
    return result.ok ? ok({ gameState: games.viewOf(result.value.game, result.value.seat) }) : result;
  }

  app.post(
    `${BASE}/join`,
    {
      schema: {
        tags,
        summary: 'Start a new game (no gameId) or join one; sets the seat cookie for the username',
        body: SimpleJoinBody,
        response: { 200: SimpleJoinAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const { username, gameId } = request.body;
      // Joining again with the name's seat cookie (scoped to the variant's root) takes the seat back.
      const token = gameId === undefined ? undefined : actor(request, gameId, username).token;
      return seated(request, reply, await games.join(gameId, { username, token }));
    },
  );

  routes.get(
    GAME,
    {
      summary: 'The game as your seat sees it (without a username, or one nobody holds: as a stranger sees it)',
      params,
      query: SimpleViewQuery,
      answer: SimpleStateAnswer,
      // Every player polls every 2 s: not worth a log line each.
      logLevel: 'warn',
    },
    async ({ params, query: { username }, request }) => {
      const viewed = await games.view(params.id, username === undefined ? null : actor(request, params.id, username));
      return viewed.ok ? ok({ gameState: viewed.value }) : viewed;
    },
  );
  routes.post(
    `${GAME}/add-ai`,
    {
      summary:
        'Seat an AI player ("AI Player {n}") while the game is being set up, at the optional level (greedy unless told)',
      params,
      body: SimpleAiBody,
      answer: SimpleMessageAnswer,
    },
    async ({ params, body, request }) => {
      const added = await games.addAi(params.id, actor(request, params.id, body.username), body.level);
      if (!added.ok) return added;
      const { game, seat, aiName } = added.value;
      return ok({ gameState: games.viewOf(game, seat), message: STATUS_LINES.joined(aiName, false) });
    },
  );
  routes.post(
    `${GAME}/select-faceup`,
    {
      summary: 'Choose your 3 face-up cards from your hand (card ids or card objects); final',
      params,
      body: SimpleSelectBody,
      answer: SimpleStateAnswer,
    },
    async ({ params, body: { username, cards }, request }) =>
      changed(await games.selectFaceUp(params.id, actor(request, params.id, username), cards.map(cardRefId))),
  );
  routes.post(
    `${GAME}/play-card`,
    {
      summary: 'Play one card, several of one value (cards), or one face-down card (blind-{n})',
      params,
      body: SimplePlayBody,
      answer: SimpleStateAnswer,
    },
    async ({ params, body: { username, card, cards }, request }) => {
      const refs = cards ?? (card === undefined ? [] : [card]);
      return changed(await games.play(params.id, actor(request, params.id, username), refs.map(cardRefId)));
    },
  );
  routes.post(
    `${GAME}/pickup-pile`,
    {
      summary: 'Pick up the pile (on your turn, when it is not empty)',
      params,
      body: SimpleUsernameBody,
      answer: SimpleStateAnswer,
    },
    async ({ params, body, request }) =>
      changed(await games.pickUp(params.id, actor(request, params.id, body.username))),
  );
  routes.post(
    `${GAME}/chat`,
    {
      summary: 'Send a chat message (1–500 characters after trimming)',
      params,
      body: SimpleChatBody,
      answer: SimpleStateAnswer,
    },
    async ({ params, body: { username, message }, request }) =>
      changed(await games.chat(params.id, actor(request, params.id, username), message)),
  );
  routes.post(
    `${GAME}/leave`,
    {
      summary: 'Leave: frees your seat (and its cookie) during setup; in play the seat stays yours',
      params,
      body: SimpleUsernameBody,
      answer: SimpleStateAnswer,
    },
    async ({ params, body: { username }, request, reply }) => {
      const left = await games.leave(params.id, actor(request, params.id, username));
      if (left.ok && games.seatOf(left.value.game, username) === null) {
        clearSeatCookie(request, reply, BASE, left.value.game.id, username);
      }
      return changed(left);
    },
  );
}
