import { err, ok, type Result } from '@palace/core';
import { MAIN_KIND, type SettingsStore, type User } from '@palace/service';
import type { Kysely, Transaction } from 'kysely';
import { toUser, USER_COLUMNS } from './accounts-store.js';
import type { Database } from './schema.js';
import { transact } from './transaction.js';

/** The protocol's `Preferences`, as the port names them. */
type Preferences = Parameters<SettingsStore['savePreferences']>[1];

/** The phases of a game not finished (the engine's). */
const UNFINISHED = ['waiting', 'setup', 'playing'];

/**
 * Preferences, avatar, password change and account deletion on Kysely (dialect-neutral queries;
 * docs/api.md "Settings"). A deletion anonymises in one transaction and keeps the ledger.
 */
export class KyselySettingsStore implements SettingsStore {
  constructor(private readonly db: Kysely<Database>) {}

  async preferences(userId: number): Promise<Partial<Preferences> | null> {
    const row = await this.db
      .selectFrom('user_preferences')
      .select('preferences')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row === undefined ? null : (JSON.parse(row.preferences) as Partial<Preferences>);
  }

  async savePreferences(userId: number, preferences: Preferences, at: number): Promise<void> {
    const json = JSON.stringify(preferences);
    await this.db
      .insertInto('user_preferences')
      .values({ user_id: userId, preferences: json, updated_at: at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ preferences: json, updated_at: at }))
      .execute();
  }

  async setAvatar(userId: number, avatar: string): Promise<User | null> {
    const row = await this.db
      .updateTable('users')
      .set({ avatar })
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .returning(USER_COLUMNS)
      .executeTakeFirst();
    return row === undefined ? null : toUser(row);
  }

  async passwordHash(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row?.password_hash ?? null;
  }

  async changePassword(userId: number, passwordHash: string, keepSession: string): Promise<void> {
    await transact(this.db, async (trx) => {
      await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
      await trx.deleteFrom('sessions').where('user_id', '=', userId).where('token_hash', '!=', keepSession).execute();
    });
  }

  async deleteAccount(userId: number, at: number): Promise<Result<readonly number[], 'settings/game_in_play'>> {
    return transact(this.db, async (trx) => {
      if (await seatedInPlay(trx, userId)) return err('settings/game_in_play' as const);
      const bots = await trx.selectFrom('users').select('id').where('bot_owner_id', '=', userId).execute();
      const ids = [userId, ...bots.map((b) => b.id)];
      const email = await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
      if (email?.email != null) await trx.deleteFrom('waitlist').where('email', '=', email.email).execute();
      for (const id of ids) {
        await trx
          .updateTable('users')
          .set({
            username: `deleted-${id}`,
            username_key: `deleted-${id}`,
            email: null,
            password_hash: null,
            avatar: null,
            deleted_at: at,
          })
          .where('id', '=', id)
          .execute();
      }
      await trx.deleteFrom('user_preferences').where('user_id', 'in', ids).execute();
      await trx.deleteFrom('sessions').where('user_id', 'in', ids).execute();
      await trx.deleteFrom('presence').where('user_id', 'in', ids).execute();
      await trx.deleteFrom('bot_tokens').where('bot_id', 'in', ids).execute();
      await trx
        .deleteFrom('friends')
        .where((eb) => eb.or([eb('user_id', 'in', ids), eb('friend_id', 'in', ids)]))
        .execute();
      await trx
        .deleteFrom('notifications')
        .where((eb) => eb.or([eb('user_id', 'in', ids), eb('from_user_id', 'in', ids)]))
        .execute();
      await trx.deleteFrom('ratings').where('user_id', 'in', ids).execute();
      await trx.deleteFrom('rating_history').where('user_id', 'in', ids).execute();
      await trx.deleteFrom('support_messages').where('user_id', 'in', ids).execute();
      return ok(ids);
    });
  }
}

/**
 * Whether `userId` holds a seat in an unfinished main game (the engine's seats: a seat freed while
 * waiting stays in the game's meta). The text match only narrows the rows read; each is checked.
 */
async function seatedInPlay(db: Transaction<Database>, userId: number): Promise<boolean> {
  const seatId = String(userId);
  const rows = await db
    .selectFrom('games')
    .select('state')
    .where('kind', '=', MAIN_KIND)
    .where('phase', 'in', UNFINISHED)
    .where('state', 'like', `%"id":"${seatId}"%`)
    .execute();
  return rows.some((row) => {
    const state = JSON.parse(row.state) as { readonly seats?: ReadonlyArray<{ readonly id?: unknown }> };
    return state.seats?.some((seat) => seat.id === seatId) === true;
  });
}
