import type { Card, Rank, RankMask } from './card.js';
import type { RngState } from './rng.js';
import type { Rules } from './rules.js';

export type Phase = 'waiting' | 'setup' | 'playing' | 'finished';

/** Where a played card comes from. */
export type Source = 'hand' | 'faceUp' | 'faceDown';

/** AI levels the engine knows (see `AI_POLICIES`); `strong` searches, the others follow a rule. */
export type AiLevel = 'random' | 'prototype' | 'greedy' | 'strong';

/**
 * How a table fills and starts. Variants differ only in these data (docs/product.md §D2, §D4):
 * - `auto`: the deck is shuffled at creation and each player is dealt on taking a seat; players
 *   choose face-up cards (or say ready) while waiting, and play starts by itself once at least
 *   `minSeats` are seated and all are ready. (Main game, simple websocket, simple REST.)
 * - `manual`: nobody is dealt until a `start` command; then a setup phase for choosing face-up
 *   cards, or straight to play when `chooseFaceUp` is off. (Public games, easy, server REST.)
 */
export type Flow = 'auto' | 'manual';

export interface TableOptions {
  readonly rules: Rules;
  readonly flow: Flow;
  /** 2–8. In the `auto` flow it also fixes the number of decks (two for 6 or more). */
  readonly maxSeats: number;
  /** `manual` flow: a `start` command from a seat that is not ready is refused. */
  readonly startNeedsReady: boolean;
}

export interface Seat {
  /** Caller-chosen id, unique in the game (the service decides what it is). */
  readonly id: string;
  readonly name: string;
  /** `null` for a human; the policy that plays this seat otherwise. */
  readonly ai: AiLevel | null;
  readonly hand: readonly Card[];
  readonly faceUp: readonly Card[];
  readonly faceDown: readonly Card[];
  /** Waiting: said ready. Setup or `auto` waiting with chooseFaceUp: has chosen face-up cards. */
  readonly ready: boolean;
  /** Left a game that had started: the seat stays and is played for (docs/product.md §D4). */
  readonly left: boolean;
  /**
   * Cards of `hand` that every player saw go in (picked up with the pile, or a face-down card
   * turned and taken up), until they are played; absent when none (and in states saved before
   * this field). Other viewers get their faces only, without ids (see `SeatView.known`).
   */
  readonly known?: readonly Card[] | undefined;
  /**
   * The seat's last pick-up by choice (see `PickedUpOver`); absent when none or when all those
   * cards may have been played since.
   */
  readonly pickedUpOver?: PickedUpOver | undefined;
  /**
   * What the seat's face-up choice and plays from hand showed its unseen hand cards lack (see
   * `Lacks`); absent when none or when all the cards it covers may have been played since.
   */
  readonly lacks?: Lacks | undefined;
}

/**
 * Public facts of the seat's choices, read through one rule of play: `unseen` of its hand cards that
 * nobody else has seen hold none of the ranks in `ranks` if the seat lays its best cards face-up and
 * sheds its lowest card (see `lacksAfterFaceUp` and `lacksAfterPlay`). Set over all its unseen cards
 * when it chooses its face-up cards and at each play from hand (joined with what it showed before
 * when it has drawn nothing since), kept through pick-ups and draws (the new cards are not covered)
 * and lowered by every unseen card it plays, so never too many. Whether a seat plays by that rule is
 * for an AI to judge (`greedy` does, exactly).
 */
export interface Lacks {
  readonly ranks: RankMask;
  readonly unseen: number;
}

/**
 * Public facts of a pick-up by choice: the rank the seat would have had to beat, and how many of
 * its hand cards nobody else had seen then, less every unseen card it has played since (so never
 * too many). A player who picks up mostly had nothing that fits, so an AI may guess that these
 * cards cannot beat `top`; the engine only records the facts.
 */
export interface PickedUpOver {
  readonly top: Rank;
  readonly unseen: number;
}

export type EndReason = 'out' | 'moveCap';

export interface Standing {
  readonly seat: string;
  readonly name: string;
  /** 1 for the winner. */
  readonly place: number;
  /** Cards still held (hand, face-up and face-down) when the game ended. */
  readonly cardsLeft: number;
}

export interface GameResult {
  readonly reason: EndReason;
  readonly winner: string;
  readonly standings: readonly Standing[];
}

/**
 * The whole game. Plain JSON: no classes, no Maps, no Dates. It holds every hidden card and the
 * RNG state, so it must never be sent to a client: send `viewFor(state, viewer)` instead.
 */
export interface GameState {
  readonly options: TableOptions;
  readonly phase: Phase;
  readonly seats: readonly Seat[];
  /** Draw pile; the last element is the top. */
  readonly deck: readonly Card[];
  /** Discard pile; the last element is the top. */
  readonly pile: readonly Card[];
  /** Cards removed from the game by burns. */
  readonly burned: readonly Card[];
  /** Index into `seats` of the seat to act; -1 outside play. */
  readonly turn: number;
  /** 1 = increasing seat index, -1 = decreasing (after a 9 with `nineReverses`). */
  readonly direction: 1 | -1;
  /** Accepted plays and pick-ups so far (the safety cap counts these). */
  readonly moves: number;
  readonly rng: RngState;
  readonly result: GameResult | null;
}

/** Players needed to start. */
export const MIN_SEATS = 2;
/** Largest table. */
export const MAX_SEATS = 8;
/** Face-down cards per player. */
export const FACE_DOWN_COUNT = 3;
/** Face-up cards per player, and the number a player must choose. */
export const FACE_UP_COUNT = 3;
/** Hand size a player draws back up to while the deck lasts. */
export const HAND_TARGET = 3;
/** Safety cap on accepted plays and pick-ups (docs/product.md §D3). */
export const MOVE_CAP = 1000;

/** Index of the seat with id `id`, or -1. */
export function findSeat(state: GameState, id: string): number {
  const seats = state.seats;
  for (let i = 0; i < seats.length; i++) if ((seats[i] as Seat).id === id) return i;
  return -1;
}
