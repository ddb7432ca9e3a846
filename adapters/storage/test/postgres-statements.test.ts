import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres, PREPARED_PER_CONNECTION } from '../src/postgres.js';
import type { Database } from '../src/schema.js';
import { transact } from '../src/transaction.js';
import { DIALECTS, DialectDatabases, dropFreshPostgres, freshPostgresUrl } from './dialects.js';

/** The PostgreSQL pool's prepared statements (postgres.ts PreparingPool): PostgreSQL-only cases. */
describe.each(DIALECTS)('%s prepared statements', (dialect) => {
  const temp = new DialectDatabases(dialect);
  afterEach(() => temp.cleanUp());

  /** Statements this connection has prepared whose text mentions `marker`. */
  const prepared = async (trx: Kysely<Database>, marker: string) =>
    Number(
      (
        await sql<{
          n: number;
        }>`select count(*)::integer as n from pg_prepared_statements where statement like ${`%${marker}%`} and statement not like '%pg_prepared_statements%'`.execute(
          trx,
        )
      ).rows[0]?.n,
    );

  it.skipIf(dialect !== 'postgres')(
    'postgres - a statement with parameters is prepared once per connection and bound after; others are not',
    async () => {
      const db = await temp.fresh();
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < 3; i++) {
          const row = await sql<{ x: number }>`select ${i}::integer + 1 as x /* marker-a */`.execute(trx);
          expect(row.rows[0]?.x).toBe(i + 1);
        }
        expect(await prepared(trx, 'marker-a')).toBe(1);
        // No parameters (DDL, a constant): parsed each time, never named.
        await sql`select 1 /* marker-b */`.execute(trx);
        expect(await prepared(trx, 'marker-b')).toBe(0);
      });
    },
  );

  it.skipIf(dialect !== 'postgres')(
    'postgres - a prepared statement survives its table changing (another node migrated), alone or in a transaction',
    async () => {
      // One connection, so the read below meets the statement it prepared.
      const url = await freshPostgresUrl();
      const db = await openPostgres(url, { poolSize: 1 });
      try {
        await sql`create table t (id integer primary key, a text)`.execute(db);
        await sql`insert into t values (1, 'one')`.execute(db);
        const read = (on: Kysely<Database>) =>
          sql<Record<string, unknown>>`select * from t where id = ${1}`.execute(on);
        expect((await read(db)).rows).toEqual([{ id: 1, a: 'one' }]);
        await sql`alter table t add column b text default 'two'`.execute(db);
        expect((await read(db)).rows).toEqual([{ id: 1, a: 'one', b: 'two' }]);
        await sql`alter table t add column c text default 'three'`.execute(db);
        let runs = 0;
        const rows = await transact(db, async (trx) => {
          runs++;
          return (await read(trx)).rows;
        });
        expect(rows).toEqual([{ id: 1, a: 'one', b: 'two', c: 'three' }]);
        expect(runs).toBe(2);
      } finally {
        await db.destroy();
        await dropFreshPostgres(url);
      }
    },
  );

  it.skipIf(dialect !== 'postgres')(
    'postgres - past the cap of names per connection, statements run unnamed',
    async () => {
      const db = await temp.fresh();
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < PREPARED_PER_CONNECTION + 20; i++) {
          const row = await sql<{ x: number }>`select ${i}::integer as x, ${sql.lit(i)} as k /* marker-c */`.execute(
            trx,
          );
          expect(row.rows[0]?.x).toBe(i);
        }
        expect(await prepared(trx, 'marker-c')).toBeLessThanOrEqual(PREPARED_PER_CONNECTION);
        expect(await prepared(trx, 'marker-c')).toBeGreaterThan(0);
      });
    },
  );
});
