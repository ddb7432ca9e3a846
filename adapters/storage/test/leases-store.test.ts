import { type Command, PRESETS, tableOptions } from '@palace/core';
import { GameService, ManualClock, ManualScheduler, RecordingPublisher, SequentialIds } from '@palace/service';
import { afterEach, describe, expect, it } from 'vitest';
import { KyselyGamesStore, KyselyLeases } from '../src/index.js';
import { DIALECTS, DialectDatabases } from './dialects.js';
import { newGame } from './helpers.js';

const TTL = 30_000;

describe.each(DIALECTS)('%s leases store', (dialect) => {
  const dbs = new DialectDatabases(dialect);
  afterEach(() => dbs.cleanUp());

  it('leases - a free key is taken; held, it refuses others until it expires; its holder extends it', async () => {
    const leases = new KyselyLeases(await dbs.fresh('leases'));
    expect(await leases.take('G1', 'node-a', 1000, 1000 + TTL)).toBe(true);
    expect(await leases.take('G1', 'node-b', 2000, 2000 + TTL)).toBe(false);
    // Its holder takes it again (a second job of the same node) and pushes the expiry on.
    expect(await leases.take('G1', 'node-a', 5000, 5000 + TTL)).toBe(true);
    expect(await leases.take('G1', 'node-b', 1000 + TTL, 1000 + 2 * TTL)).toBe(false);
    // Expired (node A died holding it): node B gets it, and A no longer holds it.
    expect(await leases.take('G1', 'node-b', 5000 + TTL, 5000 + 2 * TTL)).toBe(true);
    expect(await leases.take('G1', 'node-a', 6000 + TTL, 6000 + 2 * TTL)).toBe(false);
    // Another key is independent.
    expect(await leases.take('G2', 'node-a', 6000 + TTL, 6000 + 2 * TTL)).toBe(true);
  });

  it('leases - release frees the key for others; a release by a node that does not hold it changes nothing', async () => {
    const leases = new KyselyLeases(await dbs.fresh('leases-release'));
    expect(await leases.take('G1', 'node-a', 1000, 1000 + TTL)).toBe(true);
    await leases.release('G1', 'node-b');
    expect(await leases.take('G1', 'node-b', 2000, 2000 + TTL)).toBe(false);
    await leases.release('G1', 'node-a');
    expect(await leases.take('G1', 'node-b', 2000, 2000 + TTL)).toBe(true);
    await leases.release('G1', 'node-b');
    await leases.release('G1', 'node-b');
    expect(await leases.take('G1', 'node-a', 3000, 3000 + TTL)).toBe(true);
  });

  it('leases - at start-up a node drops its own old leases (by its id), or all of them (one SQLite server)', async () => {
    const leases = new KyselyLeases(await dbs.fresh('leases-stale'));
    expect(await leases.take('G1', 'node-a', 1000, 1000 + TTL)).toBe(true);
    expect(await leases.take('G2', 'node-b', 1000, 1000 + TTL)).toBe(true);
    // node-a restarted under the same id: its lease of G1 goes, node-b's stays.
    expect(await leases.forgetStale('node-a')).toBe(1);
    expect(await leases.take('G1', 'node-c', 2000, 2000 + TTL)).toBe(true);
    expect(await leases.take('G2', 'node-c', 2000, 2000 + TTL)).toBe(false);
    expect(await leases.forgetStale(null)).toBe(2);
    expect(await leases.take('G2', 'node-d', 3000, 3000 + TTL)).toBe(true);
  });

  it('leases - nodes on separate connections racing for one key: exactly one wins, free or expired', async () => {
    const location = await dbs.location('leases-race');
    const nodes = [await dbs.open(location), await dbs.open(location), await dbs.open(location)].map(
      (db) => new KyselyLeases(db),
    );
    for (const [round, key] of ['free', 'expired'].entries()) {
      if (key === 'expired') expect(await nodes[0]?.take(key, 'dead-node', 0, 1)).toBe(true);
      const now = 1000 * (round + 1);
      // Several takers per connection, all at once.
      const takers = nodes.flatMap((leases, n) =>
        [0, 1, 2, 3].map((i) => ({
          holder: `node-${n}-${i}`,
          take: () => leases.take(key, `node-${n}-${i}`, now, now + TTL),
        })),
      );
      const won = await Promise.all(takers.map((t) => t.take()));
      expect(won.filter(Boolean), key).toHaveLength(1);
      const winner = takers[won.indexOf(true)]?.holder ?? '';
      // The winner holds it: nobody else gets it now, the winner still does.
      expect(await nodes[1]?.take(key, 'latecomer', now + 1, now + TTL)).toBe(false);
      expect(await nodes[2]?.take(key, winner, now + 1, now + TTL)).toBe(true);
    }
  });

  it('leases - two game services on separate connections run a due AI turn at once: it is played once', async () => {
    const location = await dbs.location('leases-nodes');
    const clock = new ManualClock();
    const ids = new SequentialIds();
    const node = async (nodeId: string) => {
      const db = await dbs.open(location);
      const ports = { clock, ids, scheduler: new ManualScheduler(clock), publisher: new RecordingPublisher() };
      const store = new KyselyGamesStore(db);
      return new GameService<{ n: number }>({ ...ports, store, leases: new KyselyLeases(db), nodeId }, 'test');
    };
    const [a, b] = [await node('node-a'), await node('node-b')];
    const options = tableOptions({ rules: { ...PRESETS.classic.rules, chooseFaceUp: false }, maxSeats: 4 });
    const bot = (seat: string): Command => ({ type: 'sit', seat, name: seat, ai: 'greedy' });
    const created = await a.create({
      options,
      meta: { n: 0 },
      aiDelayMs: 1000,
      initial: () => ({ commands: [bot('b1'), bot('b2'), { type: 'start', seat: null }] }),
    });
    if (!created.ok) throw new Error(created.error.code);
    const { id, version } = created.value.game;
    for (let turn = 1; turn <= 5; turn++) {
      clock.advance(1000);
      await Promise.all([a.runAi(id), b.runAi(id), a.runAi(id), b.runAi(id)]);
      const game = await a.get(id, true);
      expect(game.ok && game.value.version).toBe(version + turn);
      expect(game.ok && game.value.record.entries.length).toBe(3 + turn);
    }
  });
});

