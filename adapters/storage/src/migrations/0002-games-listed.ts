import type { Kysely, Migration } from 'kysely';

/** Migration `0002_games_listed`: whether a game shows in its variant's public list, and that list's index. */
export const gamesListed: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('games')
      .addColumn('listed', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('games_kind_listed').on('games').columns(['kind', 'listed', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('games_kind_listed').execute();
    await db.schema.alterTable('games').dropColumn('listed').execute();
  },
};
