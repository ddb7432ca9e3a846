import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  DailyBoard,
  DailyDeal,
  DailyHistory,
  DailyStarted,
  DailyToday,
  MainCard,
  MainGameState,
} from '@palace/protocol';
import { DAY_MS, dayOf, ManualClock } from '@palace/service';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, TEST_INVITES, type TestServer } from './harness.js';
import {
  autoplay,
  chooseFaceUp,
  guest,
  Invites,
  Jar,
  joinGame,
  me,
  ok200,
  type Player,
  registered,
  type Seat,
  seatOf,
} from './main-harness.js';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The cards a state shows a player in their own hand, by value and suit (the deal, ids aside). */
function handOf(state: MainGameState, userId: number): string[] {
  return me(state, userId)
    .handCards.filter((c): c is MainCard => 'value' in c)
    .map((c) => `${c.value}${c.suit}`)
    .sort();
}

/** Starts `player`'s attempt at today's deal, opens their socket and joins its game. */
async function startAndJoin(
  base: string,
  player: Player,
): Promise<{ seat: Seat; gameId: number; first: MainGameState }> {
  const started = ok200(await player.jar.post<DailyStarted>('/api/daily/start'), 'daily start');
  expect(started.resumed).toBe(false);
  const seat = await seatOf(base, player);
  const first = await joinGame(seat, started.gameId);
  return { seat, gameId: started.gameId, first };
}

async function today(jar: Jar): Promise<DailyToday> {
  return ok200(await jar.get<DailyToday>('/api/daily'), 'GET /api/daily');
}

