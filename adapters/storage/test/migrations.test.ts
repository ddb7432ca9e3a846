import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, openSqlite } from '../src/index.js';
import type { Database } from '../src/schema.js';
import { expectLedgerBalanced, TempDatabases } from './helpers.js';

const temp = new TempDatabases();
afterEach(() => temp.cleanUp(expectLedgerBalanced));

const ALL = [
  '0001_games',
  '0002_games_listed',
  '0003_accounts',
  '0004_results_prizes_friends',
  '0005_waitlist_support',
  '0006_seat_clock',
];
const TABLES = [
  'counters',
  'friends',
  'game_entries',
  'games',
  'guest_links',
  'held_prizes',
  'invite_codes',
  'ledger',
  'results',
  'sessions',
  'support_messages',
  'users',
  'waitlist',
];

/** A bare connection to `file`, without running any migration. */
function connect(file: string): Kysely<Database> {
  return temp.track(new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(file) }) }));
}

const run = (db: Kysely<Database>) => migrate(db as unknown as Kysely<unknown>);

async function tables(db: Kysely<Database>): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    select name from sqlite_master
    where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'
    order by name`.execute(db);
  return rows.rows.map((r) => r.name);
}

async function applied(db: Kysely<Database>): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.rows.map((r) => r.name);
}

describe('sqlite migrations', () => {
  it('migrate - a fresh database gets every migration in order, with the house and the counters', async () => {
    const db = connect(temp.file('migrate'));
    expect(await run(db)).toEqual(ALL);
    expect(await tables(db)).toEqual(TABLES);
    expect(await applied(db)).toEqual(ALL);
    expect(await db.selectFrom('users').select(['id', 'username', 'balance']).execute()).toEqual([
      { id: 0, username: 'house', balance: 0 },
    ]);
    expect(await db.selectFrom('counters').selectAll().orderBy('name').execute()).toEqual([
      { name: 'guest', value: 0 },
      { name: 'user', value: 0 },
    ]);
    expect(await run(db)).toEqual([]);
  });

  it('migrate - reopening an existing file runs nothing again and keeps its data', async () => {
    const file = temp.file('migrate');
    const first = await openSqlite(file);
    await first.insertInto('invite_codes').values({ code: 'KEEP', uses_left: 3, created_at: 1 }).execute();
    await first.destroy();

    const second = temp.track(await openSqlite(file));
    expect(await run(second)).toEqual([]);
    expect(await applied(second)).toEqual(ALL);
    expect(await second.selectFrom('invite_codes').select(['code', 'uses_left']).execute()).toEqual([
      { code: 'KEEP', uses_left: 3 },
    ]);
    expect(await second.selectFrom('users').select('id').execute()).toEqual([{ id: 0 }]);
  });

  it('migrate - a database left at 0003 gets only 0004 to 0006 and keeps its accounts', async () => {
    const file = temp.file('migrate');
    const old = connect(file);
    await run(old);
    // Back to the 0003 state: 0004 and 0005 only added tables.
    const later = ['support_messages', 'waitlist', 'friends', 'guest_links', 'held_prizes', 'results'];
    for (const table of later) await old.schema.dropTable(table).execute();
    // 0006 added columns and indexes to games.
    for (const index of ['games_kind_phase', 'games_kind_turn_due']) await old.schema.dropIndex(index).execute();
    for (const column of ['phase', 'seat_clock', 'turn_due_at']) {
      await old.schema.alterTable('games').dropColumn(column).execute();
    }
    await sql`delete from kysely_migration where name >= '0004'`.execute(old);
    await sql`insert into users (id, username, balance, created_at) values (-1, 'Guest1000', 0, 5)`.execute(old);
    expect(await tables(old)).toEqual(TABLES.filter((t) => !later.includes(t)));

    expect(await run(old)).toEqual(['0004_results_prizes_friends', '0005_waitlist_support', '0006_seat_clock']);
    expect(await tables(old)).toEqual(TABLES);
    expect(await old.selectFrom('users').select('id').orderBy('id').execute()).toEqual([{ id: -1 }, { id: 0 }]);
  });
});
