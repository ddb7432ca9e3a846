import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Migration `0004_results_prizes_friends`: finished games' results per player, prizes held for guest winners, guest
 * links and friends.
 */
export const resultsPrizesFriends: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('results')
      .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('won', 'integer', (c) => c.notNull())
      .addColumn('finished_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('results_pk', ['game_id', 'user_id'])
      .execute();
    await db.schema.createIndex('results_user').on('results').columns(['user_id', 'kind', 'finished_at']).execute();
    await db.schema
      .createTable('held_prizes')
      .addColumn('game_id', 'text', (c) => c.primaryKey().references('games.id').onDelete('cascade'))
      .addColumn('guest_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('claimed_by', 'integer', (c) => c.references('users.id'))
      .addColumn('claimed_at', 'bigint')
      .addCheckConstraint('held_prizes_amount_positive', sql`amount > 0`)
      .execute();
    await db.schema
      .createTable('guest_links')
      .addColumn('guest_id', 'integer', (c) => c.primaryKey().references('users.id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('friends')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('friend_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('friends_pk', ['user_id', 'friend_id'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const table of ['friends', 'guest_links', 'held_prizes', 'results']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
