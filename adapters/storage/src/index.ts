/** @palace/adapter-storage — the games store on Kysely; embedded SQLite by default. */
export { HOUSE_ID, KyselyAccountsStore } from './accounts-store.js';
export { KyselyGamesStore } from './games-store.js';
export { migrate } from './migrations.js';
export type { Database } from './schema.js';
export { openSqlite } from './sqlite.js';
