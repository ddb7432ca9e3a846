import type { Kysely, Migration } from 'kysely';

/** Migration `0010_bots`: bot accounts and their tokens (docs/bots.md). */
export const bots: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    // Bot accounts (docs/bots.md): a user row with its owner's id; null for everyone else.
    await db.schema.alterTable('users').addColumn('bot_owner_id', 'integer').execute();
    await db.schema.createIndex('users_bot_owner').on('users').column('bot_owner_id').execute();
    // At most one live token per bot, stored by its sha-256 hash only (like sessions).
    await db.schema
      .createTable('bot_tokens')
      .addColumn('bot_id', 'integer', (c) => c.primaryKey())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('bot_tokens').execute();
    await db.schema.dropIndex('users_bot_owner').execute();
    await db.schema.alterTable('users').dropColumn('bot_owner_id').execute();
  },
};
