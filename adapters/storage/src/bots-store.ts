import { err, ok, type Result } from '@palace/core';
import type { Bot, BotRefusal, BotsStore, NewBot, User } from '@palace/service';
import type { Kysely, Transaction } from 'kysely';
import { next, toUser, USER_COLUMNS } from './accounts-store.js';
import type { Database } from './schema.js';
import { isUniqueViolation, transact } from './transaction.js';

/**
 * Bot accounts on Kysely (docs/bots.md): a bot is a `users` row with `bot_owner_id` set (no e-mail,
 * no password, balance 0) and at most one `bot_tokens` row holding its token's hash.
 */
export class KyselyBotsStore implements BotsStore {
  constructor(private readonly db: Kysely<Database>) {}

  async create(bot: NewBot): Promise<Result<Bot, BotRefusal>> {
    const usernameKey = bot.username.toLowerCase();
    return transact(
      this.db,
      async (trx) => {
        // Touching the owner's row first makes one owner's creations queue behind each other
        // (PostgreSQL's row lock; SQLite has one writer), so the count below cannot be outrun.
        await trx
          .updateTable('users')
          .set((eb) => ({ balance: eb.ref('balance') }))
          .where('id', '=', bot.ownerId)
          .execute();
        const owned = await trx
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('bots'))
          .where('bot_owner_id', '=', bot.ownerId)
          .executeTakeFirstOrThrow();
        if (Number(owned.bots) >= bot.limit) return err('bots/limit' as const);
        const clash = await trx
          .selectFrom('users')
          .select('id')
          .where('username_key', '=', usernameKey)
          .executeTakeFirst();
        if (clash !== undefined) return err('auth/username_taken' as const);
        const id = await next(trx, 'user');
        await trx
          .insertInto('users')
          .values({
            id,
            username: bot.username,
            username_key: usernameKey,
            avatar: bot.avatar,
            balance: 0,
            created_at: bot.at,
            bot_owner_id: bot.ownerId,
          })
          .execute();
        await trx
          .insertInto('bot_tokens')
          .values({ bot_id: id, token_hash: bot.tokenHash, created_at: bot.at })
          .execute();
        return ok(await shown(trx, id));
      },
      // A racing registration of the same name: run again, and the clash check answers taken.
      { retryIf: isUniqueViolation },
    );
  }

  async bots(ownerId: number): Promise<Bot[]> {
    const rows = await botRows(this.db).where('u.bot_owner_id', '=', ownerId).orderBy('u.id').execute();
    return rows.map(toBot);
  }

  async setToken(ownerId: number, botId: number, tokenHash: string | null, at: number): Promise<Bot | null> {
    return transact(this.db, async (trx) => {
      const owned = await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', botId)
        .where('bot_owner_id', '=', ownerId)
        .executeTakeFirst();
      if (owned === undefined) return null;
      if (tokenHash === null) {
        await trx.deleteFrom('bot_tokens').where('bot_id', '=', botId).execute();
      } else {
        await trx
          .insertInto('bot_tokens')
          .values({ bot_id: botId, token_hash: tokenHash, created_at: at })
          .onConflict((oc) => oc.column('bot_id').doUpdateSet({ token_hash: tokenHash, created_at: at }))
          .execute();
      }
      return shown(trx, botId);
    });
  }

  async botByToken(tokenHash: string): Promise<User | null> {
    const row = await this.db
      .selectFrom('bot_tokens as t')
      .innerJoin('users', 'users.id', 't.bot_id')
      .select(USER_COLUMNS.map((column) => `users.${column}` as const))
      .where('t.token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row === undefined ? null : toUser(row);
  }
}

/** Bots with their token's time (null when revoked). */
function botRows(db: Kysely<Database> | Transaction<Database>) {
  return db
    .selectFrom('users as u')
    .leftJoin('bot_tokens as t', 't.bot_id', 'u.id')
    .select(['u.id', 'u.username', 'u.avatar', 'u.created_at', 't.created_at as token_created_at'])
    .where('u.bot_owner_id', 'is not', null);
}

async function shown(trx: Transaction<Database>, id: number): Promise<Bot> {
  return toBot(await botRows(trx).where('u.id', '=', id).executeTakeFirstOrThrow());
}

function toBot(row: {
  id: number;
  username: string;
  avatar: string | null;
  created_at: number;
  token_created_at: number | null;
}): Bot {
  return {
    id: row.id,
    username: row.username,
    avatar: row.avatar,
    createdAt: Number(row.created_at),
    tokenCreatedAt: row.token_created_at === null ? null : Number(row.token_created_at),
  };
}
