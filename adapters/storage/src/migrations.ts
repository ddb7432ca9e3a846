import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { games } from './migrations/0001-games.js';
import { gamesListed } from './migrations/0002-games-listed.js';
import { accounts } from './migrations/0003-accounts.js';
import { resultsPrizesFriends } from './migrations/0004-results-prizes-friends.js';
import { waitlistSupport } from './migrations/0005-waitlist-support.js';
import { seatClock } from './migrations/0006-seat-clock.js';
import { cluster } from './migrations/0007-cluster.js';
import { abuse } from './migrations/0008-abuse.js';
import { ratings } from './migrations/0009-ratings.js';
import { bots } from './migrations/0010-bots.js';
import { settings } from './migrations/0011-settings.js';
import { tournaments } from './migrations/0012-tournaments.js';
import { notifications } from './migrations/0013-notifications.js';
import { reviews } from './migrations/0014-reviews.js';
import { tournamentScores } from './migrations/0015-tournament-scores.js';
import { recordsRetention } from './migrations/0016-records-retention.js';
import { daily } from './migrations/0017-daily.js';
import type { Dialect } from './migrations/dialect.js';

export type { Dialect } from './migrations/dialect.js';

/**
 * Versioned migrations, applied in name order on start, one file each under `migrations/`. Never
 * change what one does on a dialect where it has shipped: add the next file and list it here.
 * Written with Kysely's schema builder so PostgreSQL gets the same tables; the only difference is
 * how a generated row id is declared (`serial`, see `rowId`).
 */
const migrations = (dialect: Dialect): Record<string, Migration> => ({
  '0001_games': games,
  '0002_games_listed': gamesListed,
  '0003_accounts': accounts(dialect),
  '0004_results_prizes_friends': resultsPrizesFriends,
  '0005_waitlist_support': waitlistSupport(dialect),
  '0006_seat_clock': seatClock,
  '0007_cluster': cluster,
  '0008_abuse': abuse,
  '0009_ratings': ratings,
  '0010_bots': bots,
  '0011_settings': settings,
  '0012_tournaments': tournaments,
  '0013_notifications': notifications(dialect),
  '0014_reviews': reviews,
  '0015_tournament_scores': tournamentScores,
  '0016_records_retention': recordsRetention,
  '0017_daily': daily,
});

/**
 * The names of the migrations this build knows, in order (`palace restore` refuses a database
 * migrated further than that: a newer Palace wrote it).
 */
export function migrationNames(): string[] {
  return Object.keys(migrations('sqlite'));
}

/** Brings the schema up to date; throws (refusing to start) if a migration fails. */
export async function migrate(db: Kysely<unknown>, dialect: Dialect = 'sqlite'): Promise<string[]> {
  const all = migrations(dialect);
  const provider: MigrationProvider = { getMigrations: async () => all };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error !== undefined) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
