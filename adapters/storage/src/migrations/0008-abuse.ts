import type { Kysely, Migration } from 'kysely';

/** Migration `0008_abuse`: the shared abuse-limit counters and the guest purge's indexes (docs/product.md §D12). */
export const abuse: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    // The abuse limits' counts when several nodes share the database (docs/product.md §D12): one row per
    // key (an address or a login) for its current fixed window.
    await db.schema
      .createTable('rate_counters')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_counters_expires').on('rate_counters').column('expires_at').execute();
    // The guest purge looks up sessions and prizes by user (docs/product.md §D12).
    await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
    await db.schema.createIndex('held_prizes_guest').on('held_prizes').column('guest_id').execute();
    await db.schema.createIndex('users_guest_created').on('users').columns(['id', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('users_guest_created').execute();
    await db.schema.dropIndex('held_prizes_guest').execute();
    await db.schema.dropIndex('sessions_user').execute();
    await db.schema.dropTable('rate_counters').execute();
  },
};
