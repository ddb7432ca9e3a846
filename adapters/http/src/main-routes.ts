import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AddFriendBody,
  BalanceResponse,
  ClaimBody,
  ClaimResponse,
  CreateGameBody,
  CreateGameResponse,
  FriendParams,
  HistoryResponse,
  LeaderboardQuery,
  LeaderboardResponse,
  LobbyGames,
  MessageBody,
  OnlineFriend,
  OnlineFriends,
  ProfileResponse,
  RecentGames,
} from '@palace/protocol';
import {
  type AuthService,
  type FriendsService,
  type MainGames,
  mainGameId,
  serviceError,
  type TokensService,
} from '@palace/service';
import type { FastifyInstance } from 'fastify';
import { userBody } from './auth-routes.js';
import { installErrorHandling, sendError } from './errors.js';
import { sessionGuard, sessionToken } from './session.js';

const refusals = { 400: MessageBody, 401: MessageBody, 403: MessageBody, 404: MessageBody, 409: MessageBody };

export interface MainRoutesOptions {
  readonly auth: AuthService;
  readonly games: MainGames;
  readonly tokens: TokensService;
  readonly friends: FriendsService;
}

/**
 * The main game's REST calls (docs/product.md §P1.7): games (create, lobby, recent), tokens (balance,
 * history, leaderboard, guest prize claim), the player's profile and friends. All need a session
 * (guests included); refusals answer `{ "message": … }`.
 */
