import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CreateTournamentBody,
  MessageBody,
  Tournament,
  TournamentParams,
  type TournamentStatus,
  TournamentSummaries,
  TournamentsQuery,
} from '@palace/protocol';
import {
  type AuthService,
  serviceError,
  type TournamentsService,
  tournamentSummary,
  tournamentView,
  type User,
} from '@palace/service';
import type { FastifyInstance } from 'fastify';
import { installErrorHandling, sendError } from './errors.js';
import { sessionOrBotGuard, sessionToken } from './session.js';

export interface TournamentRoutesOptions {
  readonly auth: AuthService;
  readonly tournaments: TournamentsService;
  /** Bot accounts by their token: a bot that creates or enters is told why not (403), not 401. */
  readonly bots: { authenticate(token: string): Promise<User | null> };
}

const tags = ['tournaments'];
const refusals = { 400: MessageBody, 401: MessageBody, 403: MessageBody, 404: MessageBody, 409: MessageBody };
const ALL: readonly TournamentStatus[] = ['open', 'running', 'finished', 'cancelled'];

/**
 * `/api/tournaments` (docs/api.md "Tournaments", docs/tournaments.md): the list and one
 * tournament for anyone; creating (registered players), entering and withdrawing for the
 * signed-in. Every change answers the whole tournament as the caller sees it. Refusals answer the
 * main API's `{ "message": … }`.
 */
export async function tournamentRoutes(fastify: FastifyInstance, options: TournamentRoutesOptions): Promise<void> {
  installErrorHandling(fastify, 'message');
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { auth, tournaments, bots } = options;

  /** The signed-in user or the bot of a Bearer token, or the 401 sent. */
  const signedIn = sessionOrBotGuard(auth, bots);

  app.get(
    '/api/tournaments',
    {
      schema: {
        tags,
        summary: 'Tournaments, newest first: open, running, finished or cancelled (default all)',
        querystring: TournamentsQuery,
        response: { 200: TournamentSummaries, 400: MessageBody },
      },
    },
    async (request) => {
      const { status, limit } = request.query;
      const listed = await tournaments.list(status === undefined ? ALL : [status], limit ?? 50);
      return listed.map(tournamentSummary);
    },
  );

  app.post(
    '/api/tournaments',
    {
      schema: {
        tags,
        summary: 'Create a tournament (registered players); the creator enters it like anyone else',
        body: CreateTournamentBody,
        response: { 201: Tournament, ...refusals },
      },
    },
    async (request, reply) => {
      const user = await signedIn(request, reply);
      if (user === null) return reply;
      const { startsAt, ...rest } = request.body;
      let at: number | null = null;
      if (startsAt !== undefined && startsAt !== null) {
        at = Date.parse(startsAt);
        if (!Number.isFinite(at)) return sendError(reply, serviceError('tournament/starts_at'), 'message');
      }
      const created = await tournaments.create(user, { ...rest, startsAt: at });
      if (!created.ok) return sendError(reply, created.error, 'message');
      return reply.code(201).send(tournamentView(created.value, user.id));
    },
  );

  app.get(
    '/api/tournaments/:id',
    {
      schema: {
        tags,
        summary: 'A tournament: entrants in standings order, rounds, tables, deal commitments and prizes',
        params: TournamentParams,
        response: { 200: Tournament, 404: MessageBody },
      },
    },
    async (request, reply) => {
      const found = await tournaments.get(request.params.id);
      if (!found.ok) return sendError(reply, found.error, 'message');
      const viewer = await auth.check(sessionToken(request.headers));
      return tournamentView(found.value, viewer.ok ? viewer.value.id : null);
    },
  );

  app.post(
    '/api/tournaments/:id/enter',
    {
      schema: {
        tags,
        summary: 'Enter a tournament, paying its fee (guests: free tournaments only)',
        params: TournamentParams,
        response: { 200: Tournament, ...refusals },
      },
    },
    async (request, reply) => {
      const user = await signedIn(request, reply);
      if (user === null) return reply;
      const entered = await tournaments.enter(user, request.params.id);
      if (!entered.ok) return sendError(reply, entered.error, 'message');
      return tournamentView(entered.value, user.id);
    },
  );

  app.post(
    '/api/tournaments/:id/withdraw',
    {
      schema: {
        tags,
        summary: 'Take back an entry before the start (the fee is refunded)',
        params: TournamentParams,
        response: { 200: Tournament, ...refusals },
      },
    },
    async (request, reply) => {
      const user = await signedIn(request, reply);
      if (user === null) return reply;
      const left = await tournaments.withdraw(user, request.params.id);
      if (!left.ok) return sendError(reply, left.error, 'message');
      return tournamentView(left.value, user.id);
    },
  );
}
