import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { type Dialect, migrate } from '../src/index.js';
import type { Database } from '../src/schema.js';
import { DIALECTS, DialectDatabases } from './dialects.js';
import { expectLedgerBalanced } from './helpers.js';

const ALL = [
  '0001_games',
  '0002_games_listed',
  '0003_accounts',
  '0004_results_prizes_friends',
  '0005_waitlist_support',
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
];
const TABLES = [
  'bot_tokens',
  'cluster_nodes',
  'counters',
  'daily_attempts',
  'daily_secret',
  'friends',
  'game_entries',
  'game_leases',
  'game_reviews',
  'games',
  'guest_links',
  'held_prizes',
  'invite_codes',
  'ledger',
  'notifications',
  'presence',
  'rate_counters',
  'rating_history',
  'ratings',
  'results',
  'sessions',
  'support_messages',
  'tournaments',
  'user_preferences',
  'users',
  'waitlist',
];

/** The tables of the schema (without Kysely's own), sorted by code point as `TABLES` is. */
async function tables(db: Kysely<Database>, dialect: Dialect): Promise<string[]> {
  const rows =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`
          select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(db)
      : await sql<{ name: string }>`
          select table_name as name from information_schema.tables
          where table_schema = 'public' and table_name not like 'kysely_%'`.execute(db);
  return rows.rows.map((r) => r.name).sort();
}

async function applied(db: Kysely<Database>): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.rows.map((r) => r.name);
}

describe.each(DIALECTS)('%s migrations', (dialect) => {
  const temp = new DialectDatabases(dialect);
  /** Connections opened without `openSqlite` / `openPostgres` (no migration run yet). */
  const bare: Array<Kysely<Database>> = [];
  afterEach(async () => {
    for (const db of bare.splice(0)) await db.destroy();
    await temp.cleanUp(expectLedgerBalanced);
  });

  /** A bare connection to `location`, without running any migration. */
  function connect(location: string): Kysely<Database> {
    const db = new Kysely<Database>({
      dialect:
        dialect === 'sqlite'
          ? new SqliteDialect({ database: new SQLite(location) })
          : new PostgresDialect({ pool: new pg.Pool({ connectionString: location, max: 2 }) }),
    });
    bare.push(db);
    return db;
  }

  const run = (db: Kysely<Database>) => migrate(db as unknown as Kysely<unknown>, dialect);

  it('migrate - a fresh database gets every migration in order, with the house and the counters', async () => {
    const db = connect(await temp.location('migrate'));
    expect(await run(db)).toEqual(ALL);
    expect(await tables(db, dialect)).toEqual(TABLES);
    expect(await applied(db)).toEqual(ALL);
    expect(await db.selectFrom('users').select(['id', 'username', 'balance']).execute()).toEqual([
      { id: 0, username: 'house', balance: 0 },
    ]);
    expect(await db.selectFrom('counters').selectAll().orderBy('name').execute()).toEqual([
      { name: 'guest', value: 0 },
      { name: 'user', value: 0 },
    ]);
    expect(await run(db)).toEqual([]);
    await expectLedgerBalanced(db);
  });

  it('migrate - reopening an existing database runs nothing again and keeps its data', async () => {
    const location = await temp.location('migrate');
    const first = await temp.open(location);
    await first.insertInto('invite_codes').values({ code: 'KEEP', uses_left: 3, created_at: 1 }).execute();
    await temp.close(first);

    const second = await temp.open(location);
    expect(await run(second)).toEqual([]);
    expect(await applied(second)).toEqual(ALL);
    expect(await second.selectFrom('invite_codes').select(['code', 'uses_left']).execute()).toEqual([
      { code: 'KEEP', uses_left: 3 },
    ]);
    expect(await second.selectFrom('users').select('id').execute()).toEqual([{ id: 0 }]);
  });

  it('migrate - a database left at 0003 gets only 0004 to 0017 and keeps its accounts', async () => {
    const old = connect(await temp.location('migrate'));
    await run(old);
    // Back to the 0003 state: 0004, 0005, 0007 to 0009 added tables, 0006 to 0008 columns and indexes.
    const later = ['support_messages', 'waitlist', 'friends', 'guest_links', 'held_prizes', 'results'];
    const cluster = ['presence', 'cluster_nodes', 'game_leases', 'rate_counters', 'rating_history', 'ratings'];
    // 0010 and 0011 added tables, an index and users' columns; 0012 to 0014 a table each; 0017 two.
    cluster.push('bot_tokens', 'user_preferences', 'tournaments', 'notifications', 'game_reviews');
    cluster.push('daily_attempts', 'daily_secret');
    for (const index of ['sessions_user', 'users_guest_created', 'users_bot_owner']) {
      await old.schema.dropIndex(index).execute();
    }
    for (const table of [...later, ...cluster]) await old.schema.dropTable(table).execute();
    for (const column of ['bot_owner_id', 'deleted_at'])
      await old.schema.alterTable('users').dropColumn(column).execute();
    // 0016 added a column to games and an index on it.
    for (const index of ['games_kind_phase', 'games_kind_turn_due', 'games_retention']) {
      await old.schema.dropIndex(index).execute();
    }
    for (const column of ['entries_removed_at', 'seen_at', 'phase', 'seat_clock', 'turn_due_at']) {
      await old.schema.alterTable('games').dropColumn(column).execute();
    }
    await sql`delete from kysely_migration where name >= '0004'`.execute(old);
    await sql`insert into users (id, username, balance, created_at) values (-1, 'Guest1000', 0, 5)`.execute(old);
    expect(await tables(old, dialect)).toEqual(TABLES.filter((t) => !later.includes(t) && !cluster.includes(t)));

    expect(await run(old)).toEqual(ALL.slice(3));
    expect(await tables(old, dialect)).toEqual(TABLES);
    expect(await old.selectFrom('users').select('id').orderBy('id').execute()).toEqual([{ id: -1 }, { id: 0 }]);
  });

  // Two server nodes starting at once on one PostgreSQL database. (SQLite is one node's own file.)
  it.skipIf(dialect !== 'postgres')(
    'migrate - two nodes migrating one database at once: one runs everything, the other nothing',
    async () => {
      const location = await temp.location('migrate');
      const [a, b] = [connect(location), connect(location)];
      const ran = await Promise.all([run(a), run(b)]);
      expect([...ran].sort((x, y) => x.length - y.length)).toEqual([[], ALL]);
      expect(await applied(b)).toEqual(ALL);
      expect(await tables(a, dialect)).toEqual(TABLES);
      // And two nodes opening it at once (the ordinary start) both come up on the same data.
      const [c, d] = await Promise.all([temp.open(location), temp.open(location)]);
      await c.insertInto('invite_codes').values({ code: 'SEEN', uses_left: 1, created_at: 1 }).execute();
      expect(await d.selectFrom('invite_codes').select('code').execute()).toEqual([{ code: 'SEEN' }]);
    },
  );
});
