import { type Command, legalMoves, moveToCommand, ok, PRESETS, tableOptions } from '@palace/core';
import { describe, expect, it } from 'vitest';
import {
  ABANDON_MS,
  GameService,
  LEASE_MS,
  MainGames,
  ManualClock,
  ManualScheduler,
  MemoryGamesStore,
  MemoryLeases,
  RESCUE_GRACE_MS,
  RESCUE_RETRY_MS,
  RecordingPublisher,
  SEEN_WRITE_MS,
  SequentialIds,
  type StoredGame,
  TURN_MS,
  WAITING_EXPIRY_MS,
} from '../src/index.js';
import { setup as mainSetup, postingsOf, registered, seated, started } from './main-support.js';
import { turnKey } from './seat-lifecycle-support.js';
import { settle } from './support.js';

/**
 * Two server nodes over one store and one set of leases: each node has its own timers (a
 * scheduler), publisher and in-memory sightings, as two processes sharing a database would.
 */

const AI_DELAY = 1500;
type Meta = { readonly n: number };

/** Counts saves and sightings written, to tell a job done once from one attempted twice. */
class CountingStore extends MemoryGamesStore {
  saves = 0;
  seen = 0;
  loads = 0;
  override async load(...args: Parameters<MemoryGamesStore['load']>) {
    this.loads++;
    return super.load(...args);
  }
  override async save(...args: Parameters<MemoryGamesStore['save']>) {
    this.saves++;
    return super.save(...args);
  }
  override async markSeen(id: string, at: number) {
    this.seen++;
    return super.markSeen(id, at);
  }
}

function cluster() {
  const store = new CountingStore();
  const leases = new MemoryLeases();
  const clock = new ManualClock();
  const ids = new SequentialIds();
  const node = (nodeId: string) => {
    const scheduler = new ManualScheduler(clock);
    const publisher = new RecordingPublisher();
    const service = new GameService<Meta>({ store, clock, ids, scheduler, publisher, leases, nodeId }, 'test');
    return { scheduler, publisher, service };
  };
  return { store, leases, clock, a: node('node-a'), b: node('node-b') };
}
type Cluster = ReturnType<typeof cluster>;

const options = tableOptions({ rules: { ...PRESETS.classic.rules, chooseFaceUp: false }, maxSeats: 4 });
const sit = (seat: string, ai: 'greedy' | null = null): Command => ({ type: 'sit', seat, name: seat, ai });

/** A game created and started on node A: two AI seats (an AI turn pending) or two humans (a turn clock running). */
async function startedOnA(c: Cluster, seats: Command[]): Promise<StoredGame<Meta>> {
  const created = await c.a.service.create({
    options,
    meta: { n: 0 },
    aiDelayMs: AI_DELAY,
    initial: () => ({ commands: seats }),
  });
  if (!created.ok) throw new Error(created.error.code);
  const begun = await c.a.service.change(created.value.game.id, () =>
    ok({ commands: [{ type: 'start', seat: null }] }),
  );
  if (!begun.ok) throw new Error(begun.error.code);
  return begun.value.game;
}

async function versionOf(c: Cluster, id: string): Promise<number> {
  return (await c.store.load(id))?.version ?? -1;
}

