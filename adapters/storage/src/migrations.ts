import { type CreateTableBuilder, type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';

/** Which SQL engine the migrations run on (the tables are the same; a few column types differ). */
export type Dialect = 'sqlite' | 'postgres';

/**
 * Versioned migrations, applied in name order on start. Never change what one does on a dialect
 * where it has shipped: add the next. Written with Kysely's schema builder so PostgreSQL gets the
 * same tables; the only difference is how a generated row id is declared (`serial`).
 */
const migrations = (dialect: Dialect): Record<string, Migration> => ({
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
  '0003_accounts': {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('users')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('username_key', 'text', (c) => c.unique())
        .addColumn('email', 'text', (c) => c.unique())
        .addColumn('password_hash', 'text')
        .addColumn('avatar', 'text')
        .addColumn('balance', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('users_balance_not_negative', sql`balance >= 0 or id = 0`)
        .execute();
      await db.schema
        .createTable('invite_codes')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('uses_left', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('invite_codes_uses_not_negative', sql`uses_left >= 0`)
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('ledger')
        .$call(rowId(dialect))
        .addColumn('movement', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('game_id', 'text')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ledger_user').on('ledger').columns(['user_id', 'id']).execute();
      await db.schema
        .createTable('counters')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'integer', (c) => c.notNull())
        .execute();
      await sql`insert into users (id, username, balance, created_at) values (0, 'house', 0, 0)`.execute(db);
      await sql`insert into counters (name, value) values ('guest', 0), ('user', 0)`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['counters', 'ledger', 'sessions', 'invite_codes', 'users']) {
        await db.schema.dropTable(table).execute();
      }
    },
  },
  '0004_results_prizes_friends': {
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
  },
  '0005_waitlist_support': {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('waitlist')
        .$call(rowId(dialect))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('waitlist_email').on('waitlist').column('email').execute();
      await db.schema
        .createTable('support_messages')
        .$call(rowId(dialect))
        .addColumn('user_id', 'integer', (c) => c.references('users.id'))
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('support_messages').execute();
      await db.schema.dropTable('waitlist').execute();
    },
  },
  '0006_seat_clock': {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('games').addColumn('turn_due_at', 'bigint').execute();
      await db.schema
        .alterTable('games')
        .addColumn('seat_clock', 'text', (c) => c.notNull().defaultTo('{"strikes":{},"away":[]}'))
        .execute();
      await db.schema
        .alterTable('games')
        .addColumn('phase', 'text', (c) => c.notNull().defaultTo('finished'))
        .execute();
      // The phase of the games stored so far, read from their state (in code: dialect-neutral).
      const rows = await sql<{ id: string; state: string }>`select id, state from games`.execute(db);
      for (const row of rows.rows) {
        const phase = (JSON.parse(row.state) as { phase?: unknown }).phase;
        if (typeof phase === 'string' && phase !== 'finished') {
          await sql`update games set phase = ${phase} where id = ${row.id}`.execute(db);
        }
      }
      await db.schema.createIndex('games_kind_turn_due').on('games').columns(['kind', 'turn_due_at']).execute();
      await db.schema.createIndex('games_kind_phase').on('games').columns(['kind', 'phase']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('games_kind_phase').execute();
      await db.schema.dropIndex('games_kind_turn_due').execute();
      await db.schema.alterTable('games').dropColumn('phase').execute();
      await db.schema.alterTable('games').dropColumn('seat_clock').execute();
      await db.schema.alterTable('games').dropColumn('turn_due_at').execute();
    },
  },
  '0007_cluster': {
    async up(db: Kysely<unknown>): Promise<void> {
      // When a seat holder was last seen on any node (written at most about once a minute per game).
      await db.schema.alterTable('games').addColumn('seen_at', 'bigint').execute();
      // Who runs a game's server-side job (AI turn, turn clock, expiry) right now, until when.
      await db.schema
        .createTable('game_leases')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      // The server nodes sharing this database, and when each last said it was alive.
      await db.schema
        .createTable('cluster_nodes')
        .addColumn('node_id', 'text', (c) => c.primaryKey())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('alive_at', 'bigint', (c) => c.notNull())
        .execute();
      // Each signed-in user's live socket: on which node, and when they last did something.
      await db.schema
        .createTable('presence')
        .addColumn('user_id', 'integer', (c) => c.primaryKey())
        .addColumn('node_id', 'text', (c) => c.notNull())
        .addColumn('connection_id', 'text', (c) => c.notNull())
        .addColumn('active_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('presence_node').on('presence').column('node_id').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('presence').execute();
      await db.schema.dropTable('cluster_nodes').execute();
      await db.schema.dropTable('game_leases').execute();
      await db.schema.alterTable('games').dropColumn('seen_at').execute();
    },
  },
  '0008_abuse': {
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
  },
  '0009_ratings': {
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
  },
  '0010_bots': {
    async up(db: Kysely<unknown>): Promise<void> {
      // Bot accounts (docs/bots.md): a user row with its owner's id; null for everyone else.
      await db.schema.alterTable('users').addColumn('bot_owner_id', 'integer').execute();
      await db.schema.createIndex('users_bot_owner').on('users').column('bot_owner_id').execute();
      // At most one live token per bot, stored by its sha-256 hash only (like sessions).
      await db.schema
        .createTable('bot_tokens')
        .addColumn('bot_id', 'integer', (c) => c.primaryKey())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('bot_tokens').execute();
      await db.schema.dropIndex('users_bot_owner').execute();
      await db.schema.alterTable('users').dropColumn('bot_owner_id').execute();
    },
  },
  '0011_settings': {
    async up(db: Kysely<unknown>): Promise<void> {
      // When an account was deleted (anonymised; docs/api.md "Settings"), else null: off every
      // leaderboard and friend search, its ledger rows kept.
      await db.schema.alterTable('users').addColumn('deleted_at', 'bigint').execute();
      // A registered player's preferences as JSON (a missing row means the defaults).
      await db.schema
        .createTable('user_preferences')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
        .addColumn('preferences', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('user_preferences').execute();
      await db.schema.alterTable('users').dropColumn('deleted_at').execute();
    },
  },
  '0012_tournaments': {
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
  },
});

/** A generated integer row id: SQLite's `autoincrement`, PostgreSQL's `serial`. */
function rowId(dialect: Dialect): <T extends string>(table: CreateTableBuilder<T>) => CreateTableBuilder<T, 'id'> {
  return (table) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** Brings the schema up to date; throws (refusing to start) if a migration fails. */
export async function migrate(db: Kysely<unknown>, dialect: Dialect = 'sqlite'): Promise<string[]> {
  const all = migrations(dialect);
  const provider: MigrationProvider = { getMigrations: async () => all };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error !== undefined) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
