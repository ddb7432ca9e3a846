import type { AiLevel } from './state.js';

/**
 * Everything a game accepts. `seat` is always the acting seat's id. Times are not part of a
 * command: the record stores when each was accepted.
 */
export type Command =
  /** Take a seat (or, for a seat that left a started game, return to it). */
  | { readonly type: 'sit'; readonly seat: string; readonly name: string; readonly ai: AiLevel | null }
  /** Leave: frees the seat while waiting; afterwards the seat stays and is played for. */
  | { readonly type: 'leave'; readonly seat: string }
  /** Say ready or not ready while waiting. */
  | { readonly type: 'ready'; readonly seat: string; readonly ready: boolean }
  /** Start a `manual` game; `seat` is who asked (null: the host system). */
  | { readonly type: 'start'; readonly seat: string | null }
  /** Choose exactly 3 hand cards to lie face-up. Final. */
  | { readonly type: 'chooseFaceUp'; readonly seat: string; readonly cardIds: readonly string[] }
  /** Play cards of one rank from one source, or one face-down card by its `blind-{n}` id. */
  | { readonly type: 'play'; readonly seat: string; readonly cardIds: readonly string[] }
  /** Take the whole pile into the hand. */
  | { readonly type: 'pickUp'; readonly seat: string };

export type CommandType = Command['type'];