export async function mainRoutes(fastify: FastifyInstance, options: MainRoutesOptions): Promise<void> {
  installErrorHandling(fastify, 'message');
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { auth, games, tokens, friends } = options;

  /** The session's user, or a 401 already sent (then null). */
  const signedIn = sessionGuard(auth);

  app.post(
    '/api/games',
    {
      schema: {
        tags: ['main game'],
        summary: 'Create a game and take its first seat (registered players pay the entry fee)',
        body: CreateGameBody,
        response: { 200: CreateGameResponse, ...refusals },
      },
    },
    async (request, reply) => {
      const user = await signedIn(request, reply);
      if (user === null) return reply;
      const created = await games.create(user, request.body);
      if (!created.ok) return sendError(reply, created.error, 'message');
      return reply.send({ id: Number(created.value.id), message: 'Game created successfully' });
    },
  );

  app.get(
    '/api/games',
    {
      schema: {
        tags: ['main game'],
        summary: 'Open games (waiting or active); private ones only to their players',
        response: { 200: LobbyGames, 401: MessageBody },
      },
    },
    async (request, reply) => {
      const user = await auth.check(sessionToken(request.headers));
      return reply.send(await games.lobby(user.ok ? user.value.id : null));
    },
  );

  app.get(
    '/api/games/recent',
    {
      schema: {
        tags: ['main game'],
        summary: "The signed-in player's finished games, newest first",
        response: { 200: RecentGames, 401: MessageBody },
      },
    },
    async (request, reply) => {
      const user = await signedIn(request, reply);
      if (user === null) return reply;
      return reply.send(await games.recent(user.id));
    },
  );

  app.get(
    '/api/tokens/balance',
    {
      schema: {
        tags: ['tokens'],
        summary: 'SRT token balance (0 for guests)',
        response: { 200: BalanceResponse, 401: MessageBody },
      },
    },
    async (request, reply) => {
      const user = await signedIn(request, reply);
      if (user === null) return reply;
      return reply.send({ balance: await tokens.balance(user) });
    },
  );

  app.get(
    '/api/profile',
    {
      schema: {
        tags: ['tokens'],
        summary: "The signed-in player's profile: user, balance (0 for guests), wins and finished games",
        response: { 200: ProfileResponse, 401: MessageBody },
      },
    },
    async (request, reply) => {
      const user = await signedIn(request, reply);
      if (user === null) return reply;
      return reply.send({ user: userBody(user), ...(await tokens.profile(user)) });
    },
  );

  app.get(
    '/api/tokens/history',
    {
      schema: {
        tags: ['tokens'],
        summary: 'Token movements, newest first',
        response: { 200: HistoryResponse, 401: MessageBody },
      },
    },
    async (request, reply) => {
      const user = await signedIn(request, reply);
      if (user === null) return reply;
      const lines = await tokens.history(user);
      return reply.send(
        lines.map((l) => ({
          id: l.id,
          kind: l.kind,
          amount: l.amount,
          ...ledgerReference(l.gameId),
          timestamp: new Date(l.at).toISOString(),
        })),
      );
    },
  );

  app.get(
    '/api/leaderboard',
    {
      schema: {
        tags: ['tokens'],
        summary: 'Registered players by balance (default) or by wins',
        querystring: LeaderboardQuery,
        response: { 200: LeaderboardResponse, 400: MessageBody },
      },
    },
    async (request) => {
      const { limit } = request.query;
      const leaders = await tokens.leaderboard(request.query.by ?? 'balance', limit);
      return leaders.map((l, i) => ({ rank: i + 1, ...l }));
    },
  );

  app.post(
    '/api/claim-guest-prize',
    {
      schema: {
        tags: ['tokens'],
        summary: 'Claim the prize won as a guest (once; from an account opened in that guest session)',
        body: ClaimBody,
        response: { 200: ClaimResponse, ...refusals },
      },
    },
    async (request, reply) => {
      const user = await signedIn(request, reply);
      if (user === null) return reply;
      const gameId = mainGameId(request.body.gameId);
      const guestId = Number(request.body.guestId);
      if (gameId === null || !Number.isInteger(guestId) || guestId >= 0) {
        return sendError(reply, serviceError('prize/none'), 'message');
      }
      const claimed = await tokens.claim(user, gameId, guestId);
      return claimed.ok ? reply.send(claimed.value) : sendError(reply, claimed.error, 'message');
    },
  );

  app.get(
    '/api/friends/online',
    {
      schema: {
        tags: ['friends'],
        summary: 'Friends with their live status (online, away, offline)',
        response: { 200: OnlineFriends, 401: MessageBody },
      },
    },
    async (request, reply) => {
      const user = await signedIn(request, reply);
      if (user === null) return reply;
      const list = await friends.online(user);
      return reply.send(list.map((f) => ({ id: f.id, username: f.username, avatar: f.avatar, status: f.status })));
    },
  );

  app.post(
    '/api/friends',
    {
      schema: {
        tags: ['friends'],
        summary: 'Add a friend by username (both become friends)',
        body: AddFriendBody,
        response: { 200: OnlineFriend, ...refusals },
      },
    },
    async (request, reply) => {
      const user = await signedIn(request, reply);
      if (user === null) return reply;
      const added = await friends.add(user, request.body.username);
      if (!added.ok) return sendError(reply, added.error, 'message');
      const status = (await friends.online(user)).find((f) => f.id === added.value.id)?.status ?? 'offline';
      return reply.send({ id: added.value.id, username: added.value.username, avatar: added.value.avatar, status });
    },
  );

  app.delete(
    '/api/friends/:id',
    {
      schema: {
        tags: ['friends'],
        summary: 'Remove a friend',
        params: FriendParams,
        response: { 200: MessageBody, ...refusals },
      },
    },
    async (request, reply) => {
      const user = await signedIn(request, reply);
      if (user === null) return reply;
      const removed = await friends.remove(user, request.params.id);
      return removed.ok ? reply.send({ message: 'Friend removed' }) : sendError(reply, removed.error, 'message');
    },
  );
}

/**
 * A ledger line's reference on the wire: a game's id, or a tournament's (stored as
 * `tournament:{id}`, docs/tournaments.md).
 */
function ledgerReference(ref: string | null): { gameId: number | null; tournamentId: number | null } {
  if (ref === null) return { gameId: null, tournamentId: null };
  const tournament = /^tournament:(\d+)$/.exec(ref);
  if (tournament !== null) return { gameId: null, tournamentId: Number(tournament[1]) };
  return { gameId: Number(ref), tournamentId: null };
}
