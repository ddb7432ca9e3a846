import type { Generated } from 'kysely';

/** One row per game. JSON columns hold plain JSON text. Times are integer ms since the epoch. */
export interface GamesTable {
  id: string;
  kind: string;
  version: number;
  created_at: number;
  updated_at: number;
  ai_due_at: number | null;
  ai_delay_ms: number;
  commitment: string;
  /** The engine state (never sent to clients as it is). */
  state: string;
  /** The record without its entries (those are rows of `game_entries`). */
  record_head: string;
  /** How many rows of `game_entries` belong to this game. */
  entry_count: number;
  meta: string;
  /** 1 when the game shows in its variant's public list, else 0 (added by migration 0002). */
  listed: number;
}

/** The accepted commands of each game, appended as they happen. */
export interface GameEntriesTable {
  game_id: string;
  seq: number;
  at: number;
  command: string;
  row_id: Generated<number>;
}

export interface Database {
  games: GamesTable;
  game_entries: GameEntriesTable;
}
