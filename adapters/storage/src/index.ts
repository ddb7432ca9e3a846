/** @palace/adapter-storage — the service's stores on Kysely; embedded SQLite by default. */
export { KyselyAccountsStore } from './accounts-store.js';
export { KyselyBotsStore } from './bots-store.js';
export { KyselyDailyStore } from './daily-store.js';
export { KyselyFriendsStore } from './friends-store.js';
export { KyselyGamesStore } from './games-store.js';
export { KyselyInboxStore } from './inbox-store.js';
export { KyselyLeases } from './leases-store.js';
export { HOUSE_ID } from './ledger.js';
export { type Dialect, migrate, migrationNames } from './migrations.js';
export { KyselyNotificationsStore } from './notifications-store.js';
export {
  type BusEvent,
  CLUSTER_CHANNEL,
  type ClusterMessage,
  type GameAnnouncer,
  gameAnnouncer,
  PgBus,
  type PgBusOptions,
} from './pg-bus.js';
export { isPostgresUrl, openPostgres, type PostgresOptions } from './postgres.js';
export { KyselyPresenceStore, NODE_ALIVE_MS, NODE_FORGET_MS } from './presence-store.js';
export { KyselyRateCounters } from './rate-counters-store.js';
export { KyselyRatingsStore } from './ratings-store.js';
export {
  KyselyRetention,
  RETENTION_BATCH_ROWS,
  type RetentionOutcome,
  type RetentionRun,
} from './retention-store.js';
export { KyselyReviewsStore } from './reviews-store.js';
export type { Database } from './schema.js';
export { KyselySettingsStore } from './settings-store.js';
export { openSqlite } from './sqlite.js';
export {
  checkSqlite,
  copySqlite,
  removeSqlite,
  replaceSqlite,
  type SqliteCheck,
  tempBeside,
  usable,
} from './sqlite-files.js';
export { lockFileOf, lockSqlite, type SqliteLock } from './sqlite-lock.js';
export { KyselyTokensStore } from './tokens-store.js';
export { KyselyTournamentsStore } from './tournaments-store.js';
