import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  DAILY_BOARD_DEFAULT,
  DailyBoard,
  DailyBoardQuery,
  DailyDeal,
  DailyHistory,
  DailyParams,
  DailyStarted,
  DailyToday,
  MessageBody,
} from '@palace/protocol';
import type { AuthService, DailyService } from '@palace/service';
import type { FastifyInstance } from 'fastify';
import { installErrorHandling, sendError } from './errors.js';
import { sessionGuard, sessionToken } from './session.js';

export interface DailyRoutesOptions {
  readonly auth: AuthService;
  readonly daily: DailyService;
}

const tags = ['daily'];

/**
 * `/api/daily` (docs/daily.md, docs/api.md "Daily deal"): today's deal and the caller's attempt,
 * starting it (signed in, guests too), the board of a day, the caller's history, and any past
 * day's seed to check against its commitment. Refusals answer the main API's `{ "message": … }`.
 */
export async function dailyRoutes(fastify: FastifyInstance, options: DailyRoutesOptions): Promise<void> {
  installErrorHandling(fastify, 'message');
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { auth, daily } = options;
  const signedIn = sessionGuard(auth);
  const viewer = async (headers: Parameters<typeof sessionToken>[0]) => {
    const user = await auth.check(sessionToken(headers));
    return user.ok ? user.value : null;
  };

  app.get(
    '/api/daily',
    {
      schema: {
        tags,
        summary: "Today's deal: its commitment, the caller's attempt, yesterday's deal with its seed",
        response: { 200: DailyToday },
      },
    },
    async (request) => daily.today(await viewer(request.headers)),
  );

  app.post(
    '/api/daily/start',
    {
      schema: {
        tags,
        summary: "Start today's deal (one attempt a day), or get the game of the attempt being played",
        response: { 200: DailyStarted, 401: MessageBody, 409: MessageBody, 429: MessageBody },
      },
    },
    async (request, reply) => {
      const user = await signedIn(request, reply);
      if (user === null) return reply;
      const started = await daily.start(user);
      if (!started.ok) return sendError(reply, started.error, 'message');
      return started.value;
    },
  );

  app.get(
    '/api/daily/leaderboard',
    {
      schema: {
        tags,
        summary: "A day's board (default today): its ranked players, best first, scored by matchpoints",
        querystring: DailyBoardQuery,
        response: { 200: DailyBoard, 400: MessageBody, 404: MessageBody },
      },
    },
    async (request, reply) => {
      const { date, limit } = request.query;
      const board = await daily.board(date, await viewer(request.headers), limit ?? DAILY_BOARD_DEFAULT);
      if (!board.ok) return sendError(reply, board.error, 'message');
      return board.value;
    },
  );

  app.get(
    '/api/daily/history',
    {
      schema: {
        tags,
        summary: "The caller's days, newest first, with the streak",
        response: { 200: DailyHistory, 401: MessageBody },
      },
    },
    async (request, reply) => {
      const user = await signedIn(request, reply);
      if (user === null) return reply;
      return daily.history(user);
    },
  );

  app.get(
    '/api/daily/:date',
    {
      schema: {
        tags,
        summary: "A day's deal: its commitment, and its seed once the day is over (sha256(seed) = commitment)",
        params: DailyParams,
        response: { 200: DailyDeal, 400: MessageBody, 404: MessageBody },
      },
    },
    async (request, reply) => {
      const deal = await daily.deal(request.params.date);
      if (!deal.ok) return sendError(reply, deal.error, 'message');
      return deal.value;
    },
  );
}
