import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  BotAnswer,
  type BotBody,
  BotParams,
  BotsList,
  BotWithToken,
  CreateBotBody,
  MessageBody,
} from '@palace/protocol';
import type { AuthService, Bot, BotsService } from '@palace/service';
import type { FastifyInstance } from 'fastify';
import { installErrorHandling, sendError } from './errors.js';
import { sessionToken } from './session.js';

export interface BotRoutesOptions {
  readonly auth: AuthService;
  readonly bots: BotsService;
  /** Closes the bot's live sockets (on every node) once its token changed or was revoked. */
  readonly onSignOut: (userId: number) => void;
}

const tags = ['bots'];
const refusals = { 400: MessageBody, 401: MessageBody, 403: MessageBody, 404: MessageBody, 409: MessageBody };

export function botBody(bot: Bot): BotBody {
  const { id, username, avatar, createdAt, tokenCreatedAt } = bot;
  return { id, username, avatar, createdAt, hasToken: tokenCreatedAt !== null, tokenCreatedAt };
}

/**
 * The token of an `Authorization: Bearer <token>` header (a bot's socket, docs/bots.md): null
 * without that scheme, '' when the token is missing (which no bot has).
 */
export function bearerToken(headers: { readonly authorization?: string | undefined }): string | null {
  const header = headers.authorization ?? '';
  return /^Bearer(\s|$)/i.test(header) ? header.slice('Bearer'.length).trim() : null;
}

/**
 * `/api/bots` (docs/bots.md): a signed-in registered player's bot accounts and their tokens. A
 * token is answered once, when made; a new token or a revocation closes the bot's sockets.
 * Refusals answer `{ "message": … }`.
 */
export async function botRoutes(fastify: FastifyInstance, options: BotRoutesOptions): Promise<void> {
  installErrorHandling(fastify, 'message');
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { auth, bots, onSignOut } = options;

  app.get(
    '/api/bots',
    { schema: { tags, summary: 'Your bots, oldest first', response: { 200: BotsList, ...refusals } } },
    async (request, reply) => {
      const owner = await auth.check(sessionToken(request.headers));
      if (!owner.ok) return sendError(reply, owner.error, 'message');
      const listed = await bots.list(owner.value);
      return listed.ok ? { bots: listed.value.map(botBody) } : sendError(reply, listed.error, 'message');
    },
  );

  app.post(
    '/api/bots',
    {
      schema: {
        tags,
        summary: 'Create a bot (at most 3): answers its token, shown only here',
        body: CreateBotBody,
        response: { 201: BotWithToken, ...refusals },
      },
    },
    async (request, reply) => {
      const owner = await auth.check(sessionToken(request.headers));
      if (!owner.ok) return sendError(reply, owner.error, 'message');
      const created = await bots.create(owner.value, request.body.username);
      if (!created.ok) return sendError(reply, created.error, 'message');
      return reply.code(201).send({ bot: botBody(created.value.bot), token: created.value.token });
    },
  );

  app.post(
    '/api/bots/:botId/token',
    {
      schema: {
        tags,
        summary: "A new token for your bot: the old one stops working and the bot's sockets close",
        params: BotParams,
        response: { 200: BotWithToken, ...refusals },
      },
    },
    async (request, reply) => {
      const owner = await auth.check(sessionToken(request.headers));
      if (!owner.ok) return sendError(reply, owner.error, 'message');
      const renewed = await bots.newToken(owner.value, request.params.botId);
      if (!renewed.ok) return sendError(reply, renewed.error, 'message');
      onSignOut(renewed.value.bot.id);
      return { bot: botBody(renewed.value.bot), token: renewed.value.token };
    },
  );

  app.delete(
    '/api/bots/:botId/token',
    {
      schema: {
        tags,
        summary: "Revoke your bot's token: the bot's sockets close and it cannot connect again",
        params: BotParams,
        response: { 200: BotAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const owner = await auth.check(sessionToken(request.headers));
      if (!owner.ok) return sendError(reply, owner.error, 'message');
      const revoked = await bots.revoke(owner.value, request.params.botId);
      if (!revoked.ok) return sendError(reply, revoked.error, 'message');
      onSignOut(revoked.value.id);
      return { bot: botBody(revoked.value) };
    },
  );
}
