import { err, ok, type Result } from '@palace/core';
import type { AccountsStore, NewAccount, RegisterRefusal, User } from '@palace/service';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { HOUSE_ID, move } from './ledger.js';
import type { Database, UsersTable } from './schema.js';
import { isUniqueViolation, transact } from './transaction.js';

/** The columns a `User` is read from. */
export const USER_COLUMNS = ['id', 'username', 'email', 'avatar', 'bot_owner_id'] as const;

export function toUser(row: Pick<Selectable<UsersTable>, (typeof USER_COLUMNS)[number]>): User {
  const { id, username, email, avatar } = row;
  return { id, username, email, avatar, isGuest: id < 0, isBot: row.bot_owner_id !== null };
}

/**
 * Accounts, invite codes and sessions on Kysely (dialect-neutral queries). A registration is one
 * transaction: the invite's use, the user and the gift's two ledger rows with both balances.
 */
export class KyselyAccountsStore implements AccountsStore {
  constructor(private readonly db: Kysely<Database>) {}

  async register(account: NewAccount): Promise<Result<User, RegisterRefusal>> {
    const usernameKey = account.username.toLowerCase();
    // Two registrations of one name can both pass the clash check (neither sees the other's
    // uncommitted row); the unique key stops the second, and running its transaction again finds
    // the committed clash and answers taken, as if they had not raced.
    return transact(
      this.db,
      async (trx) => {
        const used = await trx
          .updateTable('invite_codes')
          .set((eb) => ({ uses_left: eb('uses_left', '-', 1) }))
          .where('code', '=', account.inviteCode)
          .where('uses_left', '>', 0)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) return err('auth/invite_required' as const);
        const clash = await trx
          .selectFrom('users')
          .select(['username_key', 'email'])
          .where((eb) => eb.or([eb('username_key', '=', usernameKey), eb('email', '=', account.email)]))
          .executeTakeFirst();
        if (clash !== undefined) {
          // Returning inside the callback commits; throwing rolls the invite's use back.
          throw new Refused(clash.username_key === usernameKey ? 'auth/username_taken' : 'auth/email_taken');
        }
        const inserted = await trx
          .insertInto('users')
          .values({
            id: await next(trx, 'user'),
            username: account.username,
            username_key: usernameKey,
            email: account.email,
            password_hash: account.passwordHash,
            avatar: account.avatar,
            balance: 0,
            created_at: account.at,
          })
          .returning(USER_COLUMNS)
          .executeTakeFirstOrThrow();
        await move(trx, {
          from: HOUSE_ID,
          to: inserted.id,
          amount: account.gift,
          kind: 'gift',
          gameId: null,
          at: account.at,
        });
        return ok(toUser(inserted));
      },
      { retryIf: isUniqueViolation },
    ).catch((error: unknown) => {
      if (error instanceof Refused) return err(error.code);
      throw error;
    });
  }

  async createGuest(username: string, at: number): Promise<User> {
    return transact(this.db, async (trx) => {
      const id = -(await next(trx, 'guest'));
      await trx.insertInto('users').values({ id, username, balance: 0, created_at: at }).execute();
      return toUser({ id, username, email: null, avatar: null, bot_owner_id: null });
    });
  }

  async credentials(login: string): Promise<{ user: User; passwordHash: string } | null> {
    const key = login.toLowerCase();
    const row = await this.db
      .selectFrom('users')
      .select([...USER_COLUMNS, 'password_hash'])
      .where((eb) => eb.or([eb('username_key', '=', key), eb('email', '=', key)]))
      .where('password_hash', 'is not', null)
      .executeTakeFirst();
    return row === undefined ? null : { user: toUser(row), passwordHash: row.password_hash ?? '' };
  }

  async user(id: number): Promise<User | null> {
    if (id === HOUSE_ID) return null;
    const row = await this.db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
    return row === undefined ? null : toUser(row);
  }

  async addInvite(code: string, uses: number, at: number): Promise<boolean> {
    const result = await this.db
      .insertInto('invite_codes')
      .values({ code, uses_left: uses, created_at: at })
      .onConflict((oc) => oc.column('code').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  async createSession(tokenHash: string, userId: number, at: number, expiresAt: number): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({ token_hash: tokenHash, user_id: userId, created_at: at, expires_at: expiresAt })
      .execute();
  }

  async session(tokenHash: string, now: number, extendTo: number): Promise<User | null> {
    const extended = await this.db
      .updateTable('sessions')
      .set({ expires_at: extendTo })
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    if (extended === undefined) {
      await this.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
      return null;
    }
    return this.user(extended.user_id);
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
  }

  async purgeGuests(cutoff: {
    readonly createdBefore: number;
    readonly sessionsEndingBefore: number;
  }): Promise<number> {
    let purged = 0;
    for (;;) {
      const batch = await transact(this.db, async (trx) => {
        const rows = await trx
          .selectFrom('users as u')
          .select('u.id')
          .where('u.id', '<', 0)
          .where('u.created_at', '<', cutoff.createdBefore)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('sessions as s')
                  .select('s.user_id')
                  .whereRef('s.user_id', '=', 'u.id')
                  .where('s.expires_at', '>=', cutoff.sessionsEndingBefore),
              ),
            ),
          )
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('held_prizes as h').select('h.guest_id').whereRef('h.guest_id', '=', 'u.id'))),
          )
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('ledger as l').select('l.user_id').whereRef('l.user_id', '=', 'u.id'))),
          )
          .orderBy('u.id', 'desc')
          .limit(PURGE_BATCH)
          .execute();
        const ids = rows.map((row) => row.id);
        if (ids.length === 0) return 0;
        await trx.deleteFrom('sessions').where('user_id', 'in', ids).execute();
        await trx.deleteFrom('presence').where('user_id', 'in', ids).execute();
        await trx
          .deleteFrom('friends')
          .where((eb) => eb.or([eb('user_id', 'in', ids), eb('friend_id', 'in', ids)]))
          .execute();
        await trx
          .deleteFrom('notifications')
          .where((eb) => eb.or([eb('user_id', 'in', ids), eb('from_user_id', 'in', ids)]))
          .execute();
        await trx.deleteFrom('results').where('user_id', 'in', ids).execute();
        await trx.deleteFrom('guest_links').where('guest_id', 'in', ids).execute();
        await trx.updateTable('support_messages').set({ user_id: null }).where('user_id', 'in', ids).execute();
        await trx.deleteFrom('users').where('id', 'in', ids).execute();
        return ids.length;
      });
      purged += batch;
      if (batch < PURGE_BATCH) return purged;
    }
  }
}

/** Guests deleted per transaction by the purge (a short write lock at a time). */
const PURGE_BATCH = 500;

class Refused extends Error {
  constructor(readonly code: RegisterRefusal) {
    super(code);
  }
}

/** The next value of a named counter (an atomic update, so concurrent writers never share one). */
export async function next(trx: Transaction<Database>, name: 'user' | 'guest'): Promise<number> {
  const counter = await trx
    .updateTable('counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', name)
    .returning('value')
    .executeTakeFirstOrThrow();
  return counter.value;
}
