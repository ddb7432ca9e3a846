import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, STATEMENT_CACHE_SIZE } from '../src/sqlite.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function fresh() {
  const dir = mkdtempSync(join(tmpdir(), 'palace-statements-'));
  dirs.push(dir);
  return openSqlite(join(dir, 'palace.db'));
}

/** `openSqlite` reuses prepared statements by SQL text (docs/architecture.md "Tokens"): results stay right. */
describe('SQLite statement cache', () => {
  it('storage - a reused statement binds each run its own values, and keeps working after the schema changes', async () => {
    const db = await fresh();
    try {
      await sql`create table t (k integer primary key, v text)`.execute(db);
      for (let k = 1; k <= 5; k++) await sql`insert into t (k, v) values (${k}, ${`v${k}`})`.execute(db);
      for (let k = 1; k <= 5; k++) {
        const rows = await sql<{ v: string }>`select v from t where k = ${k}`.execute(db);
        expect(rows.rows).toEqual([{ v: `v${k}` }]);
      }
      // A column added after the statement was prepared: SQLite prepares it again by itself.
      await sql`alter table t add column w text`.execute(db);
      await sql`update t set w = 'x' where k = ${3}`.execute(db);
      const after = await sql<{ v: string; w: string | null }>`select * from t where k = ${3}`.execute(db);
      expect(after.rows).toEqual([{ k: 3, v: 'v3', w: 'x' }]);
      // More distinct statements than the cache keeps: the oldest are dropped, nothing breaks.
      for (let i = 0; i < STATEMENT_CACHE_SIZE + 20; i++) {
        const rows = await sql.raw<{ n: number }>(`select ${i} as n`).execute(db);
        expect(rows.rows).toEqual([{ n: i }]);
      }
      const again = await sql<{ v: string }>`select v from t where k = ${1}`.execute(db);
      expect(again.rows).toEqual([{ v: 'v1' }]);
    } finally {
      await db.destroy();
    }
  });
});
