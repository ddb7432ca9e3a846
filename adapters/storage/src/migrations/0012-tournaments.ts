import type { Kysely, Migration } from 'kysely';

/** Migration `0012_tournaments`: tournaments, one versioned row each (docs/tournaments.md). */
export const tournaments: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    // One row per tournament (docs/tournaments.md): its data as JSON, a version guarding every
    // write, its status and when its next timed job is due (ms since the epoch, or null).
    await db.schema
      .createTable('tournaments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('due_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .execute();
    // The lists by status, newest first, and the open or running ones at boot and each sweep.
    await db.schema
      .createIndex('tournaments_status_created')
      .on('tournaments')
      .columns(['status', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('tournaments').execute();
  },
};
