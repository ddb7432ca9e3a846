import { describe, expect, it } from 'vitest';
import {
  AI_POLICIES,
  type AiLevel,
  aiCommand,
  appendEntry,
  applyCommand,
  type Command,
  createGame,
  createRng,
  type EstimateBudget,
  estimateMoves,
  type GameRecord,
  type GameReview,
  type GameState,
  legalMoves,
  type Move,
  newRecord,
  PRESETS,
  parseBlindId,
  REVIEW_BUDGET,
  reviewRecord,
  type Seat,
  startReview,
  tableOptions,
  viewFor,
} from '../src/index.js';
import { table } from './build.js';

/** A small budget: these tests check what a review says, not how precisely it estimates. */
const BUDGET: EstimateBudget = { worlds: 12, perSeatDepth: 25 };

const LEVELS: readonly AiLevel[] = ['greedy', 'random', 'greedy', 'prototype'];

/**
 * A whole four-seat classic game played by `LEVELS`, recorded; `swap` may replace the command of
 * the seat to move in play (return null to keep the AI's).
 */
function recordedGame(
  seed: string,
  swap: (state: GameState, entry: number) => Command | null = () => null,
): GameRecord {
  const options = tableOptions({ rules: PRESETS.classic.rules, maxSeats: 4 });
  let state = createGame(options, seed);
  let record = newRecord(options, seed, 0);
  const rng = createRng(`ai:${seed}`);
  const run = (command: Command): void => {
    const applied = applyCommand(state, command);
    if (!applied.ok) throw new Error(`refused ${JSON.stringify(command)}: ${applied.error.code}`);
    state = applied.value.state;
    record = appendEntry(record, record.entries.length * 250, command, state);
  };
  for (const [i, ai] of LEVELS.entries()) run({ type: 'sit', seat: `s${i}`, name: `P${i}`, ai });
  run({ type: 'start', seat: 's0' });
  while (state.phase !== 'finished') {
    const index = state.phase === 'playing' ? state.turn : state.seats.findIndex((s) => !s.ready);
    const seat = state.seats[index] as Seat;
    const own = state.phase === 'playing' ? swap(state, record.entries.length) : null;
    const command = own ?? aiCommand(state, index, AI_POLICIES[seat.ai ?? 'random'], rng);
    if (command === null) throw new Error('nothing due');
    run(command);
  }
  return record;
}

function reviewed(record: GameRecord, budget: EstimateBudget = BUDGET): GameReview {
  const review = reviewRecord(record, budget);
  if (!review.ok) throw new Error(review.error.message);
  return review.value;
}

const GAME = recordedGame('review');
const REVIEW = reviewed(GAME);

