import type { RateCounters } from '@palace/service';
import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.js';

/**
 * The abuse limits' counts in the database (migration 0008), for several nodes sharing it: one row
 * per key holding its current window's hits, counted up by one atomic upsert, so every node sees
 * the same count and two nodes counting at once both count (DECISIONS §12). Dialect-neutral.
 */
export class KyselyRateCounters implements RateCounters {
  constructor(private readonly db: Kysely<Database>) {}

  async add(key: string, window: number, delta: number, expiresAt: number): Promise<number> {
    const row = await this.db
      .insertInto('rate_counters')
      .values({ key, window_no: window, hits: Math.max(0, delta), expires_at: expiresAt })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          // Same window: count on (never below zero); a newer window starts again from `delta`.
          hits: sql<number>`case
            when rate_counters.window_no = excluded.window_no then
              case when rate_counters.hits + ${delta} < 0 then 0 else rate_counters.hits + ${delta} end
            else excluded.hits end`,
          window_no: sql<number>`excluded.window_no`,
          expires_at: sql<number>`excluded.expires_at`,
        }),
      )
      .returning('hits')
      .executeTakeFirstOrThrow();
    return Number(row.hits);
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_counters').where('key', '=', key).execute();
  }

  async prune(now: number): Promise<number> {
    const result = await this.db.deleteFrom('rate_counters').where('expires_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
