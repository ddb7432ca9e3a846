import type { Leases } from '@palace/service';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * The leases port on the `game_leases` table (migration 0007). Taking a lease is one statement, an
 * insert that on a taken key updates the row only if its lease expired or is already the taker's;
 * the database serializes two takers of one key on the key's unique index (PostgreSQL re-checks the
 * condition against the row the other taker just wrote), so exactly one of them gets it. The same
 * statement works on SQLite and PostgreSQL.
 */
export class KyselyLeases implements Leases {
  constructor(private readonly db: Kysely<Database>) {}

  async take(key: string, holder: string, now: number, until: number): Promise<boolean> {
    const result = await this.db
      .insertInto('game_leases')
      .values({ key, holder, expires_at: until })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ holder, expires_at: until })
          .where((eb) => eb.or([eb('game_leases.expires_at', '<=', now), eb('game_leases.holder', '=', holder)])),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  async release(key: string, holder: string): Promise<void> {
    await this.db.deleteFrom('game_leases').where('key', '=', key).where('holder', '=', holder).execute();
  }

  /**
   * Drops at start-up the leases nobody can be holding any more: those of `holder` (this node's
   * id, left by its previous run if it died mid-job), or every lease when `holder` is null (the
   * embedded SQLite, whose file only one server uses). Answers how many went.
   */
  async forgetStale(holder: string | null): Promise<number> {
    let query = this.db.deleteFrom('game_leases');
    if (holder !== null) query = query.where('holder', '=', holder);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
