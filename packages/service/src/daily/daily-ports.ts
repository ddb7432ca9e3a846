import type { DailyEnd } from '@palace/protocol';
import type { Clock, GamesStore, IdSource } from '../ports.js';

/**
 * What the daily deal keeps (docs/daily.md): the server's daily secret, from which every day's
 * seed is derived, and one attempt per player and day. Every once-only rule is a key or a
 * conditional write of the store, so several server nodes sharing it agree.
 */

/** The secret every day's seed is derived from, created once for the whole database. */
export interface DailySecret {
  readonly secret: string;
  /** When it was created (ms): the first daily deal is that day's. */
  readonly createdAt: number;
}

/** How an attempt ended, once it has. */
export interface DailyFinish {
  /** 1 to the table size; an attempt ended early (left, or the day over) is last. */
  readonly place: number;
  readonly cardsLeft: number;
  readonly end: DailyEnd;
  /** ms since the epoch. */
  readonly at: number;
}

/** A player's attempt at one day's deal, as stored. */
export interface DailyAttemptRow {
  /** `YYYY-MM-DD`. */
  readonly date: string;
  readonly userId: number;
  /** The main game it is played in. */
  readonly gameId: string;
  /** The name and avatar shown on the board, as they were at the start. */
  readonly username: string;
  readonly avatar: string | null;
  /** On the board: a registered player (guests play unranked). */
  readonly ranked: boolean;
  /** ms since the epoch. */
  readonly startedAt: number;
  /** Null while it is being played. */
  readonly finish: DailyFinish | null;
}

/** The daily deal's storage port. */
export interface DailyStore {
  /**
   * The daily secret: `candidate` (created at `at`) if none was stored yet, otherwise the one
   * stored first. Every node and every later call gets the same.
   */
  secret(candidate: string, at: number): Promise<DailySecret>;
  /** Stores a new attempt; false (nothing written) when the player has one for that day already. */
  begin(attempt: Omit<DailyAttemptRow, 'finish'>): Promise<boolean>;
  /** The player's attempt at `date`'s deal, or null. */
  attempt(date: string, userId: number): Promise<DailyAttemptRow | null>;
  /** Every attempt at the deals of `dates` (a deleted account's left out), in the order they started. */
  onDays(dates: readonly string[]): Promise<DailyAttemptRow[]>;
  /** The player's attempts, newest day first, at most `limit`. */
  byUser(userId: number, limit: number): Promise<DailyAttemptRow[]>;
  /** Records how an attempt ended, if it has not ended yet; true when this call wrote it. */
  finish(date: string, userId: number, finish: DailyFinish): Promise<boolean>;
}

/** What the daily service runs on. */
export interface DailyPorts {
  readonly store: DailyStore;
  /** The games store: a finished attempt's record is read whole to find where the player left. */
  readonly games: Pick<GamesStore, 'load'>;
  /** Which day it is (tests move it on a day). */
  readonly clock: Clock;
  /** `seed()` makes the daily secret, `digest` the commitments (sha256). */
  readonly ids: Pick<IdSource, 'seed' | 'digest'>;
  /** Hex HMAC-SHA256 of `message` under `key`: a day's seed from the secret. */
  readonly hmac: (key: string, message: string) => string;
}
