import { type Command, ok, PRESETS, tableOptions } from '@palace/core';
import { GameService, ManualClock, ManualScheduler, RecordingPublisher, SequentialIds } from '@palace/service';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { isPostgresUrl, KyselyGamesStore, openSqlite } from '../src/index.js';
import type { Database } from '../src/schema.js';
import { DIALECTS, DialectDatabases } from './dialects.js';
import { newGame, TempDatabases } from './helpers.js';

function service(db: Kysely<Database>) {
  const store = new KyselyGamesStore(db);
  const clock = new ManualClock();
  const scheduler = new ManualScheduler(clock);
  const games = new GameService<{ n: number }>(
    { store, clock, ids: new SequentialIds(), scheduler, publisher: new RecordingPublisher() },
    'test',
  );
  return { db, store, clock, scheduler, service: games };
}

/** Polls `done` every few ms until it holds; fails after `ms` (generous: a loaded machine is slow). */
async function waitFor(done: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** Creates a game through the service (so it is stored as the server would store it). */
async function createWith(s: ReturnType<typeof service>, n: number, aiDelayMs: number, commands: Command[]) {
  const created = await s.service.create({ options, meta: { n }, aiDelayMs, initial: () => ({ commands }) });
  if (!created.ok) throw new Error(created.error.code);
  return created.value.game;
}

const options = tableOptions({ rules: { ...PRESETS.classic.rules, chooseFaceUp: false }, maxSeats: 4 });
const sit = (seat: string, ai: 'greedy' | null = null): Command => ({ type: 'sit', seat, name: seat, ai });

describe('sqlite games store - the file', () => {
  it('openSqlite - creates the file and its folder, with WAL, synchronous FULL and foreign keys', async () => {
    const temp = new TempDatabases();
    const { db } = service(temp.track(await openSqlite(temp.file('store').replace(/palace\.db$/, 'nested/palace.db'))));
    const pragma = async (name: string) =>
      (await sql.raw(`pragma ${name}`).execute(db)).rows[0] as Record<string, unknown>;
    expect(Object.values(await pragma('journal_mode'))[0]).toBe('wal');
    expect(Object.values(await pragma('synchronous'))[0]).toBe(2);
    expect(Object.values(await pragma('foreign_keys'))[0]).toBe(1);
    expect(Object.values(await pragma('busy_timeout'))[0]).toBe(5000);
    await temp.cleanUp();
  });
});

describe.each(DIALECTS)('%s games store', (dialect) => {
  const temp = new DialectDatabases(dialect);
  afterEach(() => temp.cleanUp());
  const open = async (location: string) => service(await temp.open(location));

  it('store - a game round-trips exactly, record entries included, across a reopen', async () => {
    const location = await temp.location();
    const first = await open(location);
    const { id } = await createWith(first, 1, 1500, [sit('alice'), sit('bob')]);
    const started = await first.service.change(id, () =>
      ok({ commands: [{ type: 'start', seat: null }], meta: { n: 2 } }),
    );
    if (!started.ok) throw new Error(started.error.code);
    await temp.close(first.db);

    // The change loaded the game without its earlier entries and appended the new one after them.
    const { entriesFrom, ...changed } = started.value.game;
    expect(entriesFrom).toBe(2);
    expect(changed.record.entries.map((e) => e.command.type)).toEqual(['start']);

    const second = await open(location);
    const loaded = await second.store.load(id);
    expect(loaded?.record.entries.map((e) => e.command.type)).toEqual(['sit', 'sit', 'start']);
    expect(loaded).toEqual({ ...changed, record: { ...changed.record, entries: loaded?.record.entries } });
    const head = await second.store.load(id, { entries: false });
    expect(head).toEqual({ ...loaded, record: { ...changed.record, entries: [] }, entriesFrom: 3 });
  });

  it('store - a save with a stale version or an insert of a taken id writes nothing and answers conflict', async () => {
    const opened = await open(await temp.location());
    const { store } = opened;
    const game = await createWith(opened, 0, 0, [sit('a')]);
    const next = { ...game, version: 2, meta: { n: 9 } };
    expect(await store.save(next, 1)).toBe('saved');
    expect(await store.save({ ...next, version: 3, meta: { n: 10 } }, 1)).toBe('conflict');
    expect((await store.load(game.id))?.meta).toEqual({ n: 9 });
    expect(await store.insert(game)).toBe('conflict');
  });

  it('store - a save appends only the entries after the stored ones, with the game read whole or without its entries', async () => {
    // On PostgreSQL a save without effects is one statement (games-store.ts saveInOneStatement).
    const opened = await open(await temp.location());
    const { store } = opened;
    const game = await createWith(opened, 0, 0, [sit('a'), sit('b')]);
    const whole = await store.load(game.id);
    if (whole === null) throw new Error('no game');
    const third = {
      ...whole,
      version: whole.version + 1,
      record: { ...whole.record, entries: [...whole.record.entries, { at: 5, command: sit('c') }] },
    };
    expect(await store.save(third, whole.version)).toBe('saved');
    const head = await store.load(game.id, { entries: false });
    if (head === null) throw new Error('no game');
    expect(head.entriesFrom).toBe(3);
    const fourth = {
      ...head,
      version: head.version + 1,
      record: { ...head.record, entries: [{ at: 6, command: sit('d') }] },
    };
    expect(await store.save(fourth, head.version)).toBe('saved');
    expect((await store.load(game.id))?.record.entries.map((e) => e.command)).toEqual(
      ['a', 'b', 'c', 'd'].map((seat) => sit(seat)),
    );
    // A record that would leave a gap is refused and writes nothing; a stale one answers conflict.
    await expect(
      store.save({ ...fourth, version: fourth.version + 1, entriesFrom: 9 }, fourth.version),
    ).rejects.toThrow(/skips entries/);
    expect(await store.save({ ...fourth, version: fourth.version + 1 }, head.version)).toBe('conflict');
    const after = await store.load(game.id);
    expect(after?.version).toBe(fourth.version);
    expect(after?.record.entries).toHaveLength(4);
  });

  it('store - listed games of one kind come newest first, unlisted and other kinds left out', async () => {
    const opened = await open(await temp.location());
    const { store, clock } = opened;
    const older = await createWith(opened, 1, 0, [sit('a')]);
    clock.advance(1000);
    const newer = await createWith(opened, 2, 0, [sit('b')]);
    clock.advance(1000);
    const hidden = await createWith(opened, 3, 0, [sit('c')]);
    expect(await store.listed('test', 10)).toEqual([]);
    for (const game of [older, newer]) expect(await store.save({ ...game, version: 2, listed: true }, 1)).toBe('saved');
    expect(await store.save({ ...hidden, kind: 'other', version: 2, listed: true }, 1)).toBe('saved');
    const listed = await store.listed('test', 10);
    expect(listed.map((g) => g.id)).toEqual([newer.id, older.id]);
    expect(listed.every((g) => g.listed)).toBe(true);
    expect((await store.listed('test', 1)).map((g) => g.id)).toEqual([newer.id]);
    // Taking a game off the list is an ordinary save.
    expect(await store.save({ ...newer, version: 3, listed: false }, 2)).toBe('saved');
    expect((await store.listed('test', 10)).map((g) => g.id)).toEqual([older.id]);
  });

  it('store - pending AI turns are found again after a reopen and the game plays on', async () => {
    const location = await temp.location();
    const first = await open(location);
    const game = await createWith(first, 0, 1500, [
      sit('a', 'greedy'),
      sit('b', 'greedy'),
      { type: 'start', seat: null },
    ]);
    const id = game.id;
    expect(game.aiDueAt).not.toBeNull();
    await temp.close(first.db);

    const second = await open(location);
    expect(await second.service.rearm()).toBe(1);
    for (let i = 0; i < 3000 && second.scheduler.dueAt(id) !== undefined; i++) {
      second.clock.advance(1500);
      second.scheduler.runDue();
      // The scheduled AI move saves through the database: wait until it has landed (the next move
      // is scheduled) or the game needs no more (no AI deadline stored).
      await waitFor(
        async () => second.scheduler.dueAt(id) !== undefined || (await second.store.load(id))?.aiDueAt === null,
        'the AI move to be stored',
      );
    }
    const end = await second.store.load(id);
    expect(end?.state.phase).toBe('finished');
    expect(end?.record.entries.length).toBe(end ? end.version + 2 : -1);
  });
});

describe.skipIf(!DIALECTS.includes('postgres'))('postgres games store', () => {
  const temp = new DialectDatabases('postgres');
  afterEach(() => temp.cleanUp());

  it('openPostgres - times in ms past 2^31 and bigint sums read back as numbers, as on SQLite', async () => {
    const db = await temp.fresh();
    const store = new KyselyGamesStore(db);
    const at = 1_760_000_000_123;
    const game = { ...newGame('G1', at), aiDueAt: at + 1500 };
    expect(await store.insert(game)).toBe('saved');
    const loaded = await store.load('G1');
    expect([loaded?.createdAt, loaded?.aiDueAt]).toEqual([at, at + 1500]);
    expect(await store.withAiDue('test')).toEqual([{ id: 'G1', aiDueAt: at + 1500 }]);
    const row = await sql<{
      total: unknown;
      n: unknown;
    }>`select sum(created_at) as total, count(*) as n from games`.execute(db);
    expect(row.rows).toEqual([{ total: at, n: 1 }]);
    expect([
      isPostgresUrl('postgres://u@h/db'),
      isPostgresUrl('postgresql://h/db'),
      isPostgresUrl('data/palace.db'),
    ]).toEqual([true, true, false]);
  });
});
