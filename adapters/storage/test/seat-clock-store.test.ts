import type { Phase } from '@palace/core';
import type { StoredGame } from '@palace/service';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { KyselyGamesStore, migrate } from '../src/index.js';
import { expectLedgerBalanced, newGame, TempDatabases } from './helpers.js';

const temp = new TempDatabases();
afterEach(() => temp.cleanUp(expectLedgerBalanced));

/** `newGame` in another engine phase (the store only files it; no rule runs here). */
function inPhase(id: string, phase: Phase, kind = 'test'): StoredGame {
  const game = newGame(id, 1000, kind);
  return { ...game, state: { ...game.state, phase } };
}

describe('games store - seat clock', () => {
  it('games store - the seat clock round-trips; turn deadlines and unfinished games are found by kind', async () => {
    const store = new KyselyGamesStore(await temp.fresh('seat-clock'));
    const clocked = { ...inPhase('G1', 'playing'), seatClock: { turnDueAt: 5000, strikes: { a: 2 }, away: ['b'] } };
    expect(await store.insert(clocked)).toBe('saved');
    expect(await store.insert(inPhase('G2', 'finished'))).toBe('saved');
    expect(await store.insert(inPhase('G3', 'waiting'))).toBe('saved');
    expect(await store.insert(inPhase('G4', 'setup', 'other'))).toBe('saved');

    expect((await store.load('G1'))?.seatClock).toEqual(clocked.seatClock);
    expect(await store.withTurnDue('test')).toEqual([{ id: 'G1', turnDueAt: 5000 }]);
    const open = await store.unfinished('test');
    expect([...open].sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'G1', phase: 'playing', updatedAt: 1000 },
      { id: 'G3', phase: 'waiting', updatedAt: 1000 },
    ]);

    const saved = { ...clocked, version: 2, seatClock: { turnDueAt: null, strikes: {}, away: [] } };
    expect(await store.save(saved, 1)).toBe('saved');
    expect(await store.withTurnDue('test')).toEqual([]);
  });

  it('migrate - 0006 reads games stored before it as no clock, no strikes, nobody away, and files their phase', async () => {
    const db = await temp.fresh('seat-clock-migrate');
    const store = new KyselyGamesStore(db);
    await store.insert(inPhase('G1', 'playing'));
    await store.insert(inPhase('G2', 'finished'));
    await store.insert(inPhase('G3', 'setup'));
    // Back to the 0005 schema, rows kept.
    for (const index of ['games_kind_phase', 'games_kind_turn_due']) await db.schema.dropIndex(index).execute();
    for (const column of ['phase', 'seat_clock', 'turn_due_at']) {
      await db.schema.alterTable('games').dropColumn(column).execute();
    }
    await sql`delete from kysely_migration where name = '0006_seat_clock'`.execute(db);

    expect(await migrate(db as unknown as Kysely<unknown>)).toEqual(['0006_seat_clock']);
    expect((await store.load('G1'))?.seatClock).toEqual({ turnDueAt: null, strikes: {}, away: [] });
    const open = await store.unfinished('test');
    expect(open.map((g) => `${g.id}:${g.phase}`).sort()).toEqual(['G1:playing', 'G3:setup']);
    expect(await store.withTurnDue('test')).toEqual([]);
    const rows = await db.selectFrom('games').select(['id', 'phase']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'G1', phase: 'playing' },
      { id: 'G2', phase: 'finished' },
      { id: 'G3', phase: 'setup' },
    ]);
  });
});
