import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrate } from './migrations.js';
import type { Database } from './schema.js';

/** PostgreSQL's type ids for `bigint` (int8) and `numeric`, which `pg` hands back as strings. */
const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * Times are integer ms since the epoch (`bigint` columns) and sums and counts come back as `bigint`
 * or `numeric`: all of them fit a JavaScript number, so they are read as numbers, as SQLite does.
 */
function readAsNumber(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`database number out of range: ${value}`);
  return n;
}

export interface PostgresOptions {
  /** Connections in this node's pool (default 10). */
  readonly poolSize?: number;
}

/**
 * Opens a PostgreSQL database (`postgres://user:password@host:port/db`) through Kysely's postgres
 * dialect and the `pg` driver, and runs the migrations (several nodes starting at once take turns:
 * Kysely's migrator holds a lock). The same stores and queries serve it as the embedded SQLite.
 */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Kysely<Database>> {
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID || oid === NUMERIC_OID ? readAsNumber : pg.types.getTypeParser(oid, format ?? 'text'),
  };
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, types });
  // An idle client that loses its connection (the database restarted) is dropped by the pool; the
  // error must not crash the process.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrate(db as unknown as Kysely<unknown>, 'postgres');
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/** Whether `url` names a PostgreSQL database (`postgres://` or `postgresql://`). */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}