describe('review', () => {
  it('review - reviews every play and pick-up in play, in order, and nothing else', () => {
    const moves = GAME.entries.flatMap((e, i) =>
      e.command.type === 'play' || e.command.type === 'pickUp' ? [{ entry: i, seat: e.command.seat }] : [],
    );
    expect(moves.length).toBeGreaterThan(20);
    expect(REVIEW.moves.map((m) => ({ entry: m.entry, seat: m.seat }))).toEqual(moves);
    expect(REVIEW.version).toBe(1);
    expect(REVIEW.worlds).toBe(BUDGET.worlds);
  });

  it('review - shows the cards the record played; a face-down play shows the card it turned', () => {
    for (const m of REVIEW.moves) {
      const command = (GAME.entries[m.entry] as (typeof GAME.entries)[number]).command;
      expect(m.played.type).toBe(command.type);
      if (command.type !== 'play' || m.played.type !== 'play') continue;
      if (parseBlindId(command.cardIds[0] as string) >= 0) {
        expect(m.played.faceDown).toBe(true);
        expect(m.played.cards).toHaveLength(1);
      } else {
        expect(m.played.faceDown).toBe(false);
        expect(m.played.cards.map((c) => c.id)).toEqual(command.cardIds);
      }
    }
  });

  it('review - chances lie in 0..1, before is the best estimate, forced moves are never marked', () => {
    for (const m of REVIEW.moves) {
      for (const x of [m.before, m.after]) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(1);
        expect(Math.round(x * 1000)).toBe(x * 1000);
      }
      expect(m.before).toBeGreaterThanOrEqual(m.after - 1e-9);
      expect(m.choices).toBeGreaterThanOrEqual(1);
      if (m.choices === 1) expect(m).toMatchObject({ before: m.after, best: null, mark: null });
      const drop = Math.round((m.before - m.after) * 1000);
      expect(m.mark).toBe(drop >= 250 ? 'blunder' : drop >= 100 ? 'mistake' : null);
      if (m.best === null) expect(drop).toBeLessThanOrEqual(5);
      if (m.best?.type === 'play' && m.best.faceDown) expect(m.best.cards).toEqual([]);
    }
    expect(REVIEW.moves.some((m) => m.choices === 1)).toBe(true);
    expect(REVIEW.moves.some((m) => m.choices > 1)).toBe(true);
  });

  it('review - sums each seat up: luck in 0..1 at its first decision, counts and mean drop', () => {
    expect(REVIEW.seats.map((s) => [s.seat, s.name, s.ai])).toEqual(LEVELS.map((ai, i) => [`s${i}`, `P${i}`, ai]));
    for (const s of REVIEW.seats) {
      const own = REVIEW.moves.filter((m) => m.seat === s.seat);
      const unforced = own.filter((m) => m.choices > 1);
      expect(s.luck).toBeGreaterThanOrEqual(0);
      expect(s.luck).toBeLessThanOrEqual(1);
      expect(s.luck).toBe(own[0]?.before);
      expect(s.moves).toBe(own.length);
      expect(s.mistakes).toBe(own.filter((m) => m.mark === 'mistake').length);
      expect(s.blunders).toBe(own.filter((m) => m.mark === 'blunder').length);
      const mean = unforced.reduce((sum, m) => sum + m.before - m.after, 0) / Math.max(1, unforced.length);
      expect(s.meanDrop).toBeCloseTo(mean, 3);
    }
  });

  it('review - is deterministic, and stepping a job to the end gives the same review', () => {
    const progress: number[] = [];
    const again = reviewRecord(GAME, BUDGET, (done, total) => {
      expect(total).toBe(REVIEW.moves.length);
      progress.push(done);
    });
    expect(again).toEqual({ ok: true, value: REVIEW });
    expect(progress).toEqual(REVIEW.moves.map((_, i) => i + 1));
    const job = startReview(GAME, BUDGET);
    if (!job.ok) throw new Error(job.error.message);
    expect(job.value.total).toBe(REVIEW.moves.length);
    expect(() => job.value.result()).toThrow();
    let steps = 0;
    while (job.value.next()) {
      steps++;
      if (steps === job.value.total) expect(() => job.value.result()).toThrow();
    }
    expect(steps).toBe(job.value.total);
    expect(job.value.next()).toBe(false);
    expect(job.value.result()).toEqual(REVIEW);
  });

  it('review - a pick-up that throws the game away is a blunder, and the better play is named', () => {
    // The same game, except that the first time taking the pile costs its seat 0.3 or more of its
    // chance to win (by the review's own estimate of that decision), the seat takes it.
    const swapped: { entry: number; index: number; seat: Seat; best: Move; values: number[] }[] = [];
    const record = recordedGame('review', (state, entry) => {
      if (swapped.length > 0 || state.pile.length === 0) return null;
      const seat = state.seats[state.turn] as Seat;
      const moves = legalMoves(state, state.turn);
      const rng = createRng(`review:review:${entry}`);
      const values = estimateMoves(viewFor(state, seat.id), moves, rng, BUDGET);
      const pick = values[moves.findIndex((m) => m.type === 'pickUp')] as number;
      const top = Math.max(...values);
      if (top - pick < 0.3) return null;
      // The n-th reviewed move is the one made when n plays and pick-ups had been made.
      swapped.push({ entry, index: state.moves, seat, best: moves[values.indexOf(top)] as Move, values });
      return { type: 'pickUp', seat: seat.id };
    });
    const at = swapped[0];
    if (at === undefined) throw new Error('no pick-up in this game would have cost 0.3');
    const { entry, index, seat, best, values } = at;
    // Reviewed only as far as the bad move: an unfinished record is reviewed as far as it goes.
    const review = reviewed({ ...record, entries: record.entries.slice(0, entry + 1), result: null });
    const bad = review.moves[index];
    expect(bad).toMatchObject({ entry, seat: seat.id, played: { type: 'pickUp' }, mark: 'blunder' });
    expect(bad?.before).toBe(Math.round(Math.max(...values) * 1000) / 1000);
    expect((bad?.before ?? 0) - (bad?.after ?? 1)).toBeGreaterThanOrEqual(0.25);
    if (best.type === 'play' && best.source !== 'faceDown') {
      const cards = best.cardIds.map((id) => [...seat.hand, ...seat.faceUp].find((c) => c.id === id));
      expect(bad?.best).toEqual({ type: 'play', cards, faceDown: false });
    } else {
      expect(bad?.best).toEqual({ type: 'play', cards: [], faceDown: true });
    }
    expect(review.seats.find((s) => s.seat === seat.id)?.blunders).toBeGreaterThanOrEqual(1);
  });

  it('review - an unfinished record is reviewed as far as it goes; a damaged one fails as replay does', () => {
    const cut = GAME.entries.findIndex((_, i) => i > 30 && REVIEW.moves.some((m) => m.entry === i));
    const partial = reviewed({ ...GAME, entries: GAME.entries.slice(0, cut), result: null });
    expect(partial.moves).toEqual(REVIEW.moves.filter((m) => m.entry < cut));
    // One move in: the seats yet to move get their chance at the start of play; before play, an even share.
    const first = REVIEW.moves[0]?.entry as number;
    const opening = reviewed({ ...GAME, entries: GAME.entries.slice(0, first + 1), result: null });
    expect(opening.moves).toHaveLength(1);
    for (const s of opening.seats) {
      expect(s.luck).toBeGreaterThanOrEqual(0);
      expect(s.luck).toBeLessThanOrEqual(1);
    }
    expect(opening.seats.find((s) => s.seat === REVIEW.moves[0]?.seat)?.luck).toBe(REVIEW.moves[0]?.before);
    const seated = reviewed({ ...GAME, entries: GAME.entries.slice(0, LEVELS.length), result: null });
    expect(seated).toMatchObject({ moves: [], seats: LEVELS.map(() => ({ luck: 0.25, moves: 0, meanDrop: 0 })) });
    const damaged = reviewRecord({ ...GAME, version: 99 }, BUDGET);
    expect(damaged.ok ? null : damaged.error.code).toBe('record/version');
    const forged = reviewRecord({ ...GAME, seed: 'another' }, BUDGET);
    expect(forged.ok).toBe(false);
  });
});

