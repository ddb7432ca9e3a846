import type { Move } from '../moves.js';
import type { Rng } from '../rng.js';
import type { GameView } from '../view.js';
import { determinize, unseenCards } from './determinize.js';
import { rollout, type Scoring, stepWith } from './rollout.js';

/** How much an estimate of a decision's moves may spend (see `estimateMoves`). */
export interface EstimateBudget {
  /** Sampled worlds per decision; every candidate move is played out once in each. */
  readonly worlds: number;
  /** Moves a playout makes per seat at the table before it is scored by cards held. */
  readonly perSeatDepth: number;
}

/**
 * The budget of a post-game review (docs/product.md §D14 review): 120 worlds, so a decision with 6
 * candidates costs 720 playouts, about 35–45 ms on one core of the 2-core dev machine, and one
 * move's estimate has a standard error of at most about 0.05 (less between candidates, which share
 * the worlds); depth 25 per seat as the Strong level plays (`STRONG_BUDGET`). See
 * docs/architecture.md "Reviews".
 */
export const REVIEW_BUDGET: EstimateBudget = { worlds: 120, perSeatDepth: 25 };

/** The chance to go out first, softened at a cut playout as the Strong level scores it. */
const WIN_SCORING: Scoring = { reward: 'win', scale: 4 };

/**
 * For each of `moves` (the legal moves of the view's seat, whose turn it is), the mean reward of
 * playing it in the same `budget.worlds` sampled worlds (common random numbers: every candidate is
 * played out in every world, so their differences are not drowned by the deal's noise): the
 * seat's chance to go out first, 0..1, from what it can see. Face-down cards are alike until
 * turned, so the first face-down move is played out and every face-down move gets its value.
 * Deterministic given the view, the moves and the generator.
 */
export function estimateMoves(view: GameView, moves: readonly Move[], rng: Rng, budget: EstimateBudget): number[] {
  const seatIndex = view.seats.findIndex((s) => s.id === view.viewer);
  const depth = budget.perSeatDepth * view.seats.length;
  const blind = moves.findIndex((m) => m.type === 'play' && m.source === 'faceDown');
  const played: number[] = [];
  for (let i = 0; i < moves.length; i++) if (!isFaceDown(moves[i] as Move) || i === blind) played.push(i);
  const totals = new Array<number>(moves.length).fill(0);
  const worlds = Math.max(1, budget.worlds);
  const unseen = unseenCards(view);
  for (let w = 0; w < worlds; w++) {
    const world = determinize(view, unseen, rng);
    for (const i of played) {
      totals[i] = (totals[i] as number) + rollout(stepWith(world, moves[i] as Move), seatIndex, depth, WIN_SCORING);
    }
  }
  return moves.map((m, i) => (totals[isFaceDown(m) ? blind : i] as number) / worlds);
}

/**
 * The seat's chance to go out first at a position where it need not be its turn: the mean reward
 * of playing the game on from `budget.worlds` sampled worlds of its view (0..1).
 */
export function estimatePosition(view: GameView, rng: Rng, budget: EstimateBudget): number {
  const seatIndex = view.seats.findIndex((s) => s.id === view.viewer);
  const depth = budget.perSeatDepth * view.seats.length;
  const worlds = Math.max(1, budget.worlds);
  const unseen = unseenCards(view);
  let total = 0;
  for (let w = 0; w < worlds; w++) total += rollout(determinize(view, unseen, rng), seatIndex, depth, WIN_SCORING);
  return total / worlds;
}

/** Whether `move` turns a face-down card. */
export function isFaceDown(move: Move): boolean {
  return move.type === 'play' && move.source === 'faceDown';
}
