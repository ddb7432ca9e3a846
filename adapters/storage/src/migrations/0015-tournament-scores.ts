import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Migration `0015_tournament_scores`: tournaments are scored seat against seat (docs/tournaments.md
 * "Scoring"), worked out from each seat's place and cards left when its round is over, so the
 * place points stored with every table result (`points`, the table's size less the place) go.
 * Rewritten in code, row by row, so it is the same on SQLite and PostgreSQL; `down` puts them back.
 */

/** The part of a stored tournament's JSON this migration touches. */
interface StoredShape {
  roundList?: Array<{
    tables?: Array<{ seats?: unknown[]; results?: Array<Record<string, unknown>> | null }>;
  }>;
}

/** Rewrites every tournament's table results with `change`; rows whose JSON does not change are left alone. */
async function rewriteResults(
  db: Kysely<unknown>,
  change: (result: Record<string, unknown>, size: number) => Record<string, unknown>,
): Promise<void> {
  const rows = await sql<{ id: string; data: string }>`select id, data from tournaments`.execute(db);
  for (const row of rows.rows) {
    const data = JSON.parse(row.data) as StoredShape;
    for (const round of data.roundList ?? []) {
      for (const table of round.tables ?? []) {
        if (!Array.isArray(table.results)) continue;
        const size = table.seats?.length ?? table.results.length;
        table.results = table.results.map((result) => change(result, size));
      }
    }
    const rewritten = JSON.stringify(data);
    if (rewritten !== row.data) await sql`update tournaments set data = ${rewritten} where id = ${row.id}`.execute(db);
  }
}

export const tournamentScores = {
  async up(db: Kysely<unknown>): Promise<void> {
    await rewriteResults(db, ({ points: _points, ...rest }) => rest);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await rewriteResults(db, (result, size) =>
      typeof result.place === 'number' ? { ...result, points: size - result.place } : result,
    );
  },
} satisfies Migration;