describe('estimateMoves', () => {
  it('estimateMoves - face-down plays share one value; a play that wins scores 1', () => {
    // s0 holds only face-down cards: any of them, turned, might fit on the 5.
    const blind = table({
      seats: [{ faceDown: ['9c', '3d', 'Ah'] }, { hand: ['4c', '6c'] }],
      pile: ['5d'],
    });
    const moves = legalMoves(blind, 0);
    const values = estimateMoves(viewFor(blind, 's0'), moves, createRng('blind'), BUDGET);
    expect(values).toHaveLength(moves.length);
    const faceDown = values.filter((_, i) => moves[i]?.type === 'play');
    expect(new Set(faceDown).size).toBe(1);
    for (const v of values) expect(v).toBeGreaterThanOrEqual(0);
  });

  it('estimateMoves - going out is worth 1; taking the pile instead, with the opponent one card from out, about 0', () => {
    // s0 goes out with its last card, a 7 on the 5, in every world. If it takes the pile instead,
    // the opponent plays its one card on the empty pile and wins.
    const last = table({
      seats: [
        { hand: ['7h'], faceDown: [] },
        { hand: ['4c'], faceDown: [] },
      ],
      pile: ['9s', '5d'],
    });
    const moves = legalMoves(last, 0);
    const values = estimateMoves(viewFor(last, 's0'), moves, createRng('last'), BUDGET);
    expect(values[moves.findIndex((m) => m.type === 'play')]).toBe(1);
    expect(values[moves.findIndex((m) => m.type === 'pickUp')]).toBe(0);
  });

  it('REVIEW_BUDGET - plays out to the same depth per seat as the Strong level', () => {
    expect(REVIEW_BUDGET.perSeatDepth).toBe(25);
    expect(REVIEW_BUDGET.worlds).toBeGreaterThanOrEqual(50);
  });
});
