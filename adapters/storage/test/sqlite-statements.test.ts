import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSqlite, PAGE_CACHE_KIB, STATEMENT_CACHE_SIZE } from '../src/sqlite.js';

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

  it('storage - past STATEMENT_CACHE_SIZE statements the oldest is prepared again, the newest are kept', async () => {
    const db = await fresh();
    const prepared: string[] = [];
    const original = Database.prototype.prepare;
    const spy = vi.spyOn(Database.prototype, 'prepare').mockImplementation(function (this: Database.Database, text) {
      if (text.includes('marker-b')) prepared.push(text);
      return original.call(this, text);
    });
    try {
      const run = (i: number) => sql.raw(`select ${i} as n /* marker-b */`).execute(db);
      for (let i = 0; i <= STATEMENT_CACHE_SIZE; i++) await run(i);
      expect(prepared).toHaveLength(STATEMENT_CACHE_SIZE + 1);
      // The newest STATEMENT_CACHE_SIZE are still prepared: running them again prepares nothing.
      for (let i = STATEMENT_CACHE_SIZE; i >= 1; i--) await run(i);
      expect(prepared).toHaveLength(STATEMENT_CACHE_SIZE + 1);
      // The first was dropped to stay within the bound: it is prepared anew.
      await run(0);
      expect(prepared).toHaveLength(STATEMENT_CACHE_SIZE + 2);
    } finally {
      spy.mockRestore();
      await db.destroy();
    }
  });

  it('storage - the page cache is bounded at PAGE_CACHE_KIB, not the 16 MiB better-sqlite3 builds SQLite with', async () => {
    const db = await fresh();
    try {
      const { rows } = await sql.raw<{ cache_size: number }>('pragma cache_size').execute(db);
      expect(rows).toEqual([{ cache_size: -PAGE_CACHE_KIB }]);
      // Filled past it: 4 times the cache's worth of rows, read back, grows this process's native
      // heap (where SQLite's pages live) by about the cache, not by the data.
      await sql.raw('create table big (k integer primary key, v text)').execute(db);
      const before = nativeHeapKib();
      const row = 'x'.repeat(3000);
      for (let done = 0; done < PAGE_CACHE_KIB * 4; done += 300) {
        await db.transaction().execute(async (trx) => {
          for (let i = 0; i < 100; i++) await sql`insert into big (v) values (${row})`.execute(trx);
        });
      }
      await sql.raw('select count(*), sum(length(v)) from big').execute(db);
      const grown = nativeHeapKib() - before;
      expect(grown).toBeLessThan(PAGE_CACHE_KIB * 1.5);
    } finally {
      await db.destroy();
    }
  });
});

/** The size of this process's native heap (`[heap]` in /proc/self/maps: malloc's main arena), in KiB. */
function nativeHeapKib(): number {
  const found = /^([0-9a-f]+)-([0-9a-f]+) .*\[heap\]$/m.exec(readFileSync('/proc/self/maps', 'utf8'));
  if (found === null) throw new Error('no [heap] in /proc/self/maps');
  return (Number.parseInt(found[2] ?? '0', 16) - Number.parseInt(found[1] ?? '0', 16)) / 1024;
}