describe('cluster jobs - AI turns and turn clocks', () => {
  it('cluster jobs - a due AI turn whose timer fires on both nodes is played once, by one node', async () => {
    const c = cluster();
    const game = await startedOnA(c, [sit('bot1', 'greedy'), sit('bot2', 'greedy')]);
    const due = game.aiDueAt ?? 0;
    expect(due).toBe(c.clock.now() + AI_DELAY);
    // Node B booted after the game began: it armed the same timer.
    expect(await c.b.service.rearm()).toBe(1);
    expect(c.b.scheduler.dueAt(game.id)).toBe(due);

    c.clock.advance(AI_DELAY);
    const savesBefore = c.store.saves;
    expect(c.a.scheduler.runDue() + c.b.scheduler.runDue()).toBe(2);
    for (let i = 0; i < 5; i++) await settle();

    expect(await versionOf(c, game.id)).toBe(game.version + 1);
    // One write attempted: the node without the lease did not even try (no lost race to retry).
    expect(c.store.saves - savesBefore).toBe(1);
    expect(c.leases.holder(game.id)).toBeUndefined();
  });

  it('cluster jobs - a lease held by a node that died blocks the other until it expires; then its rescue plays the turn', async () => {
    const c = cluster();
    const game = await startedOnA(c, [sit('bot1', 'greedy'), sit('bot2', 'greedy')]);
    c.clock.advance(AI_DELAY);
    // Node A took the game's lease for the job and died before releasing it.
    expect(await c.leases.take(game.id, 'node-a', c.clock.now(), c.clock.now() + LEASE_MS)).toBe(true);

    await c.b.service.runAi(game.id);
    c.clock.advance(RESCUE_GRACE_MS);
    expect(await c.b.service.rescue()).toBe(1);
    c.clock.advance(LEASE_MS - RESCUE_GRACE_MS - 1);
    await c.b.service.rescue();
    expect(await versionOf(c, game.id)).toBe(game.version);

    c.clock.advance(1);
    expect(await c.b.service.rescue()).toBe(1);
    expect(await versionOf(c, game.id)).toBe(game.version + 1);
    // Node B made the move, so it armed the next AI turn itself.
    const next = await c.store.load(game.id);
    expect(c.b.scheduler.dueAt(game.id)).toBe(next?.aiDueAt ?? -1);
  });

  it('cluster jobs - an AI turn whose timer lived only on a dead node is rescued by the other after the grace', async () => {
    const c = cluster();
    const game = await startedOnA(c, [sit('bot1', 'greedy'), sit('bot2', 'greedy')]);
    expect(c.b.scheduler.dueAt(game.id)).toBeUndefined();
    // On time, node A (alive) would have played: the rescue leaves a turn only just due alone.
    c.clock.advance(AI_DELAY + RESCUE_GRACE_MS - 1);
    expect(await c.b.service.rescue()).toBe(0);
    expect(await versionOf(c, game.id)).toBe(game.version);

    c.clock.advance(1);
    expect(await c.b.service.rescue()).toBe(1);
    expect(await versionOf(c, game.id)).toBe(game.version + 1);
    // From here node B runs the game's AI turns on its own timers.
    const next = await c.store.load(game.id);
    expect(c.b.scheduler.dueAt(game.id)).toBe(next?.aiDueAt ?? -1);
    c.clock.advance(AI_DELAY);
    c.b.scheduler.runDue();
    for (let i = 0; i < 5; i++) await settle();
    expect(await versionOf(c, game.id)).toBe(game.version + 2);
  });

  it('cluster jobs - a turn clock whose timer lived only on a dead node is run by the other after the grace', async () => {
    const c = cluster();
    const game = await startedOnA(c, [sit('alice'), sit('bob')]);
    const dueAt = game.seatClock.turnDueAt ?? 0;
    expect(dueAt).toBe(c.clock.now() + TURN_MS);
    const mover = game.state.seats[game.state.turn]?.id ?? '';

    c.clock.advance(TURN_MS + RESCUE_GRACE_MS - 1);
    expect(await c.b.service.rescue()).toBe(0);
    c.clock.advance(1);
    expect(await c.b.service.rescue()).toBe(1);
    const after = await c.store.load(game.id);
    expect(after?.version).toBe(game.version + 1);
    expect(after?.seatClock.strikes[mover]).toBe(1);
    expect(c.b.scheduler.dueAt(turnKey(game.id))).toBe(after?.seatClock.turnDueAt ?? -1);
    // Nothing is overdue any more: the next rescue finds nothing.
    expect(await c.b.service.rescue()).toBe(0);
  });

  it('cluster jobs - a rescued job that cannot write is tried again after a minute, not every rescue', async () => {
    const c = cluster();
    const game = await startedOnA(c, [sit('bot1', 'greedy'), sit('bot2', 'greedy')]);
    c.clock.advance(AI_DELAY + RESCUE_GRACE_MS);
    // Every save of this game is refused (as a write taking a balance below zero would be).
    const save = c.store.save.bind(c.store);
    c.store.save = async (...args) => (args[0].id === game.id ? 'short' : save(...args));
    const saves = c.store.saves;
    expect(await c.b.service.rescue()).toBe(1);
    expect(c.store.saves).toBe(saves);
    expect(await versionOf(c, game.id)).toBe(game.version);
    c.clock.advance(RESCUE_RETRY_MS - 1);
    expect(await c.b.service.rescue()).toBe(0);
    // Another node has not tried it yet: it does, once.
    expect(await c.a.service.rescue()).toBe(1);
    expect(await c.a.service.rescue()).toBe(0);
    c.clock.advance(1);
    c.store.save = save;
    expect(await c.b.service.rescue()).toBe(1);
    expect(await versionOf(c, game.id)).toBe(game.version + 1);
  });

  it('cluster jobs - without leases (one process) a job runs unguarded, as before', async () => {
    const store = new MemoryGamesStore();
    const clock = new ManualClock();
    const scheduler = new ManualScheduler(clock);
    const service = new GameService<Meta>(
      { store, clock, ids: new SequentialIds(), scheduler, publisher: new RecordingPublisher() },
      'test',
    );
    const created = await service.create({
      options,
      meta: { n: 0 },
      aiDelayMs: AI_DELAY,
      initial: () => ({ commands: [sit('bot1', 'greedy'), sit('bot2', 'greedy'), { type: 'start', seat: null }] }),
    });
    if (!created.ok) throw new Error(created.error.code);
    clock.advance(AI_DELAY);
    await service.runAi(created.value.game.id);
    expect((await store.load(created.value.game.id))?.version).toBe(2);
  });
});

