import type { FriendsStore, User } from '@palace/service';
import type { Kysely } from 'kysely';
import { toUser, USER_COLUMNS } from './accounts-store.js';
import type { Database } from './schema.js';
import { transact } from './transaction.js';

/** Friend lists on Kysely: adding stores both directions, removing deletes both. */
export class KyselyFriendsStore implements FriendsStore {
  constructor(private readonly db: Kysely<Database>) {}

  async userByName(username: string): Promise<User | null> {
    const row = await this.db
      .selectFrom('users')
      .select(USER_COLUMNS)
      .where('username_key', '=', username.trim().toLowerCase())
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row === undefined ? null : toUser(row);
  }

  async addFriend(userId: number, friendId: number, at: number): Promise<void> {
    await transact(this.db, async (trx) => {
      for (const [a, b] of [
        [userId, friendId],
        [friendId, userId],
      ] as const) {
        await trx
          .insertInto('friends')
          .values({ user_id: a, friend_id: b, created_at: at })
          .onConflict((oc) => oc.columns(['user_id', 'friend_id']).doNothing())
          .execute();
      }
    });
  }

  async removeFriend(userId: number, friendId: number): Promise<boolean> {
    const removed = await this.db
      .deleteFrom('friends')
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', userId), eb('friend_id', '=', friendId)]),
          eb.and([eb('user_id', '=', friendId), eb('friend_id', '=', userId)]),
        ]),
      )
      .executeTakeFirst();
    return Number(removed.numDeletedRows) > 0;
  }

  async friends(userId: number): Promise<User[]> {
    const rows = await this.db
      .selectFrom('friends')
      .innerJoin('users', 'users.id', 'friends.friend_id')
      .select(['users.id', 'users.username', 'users.email', 'users.avatar', 'users.bot_owner_id'])
      .where('friends.user_id', '=', userId)
      .orderBy('users.username_key')
      .execute();
    return rows.map(toUser);
  }
}
