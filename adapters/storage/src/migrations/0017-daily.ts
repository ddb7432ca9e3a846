import type { Kysely, Migration } from 'kysely';

/**
 * Migration `0017_daily`: the daily deal (docs/daily.md). `daily_secret` holds the one secret every
 * day's seed is derived from (a single row, created by the first server to need it); `daily_attempts`
 * one row per player and day, whose key is the once-only guard of an attempt.
 */
export const daily: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('daily_secret')
      // Always 1: the key makes a second secret impossible.
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('daily_attempts')
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('game_id', 'text', (c) => c.notNull())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('avatar', 'text')
      // 1: a registered player, on the board; 0: a guest, unranked.
      .addColumn('ranked', 'integer', (c) => c.notNull())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      // Null while the attempt is played; then how it ended.
      .addColumn('finished_at', 'bigint')
      .addColumn('place', 'integer')
      .addColumn('cards_left', 'integer')
      .addColumn('end_reason', 'text')
      .addPrimaryKeyConstraint('daily_attempts_pk', ['date', 'user_id'])
      .execute();
    // A player's history, newest day first.
    await db.schema.createIndex('daily_attempts_user').on('daily_attempts').columns(['user_id', 'date']).execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('daily_attempts').execute();
    await db.schema.dropTable('daily_secret').execute();
  },
};
