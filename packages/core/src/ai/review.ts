import { legalMoves, type Move } from '../moves.js';
import type { GameRecord, RecordEntry, ReplayError } from '../record.js';
import { replayStates } from '../record.js';
import { ok, type Result } from '../result.js';
import { createRng } from '../rng.js';
import { type AiLevel, findSeat, type GameState, type Seat } from '../state.js';
import { viewFor } from '../view.js';
import { type EstimateBudget, estimateMoves, estimatePosition, isFaceDown, REVIEW_BUDGET } from './estimate.js';
import { matchPlayed, type ReviewMove, reviewMoveOf } from './review-move.js';

export type { ReviewMove } from './review-move.js';

/** A drop of the chance to win this big or bigger is a mistake or a blunder (see `markOf`). */
export type ReviewMark = 'mistake' | 'blunder';

/** One reviewed move: a play or pick-up of the seat whose turn it was (docs/product.md §D14 review). */
export interface ReviewedMove {
  /** Index into `record.entries` of this command. */
  readonly entry: number;
  /** The mover's seat id. */
  readonly seat: string;
  readonly played: ReviewMove;
  /** Chance to win before the move = the best candidate's estimate (0..1, 3 decimals). */
  readonly before: number;
  /** The estimate of the move played, in the same worlds (0..1, 3 decimals). */
  readonly after: number;
  /**
   * The preferred move when it is not the one played (and better by > 0.005), else null; a
   * preferred face-down play is `{ type: 'play', cards: [], faceDown: true }`.
   */
  readonly best: ReviewMove | null;
  /** How many distinct candidates there were (face-down plays count once); 1 = forced: before = after, never marked. */
  readonly choices: number;
  /** drop = before - after: >= 0.25 'blunder', >= 0.10 'mistake'. */
  readonly mark: ReviewMark | null;
}

/** One seat's summary. */
export interface ReviewSeat {
  readonly seat: string;
  readonly name: string;
  readonly ai: AiLevel | null;
  /** The deal's luck: the seat's chance to win at its first play-phase decision, from its own view. */
  readonly luck: number;
  /** Mean of (before - after) over its unforced moves; 0 when none. */
  readonly meanDrop: number;
  readonly moves: number;
  readonly mistakes: number;
  readonly blunders: number;
}

/** The review of a game's record. */
export interface GameReview {
  readonly version: 1;
  /** Sampled worlds per decision (the budget used). */
  readonly worlds: number;
  readonly seats: readonly ReviewSeat[];
  readonly moves: readonly ReviewedMove[];
}

/** A review run one decision at a time (a server runs it in slices between requests). */
export interface ReviewJob {
  /** Decisions to review in all. */
  readonly total: number;
  /** Reviews the next decision; false once every decision is reviewed (then `result()` is ready). */
  next(): boolean;
  /** The review; throws if called before `next()` returned false. */
  result(): GameReview;
}

/** A preferred move must beat the played one by more than this to be named (0..1). */
const BEST_MARGIN = 0.005;
/** Drops in thousandths of the chance to win: a blunder from 250, a mistake from 100. */
const BLUNDER_DROP = 250;
const MISTAKE_DROP = 100;

/** A chance rounded to 3 decimals. */
const round3 = (x: number): number => Math.round(x * 1000) / 1000;

function markOf(before: number, after: number): ReviewMark | null {
  // On the rounded figures, in whole thousandths, so the mark agrees with the numbers shown.
  const drop = Math.round((before - after) * 1000);
  return drop >= BLUNDER_DROP ? 'blunder' : drop >= MISTAKE_DROP ? 'mistake' : null;
}

/**
 * The entries to review: a play or pick-up by the seat whose turn it is in the playing phase
 * (face-up choices, seating, ready, leaving are not moves). `states[i]` is the state before entry i.
 */
function decisionsOf(record: GameRecord, states: readonly GameState[]): number[] {
  const picked: number[] = [];
  record.entries.forEach((entry: RecordEntry, i) => {
    const { command } = entry;
    const state = states[i] as GameState;
    if (command.type !== 'play' && command.type !== 'pickUp') return;
    if (state.phase === 'playing' && findSeat(state, command.seat) === state.turn) picked.push(i);
  });
  return picked;
}

/** Candidates told apart: the face-down plays count as one. */
function distinctChoices(moves: readonly Move[]): number {
  const blind = moves.filter(isFaceDown).length;
  return moves.length - Math.max(0, blind - 1);
}

