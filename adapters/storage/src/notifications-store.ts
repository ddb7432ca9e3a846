import type { NewInvitation, NotificationsStore, StoredNotification } from '@palace/service';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { transact } from './transaction.js';

/**
 * Players' notifications on Kysely (docs/product.md §D13 friend-invitations). An invitation is one
 * row per sender and game, kept unique by the `notifications_once` index: sending it again moves
 * the row to now, unread.
 */
export class KyselyNotificationsStore implements NotificationsStore {
  constructor(private readonly db: Kysely<Database>) {}

  async invite(invitation: NewInvitation, keep: number): Promise<number> {
    const { userId, from, gameId, gameName, at } = invitation;
    return transact(this.db, async (trx) => {
      const row = await trx
        .insertInto('notifications')
        .values({
          user_id: userId,
          kind: 'game_invite',
          from_user_id: from.id,
          game_id: gameId,
          game_name: gameName,
          created_at: at,
          read_at: null,
        })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'kind', 'from_user_id', 'game_id'])
            .doUpdateSet({ game_name: gameName, created_at: at, read_at: null }),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      // Only the newest `keep` stay.
      await trx
        .deleteFrom('notifications')
        .where('user_id', '=', userId)
        .where(
          'id',
          'not in',
          trx
            .selectFrom('notifications')
            .select('id')
            .where('user_id', '=', userId)
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(keep),
        )
        .execute();
      return row.id;
    });
  }

  async list(userId: number, limit: number): Promise<StoredNotification[]> {
    const rows = await this.db
      .selectFrom('notifications')
      .innerJoin('users', 'users.id', 'notifications.from_user_id')
      .select([
        'notifications.id',
        'notifications.game_id',
        'notifications.game_name',
        'notifications.created_at',
        'notifications.read_at',
        'users.id as from_id',
        'users.username as from_username',
        'users.avatar as from_avatar',
      ])
      .where('notifications.user_id', '=', userId)
      .orderBy('notifications.created_at', 'desc')
      .orderBy('notifications.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      userId,
      kind: 'game_invite',
      from: { id: r.from_id, username: r.from_username, avatar: r.from_avatar },
      gameId: r.game_id,
      gameName: r.game_name,
      at: Number(r.created_at),
      read: r.read_at !== null,
    }));
  }

  async unread(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async markRead(userId: number, ids: readonly number[] | null, at: number): Promise<void> {
    if (ids !== null && ids.length === 0) return;
    let update = this.db
      .updateTable('notifications')
      .set({ read_at: at })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null);
    if (ids !== null) update = update.where('id', 'in', [...ids]);
    await update.execute();
  }
}
