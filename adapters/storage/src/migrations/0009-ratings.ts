import type { Kysely, Migration } from 'kysely';

/**
 * Migration `0009_ratings`: ratings per player and preset, and each rated game's result per player (docs/product.md
 * §D11).
 */
export const ratings: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    // One rating per player and rule preset (docs/product.md §D11): the model's mean and
    // uncertainty, games rated, and the whole number shown (for the leaderboard's order).
    await db.schema
      .createTable('ratings')
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('preset', 'text', (c) => c.notNull())
      .addColumn('mu', 'double precision', (c) => c.notNull())
      .addColumn('sigma', 'double precision', (c) => c.notNull())
      .addColumn('games', 'integer', (c) => c.notNull())
      .addColumn('shown', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('ratings_pk', ['user_id', 'preset'])
      .execute();
    await db.schema.createIndex('ratings_board').on('ratings').columns(['preset', 'shown']).execute();
    // Each rated game's result per player: the rating after it and its change (the profile's chart).
    await db.schema
      .createTable('rating_history')
      .addColumn('game_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('preset', 'text', (c) => c.notNull())
      .addColumn('shown', 'integer', (c) => c.notNull())
      .addColumn('delta', 'integer', (c) => c.notNull())
      .addColumn('games', 'integer', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('rating_history_pk', ['game_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('rating_history_user')
      .on('rating_history')
      .columns(['user_id', 'preset', 'at'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('rating_history').execute();
    await db.schema.dropTable('ratings').execute();
  },
};
