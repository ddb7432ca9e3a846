import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { openPostgres, openSqlite } from '../src/index.js';
import type { Dialect } from '../src/migrations.js';
import type { Database } from '../src/schema.js';
import { TempDatabases } from './helpers.js';

/**
 * The PostgreSQL suites run when `PALACE_TEST_DATABASE_URL` names a database whose user may create
 * databases (`scripts/pg-test-cluster.sh start` prints one; `.ci/run` starts it). Without it they
 * are skipped, unless `PALACE_TEST_REQUIRE_PG=1` (CI), which makes a missing URL a failure.
 */
export const POSTGRES_URL = process.env.PALACE_TEST_DATABASE_URL ?? '';
if (POSTGRES_URL === '' && process.env.PALACE_TEST_REQUIRE_PG === '1') {
  throw new Error(
    'PALACE_TEST_REQUIRE_PG=1 but PALACE_TEST_DATABASE_URL is not set (scripts/pg-test-cluster.sh start)',
  );
}

/** The dialects a storage suite runs on: SQLite always, PostgreSQL when a test server is given. */
export const DIALECTS: readonly Dialect[] = POSTGRES_URL === '' ? ['sqlite'] : ['sqlite', 'postgres'];

/**
 * A fresh, empty PostgreSQL database on the test server (its own name, so suites running in
 * parallel, and their LISTEN/NOTIFY channels, never meet); answers its URL. `dropFreshPostgres`
 * removes it.
 */
export async function freshPostgresUrl(prefix = 'palace_t'): Promise<string> {
  if (POSTGRES_URL === '') throw new Error('no PALACE_TEST_DATABASE_URL');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** How long a drop waits for the database's connections to finish closing, in ms. */
const CLOSING_MS = 2_000;

/**
 * Drops a database made by `freshPostgresUrl`, ending any connection still open to it. It first
 * waits (up to `CLOSING_MS`) for connections that are closing to be gone: a pool's `end()` resolves
 * before its sockets close, and a forced drop that terminated such a connection made its client
 * emit an error nobody listened to any more (an uncaught exception in the run).
 */
export async function dropFreshPostgres(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    const deadline = Date.now() + CLOSING_MS;
    for (;;) {
      const open = await admin.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [name],
      );
      if ((open.rows[0]?.n ?? 0) === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/**
 * Fresh migrated databases of one dialect for a suite: `fresh()` opens a new one (a SQLite file in
 * a temporary folder, or a new PostgreSQL database), `cleanUp()` closes and removes them all.
 */
export class DialectDatabases {
  private readonly sqlite = new TempDatabases();
  private readonly postgres: Array<{ url: string; db: Kysely<Database> | null }> = [];

  constructor(readonly dialect: Dialect) {}

  async fresh(prefix = 'store'): Promise<Kysely<Database>> {
    if (this.dialect === 'sqlite') return this.sqlite.fresh(prefix);
    const url = await freshPostgresUrl();
    const entry: { url: string; db: Kysely<Database> | null } = { url, db: null };
    this.postgres.push(entry);
    entry.db = await openPostgres(url);
    return entry.db;
  }

  /** A URL for a fresh database (PostgreSQL) or a file path (SQLite) that a second opener may share. */
  async location(prefix = 'store'): Promise<string> {
    if (this.dialect === 'sqlite') return this.sqlite.file(prefix);
    const url = await freshPostgresUrl();
    this.postgres.push({ url, db: null });
    return url;
  }

  /** Opens the database at `location` (another connection to the same data, as a second node would). */
  async open(location: string): Promise<Kysely<Database>> {
    const db = this.dialect === 'sqlite' ? await openSqlite(location) : await openPostgres(location);
    if (this.dialect === 'sqlite') return this.sqlite.track(db);
    this.postgres.push({ url: location, db });
    return db;
  }

  /** Closes `db` now (a node shutting down); the data stays until `cleanUp`. */
  async close(db: Kysely<Database>): Promise<void> {
    const entry = this.postgres.find((e) => e.db === db);
    if (entry !== undefined) entry.db = null;
    if (this.dialect === 'sqlite') this.sqlite.untrack(db);
    await db.destroy();
  }

  /** Runs `check` on every database still open, then closes and removes them all. */
  async cleanUp(check?: (db: Kysely<Database>) => Promise<void>): Promise<void> {
    try {
      for (const { db } of this.postgres) if (db !== null && check !== undefined) await check(db);
      await this.sqlite.cleanUp(check);
    } finally {
      const entries = this.postgres.splice(0);
      for (const { db } of entries) await db?.destroy();
      for (const url of new Set(entries.map((e) => e.url))) await dropFreshPostgres(url);
    }
  }
}

/** Runs a raw statement (test set-up only). */
export async function exec(db: Kysely<Database>, statement: string): Promise<void> {
  await sql.raw(statement).execute(db);
}
