import type { Kysely, Migration } from 'kysely';

/**
 * Migration `0016_records_retention`: when a finished game's record entries were removed
 * (`RECORDS_KEEP_DAYS`, docs/deploy.md "Retention"), and an index for the job that looks for the
 * finished games not yet cleared, oldest first.
 */
export const recordsRetention: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('games').addColumn('entries_removed_at', 'bigint').execute();
    await db.schema
      .createIndex('games_retention')
      .on('games')
      .columns(['phase', 'entries_removed_at', 'updated_at'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('games_retention').execute();
    await db.schema.alterTable('games').dropColumn('entries_removed_at').execute();
  },
};
