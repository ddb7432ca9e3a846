import type { Move } from '../moves.js';
import { nextU32, type Rng, type RngState, thawRng } from '../rng.js';
import type { GameView } from '../view.js';
import { determinize, unseenCards } from './determinize.js';
import { type FaceUpBudget, scoredFaceUp, searchFaceUp } from './face-up.js';
import { greedyPolicy } from './greedy.js';
import type { AiPolicy } from './policy.js';
import { type PlayoutModels, type Reward, rollout, type Scoring, seatModels, stepWith } from './rollout.js';

/** How much a search may spend on one decision. */
export interface StrongBudget {
  /**
   * Playouts per decision (one candidate move played out in one sampled world), shared evenly by
   * the halving rounds; the whole budget when no time is given.
   */
  readonly iterations: number;
  /**
   * Playouts per decision at a given number of seats, instead of `iterations` (a bigger table's
   * playouts cost differently; docs/architecture.md "AI levels").
   */
  readonly seatIterations?: Readonly<Record<number, number>>;
  /**
   * Stop early once this many ms have passed on `now` (at least one sampled world is always played;
   * the move then depends on the clock, so hosts that replay or test keep to `iterations`).
   */
  readonly timeBudgetMs?: number;
  /** The caller's clock in ms, read only when `timeBudgetMs` is given (core has no clock). */
  readonly now?: () => number;
  /** Moves a playout makes before the position is scored by cards held (see `evaluate`); default 1,000. */
  readonly depth?: number;
  /** What a playout is worth (see `evaluate`); default `win`. */
  readonly reward?: Reward;
  /** The softness in cards of the estimate at a cut playout; default 4. */
  readonly scale?: number;
  /** Depth per seat at the table instead of `depth` (depth = perSeatDepth × players). */
  readonly perSeatDepth?: number;
  /**
   * When set, greedy's own move is never dropped by the halving, and another move is chosen over
   * it only when its mean reward is higher by more than this (0: by anything; a tie keeps greedy's
   * move). Unset: the plain best mean.
   */
  readonly anchor?: number;
  /**
   * How the face-up cards are chosen: by search (see `searchFaceUp`), by `scoredFaceUp`
   * (`'score'`), or as `greedy` chooses them (unset).
   */
  readonly faceUp?: FaceUpBudget | 'score';
}

/** The fixed budget of `AI_POLICIES.strong` (see docs/architecture.md for what it buys). */
export const STRONG_BUDGET: StrongBudget = {
  iterations: 400,
  seatIterations: { 4: 500 },
  perSeatDepth: 25,
  reward: 'win',
  anchor: 0,
  faceUp: 'score',
};

/** The root moves worth telling apart: face-down cards are alike until turned, so one stands for all. */
function candidates(moves: readonly Move[]): number[] {
  const picked: number[] = [];
  let blind = false;
  for (let i = 0; i < moves.length; i++) {
    const m = moves[i] as Move;
    if (m.type === 'play' && m.source === 'faceDown') {
      if (blind) continue;
      blind = true;
    }
    picked.push(i);
  }
  return picked;
}

/**
 * Determinized Monte Carlo over the root's legal moves. Each round samples fresh worlds (see
 * `determinize`) and plays every remaining candidate move out in each of them with the greedy
 * rollout policy (Beginner and Casual seats by their own rule, see `seatModels`), so candidates
 * are compared on the same cards (common random numbers); after each round the worse half is
 * dropped (successive halving). The move with the best mean reward
 * wins (ties: more playouts, then the first). Deterministic given the view and the generator when
 * no time budget is set.
 */
