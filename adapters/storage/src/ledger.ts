import { randomUUID } from 'node:crypto';
import {
  type Effects,
  newSkill,
  type PostingKind,
  type RatingsEffect,
  rateGame,
  type SaveOutcome,
  shownRating,
} from '@palace/service';
import { type Kysely, PostgresAdapter, type Transaction } from 'kysely';
import type { Database } from './schema.js';
import { transact } from './transaction.js';

/** The house: the other side of every gift, fee and prize (its balance is minus all tokens held). */
export const HOUSE_ID = 0;

/** Thrown inside a transaction when a debit would take a player below zero; rolls it back. */
export class ShortBalance extends Error {
  constructor(readonly userId: number) {
    super(`balance of user ${userId} too low`);
  }
}

/**
 * Runs a store's save in one transaction (`transact`: again on a deadlock). A debit in it that
 * would take a player below zero (`ShortBalance`) rolls all of it back and answers `short`.
 */
export async function transactSave(
  db: Kysely<Database>,
  body: (trx: Transaction<Database>) => Promise<SaveOutcome>,
): Promise<SaveOutcome> {
  try {
    return await transact(db, body);
  } catch (error) {
    if (error instanceof ShortBalance) return 'short';
    throw error;
  }
}

/** One movement of `amount` tokens from one account to another. */
export interface Movement {
  readonly from: number;
  readonly to: number;
  readonly amount: number;
  readonly kind: PostingKind;
  readonly gameId: string | null;
  readonly at: number;
}

/**
 * Books `movements` inside the caller's transaction: two ledger rows with opposite amounts per
 * movement, and each account's balance changed once by its net amount. A player's net debit is
 * conditional on the balance covering it (the house may go negative); otherwise `ShortBalance` is
 * thrown and the transaction rolls back.
 *
 * The balances are updated in ascending account id, whatever the order of the movements: every
 * writer then locks the accounts it touches in the same order, so two transactions moving tokens
 * in opposite directions (a fee into the house while a prize leaves it) wait for each other instead
 * of deadlocking on PostgreSQL.
 */
export async function post(trx: Transaction<Database>, movements: readonly Movement[]): Promise<void> {
  if (movements.length === 0) return;
  const net = new Map<number, number>();
  for (const m of movements) {
    if (!Number.isInteger(m.amount) || m.amount <= 0) throw new Error(`bad amount ${m.amount}`);
    net.set(m.from, (net.get(m.from) ?? 0) - m.amount);
    net.set(m.to, (net.get(m.to) ?? 0) + m.amount);
  }
  for (const [id, delta] of [...net].sort(([a], [b]) => a - b)) {
    let update = trx
      .updateTable('users')
      .set((eb) => ({ balance: eb('balance', '+', delta) }))
      .where('id', '=', id);
    if (delta < 0 && id !== HOUSE_ID) update = update.where('balance', '>=', -delta);
    const updated = await update.executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      if (delta < 0) throw new ShortBalance(id);
      throw new Error(`no account ${id}`);
    }
  }
  await trx
    .insertInto('ledger')
    .values(
      movements.flatMap((m) => {
        const movement = randomUUID();
        const row = { movement, kind: m.kind, game_id: m.gameId, at: m.at };
        return [
          { ...row, user_id: m.from, amount: -m.amount },
          { ...row, user_id: m.to, amount: m.amount },
        ];
      }),
    )
    .execute();
}

/** Books one movement (see `post`). */
export function move(trx: Transaction<Database>, movement: Movement): Promise<void> {
  return post(trx, [movement]);
}

/** Writes a game change's effects (postings, results, a held guest prize) in the caller's transaction. */
export async function applyEffects(
  trx: Transaction<Database>,
  game: { readonly id: string; readonly kind: string; readonly updatedAt: number },
  effects: Effects | undefined,
): Promise<void> {
  if (effects === undefined) return;
  const at = game.updatedAt;
  await post(
    trx,
    (effects.postings ?? []).map((posting) => ({ ...posting, at })),
  );
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
  if (effects.ratings !== undefined && effects.ratings !== null) await rate(trx, game.id, effects.ratings, at);
}

/**
 * Rates a finished game's players in the caller's transaction (docs/product.md §D11) in three
 * statements, whatever the table's size (two round trips on PostgreSQL): one upsert makes sure each
 * player has a row in the preset (a first rated game starts from the model's prior), locks the
 * rows and reads them; one upsert writes the new skills; one insert adds the history rows. The first upsert handles its rows in the
 * order given, ascending user id, so on PostgreSQL every settle takes its players' row locks in the
 * same order and two games finishing at once for one player wait for each other instead of
 * deadlocking; the read is of the locked row, so both games count. Fewer than two rated seats
 * change nothing.
 */
async function rate(trx: Transaction<Database>, gameId: string, effect: RatingsEffect, at: number): Promise<void> {
  const users = [...new Set(effect.seats.map((s) => s.userId))].sort((a, b) => a - b);
  if (users.length < 2) return;
  const { preset } = effect;
  const prior = newSkill();
  const shownPrior = shownRating(prior).rating;
  const rows = await trx
    .insertInto('ratings')
    .values(users.map((user_id) => ({ user_id, preset, ...prior, shown: shownPrior, updated_at: at })))
    .onConflict((oc) => oc.columns(['user_id', 'preset']).doUpdateSet({ updated_at: at }))
    .returning(['user_id', 'mu', 'sigma', 'games'])
    .execute();
  const before = new Map(
    rows.map((r) => [r.user_id, { mu: Number(r.mu), sigma: Number(r.sigma), games: Number(r.games) }]),
  );
  const after = rateGame(
    effect.seats.map((seat) => ({
      player: String(seat.userId),
      place: seat.place,
      skill: before.get(seat.userId) ?? prior,
    })),
  );
  const rated = users.flatMap((user) => {
    const skill = after.get(String(user));
    if (skill === undefined) return [];
    const was = before.get(user) ?? prior;
    const shown = shownRating(skill).rating;
    return [{ user, skill, shown, delta: shown - shownRating(was).rating }];
  });
  if (rated.length === 0) return;
  const skills = trx
    .insertInto('ratings')
    .values(
      rated.map(({ user, skill, shown }) => ({
        user_id: user,
        preset,
        mu: skill.mu,
        sigma: skill.sigma,
        games: skill.games,
        shown,
        updated_at: at,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['user_id', 'preset']).doUpdateSet((eb) => ({
        mu: eb.ref('excluded.mu'),
        sigma: eb.ref('excluded.sigma'),
        games: eb.ref('excluded.games'),
        shown: eb.ref('excluded.shown'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .returning('user_id');
  const history = rated.map(({ user, skill, shown, delta }) => ({
    game_id: gameId,
    user_id: user,
    preset,
    shown,
    delta,
    games: skill.games,
    at,
  }));
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    // One round trip for both writes where the database has data-modifying WITH (PostgreSQL: a
    // round trip is most of their cost there); SQLite, in the process, runs them one after the other.
    await trx
      .with('skills', () => skills)
      .insertInto('rating_history')
      .values(history)
      .execute();
  } else {
    await skills.execute();
    await trx.insertInto('rating_history').values(history).execute();
  }
}
