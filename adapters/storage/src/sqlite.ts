import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type SqliteDatabase, SqliteDialect } from 'kysely';
import { migrate } from './migrations.js';
import type { Database } from './schema.js';

/**
 * SQLite's page cache, in KiB (docs/architecture.md "Memory bounds"). better-sqlite3 builds SQLite
 * with 16 MiB; the cache fills as the database grows (about 1 MB a minute under the soak's load,
 * bench/soak.ts) and then stays full, so this is the most the server's RSS grows by for it. The
 * pages in use are far fewer: each game in play's row and its record's last leaf, the indexes.
 */
export const PAGE_CACHE_KIB = 8 * 1024;

/**
 * Opens (creating if needed) the embedded SQLite database at `file` with durable settings: WAL,
 * synchronous=FULL (a committed move survives a power cut), a busy timeout for a second process,
 * foreign keys on, and a page cache of `PAGE_CACHE_KIB`. Runs the migrations before returning.
 */
export async function openSqlite(file: string): Promise<Kysely<Database>> {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  database.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
  await migrate(db as unknown as Kysely<unknown>);
  return db;
}

/** Prepared statements kept per connection (the oldest is dropped past this many). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * `database` for Kysely with its prepared statements reused by SQL text: Kysely's SQLite driver
 * prepares every query anew, and better-sqlite3 advises preparing a statement once and running it
 * many times (a prepared statement is compiled SQL; the queries here are a fixed set, their values
 * bound per run). A statement still running (an iteration in progress) is not shared: a new one is
 * prepared for the second use.
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      const kept = cache.get(sql);
      if (kept !== undefined && !kept.busy) return kept;
      const statement = database.prepare(sql);
      if (kept === undefined) {
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value ?? '');
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}
