/**
 * The competitive side's tables (docs/product.md §D11, docs/tournaments.md, docs/daily.md): ratings,
 * tournaments and the daily deal. Part of the `Database` in `schema.ts`.
 */

/** One rating per player and preset (migration 0009; docs/product.md §D11). */
export interface RatingsTable {
  user_id: number;
  preset: string;
  mu: number;
  sigma: number;
  games: number;
  /** The whole number shown (`shownRating`), kept for the leaderboard's order. */
  shown: number;
  updated_at: number;
}

/** A rated game's result per player: the shown rating after it and its change. */
export interface RatingHistoryTable {
  game_id: string;
  user_id: number;
  preset: string;
  shown: number;
  delta: number;
  games: number;
  at: number;
}

/**
 * One row per tournament (migration 0012; docs/tournaments.md). Times are integer ms since the
 * epoch; `version` grows by one with every accepted change and guards writes, as a game's does.
 */
export interface TournamentsTable {
  id: string;
  version: number;
  /** open, running, finished or cancelled. */
  status: string;
  /** When its next timed job is due (the start time, the fill deadline), or null. */
  due_at: number | null;
  created_at: number;
  updated_at: number;
  /** JSON of the service's `TournamentData` (table results without place points since migration 0015). */
  data: string;
}

/** The secret every daily deal's seed is derived from: one row, `id` 1 (migration 0017; docs/daily.md). */
export interface DailySecretTable {
  id: number;
  secret: string;
  created_at: number;
}

/** One player's attempt at one day's deal (migration 0017; docs/daily.md). */
export interface DailyAttemptsTable {
  /** `YYYY-MM-DD`, UTC. */
  date: string;
  user_id: number;
  game_id: string;
  username: string;
  avatar: string | null;
  /** 1 for a registered player (on the board), 0 for a guest. */
  ranked: number;
  started_at: number;
  /** Null while it is played. */
  finished_at: number | null;
  place: number | null;
  cards_left: number | null;
  /** `finished`, `left` or `day_over`. */
  end_reason: string | null;
}
