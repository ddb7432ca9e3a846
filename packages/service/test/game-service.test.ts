import {
  type Command,
  type GameEvent,
  legalMoves,
  type Move,
  moveToCommand,
  ok,
  PRESETS,
  replay,
  stateHash,
  tableOptions,
} from '@palace/core';
import { describe, expect, it } from 'vitest';
import {
  type Effects,
  GameService,
  MAX_ATTEMPTS,
  ManualClock,
  ManualScheduler,
  MemoryBank,
  MemoryGamesStore,
  RecordingPublisher,
  type SaveOutcome,
  SequentialIds,
  type StoredGame,
} from '../src/index.js';

const AI_DELAY = 1500;
type Meta = { readonly chat: readonly string[] };

function setup(store = new MemoryGamesStore(), ids = new SequentialIds()) {
  const clock = new ManualClock();
  const scheduler = new ManualScheduler(clock);
  const publisher = new RecordingPublisher();
  const service = new GameService<Meta>({ store, clock, ids, scheduler, publisher }, 'test');
  return { store, clock, ids, scheduler, publisher, service };
}

/** The server-backed REST game's table: no face-up choice, manual start. */
const options = tableOptions({ rules: { ...PRESETS.classic.rules, chooseFaceUp: false }, maxSeats: 4 });
const sit = (seat: string, ai: 'greedy' | null = null): Command => ({ type: 'sit', seat, name: seat, ai });

async function created(s: ReturnType<typeof setup>, initial: Command[]): Promise<StoredGame<Meta>> {
  const result = await s.service.create({
    options,
    meta: { chat: [] },
    aiDelayMs: AI_DELAY,
    initial: () => ({ commands: initial }),
  });
  if (!result.ok) throw new Error(result.error.code);
  return result.value.game;
}

