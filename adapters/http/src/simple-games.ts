import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Result } from '@palace/core';
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
import { clearSeatCookie, seatToken, setSeatCookie } from './seat-cookie.js';

const tags = ['Simple REST game'];
const refusals = { 400: MessageBody, 403: MessageBody, 404: MessageBody, 409: MessageBody, 503: MessageBody };
const BASE = '/api/simple-game';

function refuse(reply: FastifyReply, error: ServiceError): FastifyReply {
  return sendError(reply, error, 'message');
}

/**
 * The simple REST game under `/api/simple-game` (spec 02 §7): players are known by the username in
 * each request, and a seat is proved by the HttpOnly seat cookie its join set (DECISIONS §8).
 * Refusals answer `{ "message": … }`, schema violations and unreadable bodies included.
 */
export async function simpleRestRoutes(
  fastify: FastifyInstance,
  options: { readonly games: SimpleGames },
): Promise<void> {
  installErrorHandling(fastify, 'message');
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { games } = options;

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
  function changed(reply: FastifyReply, result: Result<SimpleChanged, ServiceError>) {
    if (!result.ok) return refuse(reply, result.error);
    return reply.send({ gameState: games.viewOf(result.value.game, result.value.seat) });
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

  app.get(
    `${BASE}/:id`,
    {
      // Every player polls every 2 s: not worth a log line each.
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'The game as your seat sees it (without a username, or one nobody holds: as a stranger sees it)',
        params: SimpleGameParams,
        querystring: SimpleViewQuery,
        response: { 200: SimpleStateAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const { username } = request.query;
      const viewed = await games.view(
        request.params.id,
        username === undefined ? null : actor(request, request.params.id, username),
      );
      return viewed.ok ? reply.send({ gameState: viewed.value }) : refuse(reply, viewed.error);
    },
  );

  app.post(
    `${BASE}/:id/add-ai`,
    {
      schema: {
        tags,
        summary:
          'Seat an AI player ("AI Player {n}") while the game is being set up, at the optional level (greedy unless told)',
        params: SimpleGameParams,
        body: SimpleAiBody,
        response: { 200: SimpleMessageAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const added = await games.addAi(
        request.params.id,
        actor(request, request.params.id, request.body.username),
        request.body.level,
      );
      if (!added.ok) return refuse(reply, added.error);
      const { game, seat, aiName } = added.value;
      return reply.send({ gameState: games.viewOf(game, seat), message: STATUS_LINES.joined(aiName, false) });
    },
  );

  app.post(
    `${BASE}/:id/select-faceup`,
    {
      schema: {
        tags,
        summary: 'Choose your 3 face-up cards from your hand (card ids or card objects); final',
        params: SimpleGameParams,
        body: SimpleSelectBody,
        response: { 200: SimpleStateAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const { username, cards } = request.body;
      return changed(
        reply,
        await games.selectFaceUp(request.params.id, actor(request, request.params.id, username), cards.map(cardRefId)),
      );
    },
  );

  app.post(
    `${BASE}/:id/play-card`,
    {
      schema: {
        tags,
        summary: 'Play one card, several of one value (cards), or one face-down card (blind-{n})',
        params: SimpleGameParams,
        body: SimplePlayBody,
        response: { 200: SimpleStateAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const { username, card, cards } = request.body;
      const refs = cards ?? (card === undefined ? [] : [card]);
      return changed(
        reply,
        await games.play(request.params.id, actor(request, request.params.id, username), refs.map(cardRefId)),
      );
    },
  );

  app.post(
    `${BASE}/:id/pickup-pile`,
    {
      schema: {
        tags,
        summary: 'Pick up the pile (on your turn, when it is not empty)',
        params: SimpleGameParams,
        body: SimpleUsernameBody,
        response: { 200: SimpleStateAnswer, ...refusals },
      },
    },
    async (request, reply) =>
      changed(reply, await games.pickUp(request.params.id, actor(request, request.params.id, request.body.username))),
  );

  app.post(
    `${BASE}/:id/chat`,
    {
      schema: {
        tags,
        summary: 'Send a chat message (1–500 characters after trimming)',
        params: SimpleGameParams,
        body: SimpleChatBody,
        response: { 200: SimpleStateAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const { username, message } = request.body;
      return changed(reply, await games.chat(request.params.id, actor(request, request.params.id, username), message));
    },
  );

  app.post(
    `${BASE}/:id/leave`,
    {
      schema: {
        tags,
        summary: 'Leave: frees your seat (and its cookie) during setup; in play the seat stays yours',
        params: SimpleGameParams,
        body: SimpleUsernameBody,
        response: { 200: SimpleStateAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const { username } = request.body;
      const left = await games.leave(request.params.id, actor(request, request.params.id, username));
      if (left.ok && games.seatOf(left.value.game, username) === null) {
        clearSeatCookie(request, reply, BASE, left.value.game.id, username);
      }
      return changed(reply, left);
    },
  );
}
