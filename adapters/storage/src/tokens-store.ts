import { err, ok, type Result } from '@palace/core';
import {
  CLAIM_WINDOW_MS,
  type ClaimRefusal,
  type Leader,
  type LeaderOrder,
  type LedgerLine,
  type PostingKind,
  type TokensStore,
} from '@palace/service';
import { type Kysely, sql } from 'kysely';
import { HOUSE_ID, move } from './ledger.js';
import type { Database } from './schema.js';
import { transact } from './transaction.js';

/** Balances, history, leaderboard and guest prizes on Kysely (dialect-neutral queries). */
export class KyselyTokensStore implements TokensStore {
  constructor(private readonly db: Kysely<Database>) {}

  async balance(userId: number): Promise<number> {
    const row = await this.db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirst();
    return row?.balance ?? 0;
  }

  async history(userId: number, limit: number): Promise<LedgerLine[]> {
    const rows = await this.db
      .selectFrom('ledger')
      .select(['id', 'kind', 'amount', 'game_id', 'at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind as PostingKind,
      amount: r.amount,
      gameId: r.game_id,
      at: Number(r.at),
    }));
  }

  async leaderboard(order: LeaderOrder, limit: number): Promise<Leader[]> {
    const wins = sql<number>`coalesce(sum(results.won), 0)`;
    const played = sql<number>`count(results.game_id)`;
    let query = this.db
      .selectFrom('users')
      .leftJoin('results', 'results.user_id', 'users.id')
      .select(['users.id', 'users.username', 'users.avatar', 'users.balance'])
      .select([wins.as('wins'), played.as('played')])
      .where('users.id', '>', HOUSE_ID)
      .where('users.deleted_at', 'is', null)
      // Bots hold no tokens (docs/bots.md): the token leaderboard is the players'.
      .where('users.bot_owner_id', 'is', null)
      .groupBy(['users.id', 'users.username', 'users.avatar', 'users.balance']);
    query =
      order === 'wins'
        ? query.orderBy(wins, 'desc').orderBy('users.balance', 'desc')
        : query.orderBy('users.balance', 'desc').orderBy(wins, 'desc');
    const rows = await query.orderBy('users.id').limit(limit).execute();
    return rows.map((r) => ({
      id: r.id,
      username: r.username,
      avatar: r.avatar,
      balance: r.balance,
      wins: Number(r.wins),
      gamesPlayed: Number(r.played),
    }));
  }

  async stats(userId: number): Promise<{ wins: number; gamesPlayed: number }> {
    const row = await this.db
      .selectFrom('results')
      .select([sql<number>`coalesce(sum(won), 0)`.as('wins'), sql<number>`count(*)`.as('played')])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return { wins: Number(row?.wins ?? 0), gamesPlayed: Number(row?.played ?? 0) };
  }

  async adoptGuest(guestId: number, userId: number, at: number): Promise<void> {
    await this.db
      .insertInto('guest_links')
      .values({ guest_id: guestId, user_id: userId, created_at: at })
      .onConflict((oc) => oc.column('guest_id').doNothing())
      .execute();
  }

  async claimPrize(gameId: string, guestId: number, userId: number, at: number): Promise<Result<number, ClaimRefusal>> {
    return transact(this.db, async (trx) => {
      const held = await trx
        .selectFrom('held_prizes')
        .select(['amount', 'claimed_by', 'created_at'])
        .where('game_id', '=', gameId)
        .where('guest_id', '=', guestId)
        .executeTakeFirst();
      if (held === undefined) return err('prize/none' as const);
      const link = await trx
        .selectFrom('guest_links')
        .select('user_id')
        .where('guest_id', '=', guestId)
        .executeTakeFirst();
      if (link?.user_id !== userId) return err('prize/not_yours' as const);
      if (held.claimed_by !== null) return err('prize/claimed' as const);
      if (at - Number(held.created_at) > CLAIM_WINDOW_MS) return err('prize/expired' as const);
      // One guest identity's prizes per account (docs/product.md §D12 pot). Touching the account's
      // row first takes its lock on PostgreSQL, so two claims of one account are checked in turn.
      await trx.updateTable('users').set({ balance: sql<number>`balance` }).where('id', '=', userId).execute();
      const other = await trx
        .selectFrom('held_prizes')
        .select('guest_id')
        .where('claimed_by', '=', userId)
        .where('guest_id', '!=', guestId)
        .executeTakeFirst();
      if (other !== undefined) return err('prize/other_guest' as const);
      // The conditional update is the once-only guard, whatever else runs concurrently.
      const claimed = await trx
        .updateTable('held_prizes')
        .set({ claimed_by: userId, claimed_at: at })
        .where('game_id', '=', gameId)
        .where('claimed_by', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return err('prize/claimed' as const);
      await move(trx, { from: HOUSE_ID, to: userId, amount: held.amount, kind: 'claim', gameId, at });
      return ok(held.amount);
    });
  }
}
