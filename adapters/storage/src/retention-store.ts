import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { transact } from './transaction.js';

/** About how many `game_entries` rows one transaction of the retention job removes. */
export const RETENTION_BATCH_ROWS = 200;

export interface RetentionRun {
  /** Finished games last changed before this (ms since the epoch) lose their record entries. */
  readonly before: number;
  /** The time written as the games' `entries_removed_at` (ms since the epoch). */
  readonly now: number;
  /** Entry rows per transaction, about (`RETENTION_BATCH_ROWS`); one game's rows are never split. */
  readonly batchRows?: number;
  /** Awaited between two transactions: the server answers its requests there. */
  readonly pause?: () => Promise<void>;
  /** Asked before each transaction: true ends the run there (the server is closing). */
  readonly stopped?: () => boolean;
}

/** What one run removed. */
export interface RetentionOutcome {
  /** Games whose record entries went. */
  readonly games: number;
  /** `game_entries` rows removed. */
  readonly entries: number;
}

/**
 * The record retention of `RECORDS_KEEP_DAYS` (docs/deploy.md "Retention"): a finished game's
 * record entries (`game_entries`, one row per accepted command: most of what a game leaves behind)
 * and its post-game review go once the game is old enough. The game's row stays, with its final
 * state, and so do its results, ratings, held prize and ledger rows; `entries_removed_at` marks it,
 * so the record endpoint answers that the moves are gone instead of publishing a partial record.
 * Queries are dialect-neutral (SQLite and PostgreSQL).
 */
export class KyselyRetention {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Removes the entries of every finished game last changed before `run.before`, oldest first, in
   * small transactions (whole games of about `batchRows` entries together; a game is marked and
   * cleared in one transaction, so a stop between two leaves no game half cleared), with
   * `run.pause` between them.
   */
  async removeOldEntries(run: RetentionRun): Promise<RetentionOutcome> {
    const rows = run.batchRows ?? RETENTION_BATCH_ROWS;
    let games = 0;
    let entries = 0;
    while (run.stopped?.() !== true) {
      const batch = await this.nextBatch(run.before, rows);
      if (batch.length === 0) break;
      const done = await this.clear(batch, run);
      games += done.games;
      entries += done.entries;
      await run.pause?.();
    }
    return { games, entries };
  }

  /**
   * The oldest finished games not yet cleared whose entries add up to at most `rows` (at least one
   * game however long). On the `games_retention` index (phase, entries_removed_at, updated_at).
   */
  private async nextBatch(before: number, rows: number): Promise<string[]> {
    const candidates = await this.db
      .selectFrom('games')
      .select(['id', 'entry_count'])
      .where('phase', '=', 'finished')
      .where('entries_removed_at', 'is', null)
      .where('updated_at', '<', before)
      .orderBy('updated_at')
      .limit(rows)
      .execute();
    const ids: string[] = [];
    let sum = 0;
    for (const game of candidates) {
      if (ids.length > 0 && sum + game.entry_count > rows) break;
      ids.push(game.id);
      sum += game.entry_count;
    }
    return ids;
  }

  /**
   * Marks the games of `ids` that still qualify (a game changed since it was picked is left for a
   * later run) and removes their entries and reviews, in one transaction.
   */
  private async clear(ids: readonly string[], run: RetentionRun): Promise<RetentionOutcome> {
    return transact(this.db, async (trx) => {
      const marked = await trx
        .updateTable('games')
        .set({ entries_removed_at: run.now })
        .where('id', 'in', ids)
        .where('phase', '=', 'finished')
        .where('entries_removed_at', 'is', null)
        .where('updated_at', '<', run.before)
        .returning('id')
        .execute();
      if (marked.length === 0) return { games: 0, entries: 0 };
      const gone = marked.map((game) => game.id);
      const removed = await trx.deleteFrom('game_entries').where('game_id', 'in', gone).executeTakeFirst();
      // A review is read only beside its record: with the moves gone nobody can ask for it.
      await trx.deleteFrom('game_reviews').where('game_id', 'in', gone).execute();
      return { games: gone.length, entries: Number(removed.numDeletedRows) };
    });
  }
}
