import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KyselyGamesStore, openSqlite } from '@palace/adapter-storage';
import { STRIKES_TO_AWAY, type StoredGame } from '@palace/service';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { Client, sleep, startServer, type TestServer, twoPlayers } from './harness.js';

/** Short turn clocks, so a silent player is played within the test. */
const TURN_MS = 300;

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function server(options: Parameters<typeof startServer>[0]): Promise<TestServer> {
  const started = await startServer(options);
  cleanups.push(() => started.close());
  return started;
}

/** Reads games straight from a server's SQLite file (what it stored, seat clock included). */
async function reader(dataFile: string): Promise<(id: string) => Promise<StoredGame>> {
  const db = await openSqlite(dataFile);
  cleanups.push(() => db.destroy());
  const store = new KyselyGamesStore(db);
  return async (id) => {
    const game = await store.load(id);
    if (game === null) throw new Error(`no game ${id}`);
    return game;
  };
}

/** Waits (reading the file every 50 ms) until the stored game satisfies `done`. */
async function until(
  load: (id: string) => Promise<StoredGame>,
  id: string,
  done: (game: StoredGame) => boolean,
  timeoutMs = 30_000,
): Promise<StoredGame> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const game = await load(id);
    if (done(game)) return game;
    if (Date.now() > deadline) throw new Error(`game ${id} never got there: ${JSON.stringify(game.seatClock)}`);
    await sleep(50);
  }
}

describe('seat lifecycle (server)', () => {
  it('seat lifecycle - a silent player is played on the clock, is away after three timeouts, is back with a view, and the game ends', async () => {
    const s = await server({ turnMs: TURN_MS, aiDelayMs: 20 });
    const load = await reader(s.dataFile);
    const c = new Client(s.base);
    const alice = await c.seated(c.create({ playerName: 'Alice' }));
    const id = alice.gameId;
    await c.done(id, 'ai', { playerId: alice.playerId });
    await c.done(id, 'ready', { playerId: alice.playerId });
    await c.done(id, 'start', { playerId: alice.playerId });
    const seat = (await load(id)).state.seats[0]?.id ?? '';

    // Alice does nothing (whoever watches asks as a stranger, which does not bring her back).
    const away = await until(load, id, (g) => g.seatClock.away.includes(seat));
    expect(away.seatClock.strikes[seat]).toBe(STRIKES_TO_AWAY);
    const hers = away.record.entries.filter((e) => e.command.seat === seat && e.command.type !== 'sit');
    expect(hers.length).toBeGreaterThanOrEqual(3);
    expect((await c.view(id)).status).toBe(200);
    expect((await load(id)).seatClock.away).toEqual([seat]);

    // Her own view brings the seat back.
    expect((await c.view(id, alice.playerId)).status).toBe(200);
    // (Her clock runs again at once: on a slow machine it may already have struck once.)
    const back = await load(id);
    expect(back.seatClock.away).toEqual([]);
    expect(back.seatClock.strikes[seat] ?? 0).toBeLessThan(STRIKES_TO_AWAY);

    // Silent again: the clock and then the AI play her seat to the end.
    const over = await until(load, id, (g) => g.state.phase === 'finished');
    expect(over.seatClock.turnDueAt).toBeNull();
    expect(over.aiDueAt).toBeNull();
    expect((await c.state(id)).status).toBe('finished');
  });

  it('seat lifecycle - a restarted server re-arms a pending turn clock from its database and plays the seat', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'palace-seat-clock-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const dataFile = join(dir, 'palace.db');
    // Long enough for the first server to close before its clock runs out.
    const turnMs = 4_000;
    const first = await startServer({ dataFile, turnMs });
    const { gameId: id } = await twoPlayers(new Client(first.base), { start: true });
    await first.close();

    const load = await reader(dataFile);
    const before = await load(id);
    const mover = before.state.seats[before.state.turn]?.id ?? '';
    expect(before.seatClock.turnDueAt).not.toBeNull();
    expect(before.seatClock.strikes).toEqual({});

    await server({ dataFile, turnMs });
    const after = await until(load, id, (g) => g.version > before.version, 15_000);
    expect(after.version).toBe(before.version + 1);
    expect(after.record.entries.at(-1)?.command.seat).toBe(mover);
    expect(after.seatClock.strikes).toEqual({ [mover]: 1 });
  });

  it('seat lifecycle - TURN_SECONDS sets the turn clock (default 60 s) and a malformed value refuses to start', () => {
    expect(loadConfig({}).turnMs).toBe(60_000);
    expect(loadConfig({ TURN_SECONDS: '45' }).turnMs).toBe(45_000);
    for (const bad of ['0', '-5', '1.5', 'soon', '']) {
      expect(() => loadConfig({ TURN_SECONDS: bad }), bad).toThrow(/TURN_SECONDS/);
    }
  });
});
