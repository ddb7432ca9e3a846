import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Posting, User } from '@palace/service';
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import { HOUSE_ID, type KyselyAccountsStore, openSqlite } from '../src/index.js';
import type { Database } from '../src/schema.js';

export { newGame, nextVersion, sit } from './game-fixtures.js';

/** The value of an accepted answer; throws with the error code otherwise. */
export function value<T>(result: { ok: true; value: T } | { ok: false; error: { code: string } }): T {
  if (!result.ok) throw new Error(`refused: ${result.error.code}`);
  return result.value;
}

/**
 * Registers users through `accounts` with the invite `INV` (added here, good for 100): the user
 * `username` with `{username}@example.com`, a placeholder hash and avatar, `gift` tokens at `at`.
 */
export async function registrar(
  accounts: KyselyAccountsStore,
): Promise<(username: string, gift?: number, at?: number) => Promise<User>> {
  await accounts.addInvite('INV', 100, 0);
  return async (username, gift = 100, at = 0) => {
    const created = await accounts.register({
      username,
      email: `${username.toLowerCase()}@example.com`,
      passwordHash: 'hash',
      avatar: `/a/${username}.svg`,
      inviteCode: 'INV',
      gift,
      at,
    });
    if (!created.ok) throw new Error(created.error);
    return created.value;
  };
}

/** Temporary SQLite files: `open` makes a fresh one, `cleanUp` closes them all and removes their folders. */
export class TempDatabases {
  private readonly dirs: string[] = [];
  private readonly open: Array<Kysely<Database>> = [];

  /** A path for a database file in a fresh temporary folder (the file itself is not created). */
  file(prefix: string): string {
    const dir = mkdtempSync(join(tmpdir(), `palace-${prefix}-`));
    this.dirs.push(dir);
    return join(dir, 'palace.db');
  }

  /** Opens (and migrates) a fresh database file; `cleanUp` destroys it. */
  async fresh(prefix: string): Promise<Kysely<Database>> {
    return this.track(await openSqlite(this.file(prefix)));
  }

  track(db: Kysely<Database>): Kysely<Database> {
    this.open.push(db);
    return db;
  }

  /** Forgets `db` (its caller closes it). */
  untrack(db: Kysely<Database>): void {
    const at = this.open.indexOf(db);
    if (at >= 0) this.open.splice(at, 1);
  }

  /** Runs `check` on every database still open, then closes them and removes the folders. */
  async cleanUp(check?: (db: Kysely<Database>) => Promise<void>): Promise<void> {
    try {
      for (const db of this.open) if (check !== undefined) await check(db);
    } finally {
      for (const db of this.open.splice(0)) await db.destroy();
      for (const dir of this.dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    }
  }
}

/**
 * The double-entry invariant: all balances (the house's included) add up to zero; every movement is
 * two rows adding up to zero; each user's balance is the sum of their ledger rows; only the house
 * may be below zero.
 */
export async function expectLedgerBalanced(db: Kysely<Database>): Promise<void> {
  const total = await db
    .selectFrom('users')
    .select(sql<number>`coalesce(sum(balance), 0)`.as('sum'))
    .executeTakeFirstOrThrow();
  expect(Number(total.sum), 'sum of all balances').toBe(0);

  const lopsided = await db
    .selectFrom('ledger')
    .select(['movement', sql<number>`sum(amount)`.as('sum'), sql<number>`count(*)`.as('rows')])
    .groupBy('movement')
    .having((eb) => eb.or([eb(sql`sum(amount)`, '!=', 0), eb(sql`count(*)`, '!=', 2)]))
    .execute();
  expect(lopsided, 'movements that are not two rows adding up to zero').toEqual([]);

  const users = await db
    .selectFrom('users')
    .leftJoin('ledger', 'ledger.user_id', 'users.id')
    .select(['users.id', 'users.balance', sql<number>`coalesce(sum(ledger.amount), 0)`.as('booked')])
    .groupBy(['users.id', 'users.balance'])
    .orderBy('users.id')
    .execute();
  const mismatched = users.filter((u) => u.balance !== Number(u.booked));
  expect(mismatched, 'balances that differ from their ledger rows').toEqual([]);
  const negative = users.filter((u) => u.id !== HOUSE_ID && u.balance < 0);
  expect(negative, 'players below zero').toEqual([]);
}

/** A player's fee into the house. */
export const fee = (from: number, amount: number, gameId: string): Posting => ({
  from,
  to: HOUSE_ID,
  amount,
  kind: 'fee',
  gameId,
});

/** A payment from the house to a player (a prize unless told). */
export const pay = (to: number, amount: number, gameId: string | null, kind: Posting['kind'] = 'prize'): Posting => ({
  from: HOUSE_ID,
  to,
  amount,
  kind,
  gameId,
});
