import type { Card } from '../card.js';
import type { Command } from '../command.js';
import { decide } from '../decide.js';
import { evolveAll } from '../evolve.js';
import type { Rng } from '../rng.js';
import type { Rules } from '../rules.js';
import type { GameState } from '../state.js';
import type { GameView } from '../view.js';
import { determinize, unseenCards } from './determinize.js';
import { greedyFaceUp } from './greedy.js';
import { rollout, type Scoring } from './rollout.js';

/** How much the face-up search may spend (one decision per game). */
export interface FaceUpBudget {
  /** Playouts in all (one candidate triple played out in one sampled world), shared by the halving rounds. */
  readonly iterations: number;
  /** Moves a playout makes before it is scored by cards held; default 1,000 (to the end). */
  readonly depth?: number;
  /** Another triple is chosen over greedy's only when its mean reward is higher by more than this. */
  readonly anchor: number;
}

/** The rank pattern of a triple: triples of the same ranks play alike (suits never matter). */
function rankKey(cards: readonly Card[]): string {
  return cards
    .map((c) => c.rank)
    .sort((a, b) => a - b)
    .join(',');
}

/** Every 3-card choice from `hand` with a distinct rank pattern, greedy's own first. */
function triples(hand: readonly Card[], first: readonly Card[]): Card[][] {
  const seen = new Set<string>([rankKey(first)]);
  const out: Card[][] = [[...first]];
  for (let a = 0; a < hand.length; a++) {
    for (let b = a + 1; b < hand.length; b++) {
      for (let c = b + 1; c < hand.length; c++) {
        const t = [hand[a] as Card, hand[b] as Card, hand[c] as Card];
        const key = rankKey(t);
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(t);
      }
    }
  }
  return out;
}

/** Cards that fit any pile: kept face-up for the end game. */
function isSpecial(rank: number, rules: Rules): boolean {
  return rank === 2 || (rank === 10 && rules.clearWithTens);
}

/**
 * The static face-up score of laying `up` and keeping `kept` in hand, in thousandths of a win: a
 * linear fit to rollout values (docs/architecture.md, AI levels): each 10 face-up +71, each 2 +33,
 * each face-up pair of an ordinary rank +38, the lowest ordinary card kept in hand −8.5 per rank
 * (15 when none), the ordinary face-up ranks +1 per rank.
 */
function faceUpScore(up: readonly Card[], kept: readonly Card[], rules: Rules): number {
  let score = 0;
  const counts = new Map<number, number>();
  for (const c of up) {
    if (c.rank === 10 && rules.clearWithTens) score += 71;
    else if (c.rank === 2) score += 33;
    else {
      score += c.rank;
      counts.set(c.rank, (counts.get(c.rank) ?? 0) + 1);
    }
  }
  for (const n of counts.values()) if (n >= 2) score += 38;
  let low = 15;
  for (const c of kept) if (!isSpecial(c.rank, rules) && c.rank < low) low = c.rank;
  return score - 8.5 * low;
}

/** The face-up cards with the best `faceUpScore` (ties: greedy's choice, then the first). */
export function scoredFaceUp(hand: readonly Card[], rules: Rules): Card[] {
  const greedy = greedyFaceUp(hand, rules);
  let best = greedy;
  let bestScore = faceUpScore(
    greedy,
    hand.filter((c) => !greedy.includes(c)),
    rules,
  );
  for (const t of triples(hand, greedy)) {
    const score = faceUpScore(
      t,
      hand.filter((c) => !t.includes(c)),
      rules,
    );
    if (score > bestScore) {
      best = t;
      bestScore = score;
    }
  }
  return best;
}

function must(state: GameState, command: Command): GameState {
  const decision = decide(state, command);
  if (!decision.ok) throw new Error(`broken invariant: a face-up choice was refused: ${decision.error.code}`);
  return evolveAll(state, decision.value);
}

/**
 * A sampled world (see `determinize`) in which every other seat still choosing has laid greedy's
 * face-up cards, so only the viewer's choice is left.
 */
function setupWorld(view: GameView, seatIndex: number, unseen: Card[], rng: Rng): GameState {
  let world = determinize(view, unseen, rng);
  const rules = view.options.rules;
  for (let i = 0; i < world.seats.length; i++) {
    const seat = world.seats[i];
    if (seat === undefined || i === seatIndex || seat.ready) continue;
    world = must(world, {
      type: 'chooseFaceUp',
      seat: seat.id,
      cardIds: greedyFaceUp(seat.hand, rules).map((c) => c.id),
    });
  }
  return world;
}

/**
 * The face-up choice by search: each distinct rank pattern of three hand cards is played out, with
 * `greedy`'s rollouts for every seat, in the same sampled worlds (common random numbers), and the
 * worse half dropped each round (successive halving). `greedy`'s own choice is kept to the end and
 * beaten only by more than `anchor`. Deterministic given the view and the generator.
 */
export function searchFaceUp(view: GameView, rng: Rng, budget: FaceUpBudget, scoring: Scoring): string[] {
  const seatIndex = view.seats.findIndex((s) => s.id === view.viewer);
  const hand = view.seats[seatIndex]?.hand ?? [];
  const greedy = greedyFaceUp(hand, view.options.rules);
  const choices = triples(hand, greedy);
  if (choices.length === 1) return greedy.map((c) => c.id);
  const unseen = unseenCards(view);
  const depth = budget.depth ?? 1000;
  const totals = new Array<number>(choices.length).fill(0);
  const visits = new Array<number>(choices.length).fill(0);
  const mean = (i: number): number => (totals[i] as number) / Math.max(1, visits[i] as number);
  let alive = choices.map((_, i) => i);
  const rounds = Math.max(1, Math.ceil(Math.log2(alive.length)));
  for (let round = 0; round < rounds; round++) {
    const worlds = Math.max(1, Math.floor(budget.iterations / rounds / alive.length));
    for (let w = 0; w < worlds; w++) {
      const world = setupWorld(view, seatIndex, unseen, rng);
      const seat = world.seats[seatIndex];
      if (seat === undefined) return greedy.map((c) => c.id);
      for (const i of alive) {
        const ids = (choices[i] as Card[]).map((c) => c.id);
        const started = must(world, { type: 'chooseFaceUp', seat: seat.id, cardIds: ids });
        if (started.phase !== 'playing') return greedy.map((c) => c.id);
        totals[i] = (totals[i] as number) + rollout(started, seatIndex, depth, scoring);
        visits[i] = (visits[i] as number) + 1;
      }
    }
    alive.sort((a, b) => mean(b) - mean(a) || a - b);
    if (round < rounds - 1) {
      const kept = alive.slice(0, Math.ceil(alive.length / 2));
      if (!kept.includes(0)) kept.push(0);
      alive = kept;
    }
  }
  const best = alive[0] as number;
  const pick = best !== 0 && mean(best) > mean(0) + budget.anchor ? best : 0;
  return (choices[pick] as Card[]).map((c) => c.id);
}