export function searchMove(view: GameView, moves: readonly Move[], rng: Rng, budget: StrongBudget): Move {
  let alive = candidates(moves);
  if (alive.length === 1) return moves[alive[0] as number] as Move;
  const seatIndex = view.seats.findIndex((s) => s.id === view.viewer);
  const depth = budget.perSeatDepth !== undefined ? budget.perSeatDepth * view.seats.length : (budget.depth ?? 1000);
  const scoring: Scoring = { reward: budget.reward ?? 'win', scale: budget.scale ?? 4 };
  const clock = budget.timeBudgetMs !== undefined ? budget.now : undefined;
  const deadline = clock !== undefined ? clock() + (budget.timeBudgetMs as number) : 0;
  const unseen = unseenCards(view);
  // Beginner and Casual opponents are played out by their own rule (docs/architecture.md "AI levels").
  const models = seatModels(view);
  const anchor = budget.anchor !== undefined ? moves.indexOf(greedyPolicy.chooseMove(view, moves, rng)) : undefined;
  const visits = new Array<number>(moves.length).fill(0);
  const totals = new Array<number>(moves.length).fill(0);
  const mean = (i: number): number => (totals[i] as number) / Math.max(1, visits[i] as number);
  const better = (a: number, b: number): number =>
    mean(b) - mean(a) || (visits[b] as number) - (visits[a] as number) || a - b;
  const rounds = Math.max(1, Math.ceil(Math.log2(alive.length)));
  const iterations = budget.seatIterations?.[view.seats.length] ?? budget.iterations;
  let timeUp = false;
  for (let round = 0; round < rounds && !timeUp; round++) {
    const worlds = Math.max(1, Math.floor(iterations / rounds / alive.length));
    for (let w = 0; w < worlds; w++) {
      if (clock !== undefined && (round > 0 || w > 0) && clock() >= deadline) {
        timeUp = true;
        break;
      }
      const world = determinize(view, unseen, rng);
      // Every candidate meets the same random draws in this world (common random numbers).
      const stream: RngState | undefined =
        models === undefined ? undefined : [nextU32(rng), nextU32(rng), nextU32(rng), nextU32(rng) | 1];
      for (const i of alive) {
        const play: PlayoutModels | undefined =
          models === undefined ? undefined : { models, rng: thawRng(stream as RngState) };
        totals[i] = (totals[i] as number) + rollout(stepWith(world, moves[i] as Move), seatIndex, depth, scoring, play);
        visits[i] = (visits[i] as number) + 1;
      }
    }
    alive.sort(better);
    if (round < rounds - 1 && !timeUp) {
      const kept = alive.slice(0, Math.ceil(alive.length / 2));
      if (anchor !== undefined && !kept.includes(anchor)) kept.push(anchor);
      alive = kept;
    }
  }
  const best = alive[0] as number;
  if (anchor !== undefined && best !== anchor && mean(best) <= mean(anchor) + (budget.anchor as number)) {
    return moves[anchor] as Move;
  }
  return moves[best] as Move;
}

/**
 * `strong`: a search-based level (see `searchMove`) that sees only its seat's view and the deck
 * composition. Face-up cards are chosen as `StrongBudget.faceUp` says.
 */
export function strongPolicy(budget: StrongBudget): AiPolicy {
  return {
    chooseFaceUp: (view: GameView, rng: Rng): string[] => {
      const faceUp = budget.faceUp;
      if (faceUp === undefined) return greedyPolicy.chooseFaceUp(view, rng);
      // Heads-up the score's fit loses to greedy's choice (docs/architecture.md, AI levels).
      if (faceUp === 'score' && view.seats.length < 3) return greedyPolicy.chooseFaceUp(view, rng);
      if (faceUp === 'score') {
        const hand = view.seats.find((s) => s.id === view.viewer)?.hand ?? [];
        return scoredFaceUp(hand, view.options.rules).map((c) => c.id);
      }
      return searchFaceUp(view, rng, faceUp, { reward: budget.reward ?? 'win', scale: budget.scale ?? 4 });
    },
    chooseMove: (view: GameView, moves: readonly Move[], rng: Rng): Move => searchMove(view, moves, rng, budget),
  };
}
