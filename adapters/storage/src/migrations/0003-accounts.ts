import { type Kysely, type Migration, sql } from 'kysely';
import { type Dialect, rowId } from './dialect.js';

/**
 * Migration `0003_accounts`: accounts, invite codes, sessions, the token ledger (the house is account 0) and the
 * counters of guest and user numbers.
 */
export function accounts(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('users')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('username_key', 'text', (c) => c.unique())
        .addColumn('email', 'text', (c) => c.unique())
        .addColumn('password_hash', 'text')
        .addColumn('avatar', 'text')
        .addColumn('balance', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('users_balance_not_negative', sql`balance >= 0 or id = 0`)
        .execute();
      await db.schema
        .createTable('invite_codes')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('uses_left', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('invite_codes_uses_not_negative', sql`uses_left >= 0`)
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('ledger')
        .$call(rowId(dialect))
        .addColumn('movement', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('game_id', 'text')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ledger_user').on('ledger').columns(['user_id', 'id']).execute();
      await db.schema
        .createTable('counters')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'integer', (c) => c.notNull())
        .execute();
      await sql`insert into users (id, username, balance, created_at) values (0, 'house', 0, 0)`.execute(db);
      await sql`insert into counters (name, value) values ('guest', 0), ('user', 0)`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['counters', 'ledger', 'sessions', 'invite_codes', 'users']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
