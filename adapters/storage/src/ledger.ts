import { randomUUID } from 'node:crypto';
import type { Effects, PostingKind } from '@palace/service';
import type { Transaction } from 'kysely';
import type { Database } from './schema.js';

/** The house: the other side of every gift, fee and prize (its balance is minus all tokens held). */
export const HOUSE_ID = 0;

/** Thrown inside a transaction when a debit would take a player below zero; rolls it back. */
export class ShortBalance extends Error {
  constructor(readonly userId: number) {
    super(`balance of user ${userId} too low`);
  }
}

/**
 * Moves `amount` tokens between two accounts inside the caller's transaction: two ledger rows with
 * opposite amounts and both balances. A player's debit is conditional on the balance covering it
 * (the house may go negative); otherwise `ShortBalance` is thrown and the transaction rolls back.
 */
export async function move(
  trx: Transaction<Database>,
  input: {
    readonly from: number;
    readonly to: number;
    readonly amount: number;
    readonly kind: PostingKind;
    readonly gameId: string | null;
    readonly at: number;
  },
): Promise<void> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) throw new Error(`bad amount ${input.amount}`);
  let debit = trx
    .updateTable('users')
    .set((eb) => ({ balance: eb('balance', '-', input.amount) }))
    .where('id', '=', input.from);
  if (input.from !== HOUSE_ID) debit = debit.where('balance', '>=', input.amount);
  const debited = await debit.executeTakeFirst();
  if (Number(debited.numUpdatedRows) !== 1) throw new ShortBalance(input.from);
  await trx
    .updateTable('users')
    .set((eb) => ({ balance: eb('balance', '+', input.amount) }))
    .where('id', '=', input.to)
    .executeTakeFirstOrThrow();
  const movement = randomUUID();
  await trx
    .insertInto('ledger')
    .values([
      { movement, user_id: input.from, amount: -input.amount, kind: input.kind, game_id: input.gameId, at: input.at },
      { movement, user_id: input.to, amount: input.amount, kind: input.kind, game_id: input.gameId, at: input.at },
    ])
    .execute();
}

/** Writes a game change's effects (postings, results, a held guest prize) in the caller's transaction. */
export async function applyEffects(
  trx: Transaction<Database>,
  game: { readonly id: string; readonly kind: string; readonly updatedAt: number },
  effects: Effects | undefined,
): Promise<void> {
  if (effects === undefined) return;
  const at = game.updatedAt;
  for (const posting of effects.postings ?? []) await move(trx, { ...posting, at });
  const results = effects.results ?? [];
  if (results.length > 0) {
    await trx
      .insertInto('results')
      .values(
        results.map((r) => ({
          game_id: game.id,
          user_id: r.userId,
          kind: game.kind,
          won: r.won ? 1 : 0,
          finished_at: at,
        })),
      )
      .execute();
  }
  const held = effects.held;
  if (held !== undefined && held !== null) {
    await trx
      .insertInto('held_prizes')
      .values({ game_id: game.id, guest_id: held.guestId, amount: held.amount, created_at: at })
      .execute();
  }
}