describe('cluster jobs - changes made on another node', () => {
  it('cluster jobs - a change announced with its game is published without a read; without one the game is read', async () => {
    const c = cluster();
    const game = await startedOnA(c, [sit('x'), sit('y')]);
    const announced = (await c.store.load(game.id, { entries: false })) as StoredGame;
    c.store.loads = 0;
    expect((await c.b.service.changedElsewhere(game.id, announced))?.version).toBe(game.version);
    expect(c.store.loads).toBe(0);
    expect(c.b.publisher.published).toEqual([{ id: game.id, version: game.version }]);
    // The same version again (announced or read) is not published twice.
    expect(await c.b.service.changedElsewhere(game.id, announced)).toBeNull();
    expect(await c.b.service.changedElsewhere(game.id)).toBeNull();
    expect(c.store.loads).toBe(1);
    // A newer change announced without its game (too big for the payload) is read.
    const turn = game.state.seats[game.state.turn]?.id ?? '';
    const move = legalMoves(game.state, game.state.turn)[0];
    if (move === undefined) throw new Error('no legal move');
    const moved = await c.a.service.change(game.id, () => ok({ commands: [moveToCommand(turn, move)] }));
    if (!moved.ok) throw new Error(moved.error.code);
    expect((await c.b.service.changedElsewhere(game.id))?.version).toBe(moved.value.game.version);
    expect(c.store.loads).toBe(2);
    expect(c.b.publisher.published.map((p) => p.version)).toEqual([game.version, moved.value.game.version]);
    // An announcement that arrives after a newer version was published here changes nothing.
    expect(await c.b.service.changedElsewhere(game.id, announced)).toBeNull();
    expect(c.b.publisher.published).toHaveLength(2);
  });
});

describe('cluster jobs - sweeps and shared sightings', () => {
  /** Node A is the main-support setup's service rebuilt with leases; node B shares its store and bank. */
  function mainCluster() {
    const s = mainSetup();
    const leases = new MemoryLeases();
    const node = (nodeId: string) =>
      new MainGames({
        store: s.store,
        clock: s.clock,
        ids: s.ids,
        scheduler: new ManualScheduler(s.clock),
        publisher: new RecordingPublisher(),
        tokens: s.bank,
        leases,
        nodeId,
      });
    const a = { ...s, main: node('node-a') };
    return { a, b: node('node-b') };
  }

  it('cluster jobs - a waiting game both nodes sweep at once expires once: every fee refunded once', async () => {
    const { a, b } = mainCluster();
    const users = [await registered(a, 'Alice'), await registered(a, 'Bob')];
    const id = await seated(a, users, { entryFee: 100, playerLimit: 3 });
    a.clock.advance(WAITING_EXPIRY_MS);
    const changed = await Promise.all([a.main.sweepIdle(), b.sweepIdle()]);
    expect(changed[0] + changed[1]).toBe(1);
    expect(postingsOf(a, id, 'fee')).toHaveLength(2);
    expect(postingsOf(a, id, 'refund')).toHaveLength(2);
    for (const user of users) expect(await a.bank.balance(user.id)).toBe(1000);
    expect(await Promise.all([a.main.sweepIdle(), b.sweepIdle()])).toEqual([0, 0]);
  });

  it('cluster jobs - a player seen on node A keeps node B from playing their game out', async () => {
    const { a, b } = mainCluster();
    const users = [await registered(a, 'Alice'), await registered(a, 'Bob')];
    const id = await started(a, users);
    a.clock.advance(ABANDON_MS - 1000);
    a.main.touch(id);
    await settle();
    a.clock.advance(1000);
    // Node B never saw anyone in this game: only the sighting noted by node A keeps it going.
    expect(await b.sweepIdle()).toBe(0);
    a.clock.advance(ABANDON_MS);
    expect(await b.sweepIdle()).toBe(1);
    expect((await a.store.load(id))?.seatClock.away).toHaveLength(2);
  });

  it('cluster jobs - a node notes a game as seen in the store at most once a minute', async () => {
    const c = cluster();
    const game = await startedOnA(c, [sit('alice'), sit('bob')]);
    const before = c.store.seen;
    c.a.service.touch(game.id);
    c.clock.advance(SEEN_WRITE_MS - 1);
    c.a.service.touch(game.id);
    expect(c.store.seen).toBe(before);
    c.clock.advance(1);
    c.a.service.touch(game.id);
    c.b.service.touch(game.id);
    expect(c.store.seen).toBe(before + 2);
    await settle();
    const [open] = await c.store.unfinished('test');
    expect(open?.seenAt).toBe(c.clock.now());
  });
});
