/**
 * Helpers for the main game tests, one file per concept: the HTTP and socket clients
 * (main-client), the game driver (main-table) and the leak and ledger checks (main-checks).
 */
export * from './main-checks.js';
export * from './main-client.js';
export * from './main-table.js';
