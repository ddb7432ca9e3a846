import type { Kysely, Migration } from 'kysely';

/** Migration `0014_reviews`: finished games' post-game reviews, computed once (docs/records.md "Reviews"). */
export const reviews: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('game_reviews')
      .addColumn('variant', 'text', (c) => c.notNull())
      .addColumn('game_id', 'text', (c) => c.notNull())
      // JSON of the engine's `GameReview`.
      .addColumn('review', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('game_reviews_pk', ['variant', 'game_id'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('game_reviews').execute();
  },
};
