import type { RateCounters } from '@palace/service';
import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.js';

/**
 * The abuse limits' counts in the database (migration 0008), for several nodes sharing it: one row
 * per key holding its current window's start and hits, counted up by one atomic upsert, so every node sees
 * the same count and two nodes counting at once both count (docs/product.md §D12). Dialect-neutral.
 */
export class KyselyRateCounters implements RateCounters {
  constructor(private readonly db: Kysely<Database>) {}

  async add(key: string, now: number, windowMs: number, delta: number): Promise<{ count: number; since: number }> {
    // One statement, so two nodes counting the same key at once both count. Every SET reads the
    // row as it was: a window that ended by `now` starts again at `now` from `delta`.
    const ended = sql<boolean>`rate_counters.window_start + ${windowMs} <= ${now}`;
    const row = await this.db
      .insertInto('rate_counters')
      .values({ key, window_start: now, hits: Math.max(0, delta), expires_at: now + windowMs })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`case when ${ended} then excluded.hits
            when rate_counters.hits + ${delta} < 0 then 0 else rate_counters.hits + ${delta} end`,
          window_start: sql<number>`case when ${ended} then excluded.window_start else rate_counters.window_start end`,
          expires_at: sql<number>`case when ${ended} then excluded.expires_at else rate_counters.expires_at end`,
        }),
      )
      .returning(['hits', 'window_start'])
      .executeTakeFirstOrThrow();
    return { count: Number(row.hits), since: Number(row.window_start) };
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_counters').where('key', '=', key).execute();
  }

  async prune(now: number): Promise<number> {
    const result = await this.db.deleteFrom('rate_counters').where('expires_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
