import type { Move } from '../moves.js';
import type { Rng } from '../rng.js';
import type { GameView } from '../view.js';

/**
 * How an AI seat plays. A policy sees only what its seat may see (the view) plus the legal moves,
 * so it cannot peek at hidden cards. It is deterministic given the caller's generator, which it
 * advances. A search-based level plugs in here with the same two functions.
 */
export interface AiPolicy {
  /** The 3 hand card ids to lie face-up (the view's own hand has at least 3 cards). */
  chooseFaceUp(view: GameView, rng: Rng): string[];
  /** One of `moves`, which is never empty. */
  chooseMove(view: GameView, moves: readonly Move[], rng: Rng): Move;
}
