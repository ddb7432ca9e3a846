import type { Command } from '../command.js';
import { decide } from '../decide.js';
import { evolveAll } from '../evolve.js';
import { BURN_WORTHY_PILE } from '../lacks.js';
import { legalMoves, type Move } from '../moves.js';
import { nextFloat, nextInt, type Rng } from '../rng.js';
import type { GameState, Seat } from '../state.js';
import type { GameView } from '../view.js';
import { CASUAL_RANDOM_SHARE } from './casual.js';

type Play = Extract<Move, { type: 'play' }>;

/**
 * The rollout policy: `greedy`'s rule read straight off the state (no view is built), so a
 * playout costs little more than the engine's own steps. Turns a face-down card when that is
 * all it can do; else plays every card of its lowest playable ordinary rank; else a 10 on a big
 * pile, a 2, a 10, a see-through 3; picks up only when nothing fits.
 */
export function rolloutMove(state: GameState, seatIndex: number): Move {
  const moves = legalMoves(state, seatIndex);
  const rules = state.options.rules;
  let best: Play | undefined;
  let ten: Play | undefined;
  let two: Play | undefined;
  let three: Play | undefined;
  for (let i = 0; i < moves.length; i++) {
    const m = moves[i] as Move;
    if (m.type !== 'play') continue;
    const rank = m.rank;
    if (rank === null) return m;
    if (rank === 2) {
      if (two === undefined) two = m;
    } else if (rank === 10 && rules.clearWithTens) {
      if (ten === undefined) ten = m;
    } else if (rank === 3 && rules.invisibleThrees) {
      if (three === undefined) three = m;
    } else if (
      best === undefined ||
      rank < (best.rank as number) ||
      (rank === best.rank && m.cardIds.length > best.cardIds.length)
    ) {
      best = m;
    }
  }
  if (best !== undefined) return best;
  if (ten !== undefined && (two === undefined || state.pile.length >= BURN_WORTHY_PILE)) return ten;
  return two ?? three ?? (moves[0] as Move);
}

/**
 * How a playout plays one seat: by `greedy`'s rule (`rolloutMove`), as `random` (any legal move)
 * or as Casual (`casualPolicy(CASUAL_RANDOM_SHARE)`: a random legal move that share of the time
 * when there is a choice, else greedy's).
 */
export type SeatModel = 'greedy' | 'random' | 'casual';

/**
 * Each seat's model from the levels the view shows (`SeatView.ai`): Beginner and Casual seats
 * play by their own rule, everyone else (a person, Normal, Strong, the viewer) as `greedy`.
 * Undefined when every seat is `greedy`, so a playout takes the plain path.
 */
export function seatModels(view: GameView): SeatModel[] | undefined {
  const models = view.seats.map((s): SeatModel => {
    if (s.id === view.viewer) return 'greedy';
    if (s.ai === 'random') return 'random';
    if (s.ai === 'prototype') return 'casual';
    return 'greedy';
  });
  return models.every((m) => m === 'greedy') ? undefined : models;
}

/** The move `model` makes for the seat at `seatIndex` (random draws come from `rng`). */
export function modelMove(state: GameState, seatIndex: number, model: SeatModel, rng: Rng): Move {
  if (model === 'greedy') return rolloutMove(state, seatIndex);
  const moves = legalMoves(state, seatIndex);
  if (moves.length === 1) return moves[0] as Move;
  if (model === 'casual' && nextFloat(rng) >= CASUAL_RANDOM_SHARE) return rolloutMove(state, seatIndex);
  return moves[nextInt(rng, moves.length)] as Move;
}

/** Per-seat models for a playout (see `seatModels`) and the generator their random moves draw on. */
export interface PlayoutModels {
  readonly models: readonly SeatModel[];
  readonly rng: Rng;
}

/** `state` after the seat to move makes `move` (a legal move: a refusal is a bug). */
export function stepWith(state: GameState, move: Move): GameState {
  const seat = state.seats[state.turn] as Seat;
  const command: Command =
    move.type === 'pickUp' ? { type: 'pickUp', seat: seat.id } : { type: 'play', seat: seat.id, cardIds: move.cardIds };
  const decision = decide(state, command);
  if (!decision.ok) throw new Error(`broken invariant: a legal move was refused: ${decision.error.code}`);
  return evolveAll(state, decision.value);
}

/** Cards a seat still holds in all three rows. */
function held(seat: Seat): number {
  return seat.hand.length + seat.faceUp.length + seat.faceDown.length;
}

/** Cards held that make an unfinished position about 73% to 27% (a logistic scale, in cards). */
const EVAL_SCALE = 4;

/** What a playout's end is worth to the searching seat. */
export type Reward =
  /** Normalised place: 1 first … 0 last; a cut playout scores a logistic of card differences. */
  | 'place'
  /** 1 for going out first, else 0; a cut playout scores an estimate of the chance to go out first. */
  | 'win';

/** How a playout is scored (see `evaluate`). */
export interface Scoring {
  readonly reward: Reward;
  /** The softness, in cards, of the estimate at a cut playout. */
  readonly scale: number;
}

export const PLACE_SCORING: Scoring = { reward: 'place', scale: EVAL_SCALE };

/**
 * How good `state` is for the seat at `seatIndex`, from 0 to 1.
 *
 * `place`: a finished game scores the seat's normalised place; an unfinished one (a playout cut
 * at its depth) scores, for each other seat, a logistic guess of beating it from the difference in
 * cards held, averaged.
 *
 * `win`: a finished game scores 1 if the seat won, else 0; an unfinished one scores a softmax over
 * the seats of minus the cards held (over `scale`): the seat's estimated chance to go out first.
 */
export function evaluate(state: GameState, seatIndex: number, scoring: Scoring = PLACE_SCORING): number {
  const seats = state.seats;
  const n = seats.length;
  const result = state.result;
  if (result !== null) {
    const id = (seats[seatIndex] as Seat).id;
    if (scoring.reward === 'win') return result.winner === id ? 1 : 0;
    const place = result.standings.findIndex((s) => s.seat === id);
    return (n - 1 - place) / (n - 1);
  }
  const mine = held(seats[seatIndex] as Seat);
  if (scoring.reward === 'win') {
    let total = 0;
    for (let i = 0; i < n; i++) total += Math.exp((mine - held(seats[i] as Seat)) / scoring.scale);
    return 1 / total;
  }
  let score = 0;
  for (let i = 0; i < n; i++) {
    if (i === seatIndex) continue;
    score += 1 / (1 + Math.exp((mine - held(seats[i] as Seat)) / scoring.scale));
  }
  return score / (n - 1);
}

/**
 * Plays `state` on with `rolloutMove` for every seat (or each seat by its model in `play`) until the game ends or `depth` more moves
 * have been made, and scores the end for the seat at `seatIndex` (see `evaluate`).
 */
export function rollout(
  state: GameState,
  seatIndex: number,
  depth: number,
  scoring: Scoring = PLACE_SCORING,
  play?: PlayoutModels,
): number {
  let s = state;
  if (play === undefined) {
    for (let d = 0; d < depth && s.phase === 'playing'; d++) s = stepWith(s, rolloutMove(s, s.turn));
  } else {
    const { models, rng } = play;
    for (let d = 0; d < depth && s.phase === 'playing'; d++) {
      s = stepWith(s, modelMove(s, s.turn, models[s.turn] ?? 'greedy', rng));
    }
  }
  return evaluate(s, seatIndex, scoring);
}
