import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { migrate } from './migrations.js';
import type { Database } from './schema.js';

/**
 * Opens (creating if needed) the embedded SQLite database at `file` with durable settings: WAL,
 * synchronous=FULL (a committed move survives a power cut), a busy timeout for a second process,
 * and foreign keys on. Runs the migrations before returning.
 */
export async function openSqlite(file: string): Promise<Kysely<Database>> {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('busy_timeout = 5000');
  database.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  await migrate(db as unknown as Kysely<unknown>);
  return db;
}
