import type { Kysely, Migration } from 'kysely';

/** Migration `0001_games`: the games and their records' entries (one row per accepted command). */
export const games: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('games')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('ai_due_at', 'bigint')
      .addColumn('ai_delay_ms', 'integer', (c) => c.notNull())
      .addColumn('commitment', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('record_head', 'text', (c) => c.notNull())
      .addColumn('entry_count', 'integer', (c) => c.notNull())
      .addColumn('meta', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('games_kind_ai_due').on('games').columns(['kind', 'ai_due_at']).execute();
    await db.schema
      .createTable('game_entries')
      .addColumn('game_id', 'text', (c) => c.notNull().references('games.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('command', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('game_entries_pk', ['game_id', 'seq'])
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('game_entries').execute();
    await db.schema.dropTable('games').execute();
  },
};