describe.each(DIALECTS)('%s games store - cluster queries', (dialect) => {
  const dbs = new DialectDatabases(dialect);
  afterEach(() => dbs.cleanUp());

  it('games store - markSeen is answered by unfinished() as seenAt, keeps the later time, and never bumps the version', async () => {
    const store = new KyselyGamesStore(await dbs.fresh('seen'));
    const game = { ...newGame('G1', 1000), state: { ...newGame('G1', 1000).state, phase: 'playing' as const } };
    expect(await store.insert(game)).toBe('saved');
    expect(await store.insert(newGame('G2', 1000))).toBe('saved');
    expect(await store.unfinished('test')).toContainEqual({ id: 'G1', phase: 'playing', updatedAt: 1000 });

    await store.markSeen('G1', 5000);
    await store.markSeen('G1', 4000);
    await store.markSeen('missing', 5000);
    const open = [...(await store.unfinished('test'))].sort((a, b) => a.id.localeCompare(b.id));
    expect(open).toEqual([
      { id: 'G1', phase: 'playing', updatedAt: 1000, seenAt: 5000 },
      { id: 'G2', phase: 'waiting', updatedAt: 1000 },
    ]);
    const loaded = await store.load('G1');
    expect(loaded?.version).toBe(1);
    expect(loaded?.updatedAt).toBe(1000);
    // A save of the version read still succeeds (seen is not a change), and keeps the sighting.
    expect(await store.save({ ...game, version: 2, updatedAt: 2000 }, 1)).toBe('saved');
    await store.markSeen('G1', 6000);
    expect((await store.unfinished('test')).find((g) => g.id === 'G1')?.seenAt).toBe(6000);
  });

  it('games store - withAiDue and withTurnDue answer every pending deadline, or those due by a time', async () => {
    const store = new KyselyGamesStore(await dbs.fresh('due'));
    const clock = (turnDueAt: number | null) => ({ turnDueAt, strikes: {}, away: [] });
    await store.insert({ ...newGame('A1', 0), aiDueAt: 1000 });
    await store.insert({ ...newGame('A2', 0), aiDueAt: 3000, seatClock: clock(2000) });
    await store.insert({ ...newGame('A3', 0), seatClock: clock(4000) });
    await store.insert({ ...newGame('O1', 0, 'other'), aiDueAt: 500, seatClock: clock(500) });
    const ids = (rows: ReadonlyArray<{ readonly id: string }>) => rows.map((r) => r.id).sort();

    expect(ids(await store.withAiDue('test'))).toEqual(['A1', 'A2']);
    expect(await store.withAiDue('test', 2999)).toEqual([{ id: 'A1', aiDueAt: 1000 }]);
    expect(ids(await store.withAiDue('test', 3000))).toEqual(['A1', 'A2']);
    expect(await store.withAiDue('test', 999)).toEqual([]);
    expect(ids(await store.withTurnDue('test'))).toEqual(['A2', 'A3']);
    expect(await store.withTurnDue('test', 3999)).toEqual([{ id: 'A2', turnDueAt: 2000 }]);
    expect(await store.withTurnDue('test', 1999)).toEqual([]);
  });
});
