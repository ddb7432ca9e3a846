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
  /**
   * The record. Loaded for a change or a view, it holds only the entries added since the load
   * (`entries` starts empty): the earlier ones stay in storage, so a move costs the same in a
   * long game as in a short one. `entriesFrom` says how many come before `record.entries`.
   */
  readonly record: GameRecord;
  /** How many record entries precede `record.entries` (absent: none, the record is whole). */
  readonly entriesFrom?: number;
  /**
   * When the store removed this finished game's record entries (ms since the epoch; the server's
   * `RECORDS_KEEP_DAYS`, docs/deploy.md "Retention"): its record can no longer be published. Absent
   * while they are kept.
   */
  readonly entriesRemovedAt?: number;
  /** Hex sha256 of the seed, published at creation (the fair-deal commitment). */
  readonly commitment: string;
  /** When the next AI action is due (ms since the epoch), or null. Stored so it survives restarts. */
  readonly aiDueAt: number | null;
  /** How long an AI seat waits before acting, in ms (the variant's prescribed delay). */
  readonly aiDelayMs: number;
  /** The human seats' turn clock, strikes and away seats (docs/product.md §D6). Stored so a restart re-arms it. */
  readonly seatClock: SeatClock;
  /** Whether the game shows in its variant's public list (public and still taking players). */
  readonly listed: boolean;
  /** The variant's own data. */
  readonly meta: M;
}

/**
 * `game` without its record's entries, as the store loads it for a change (`load` with `entries:
 * false`): `record.entries` empty and `entriesFrom` counting every entry before. A game already so is
 * answered as it is.
 */
export function withoutEntries<M extends Json>(game: StoredGame<M>): StoredGame<M> {
  const entries = game.record.entries.length;
  if (entries === 0 && game.entriesFrom !== undefined) return game;
  return { ...game, record: { ...game.record, entries: [] }, entriesFrom: (game.entriesFrom ?? 0) + entries };
}

/**
 * The turn clock of a game's human seats (docs/product.md §D6). When it runs out the server plays every
 * human seat that is due with the greedy AI and counts a strike; three in a row make the seat away,
 * and an away seat is played like an AI seat until its player comes back.
 */
export interface SeatClock {
  /** When the due human seats run out of time (ms since the epoch), or null when no human is due. */
  readonly turnDueAt: number | null;
  /** Timeouts in a row per seat id (absent: none); a seat's own accepted command resets it. */
  readonly strikes: Readonly<Record<string, number>>;
  /** Seat ids the server plays until their players come back. */
  readonly away: readonly string[];
  /**
   * The due seats' own deadline when `turnDueAt` is earlier for a presence deadline (a dropped
   * player's grace, docs/product.md §D13); absent when `turnDueAt` is theirs.
   */
  readonly moveDueAt?: number | null;
  /** Seat id → when its player's last socket closed (reconnecting, then away); absent: none gone. */
  readonly gone?: Readonly<Record<string, number>>;
}

/** The house account: the other side of gifts, fees, refunds and prizes. */
export const HOUSE = 0;

/** Why a token movement happened. */
export type PostingKind = 'gift' | 'fee' | 'refund' | 'prize' | 'claim';

/**
 * A token movement between two accounts (the house is account 0; its balance is minus every token
 * in players' hands). A debit that would take a player below zero refuses the whole write.
 */
export interface Posting {
  readonly from: number;
  readonly to: number;
  /** Whole tokens, above zero. */
  readonly amount: number;
  readonly kind: PostingKind;
  readonly gameId: string | null;
}

/** What a write does beside the game itself, in the same transaction (all or nothing). */
export interface Effects {
  readonly postings?: readonly Posting[];
  /** The finished game's outcome per account (recent games, wins). */
  readonly results?: ReadonlyArray<{ readonly userId: number; readonly won: boolean }>;
  /** A guest winner's prize, held until an account claims it. */
  readonly held?: { readonly guestId: number; readonly amount: number } | null;
  /** The finished game's rated seats (registered players), rated once with its tokens. */
  readonly ratings?: RatingsEffect | null;
}

/**
 * A finished rated game (docs/product.md §D11): its preset and the place of each registered
 * player. The store rates them (`rateGame`) against their current skills in the same transaction
 * as the game's final version, so a crash never rates a game twice or loses its rating, and two
 * games finishing at once for one player both count.
 */
