import type { AiLevelName, RatingPreset, TournamentStatus } from '@palace/protocol';
import type { Posting, SaveOutcome } from '../ports.js';

/**
 * Tournaments' stored shape and their store (docs/tournaments.md). A tournament is one row: its
 * data as JSON, a version that guards every write (as a game's does), its status and the time its
 * next timed job is due, and the token postings of a change (fees, refunds, prizes) are written in
 * the same transaction as the row.
 */

/** One entrant. */
export type TournamentEntry = {
  readonly userId: number;
  readonly username: string;
  readonly avatar: string | null;
  readonly isGuest: boolean;
  /** Tokens paid on entering (0 for a free tournament), refunded on withdrawing or cancellation. */
  readonly paid: number;
  /** ms since the epoch. */
  readonly enteredAt: number;
  /** A simulated entrant the AI plays at every table (`palace tournament simulate`); absent for players. */
  readonly ai?: AiLevelName;
};

/**
 * A seat's outcome at a finished table: the facts its score is worked out from once the round is
 * over (`tournament-scoring.ts`; rows stored before migration 0015 also had place points, dropped).
 */
export type TableResult = {
  readonly userId: number;
  readonly place: number;
  readonly cardsLeft: number;
};

export type StoredTable = {
  /** 1-based within the round. */
  readonly number: number;
  /** The main game's id, chosen when the round was planned (the game is created under it). */
  readonly gameId: string;
  /** User ids in seat order: the index is the deal position (seated, and so dealt, in this order). */
  readonly seats: readonly number[];
  /** Null while the table plays. */
  readonly results: readonly TableResult[] | null;
};

export type StoredDeal = {
  readonly tableSize: number;
  /** Secret until the round ends (the views show it only then). */
  readonly seed: string;
  readonly commitment: string;
};

export type StoredRound = {
  readonly number: number;
  readonly startedAt: number;
  readonly finishedAt: number | null;
  readonly deals: readonly StoredDeal[];
  readonly tables: readonly StoredTable[];
  /** Entrants sitting the round out (heads-up tables and an odd count): 100 %, no cards. */
  readonly byes: readonly number[];
};

export type StoredPrize = { readonly place: number; readonly userId: number; readonly amount: number };

/** Everything about a tournament, as stored (JSON). */
export type TournamentData = {
  readonly name: string;
  readonly preset: RatingPreset;
  readonly maxPlayers: number;
  readonly tableSize: number;
  readonly rounds: number;
  readonly entryFee: number;
  /** ms since the epoch; null: it starts when full. */
  readonly startsAt: number | null;
  /** A "start when full" tournament not full by then is cancelled (ms since the epoch). */
  readonly fillBy: number | null;
  readonly createdBy: { readonly userId: number; readonly username: string };
  /** The tournament's secret seed (round 1's seating, every round's deals); shown once it is over. */
  readonly seed: string;
  readonly commitment: string;
  /** Every table of a round plays its size's deal (`duplicate`), or each its own (`independent`: simulations only). */
  readonly deals: 'duplicate' | 'independent';
  readonly entries: readonly TournamentEntry[];
  readonly roundList: readonly StoredRound[];
  readonly startedAt: number | null;
  readonly finishedAt: number | null;
  readonly prizes: readonly StoredPrize[];
};

export interface StoredTournament {
  readonly id: string;
  /** Grows by one with every accepted change; guards writes. */
  readonly version: number;
  readonly status: TournamentStatus;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** When its next timed job is due (the start time, the fill deadline), ms since the epoch, or null. */
  readonly dueAt: number | null;
  readonly data: TournamentData;
}

/** A tournament that needs the server's attention (open or running). */
export interface ActiveTournament {
  readonly id: string;
  readonly status: TournamentStatus;
  readonly dueAt: number | null;
}

/**
 * Where tournaments live. Writes are conditional on the version read, as a game's are; the
 * postings (kind fee, refund or prize; `gameId` `tournament:{id}`) are booked in the same
 * transaction, and a debit that would take a player below zero refuses the whole write (`short`).
 */
export interface TournamentsStore {
  load(id: string): Promise<StoredTournament | null>;
  /** Inserts a new tournament (`conflict` if the id is taken). */
  insert(tournament: StoredTournament, postings: readonly Posting[]): Promise<SaveOutcome>;
  /** Replaces the tournament if its stored version is still `expectedVersion`. */
  save(tournament: StoredTournament, expectedVersion: number, postings: readonly Posting[]): Promise<SaveOutcome>;
  /** Tournaments with one of `statuses`, newest created first, at most `limit`. */
  list(statuses: readonly TournamentStatus[], limit: number): Promise<readonly StoredTournament[]>;
  /** Every open or running tournament (boot and the minute's sweep). */
  active(): Promise<readonly ActiveTournament[]>;
}
