import type { Kysely, Migration } from 'kysely';

/**
 * Migration `0007_cluster`: what several nodes sharing one database need: sightings, job leases, the nodes,
 * presence.
 */
export const cluster: Migration = {
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
};