export interface RatingsEffect {
  readonly preset: string;
  readonly seats: ReadonlyArray<{ readonly userId: number; readonly place: number }>;
}

/**
 * How a write ended: `saved`; `conflict` when another writer got there first (a stale version,
 * or a taken id on insert); `short` when a posting would take a player's balance below zero.
 */
export type SaveOutcome = 'saved' | 'conflict' | 'short';

/** A finished game as one of its players sees it in their history. */
export interface Finished {
  readonly game: StoredGame;
  readonly won: boolean;
}

/** Where games live. Writes are conditional on the version read, so a lost race is detected. */
export interface GamesStore {
  /** The game; with `entries: false` its record's earlier entries are left out (see `entriesFrom`). */
  load(id: string, options?: { readonly entries?: boolean }): Promise<StoredGame | null>;
  /** Inserts a new game with its effects. */
  insert(game: StoredGame, effects?: Effects): Promise<SaveOutcome>;
  /**
   * Replaces the game if its stored version is still `expectedVersion`, with its effects; appends
   * the record entries after the stored ones (a partial record is continued, not replaced).
   */
  save(game: StoredGame, expectedVersion: number, effects?: Effects): Promise<SaveOutcome>;
  /** Listed games of `kind`, newest first, at most `limit` (their records may come without entries). */
  listed(kind: string, limit: number): Promise<readonly StoredGame[]>;
  /**
   * Games of `kind` with an AI action pending (for re-arming timers at boot), or only those due by
   * `dueBy` (ms since the epoch; for the rescue of overdue jobs).
   */
  withAiDue(kind: string, dueBy?: number): Promise<ReadonlyArray<{ readonly id: string; readonly aiDueAt: number }>>;
  /** Games of `kind` with a human turn clock running (for re-arming timers at boot), or only those due by `dueBy`. */
  withTurnDue(
    kind: string,
    dueBy?: number,
  ): Promise<ReadonlyArray<{ readonly id: string; readonly turnDueAt: number }>>;
  /**
   * Games of `kind` not finished (engine phase waiting, setup or playing), for the sweep of
   * abandoned and expired games: just enough to pick the ones worth loading.
   */
  unfinished(kind: string): Promise<readonly UnfinishedGame[]>;
  /**
   * Notes that a seat holder of game `id` was seen at `at` (ms since the epoch) on some node, so
   * every node's sweep knows. Not a change: the version stays; an earlier time never replaces a later.
   */
  markSeen(id: string, at: number): Promise<void>;
  /** The finished games of `kind` that `userId` played, most recently finished first. */
  finishedBy(kind: string, userId: number, limit: number): Promise<readonly Finished[]>;
}

/** A game the idle sweep looks at. */
export interface UnfinishedGame {
  readonly id: string;
  readonly phase: 'waiting' | 'setup' | 'playing';
  /** ms since the epoch of the last accepted change. */
  readonly updatedAt: number;
  /** When a seat holder was last seen on any node (`markSeen`), ms since the epoch; absent if never noted. */
  readonly seenAt?: number;
}

/**
 * Exclusive claims on a key for a while, shared by the server nodes of one store: a game's
 * server-side jobs (AI turn, turn clock, sweep) run on the one node holding the game's lease. A
 * node that dies holding one loses it when it expires.
 */
export interface Leases {
  /**
   * Claims `key` for `holder` until `until` (ms since the epoch) if nobody holds it, its lease
   * expired by `now`, or `holder` holds it already (then extended). True if `holder` holds it now.
   */
  take(key: string, holder: string, now: number, until: number): Promise<boolean>;
  /** Gives `key` up if `holder` still holds it. */
  release(key: string, holder: string): Promise<void>;
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

/**
 * Runs `task` for a game at (or after) `at`. A later call for the same key replaces the earlier.
 * The key is a game id (its AI timer) or a game id with a suffix (`{id}#turn`, its turn clock).
 */
export interface Scheduler {
  schedule(gameId: string, at: number, task: () => void): void;
  cancel(gameId: string): void;
}

/** Tells listeners (sockets, long polls) that a game changed. They build per-viewer views. */
export interface Publisher {
  publish(game: StoredGame): void;
}
