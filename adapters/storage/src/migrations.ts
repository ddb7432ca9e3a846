import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';

/**
 * Versioned migrations, applied in name order on start. Never edit one that has shipped: add the
 * next. Written with Kysely's schema builder so PostgreSQL gets the same tables.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001_games': {
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
  },
  '0002_games_listed': {
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
  },
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Brings the schema up to date; throws (refusing to start) if a migration fails. */
export async function migrate(db: Kysely<unknown>): Promise<string[]> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error !== undefined) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
