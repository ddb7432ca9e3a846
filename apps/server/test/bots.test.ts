import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { KyselyBotsStore, openSqlite } from '@palace/adapter-storage';
import type {
  BotBody,
  BotWithToken,
  LeaderboardEntry,
  LobbyGame,
  MainGameState,
  RatingLeader,
  UserBody,
} from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { type TestServer, useServer } from './harness.js';
import {
  chooseFaceUp,
  createGame,
  guest,
  Jar,
  joinGame,
  ok200,
  type Player,
  playToEnd,
  registered,
  type Seat,
  SocketClient,
  seatOf,
  upgradeStatus,
} from './main-harness.js';

/** Bot accounts over the real server (docs/bots.md): tokens, the Bearer socket, games that allow bots, ratings. */

const CODE = 'BOTS';
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

async function newBot(owner: Player, username: string): Promise<BotWithToken> {
  const got = await owner.jar.post<BotWithToken>('/api/bots', { username });
  expect(got.status, got.text).toBe(201);
  return got.body;
}

/** A bot's seat: its socket opened with the Bearer header (no cookie). */
async function botSeat(server: TestServer, bot: BotWithToken): Promise<Seat> {
  const socket = await SocketClient.open(server.base, undefined, { authorization: `Bearer ${bot.token}` });
  const hello = await socket.next('connection_established');
  expect(hello.userId).toBe(bot.bot.id);
  const user: UserBody = {
    id: bot.bot.id,
    username: bot.bot.username,
    email: null,
    avatar: bot.bot.avatar,
    isGuest: false,
    isBot: true,
  };
  return { jar: new Jar(server.base), user, socket };
}