/** Advances the clock in AI-delay steps, running due tasks, until nothing is scheduled. */
async function runAllAi(s: ReturnType<typeof setup>, id: string): Promise<void> {
  for (let i = 0; i < 5000 && s.scheduler.dueAt(id) !== undefined; i++) {
    s.clock.advance(AI_DELAY);
    s.scheduler.runDue();
    // Let the scheduled async task finish (the memory store resolves in microtasks).
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('GameService', () => {
  it('create - stores version 1 with the commitment and the record, and publishes', async () => {
    const s = setup();
    const game = await created(s, [sit('alice')]);
    expect(game.version).toBe(1);
    expect(game.commitment).toBe(`digest(${game.record.seed})`);
    expect(game.record.entries.map((e) => e.command.type)).toEqual(['sit']);
    expect(game.aiDueAt).toBeNull();
    expect(s.publisher.published).toEqual([{ id: game.id, version: 1 }]);
    expect((await s.store.load(game.id))?.version).toBe(1);
  });

  it('create - retries with a new id when the first is taken', async () => {
    const s = setup(new MemoryGamesStore(), new SequentialIds(['TAKEN', 'TAKEN']));
    const first = await created(s, []);
    const second = await created(s, []);
    expect(first.id).toBe('TAKEN');
    expect(second.id).not.toBe('TAKEN');
  });

  it('change - applies commands, bumps the version once, and records times from the clock', async () => {
    const s = setup();
    const game = await created(s, [sit('alice')]);
    s.clock.advance(1000);
    const result = await s.service.change(game.id, () =>
      ok({ commands: [sit('bob'), { type: 'start', seat: 'alice' }] }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.game.version).toBe(2);
    expect(result.value.game.state.phase).toBe('playing');
    expect(result.value.game.record.entries.at(-1)?.at).toBe(s.clock.now());
    expect(result.value.events.some((e) => e.type === 'started')).toBe(true);
  });

  it('change - a refused command writes nothing, not even the commands before it', async () => {
    const s = setup();
    const game = await created(s, [sit('alice')]);
    const result = await s.service.change(game.id, () =>
      ok({ commands: [sit('bob'), { type: 'pickUp', seat: 'bob' }] }),
    );
    expect(result.ok ? null : result.error.code).toBe('game/not_playing');
    const stored = await s.store.load(game.id);
    expect(stored?.version).toBe(1);
    expect(stored?.state.seats.length).toBe(1);
  });

  it('change - an unknown id or another variant is not found', async () => {
    const s = setup();
    const game = await created(s, []);
    const other = new GameService<Meta>({ ...s, ids: new SequentialIds() }, 'other');
    expect((await other.get(game.id)).ok).toBe(false);
    const missing = await s.service.change('NOPE', () => ok({ commands: [] }));
    expect(missing.ok ? null : missing.error.code).toBe('game/not_found');
  });

  it('concurrency - a write that loses the race re-plans on the fresh game; no update is lost', async () => {
    const s = setup();
    const game = await created(s, [sit('alice')]);
    // While bob's join is being saved, carol's join lands first.
    s.store.beforeSave = async () => {
      const carol = await s.service.change(game.id, () => ok({ commands: [sit('carol')] }));
      expect(carol.ok).toBe(true);
    };
    let plans = 0;
    const bob = await s.service.change(game.id, (g) => {
      plans++;
      return ok({
        commands: [sit('bob')],
        meta: { chat: [...g.meta.chat, `bob joined after ${g.state.seats.length}`] },
      });
    });
    expect(plans).toBe(2);
    expect(bob.ok).toBe(true);
    const stored = await s.store.load(game.id);
    expect(stored?.version).toBe(3);
    expect(stored?.state.seats.map((x) => x.id)).toEqual(['alice', 'carol', 'bob']);
    expect((stored?.meta as Meta | undefined)?.chat).toEqual(['bob joined after 2']);
  });

  it('concurrency - of two identical racing commands exactly one wins; the other gets the rule error', async () => {
    const s = setup();
    const game = await created(s, [sit('alice')]);
    s.store.beforeSave = async () => {
      expect((await s.service.change(game.id, () => ok({ commands: [sit('bob')] }))).ok).toBe(true);
    };
    const second = await s.service.change(game.id, () => ok({ commands: [sit('bob')] }));
    expect(second.ok ? null : second.error.code).toBe('seat/taken');
    expect((await s.store.load(game.id))?.state.seats.length).toBe(2);
  });

  it('concurrency - gives up with game/stale after repeated lost races, writing nothing', async () => {
    const store = new (class extends MemoryGamesStore {
      override async save(): Promise<SaveOutcome> {
        return 'conflict';
      }
    })();
    const s = setup(store);
    const game = await created(s, [sit('alice')]);
    let plans = 0;
    const result = await s.service.change(game.id, () => {
      plans++;
      return ok({ commands: [sit('bob')] });
    });
    expect(result.ok ? null : result.error.code).toBe('game/stale');
    // Once from this node's own copy of the game (the one it created), then MAX_ATTEMPTS times read.
    expect(plans).toBe(MAX_ATTEMPTS + 1);
    expect((await store.load(game.id))?.version).toBe(1);
  });

  it('write cache - a change after this node wrote the game reads nothing; a stale copy loses its race and is read again', async () => {
    let loads = 0;
    const store = new (class extends MemoryGamesStore {
      override async load(id: string, options?: { readonly entries?: boolean }) {
        loads++;
        return super.load(id, options);
      }
    })();
    const here = setup(store);
    // Another node on the same store.
    const there = new GameService<Meta>(
      { store, clock: here.clock, ids: here.ids, scheduler: here.scheduler, publisher: new RecordingPublisher() },
      'test',
    );
    const game = await created(here, [sit('alice')]);
    loads = 0;
    const bob = await here.service.change(game.id, () => ok({ commands: [sit('bob')] }));
    expect(bob.ok).toBe(true);
    expect(loads).toBe(0);
    // The other node adds carol: this node's copy (alice, bob) is now one version behind.
    const carol = await there.change(game.id, () => ok({ commands: [sit('carol')] }));
    expect(carol.ok).toBe(true);
    loads = 0;
    let plans = 0;
    const dave = await here.service.change(game.id, () => {
      plans++;
      return ok({ commands: [sit('dave')] });
    });
    expect(dave.ok ? dave.value.game.state.seats.map((s) => s.id) : dave.error.code).toEqual([
      'alice',
      'bob',
      'carol',
      'dave',
    ]);
    expect([plans, loads]).toEqual([2, 1]);
    const stored = await store.load(game.id);
    expect(stored?.version).toBe(game.version + 3);
    expect(stored?.record.entries.map((e) => e.command.type === 'sit' && e.command.seat)).toEqual([
      'alice',
      'bob',
      'carol',
      'dave',
    ]);
  });

  it('write cache - a refusal is never answered from a stale copy: the game is read and planned again', async () => {
    const here = setup();
    const there = new GameService<Meta>(
      {
        store: here.store,
        clock: here.clock,
        ids: here.ids,
        scheduler: here.scheduler,
        publisher: new RecordingPublisher(),
      },
      'test',
    );
    const game = await created(here, [sit('alice')]);
    // Bob sits through the other node; this node still holds alice alone, where "start" is refused.
    expect((await there.change(game.id, () => ok({ commands: [sit('bob')] }))).ok).toBe(true);
    const started = await here.service.change(game.id, () => ok({ commands: [{ type: 'start', seat: null }] }));
    expect(started.ok ? started.value.game.state.phase : started.error.code).not.toBe('waiting');
    expect(started.ok).toBe(true);
    // And a refusal on the fresh game is still answered: a third "bob" is refused.
    const again = await here.service.change(game.id, () => ok({ commands: [sit('bob')] }));
    expect(again.ok ? null : again.error.code).toBe('seat/taken');
  });

  it('ai - acts only after the delay, through the scheduler', async () => {
    const s = setup();
    const game = await created(s, [sit('alice'), sit('bot', 'greedy')]);
    let result = await s.service.change(game.id, () => ok({ commands: [{ type: 'start', seat: 'alice' }] }));
    if (!result.ok) throw new Error(result.error.code);
    if (result.value.game.state.turn === 0) {
      // Alice starts: nothing is due from the AI until she has moved.
      expect(result.value.game.aiDueAt).toBeNull();
      const move = legalMoves(result.value.game.state, 0)[0] as Move;
      result = await s.service.change(game.id, () => ok({ commands: [moveToCommand('alice', move)] }));
      if (!result.ok) throw new Error(result.error.code);
    }
    const version = result.value.game.version;
    const moves = result.value.game.state.moves;
    expect(result.value.game.state.turn).toBe(1);
    expect(result.value.game.aiDueAt).toBe(s.clock.now() + AI_DELAY);
    s.clock.advance(AI_DELAY - 1);
    expect(s.scheduler.runDue()).toBe(0);
    s.clock.advance(1);
    expect(s.scheduler.runDue()).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    const after = await s.store.load(game.id);
    expect(after?.version).toBe(version + 1);
    expect(after?.state.moves).toBe(moves + 1);
  });

  it('ai - an all-AI game is played to the end by the scheduler alone', async () => {
    const s = setup();
    const game = await created(s, [sit('a', 'greedy'), sit('b', 'greedy'), sit('c', 'greedy')]);
    await s.service.change(game.id, () => ok({ commands: [{ type: 'start', seat: null }] }));
    await runAllAi(s, game.id);
    const end = await s.store.load(game.id);
    expect(end?.state.phase).toBe('finished');
    expect(end?.aiDueAt).toBeNull();
    expect(end?.record.result?.winner).toBe(end?.state.result?.winner);
    // Each change loaded the game without its earlier entries and appended its own: the whole
    // record in the store still replays to exactly the stored final state.
    if (end === null || end === undefined) throw new Error('no game');
    expect(end.record.entries.length).toBeGreaterThan(10);
    const replayed = replay(end.record);
    expect(replayed.ok && stateHash(replayed.value)).toBe(stateHash(end.state));
  });

  it('ai - a pending AI turn survives a restart: a new service re-arms it from the store', async () => {
    const first = setup();
    const game = await created(first, [sit('a', 'greedy'), sit('b', 'greedy')]);
    await first.service.change(game.id, () => ok({ commands: [{ type: 'start', seat: null }] }));
    const pending = (await first.store.load(game.id))?.aiDueAt;
    expect(pending).not.toBeNull();
    // "Restart": same store, fresh clock/scheduler/service; nothing scheduled until rearm.
    const second = setup(first.store);
    expect(second.scheduler.dueAt(game.id)).toBeUndefined();
    expect(await second.service.rearm()).toBe(1);
    expect(second.scheduler.dueAt(game.id)).toBe(pending);
    await runAllAi(second, game.id);
    expect((await second.store.load(game.id))?.state.phase).toBe('finished');
  });

  it('ai - a chat-like change keeps the pending AI deadline instead of postponing it', async () => {
    const s = setup();
    const game = await created(s, [sit('a', 'greedy'), sit('b', 'greedy')]);
    const started = await s.service.change(game.id, () => ok({ commands: [{ type: 'start', seat: null }] }));
    const due = started.ok ? started.value.game.aiDueAt : null;
    expect(due).toBe(s.clock.now() + AI_DELAY);
    s.clock.advance(500);
    const chatted = await s.service.change(game.id, (g) =>
      ok({ commands: [], meta: { chat: [...g.meta.chat, 'hi'] } }),
    );
    expect(chatted.ok ? chatted.value.game.aiDueAt : undefined).toBe(due);
  });

  it('effects - are booked with the write that causes them, from the events of the change', async () => {
    const bank = new MemoryBank();
    bank.post([{ from: 0, to: 7, amount: 100, kind: 'gift', gameId: null }], 0);
    const s = setup(new MemoryGamesStore(bank));
    const seen: Array<{ before: number | null; events: string[] }> = [];
    const effects = (
      before: StoredGame<Meta> | null,
      after: StoredGame<Meta>,
      events: readonly GameEvent[],
    ): Effects => {
      seen.push({ before: before?.version ?? null, events: events.map((e) => e.type) });
      const sat = events.some((e) => e.type === 'seated');
      return sat ? { postings: [{ from: 7, to: 0, amount: 30, kind: 'fee', gameId: after.id }] } : {};
    };
    const service = new GameService<Meta>(s, 'test', { effects });
    const created = await service.create({
      options,
      meta: { chat: [] },
      aiDelayMs: AI_DELAY,
      initial: () => ({ commands: [sit('alice')] }),
    });
    if (!created.ok) throw new Error(created.error.code);
    expect(await bank.balance(7)).toBe(70);
    expect(await service.change(created.value.game.id, () => ok({ commands: [sit('bob')] }))).toMatchObject({
      ok: true,
    });
    expect(await bank.balance(7)).toBe(40);
    expect(seen).toEqual([
      { before: null, events: ['seated'] },
      { before: 1, events: ['seated'] },
    ]);
  });

  it('effects - a posting that is not covered refuses the whole write with tokens/short', async () => {
    const bank = new MemoryBank();
    const s = setup(new MemoryGamesStore(bank));
    const service = new GameService<Meta>(s, 'test', {
      effects: (_before, after, events) =>
        events.some((e) => e.type === 'seated' && e.seat === 'bob')
          ? { postings: [{ from: 9, to: 0, amount: 100, kind: 'fee', gameId: after.id }] }
          : {},
    });
    const created = await service.create({
      options,
      meta: { chat: [] },
      aiDelayMs: AI_DELAY,
      initial: () => ({ commands: [sit('alice')] }),
    });
    if (!created.ok) throw new Error(created.error.code);
    const { id } = created.value.game;
    const refused = await service.change(id, () => ok({ commands: [sit('bob')] }));
    expect(refused).toMatchObject({ ok: false, error: { code: 'tokens/short' } });
    expect((await s.store.load(id))?.version).toBe(1);
    expect(bank.rows).toEqual([]);
    expect(s.publisher.published).toEqual([{ id, version: 1 }]);
    // On creation too: nothing stored.
    const short = await service.create({
      options,
      meta: { chat: [] },
      aiDelayMs: AI_DELAY,
      initial: () => ({ commands: [sit('bob')] }),
    });
    expect(short).toMatchObject({ ok: false, error: { code: 'tokens/short' } });
    expect(await s.store.load('G00002')).toBeNull();
  });
});