/** Reviews the decision at entry `i`: the mover's moves estimated from its own view. */
function reviewEntry(record: GameRecord, state: GameState, i: number, budget: EstimateBudget): ReviewedMove {
  const seat = state.seats[state.turn] as Seat;
  const moves = legalMoves(state, state.turn);
  const played = matchPlayed(seat, moves, (record.entries[i] as RecordEntry).command);
  const values = estimateMoves(viewFor(state, seat.id), moves, createRng(`review:${record.seed}:${i}`), budget);
  let bestIndex = played.index;
  for (let m = 0; m < moves.length; m++) if ((values[m] as number) > (values[bestIndex] as number)) bestIndex = m;
  const choices = distinctChoices(moves);
  // A forced move (one candidate) is shown with its chance, never marked.
  const forced = choices === 1;
  const after = round3(values[played.index] as number);
  const before = forced ? after : round3(values[bestIndex] as number);
  const better = !forced && (values[bestIndex] as number) - (values[played.index] as number) > BEST_MARGIN;
  return {
    entry: i,
    seat: seat.id,
    played: played.move,
    before,
    after,
    best: better ? reviewMoveOf(seat, moves[bestIndex] as Move) : null,
    choices,
    mark: forced ? null : markOf(before, after),
  };
}

/**
 * The seats' summaries. A seat's luck is its `before` at its first reviewed move; a seat that
 * never had a decision gets its chance at the first state in play, from its view, or an even
 * share when play never started.
 */
function summarize(
  record: GameRecord,
  states: readonly GameState[],
  moves: readonly ReviewedMove[],
  budget: EstimateBudget,
): ReviewSeat[] {
  const firstInPlay = states.find((s) => s.phase === 'playing');
  return record.seats.map((s): ReviewSeat => {
    const own = moves.filter((m) => m.seat === s.id);
    const unforced = own.filter((m) => m.choices > 1);
    const drops = unforced.reduce((sum, m) => sum + (m.before - m.after), 0);
    const luck =
      own[0] !== undefined
        ? own[0].before
        : firstInPlay === undefined
          ? round3(1 / record.seats.length)
          : round3(
              estimatePosition(viewFor(firstInPlay, s.id), createRng(`review:${record.seed}:luck:${s.id}`), budget),
            );
    return {
      seat: s.id,
      name: s.name,
      ai: s.ai,
      luck,
      meanDrop: unforced.length === 0 ? 0 : round3(drops / unforced.length),
      moves: own.length,
      mistakes: own.filter((m) => m.mark === 'mistake').length,
      blunders: own.filter((m) => m.mark === 'blunder').length,
    };
  });
}

/**
 * A review run decision by decision (docs/product.md §D14 review): for each play and pick-up, the
 * strong AI's estimate of the mover's chance to go out first before and after it, from the
 * mover's own view (see `estimateMoves`), its preferred move where different, the drop marked.
 * Pure and deterministic: entry i's worlds come from `review:{seed}:{i}`. An unfinished record is
 * reviewed as far as it goes. Fails as `replayStates` does for a record that does not replay.
 */
export function startReview(
  record: GameRecord,
  budget: EstimateBudget = REVIEW_BUDGET,
): Result<ReviewJob, ReplayError> {
  const replayed = replayStates(record);
  if (!replayed.ok) return replayed;
  const states = replayed.value;
  const decisions = decisionsOf(record, states);
  const reviewed: ReviewedMove[] = [];
  let review: GameReview | null = null;
  let finished = false;
  return ok({
    total: decisions.length,
    next(): boolean {
      const i = decisions[reviewed.length];
      if (i === undefined) {
        finished = true;
        return false;
      }
      reviewed.push(reviewEntry(record, states[i] as GameState, i, budget));
      return true;
    },
    result(): GameReview {
      if (!finished) throw new Error('the review is not finished: call next() until false');
      review ??= {
        version: 1,
        worlds: budget.worlds,
        seats: summarize(record, states, reviewed, budget),
        moves: reviewed,
      };
      return review;
    },
  });
}

/** The whole review at once (see `startReview`); `onProgress` hears (decisions done, total). */
export function reviewRecord(
  record: GameRecord,
  budget: EstimateBudget = REVIEW_BUDGET,
  onProgress?: (done: number, total: number) => void,
): Result<GameReview, ReplayError> {
  const job = startReview(record, budget);
  if (!job.ok) return job;
  let done = 0;
  while (job.value.next()) onProgress?.(++done, job.value.total);
  return ok(job.value.result());
}
