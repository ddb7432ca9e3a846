import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/**
 * How the stores stay correct when several server nodes write one PostgreSQL database.
 *
 * Transactions run at PostgreSQL's default isolation, READ COMMITTED. That is enough because every
 * invariant is enforced by the row a write touches, not by what a transaction read earlier:
 * - a debit is `update … set balance = balance - n where id = ? and balance >= n`; a concurrent
 *   writer of that row makes the update wait, and PostgreSQL then re-checks the condition on the
 *   committed row, so a balance never goes below zero and no update is lost (`balance - n` is
 *   computed from the row as it is then, never from a stale read);
 * - a game save updates `where version = expected`, so of two saves of one version exactly one
 *   changes a row and the other answers `conflict`;
 * - once-only facts are unique keys or conditional updates (a held prize's `claimed_by is null`,
 *   one result per game and user, one game per id, one name and e-mail per account).
 *
 * What READ COMMITTED does not rule out is a deadlock: two transactions locking the same rows in
 * opposite orders (a fee towards the house while a prize leaves it, two friends adding each other).
 * PostgreSQL then aborts one of them with 40P01; `transact` runs that whole transaction again after
 * a short random pause, by which time the other has committed. 40001 (serialization failure) is
 * retried the same way, should a transaction ever run at a stricter level. SQLite has one writer at
 * a time and never reports either code, so there the body simply runs once.
 */

/**
 * PostgreSQL's codes for a transaction that may succeed if run again: a serialization failure, a
 * deadlock, and a prepared statement whose table changed (0A000, "cached plan must not change
 * result type": postgres.ts prepares it again under a new name for the next run).
 */
const RETRYABLE = new Set(['40001', '40P01', '0A000']);

/** Runs of a transaction in all, the first included, before the error is passed on. */
export const TRANSACTION_ATTEMPTS = 5;

/** The SQLSTATE (PostgreSQL) or SQLite error code of a driver error, if it has one. */
function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

/** Whether `error` is PostgreSQL's deadlock or serialization failure (run the transaction again). */
export function isRetryable(error: unknown): boolean {
  const code = codeOf(error);
  return code !== undefined && RETRYABLE.has(code);
}

/** Whether `error` is a unique-key violation: PostgreSQL 23505, or SQLite's unique / primary key. */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export interface TransactOptions {
  /** Also run the transaction again after these errors (for example a unique violation). */
  readonly retryIf?: (error: unknown) => boolean;
}

/**
 * Runs `body` in one transaction and answers what it answers; a throw rolls everything back. On a
 * deadlock or serialization failure (PostgreSQL), the whole transaction runs again, up to
 * `TRANSACTION_ATTEMPTS` times, after a pause of a few ms that grows and is jittered so the
 * contenders do not meet again. `body` must therefore do nothing outside the transaction that it
 * could not do twice.
 */
export async function transact<T>(
  db: Kysely<Database>,
  body: (trx: Transaction<Database>) => Promise<T>,
  options: TransactOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(body);
    } catch (error) {
      const again = isRetryable(error) || options.retryIf?.(error) === true;
      if (!again || attempt >= TRANSACTION_ATTEMPTS) throw error;
      await pause(attempt);
    }
  }
}

/** Waits 1 ms plus up to 5 × 2^(attempt-1) ms: at most 6 ms after the first run, 41 ms after the fourth. */
function pause(attempt: number): Promise<void> {
  const ms = 1 + Math.random() * 5 * 2 ** (attempt - 1);
  return new Promise((resolve) => setTimeout(resolve, ms));
}
