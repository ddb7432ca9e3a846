import {
  Kysely,
  type PostgresCursor,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from 'kysely';
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

/** Distinct statements prepared on one connection at most; any others are parsed each time. */
export const PREPARED_PER_CONNECTION = 300;
/** Which statements are prepared: data reads and writes with parameters (never DDL or transaction control). */
const PREPARABLE = /^\s*(?:select|insert|update|delete|with)\b/i;
/** PostgreSQL's "cached plan must not change result type" (a table changed under a prepared statement). */
export const FEATURE_NOT_SUPPORTED = '0A000';

/**
 * Kysely's postgres driver sends every query as an unnamed statement, which PostgreSQL parses and
 * plans anew each time: for a move (one read, one write) that was about a third of the database's
 * CPU (issue 23, docs/architecture.md "Cross-node moves"). This pool hands Kysely connections that
 * prepare each distinct statement once per connection under a name (node-postgres then sends only
 * Bind and Execute), as openSqlite's statement cache does for SQLite. A statement prepared before a
 * table changed (another node ran a migration) fails once with 0A000; it is prepared again under a
 * new name and run again.
 */
class PreparingPool implements PostgresPool {
  private readonly names = new WeakMap<pg.PoolClient, Map<string, string>>();
  private next = 0;

  constructor(private readonly pool: pg.Pool) {}

  async connect(): Promise<PostgresPoolClient> {
    const client = await this.pool.connect();
    let names = this.names.get(client);
    if (names === undefined) {
      names = new Map();
      this.names.set(client, names);
    }
    const known = names;
    const nameFor = (text: string, fresh: boolean): string | undefined => {
      if (!fresh) {
        const name = known.get(text);
        if (name !== undefined || known.size >= PREPARED_PER_CONNECTION) return name;
      }
      const name = `palace_${(this.next++).toString(36)}`;
      known.set(text, name);
      return name;
    };
    function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query<R>(
      sql: string | PostgresCursor<R>,
      parameters?: ReadonlyArray<unknown>,
    ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
      if (typeof sql !== 'string') return client.query(sql as never) as PostgresCursor<R>;
      const values = [...(parameters ?? [])];
      const name = values.length > 0 && PREPARABLE.test(sql) ? nameFor(sql, false) : undefined;
      if (name === undefined) return client.query(sql, values) as unknown as Promise<PostgresQueryResult<R>>;
      const run = (as: string) =>
        client.query({ name: as, text: sql, values }) as unknown as Promise<PostgresQueryResult<R>>;
      return run(name).catch((error: unknown) => {
        if ((error as { code?: unknown }).code !== FEATURE_NOT_SUPPORTED) throw error;
        // Prepared again under a new name. Inside a transaction the failure has aborted it: the
        // first error goes up, and `transact` runs the whole transaction again (it retries 0A000).
        return run(nameFor(sql, true) as string).catch(() => {
          throw error;
        });
      });
    }
    return { query, release: () => client.release() };
  }

  end(): Promise<void> {
    return this.pool.end();
  }
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new PreparingPool(pool) }) });
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
