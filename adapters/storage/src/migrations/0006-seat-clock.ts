import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Migration `0006_seat_clock`: the turn clock and away seats (docs/product.md §D6), and each game's phase for the
 * idle sweep.
 */
export const seatClock: Migration = {
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
};