describe('bots', () => {
  const served = useServer({ inviteCodes: [CODE], inviteUses: 100 });

  it('bots - a registered player creates a bot: the token is answered once and only its hash is stored', async () => {
    const { server } = served();
    const ann = await registered(server.base, CODE, 'Ann');
    const created = await newBot(ann, ' AnnBot ');
    expect(created.bot).toEqual({
      id: expect.any(Number),
      username: 'AnnBot',
      avatar: '/api/avatars/AnnBot.svg',
      createdAt: expect.any(Number),
      hasToken: true,
      tokenCreatedAt: created.bot.createdAt,
    });
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const listed = ok200(await ann.jar.get<{ bots: BotBody[] }>('/api/bots'));
    expect(listed).toEqual({ bots: [created.bot] });
    expect(JSON.stringify(listed)).not.toContain(created.token);

    const db = await openSqlite(server.dataFile);
    try {
      const rows = await db.selectFrom('bot_tokens').selectAll().where('bot_id', '=', created.bot.id).execute();
      expect(rows.map((r) => r.token_hash)).toEqual([sha256(created.token)]);
      const user = await db.selectFrom('users').selectAll().where('id', '=', created.bot.id).executeTakeFirstOrThrow();
      expect(user).toMatchObject({ bot_owner_id: ann.user.id, email: null, password_hash: null, balance: 0 });
      expect(await new KyselyBotsStore(db).botByToken(sha256(created.token))).toMatchObject({ isBot: true });
    } finally {
      await db.destroy();
    }
    expect(await readFile(server.dataFile, 'latin1')).not.toContain(created.token);
    // A bot has no password: it cannot sign in for a session cookie.
    const login = await new Jar(server.base).login('AnnBot', '');
    expect(login.status).toBe(400);
    expect((await new Jar(server.base).login('AnnBot', 'anything-at-all')).status).toBe(401);
  });

  it('bots - names follow the registration rules, at most 3 per owner, and only registered players own bots', async () => {
    const { server } = served();
    const ann = await registered(server.base, CODE, 'Ann');
    const refused = async (jar: Jar, body: unknown, status: number, message: string) => {
      const got = await jar.post('/api/bots', body);
      expect(got.status, got.text).toBe(status);
      expect(got.body).toEqual({ message });
    };
    await refused(ann.jar, { username: 'ab' }, 400, 'Username must be at least 3 characters');
    await refused(ann.jar, { username: 'a@b.c' }, 400, 'Username must be at most 30 characters and cannot contain "@"');
    await refused(ann.jar, { username: ann.user.username.toUpperCase() }, 409, 'That username is already taken');
    const bots = [];
    for (let n = 1; n <= 3; n++) bots.push(await newBot(ann, `${ann.user.username.slice(0, 20)}-b${n}`));
    await refused(ann.jar, { username: 'OneTooMany' }, 409, 'You can have at most 3 bots.');
    expect(ok200(await ann.jar.get<{ bots: BotBody[] }>('/api/bots')).bots.map((b) => b.id)).toEqual(
      bots.map((b) => b.bot.id),
    );
    // Another player's bot is not found; a guest and a stranger are refused.
    const bob = await registered(server.base, CODE, 'Bob');
    const other = await bob.jar.post(`/api/bots/${bots[0]?.bot.id}/token`);
    expect([other.status, other.body]).toEqual([404, { message: 'Bot not found.' }]);
    expect((await bob.jar.request('DELETE', `/api/bots/${bots[0]?.bot.id}/token`)).status).toBe(404);
    const visitor = await guest(server.base);
    await refused(visitor.jar, { username: 'GuestBot' }, 403, 'Bots are for registered players.');
    expect((await new Jar(server.base).get('/api/bots')).status).toBe(401);
  });

  it('bots - the Bearer token opens /ws as the bot; a wrong token is refused with 401; a new token retires the old', async () => {
    const { server } = served();
    const ann = await registered(server.base, CODE, 'Ann');
    const bot = await newBot(ann, `${ann.user.username.slice(0, 24)}-bot`);
    expect(await upgradeStatus(server.base, { authorization: 'Bearer not-a-token' })).toBe(401);
    expect(await upgradeStatus(server.base, { authorization: 'Bearer ' })).toBe(401);
    const seat = await botSeat(server, bot);
    const renewed = ok200(await ann.jar.post<BotWithToken>(`/api/bots/${bot.bot.id}/token`));
    expect(renewed.token).not.toBe(bot.token);
    // The bot's socket closes at once (signed out), and the old token no longer opens one.
    expect(await seat.socket.closed).toEqual({ code: 4001, reason: 'signed out' });
    expect(await upgradeStatus(server.base, { authorization: `Bearer ${bot.token}` })).toBe(401);
    expect(await upgradeStatus(server.base, { authorization: `Bearer ${renewed.token}` })).toBe(101);
  });

  it('bots - revoking closes the bot socket at once and the token stops working', async () => {
    const { server } = served();
    const ann = await registered(server.base, CODE, 'Ann');
    const bot = await newBot(ann, `${ann.user.username.slice(0, 24)}-bot`);
    const seat = await botSeat(server, bot);
    const revoked = ok200(await ann.jar.request<{ bot: BotBody }>('DELETE', `/api/bots/${bot.bot.id}/token`));
    expect(revoked.bot).toMatchObject({ id: bot.bot.id, hasToken: false, tokenCreatedAt: null });
    expect(await seat.socket.closed).toEqual({ code: 4001, reason: 'signed out' });
    expect(await upgradeStatus(server.base, { authorization: `Bearer ${bot.token}` })).toBe(401);
  });

  it('bots - a bot is refused from a game without allowBots and joins one with it; the lobby and state say so', async () => {
    const { server } = served();
    const ann = await registered(server.base, CODE, 'Ann');
    const bot = await botSeat(server, await newBot(ann, `${ann.user.username.slice(0, 24)}-bot`));
    const closed = await createGame(ann.jar, { name: 'No bots here', playerLimit: 2 });
    bot.socket.send({ type: 'join_game', gameId: closed, userId: bot.user.id });
    const refusal = await bot.socket.next('game_error');
    expect(refusal).toEqual({ type: 'game_error', message: 'This game does not allow bots.', gameId: closed });
    const cy = await registered(server.base, CODE, 'Cy');
    const open = await createGame(cy.jar, { name: 'Bots welcome', playerLimit: 2, allowBots: true });
    const state = await joinGame(bot, open);
    expect(state.allowBots).toBe(true);
    expect(state.players.map((p) => [p.id, p.isBot])).toEqual([
      [cy.user.id, false],
      [bot.user.id, true],
    ]);
    const lobby = ok200(await new Jar(server.base).get<LobbyGame[]>('/api/games'));
    expect(lobby.find((g) => g.id === closed)).toMatchObject({ allowBots: false, playerCount: 1 });
    expect(lobby.find((g) => g.id === open)?.players.map((p) => p.isBot)).toEqual([false, true]);
    // A game a bot creates allows bots; the bot plays free (it has no tokens).
    bot.socket.send({ type: 'create_game', game: { name: 'Bot table', playerLimit: 2 } });
    const made = await bot.socket.next('game_create_success');
    const own = await bot.socket.next('game_state', (f) => f.game.id === made.gameId);
    expect(own.game.allowBots).toBe(true);
    await bot.socket.close();
  });

  it('bots - a finished game between a bot and a registered player rates both; the leaderboard marks the bot', async () => {
    const { server } = served();
    const ann = await registered(server.base, CODE, 'Ann');
    const bot = await newBot(ann, `${ann.user.username.slice(0, 24)}-bot`);
    const seats = [await seatOf(server.base, ann), await botSeat(server, bot)];
    const gameId = await createGame(ann.jar, { name: 'Ann v bot', playerLimit: 2, allowBots: true });
    for (const seat of seats) await joinGame(seat, gameId);
    await chooseFaceUp(seats, gameId);
    const steps = await playToEnd(seats, gameId, ['pickup', 'lowest']);
    const final = steps.at(-1)?.after[0] as MainGameState;
    expect(final.winnerId).toBe(bot.bot.id);
    await Promise.all(seats.map((s) => s.socket.close()));
    const board = ok200(await new Jar(server.base).get<RatingLeader[]>('/api/ratings/leaderboard?preset=classic'));
    const rows = board.filter((l) => l.id === bot.bot.id || l.id === ann.user.id);
    expect(rows.map((l) => [l.id, l.isBot, l.games])).toEqual([
      [bot.bot.id, true, 1],
      [ann.user.id, false, 1],
    ]);
    expect(rows[0]?.rating).toBeGreaterThan(1000);
    expect(rows[1]?.rating).toBeLessThan(1000);
    // Bots hold no tokens: the token leaderboard (balance or wins) is the players'.
    const byWins = ok200(await new Jar(server.base).get<LeaderboardEntry[]>('/api/leaderboard?by=wins&limit=100'));
    expect(byWins.map((l) => l.id)).toContain(ann.user.id);
    expect(byWins.map((l) => l.id)).not.toContain(bot.bot.id);
    expect(final.lastAction).toMatchObject({ type: 'game_over', prizeAmount: 0 });
    // The bot won, but plays free and takes no prize: its balance stays 0, Ann paid her fee.
    const db = await openSqlite(server.dataFile);
    try {
      const balance = await db.selectFrom('users').select('balance').where('id', '=', bot.bot.id).executeTakeFirst();
      expect(Number(balance?.balance)).toBe(0);
    } finally {
      await db.destroy();
    }
  });

  it('bots - a bot with its Bearer token is told it cannot create or enter a tournament (403), a wrong token 401', async () => {
    const { server } = served();
    const ann = await registered(server.base, CODE, 'Ann');
    const bot = await newBot(ann, 'TourBot');
    const created = await ann.jar.post<{ id: number }>('/api/tournaments', { name: 'Bot Cup', maxPlayers: 4 });
    expect(created.status, created.text).toBe(201);
    const call = async (path: string, token: string, body: unknown = {}) => {
      const answer = await fetch(`${server.base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: answer.status, body: await answer.json() };
    };
    expect(await call(`/api/tournaments/${created.body.id}/enter`, bot.token)).toEqual({
      status: 403,
      body: { message: 'Bots cannot enter tournaments' },
    });
    expect(await call('/api/tournaments', bot.token, { name: 'Bot Cup 2', maxPlayers: 4 })).toEqual({
      status: 403,
      body: { message: 'Register to create a tournament' },
    });
    expect(await call(`/api/tournaments/${created.body.id}/enter`, 'palace_bot_nope')).toEqual({
      status: 401,
      body: { message: 'Invalid or revoked bot token.' },
    });
  });
});
