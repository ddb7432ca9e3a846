import type { GameRecord, GameState } from '@palace/core';

/** Plain JSON data a variant keeps beside the engine state (credentials, chat, last action …). */
export type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

/**
 * One stored game. `version` grows by one with every accepted change: it orders polls
 * (`lastUpdate`) and guards writes (optimistic concurrency).
 */
export interface StoredGame<M extends Json = Json> {
  readonly id: string;
  /** Which variant the game belongs to (each variant has its own service and wire shapes). */
  readonly kind: string;
  readonly version: number;
  /** Integer ms since the Unix epoch. */
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly state: GameState;
  readonly record: GameRecord;
  /** Hex sha256 of the seed, published at creation (the fair-deal commitment). */
  readonly commitment: string;
  /** When the next AI action is due (ms since the epoch), or null. Stored so it survives restarts. */
  readonly aiDueAt: number | null;
  /** How long an AI seat waits before acting, in ms (the variant's prescribed delay). */
  readonly aiDelayMs: number;
  /** Whether the game shows in its variant's public list (public and still taking players). */
  readonly listed: boolean;
  /** The variant's own data. */
  readonly meta: M;
}

/** Where games live. Writes are conditional on the version read, so a lost race is detected. */
export interface GamesStore {
  load(id: string): Promise<StoredGame | null>;
  /** Inserts a new game; false when the id is taken. */
  insert(game: StoredGame): Promise<boolean>;
  /** Replaces the game if its stored version is still `expectedVersion`; false otherwise. */
  save(game: StoredGame, expectedVersion: number): Promise<boolean>;
  /** Listed games of `kind`, newest first, at most `limit` (their records may come without entries). */
  listed(kind: string, limit: number): Promise<readonly StoredGame[]>;
  /** Games of `kind` with an AI action pending (for re-arming timers at boot). */
  withAiDue(kind: string): Promise<ReadonlyArray<{ readonly id: string; readonly aiDueAt: number }>>;
}

/** The time, in integer ms since the Unix epoch. */
export interface Clock {
  now(): number;
}

/** Randomness and identifiers, from a secure source in production and a fixed one in tests. */
export interface IdSource {
  /** A new game id candidate (the caller retries on a collision). */
  gameId(): string;
  /** A fresh secret seed for a new game. */
  seed(): string;
  /** A fresh secret credential (at least 128 random bits), such as a REST player id. */
  secret(): string;
  /** A fresh session token (256 random bits). */
  token(): string;
  /** A uniformly random whole number from 0 to `n - 1` (guest name numbers and the like). */
  pick(n: number): number;
  /** Hex sha256 of `value`: the fair-deal commitment of a seed, the stored form of a credential. */
  digest(value: string): string;
}

/** Runs `task` for a game at (or after) `at`. A later call for the same game replaces the earlier. */
export interface Scheduler {
  schedule(gameId: string, at: number, task: () => void): void;
  cancel(gameId: string): void;
}

/** Tells listeners (sockets, long polls) that a game changed. They build per-viewer views. */
export interface Publisher {
  publish(game: StoredGame): void;
}
