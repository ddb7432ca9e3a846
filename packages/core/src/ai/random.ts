import type { Move } from '../moves.js';
import { nextInt, type Rng, shuffleInPlace } from '../rng.js';
import type { GameView } from '../view.js';
import type { AiPolicy } from './policy.js';

/** A uniformly random one of `items` (non-empty). */
export function pickOne<T>(items: readonly T[], rng: Rng): T {
  return items[nextInt(rng, items.length)] as T;
}

/** 3 random hand cards. */
export function randomFaceUp(view: GameView, rng: Rng): string[] {
  const own = view.seats.find((s) => s.id === view.viewer);
  const ids = (own?.hand ?? []).map((c) => c.id);
  shuffleInPlace(rng, ids);
  return ids.slice(0, 3);
}

/** `random`: a uniformly random legal move (one per rank and count, see `legalMoves`). */
export const randomPolicy: AiPolicy = {
  chooseFaceUp: randomFaceUp,
  chooseMove: (_view: GameView, moves: readonly Move[], rng: Rng): Move => pickOne(moves, rng),
};
