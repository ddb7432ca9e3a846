import type { Kysely, Migration } from 'kysely';

/** Migration `0011_settings`: deleted accounts and registered players' preferences (docs/api.md "Settings"). */
export const settings: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    // When an account was deleted (anonymised; docs/api.md "Settings"), else null: off every
    // leaderboard and friend search, its ledger rows kept.
    await db.schema.alterTable('users').addColumn('deleted_at', 'bigint').execute();
    // A registered player's preferences as JSON (a missing row means the defaults).
    await db.schema
      .createTable('user_preferences')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
      .addColumn('preferences', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('user_preferences').execute();
    await db.schema.alterTable('users').dropColumn('deleted_at').execute();
  },
};
