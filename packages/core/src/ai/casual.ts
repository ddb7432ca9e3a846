import type { Move } from '../moves.js';
import { nextFloat, type Rng } from '../rng.js';
import type { GameView } from '../view.js';
import { greedyPolicy } from './greedy.js';
import type { AiPolicy } from './policy.js';
import { pickOne, randomFaceUp } from './random.js';

/**
 * Share of `casual`'s decisions (with more than one legal move) made as `random` makes them: any
 * legal move, picking up included. Tuned on the levels bench (packages/core/bench/ai-levels.ts):
 * `random` loses nearly every game to `greedy`, and at 0.9 Casual beats Beginner about 7 in 10
 * heads-up (classic 70.9 %, easy 68.2 %, wild 72.5 %; 0.85 gives about 78 %) while Normal beats
 * Casual nearly always (docs/architecture.md "AI levels").
 */
export const CASUAL_RANDOM_SHARE = 0.9;

/**
 * A policy between `random` and `greedy`: with chance `randomShare` it makes any legal move (as
 * `random`, so it sometimes picks up the pile while it could play), otherwise it plays as `greedy`
 * does (its lowest ordinary rank, keeping 2s and 10s). Face-up it lays three random hand cards (no
 * end-game plan). Sees only its view and the legal moves; deterministic given the generator.
 */
export function casualPolicy(randomShare: number): AiPolicy {
  return {
    chooseFaceUp: randomFaceUp,
    chooseMove(view: GameView, moves: readonly Move[], rng: Rng): Move {
      if (moves.length === 1) return moves[0] as Move;
      if (nextFloat(rng) < randomShare) return pickOne(moves, rng);
      return greedyPolicy.chooseMove(view, moves, rng);
    },
  };
}

/** The Casual level (`AI_POLICIES.prototype`): `casualPolicy(CASUAL_RANDOM_SHARE)`. */
export const casualLevelPolicy: AiPolicy = casualPolicy(CASUAL_RANDOM_SHARE);