/** Today's card once the caller's attempt has ended (a leave over the socket is handled a moment later). */
async function ended(jar: Jar): Promise<DailyToday> {
  for (let waited = 0; waited < 10_000; waited += 25) {
    const card = await today(jar);
    if (card.attempt?.status === 'finished') return card;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the attempt did not end');
}

/** A game's record once it is published (the game over and its day ended). */
async function published(jar: Jar, gameId: number) {
  for (let waited = 0; waited < 20_000; waited += 50) {
    const got = await jar.get<{ seed: string; commitment: string }>(`/api/records/main/${gameId}`);
    if (got.status !== 409) return got;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the record of ${gameId} was not published`);
}

/**
 * The daily deal on a real server (docs/daily.md): two accounts of one day get the same cards,
 * one attempt each, the board ranks them, a guest plays unranked, the next day the seed checks
 * against the commitment and the records open, and a restarted server reads the same board.
 */
describe('daily deal - a day end to end', () => {
  const clock = new ManualClock(Date.UTC(2030, 4, 17, 9, 0, 0));
  let dir: string | undefined;
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  it('daily - same cards for two accounts, one attempt each, the board ranks them, the seed checks the next day', async () => {
    dir = await mkdtemp(join(tmpdir(), 'palace-daily-'));
    const dataFile = join(dir, 'palace.db');
    const server = await startServer({ dataFile, dailyClock: clock });
    servers.push(server);
    const base = server.base;
    const invites = new Invites(TEST_INVITES);
    const [ann, bob] = [await registered(base, invites.next(), 'Ann'), await registered(base, invites.next(), 'Bob')];
    const date = dayOf(clock.now());

    const before = await today(ann.jar);
    expect(before).toMatchObject({ date, tableSize: 4, level: 'greedy', players: 0, attempt: null, previous: null });
    expect(before.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect((await bob.jar.post('/api/daily/start', undefined)).status).toBe(200);
    expect(ok200(await bob.jar.post<DailyStarted>('/api/daily/start'))).toMatchObject({ date, resumed: true });

    // Ann's and Bob's games: the same cards in the hand, the same commitment, three computers at Normal.
    const annGame = await startAndJoin(base, ann);
    const bobSeat = await seatOf(base, bob);
    const bobGameId = (await today(bob.jar)).attempt?.gameId ?? 0;
    const bobFirst = await joinGame(bobSeat, bobGameId);
    expect(bobGameId).not.toBe(annGame.gameId);
    expect(handOf(bobFirst, bob.user.id)).toEqual(handOf(annGame.first, ann.user.id));
    for (const state of [annGame.first, bobFirst]) {
      expect(state).toMatchObject({
        commitment: before.commitment,
        daily: { date },
        isPrivate: true,
        entryFee: 0,
        prizeAmount: 0,
      });
      expect(state.players.map((p) => [p.isComputer, p.aiLevel ?? null])).toEqual([
        [false, null],
        [true, 'greedy'],
        [true, 'greedy'],
        [true, 'greedy'],
      ]);
    }
    // Not in anyone's lobby, not watchable, no hints.
    expect(ok200(await ann.jar.get<unknown[]>('/api/games'))).toEqual([]);
    expect((await annGame.seat.socket.refused({ type: 'watch_game', gameId: bobGameId })).message).toBe(
      "A daily deal's game cannot be watched",
    );
    expect(annGame.first.hints).toBeUndefined();

    // Ann plays hers out; Bob leaves his early, which ends his attempt with the cards he holds.
    await chooseFaceUp([annGame.seat], annGame.gameId);
    const stop = autoplay(annGame.seat, annGame.gameId);
    const annEnd = (await annGame.seat.socket.next('game_state', (f) => f.game.status === 'completed', 60_000)).game;
    stop();
    await chooseFaceUp([bobSeat], bobGameId);
    bobSeat.socket.send({ type: 'leave_game', gameId: bobGameId });
    const bobAttempt = (await ended(bob.jar)).attempt;
    expect(bobAttempt).toMatchObject({ status: 'finished', ranked: true, result: { place: 4, end: 'left' } });
    expect(bobAttempt?.result?.cardsLeft).toBe(9);
    for (const player of [ann, bob]) {
      const again = await player.jar.post<{ message: string }>('/api/daily/start');
      expect(again.status).toBe(409);
      expect(again.body.message).toMatch(/already played today's deal/);
    }
    const annMe = me(annEnd, ann.user.id);
    const annCards = annMe.handCount + annMe.faceUpCards.length + annMe.faceDownCards.length;
    const annAttempt = (await today(ann.jar)).attempt;
    expect(annAttempt?.result).toMatchObject({ end: 'finished', cardsLeft: annCards, players: 2 });

    // A guest plays once, unranked.
    const visitor = await guest(base);
    const guestStart = ok200(await visitor.jar.post<DailyStarted>('/api/daily/start'));
    const guestSeat = await seatOf(base, visitor);
    await joinGame(guestSeat, guestStart.gameId);
    guestSeat.socket.send({ type: 'leave_game', gameId: guestStart.gameId });
    expect((await ended(visitor.jar)).attempt).toMatchObject({ ranked: false, result: { rank: null, end: 'left' } });
    expect((await visitor.jar.post('/api/daily/start')).status).toBe(409);

    // The board: Ann and Bob by place then cards left; the guest is not on it.
    const board = ok200(await ann.jar.get<DailyBoard>(`/api/daily/leaderboard?date=${date}`));
    // Bob was last with 9 cards: Ann is ahead unless she too ended last with 9 or more.
    const annPlace = annAttempt?.result?.place ?? 0;
    const order = annPlace < 4 || annCards < 9 ? -1 : annCards === 9 ? 0 : 1;
    expect(board).toMatchObject({ date, over: false, players: 2, playing: 0 });
    expect(board.rows.map((r) => r.username)).toEqual(
      order <= 0 ? [ann.user.username, bob.user.username] : [bob.user.username, ann.user.username],
    );
    expect(board.rows.map((r) => r.percent)).toEqual(order === 0 ? [50, 50] : [100, 0]);
    expect(board.rows.map((r) => r.rank)).toEqual(order === 0 ? [1, 1] : [1, 2]);
    expect(board.rows.find((r) => r.you)?.gameId).toBe(annGame.gameId);
    expect(board.rows.find((r) => !r.you)?.gameId).toBeNull();

    // Before the day ends: the seed stays secret and the records wait; the review opens with the game's end.
    expect(ok200(await ann.jar.get<DailyDeal>(`/api/daily/${date}`)).seed).toBeNull();
    expect((await ann.jar.get(`/api/records/main/${annGame.gameId}`)).status).toBe(409);
    expect([200, 202]).toContain((await ann.jar.get(`/api/records/main/${annGame.gameId}/review`)).status);

    // The next day: yesterday's seed is revealed and its sha256 is the commitment published at the start.
    clock.advance(DAY_MS);
    const next = await today(ann.jar);
    expect(next.date).not.toBe(date);
    expect(next.previous?.date).toBe(date);
    const seed = next.previous?.seed ?? '';
    expect(sha256(seed)).toBe(before.commitment);
    expect(ok200(await bob.jar.get<DailyDeal>(`/api/daily/${date}`))).toEqual(next.previous);
    // Both records hold that seed: the same deal, face-down cards and deck included (Bob's once the
    // computer has played his seat to the end).
    for (const id of [annGame.gameId, bobGameId]) {
      const record = ok200(await published(ann.jar, id));
      expect(record.seed).toBe(seed);
      expect(record.commitment).toBe(before.commitment);
    }
    const over = ok200(await bob.jar.get<DailyBoard>(`/api/daily/leaderboard?date=${date}`));
    expect(over.over).toBe(true);
    expect(over.rows.every((r) => r.gameId !== null)).toBe(true);
    const history = ok200(await bob.jar.get<DailyHistory>('/api/daily/history'));
    expect(history).toMatchObject({ streak: 1, bestStreak: 1, played: 1 });
    expect(history.days[0]).toMatchObject({ date, gameId: bobGameId, result: { end: 'left' } });
    for (const seat of [annGame.seat, bobSeat, guestSeat]) seat.socket.close();

    // A restart reads the same board and the same secret from the database.
    await server.close();
    servers.pop();
    const again = await startServer({ dataFile, dailyClock: clock });
    servers.push(again);
    const reread = await new Jar(again.base).get<DailyBoard>(`/api/daily/leaderboard?date=${date}`);
    expect(ok200(reread).rows.map((r) => [r.username, r.place, r.cardsLeft, r.percent])).toEqual(
      over.rows.map((r) => [r.username, r.place, r.cardsLeft, r.percent]),
    );
    const deal = ok200(await new Jar(again.base).get<DailyDeal>(`/api/daily/${date}`));
    expect(deal.seed).toBe(seed);
  }, 120_000);

  it('daily - refusals: start signed out, malformed or unknown days', async () => {
    const server = servers[0];
    if (server === undefined) throw new Error('no server');
    const anon = new Jar(server.base);
    expect((await anon.post('/api/daily/start')).status).toBe(401);
    expect((await anon.get('/api/daily/history')).status).toBe(401);
    const bad = await anon.get<{ message: string }>('/api/daily/leaderboard?date=2030-5-1');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^date must match pattern/);
    expect((await anon.get('/api/daily/leaderboard?limit=0')).status).toBe(400);
    for (const day of ['2001-01-01', '2999-01-01', '2030-02-30']) {
      const unknown = await anon.get<{ message: string }>(`/api/daily/${day}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('There is no daily deal for that day');
    }
    // Signed out, today's card still shows the deal and its commitment.
    expect(ok200(await anon.get<DailyToday>('/api/daily'))).toMatchObject({ attempt: null });
    // Every route is in the OpenAPI document under the `daily` tag.
    const doc = ok200(await anon.get<{ paths: Record<string, Record<string, { tags?: string[] }>> }>('/api/docs/json'));
    const daily = Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/daily'));
    expect(daily.map(([path]) => path).sort()).toEqual([
      '/api/daily',
      '/api/daily/history',
      '/api/daily/leaderboard',
      '/api/daily/start',
      '/api/daily/{date}',
    ]);
    for (const [, methods] of daily) for (const op of Object.values(methods)) expect(op.tags).toEqual(['daily']);
  });
});
