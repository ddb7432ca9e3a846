import type { Phase } from '@palace/core';
import type { StoredGame } from '@palace/service';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { KyselyGamesStore, migrate } from '../src/index.js';
import { DIALECTS, DialectDatabases } from './dialects.js';
import { expectLedgerBalanced, newGame } from './helpers.js';

/** `newGame` in another engine phase (the store only files it; no rule runs here). */
function inPhase(id: string, phase: Phase, kind = 'test'): StoredGame {
  const game = newGame(id, 1000, kind);
  return { ...game, state: { ...game.state, phase } };
}

describe.each(DIALECTS)('%s games store - seat clock', (dialect) => {
  const temp = new DialectDatabases(dialect);
  afterEach(() => temp.cleanUp(expectLedgerBalanced));

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

    // Presence (docs/product.md §D13): a dropped seat's time and the due seats' own deadline round-trip too.
    const dropped = {
      ...clocked,
      version: 2,
      seatClock: { turnDueAt: 4000, strikes: {}, away: [], moveDueAt: 9000, gone: { a: 3980 } },
    };
    expect(await store.save(dropped, 1)).toBe('saved');
    expect((await store.load('G1'))?.seatClock).toEqual(dropped.seatClock);
    expect(await store.withTurnDue('test')).toEqual([{ id: 'G1', turnDueAt: 4000 }]);

    const saved = { ...clocked, version: 3, seatClock: { turnDueAt: null, strikes: {}, away: [] } };
    expect(await store.save(saved, 2)).toBe('saved');
    expect((await store.load('G1'))?.seatClock).toEqual(saved.seatClock);
    expect(await store.withTurnDue('test')).toEqual([]);
  });

  it('migrate - 0006 reads games stored before it as no clock, no strikes, nobody away, and files their phase', async () => {
    const db = await temp.fresh('seat-clock-migrate');
    const store = new KyselyGamesStore(db);
    await store.insert(inPhase('G1', 'playing'));
    await store.insert(inPhase('G2', 'finished'));
    await store.insert(inPhase('G3', 'setup'));
    // Back to the 0005 schema, rows kept (0016 to 0007 undone first: they only added tables, indexes and columns).
    await db.schema.dropIndex('games_retention').execute();
    await db.schema.alterTable('games').dropColumn('entries_removed_at').execute();
    for (const table of ['daily_attempts', 'daily_secret']) await db.schema.dropTable(table).execute();
    await db.schema.dropTable('game_reviews').execute();
    await db.schema.dropTable('notifications').execute();
    await db.schema.dropTable('tournaments').execute();
    await db.schema.dropTable('user_preferences').execute();
    await db.schema.alterTable('users').dropColumn('deleted_at').execute();
    await db.schema.dropTable('bot_tokens').execute();
    await db.schema.dropIndex('users_bot_owner').execute();
    await db.schema.alterTable('users').dropColumn('bot_owner_id').execute();
    for (const index of ['sessions_user', 'held_prizes_guest', 'users_guest_created']) {
      await db.schema.dropIndex(index).execute();
    }
    for (const table of ['rating_history', 'ratings', 'rate_counters', 'presence', 'cluster_nodes', 'game_leases']) {
      await db.schema.dropTable(table).execute();
    }
    for (const index of ['games_kind_phase', 'games_kind_turn_due']) await db.schema.dropIndex(index).execute();
    for (const column of ['seen_at', 'phase', 'seat_clock', 'turn_due_at']) {
      await db.schema.alterTable('games').dropColumn(column).execute();
    }
    await sql`delete from kysely_migration where name >= '0006'`.execute(db);

    expect(await migrate(db as unknown as Kysely<unknown>, dialect)).toEqual([
      '0006_seat_clock',
      '0007_cluster',
      '0008_abuse',
      '0009_ratings',
      '0010_bots',
      '0011_settings',
      '0012_tournaments',
      '0013_notifications',
      '0014_reviews',
      '0015_tournament_scores',
      '0016_records_retention',
      '0017_daily',
    ]);
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
