import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { determinize, unseenCards } from '../src/ai/determinize.js';
import { greedyPolicy } from '../src/ai/greedy.js';
import { evaluate } from '../src/ai/rollout.js';
import {
  type Card,
  createRng,
  type GameState,
  legalMoves,
  PRESETS,
  type PresetName,
  type Seat,
  STRONG_BUDGET,
  shuffleInPlace,
  strongPolicy,
  tableOptions,
  viewFor,
} from '../src/index.js';
import { card, table } from './build.js';
import { allCards } from './hidden.js';
import { playGame } from './play.js';

/** A small budget: the properties check what the search returns, not how well it plays. */
const strong = strongPolicy({ ...STRONG_BUDGET, iterations: 24 });

/** Random positions in play: a random game's states, from a table of 2–7 seats and any preset. */
const positionArb = fc.record({
  preset: fc.constantFrom<PresetName>('classic', 'easy', 'wild'),
  players: fc.integer({ min: 2, max: 7 }),
  mustPlayAll: fc.boolean(),
  seed: fc.string({ minLength: 1, maxLength: 8 }),
  at: fc.nat({ max: 100_000 }),
});
type PositionSpec = typeof positionArb extends fc.Arbitrary<infer T> ? T : never;

function positionOf(p: PositionSpec): GameState {
  const rules = { ...PRESETS[p.preset].rules, mustPlayAllSameValue: p.mustPlayAll };
  const { states } = playGame(tableOptions({ rules, maxSeats: p.players }), p.players, `strong:${p.seed}`, ['random']);
  const playing = states.filter((s) => s.phase === 'playing');
  return playing[p.at % playing.length] as GameState;
}

const seatAt = (state: GameState): Seat => state.seats[state.turn] as Seat;

/**
 * `state` with everything the seat to move cannot see dealt again in another order (the burned
 * cards were all seen on the pile: `GameView.burned`).
 */
function permuteHidden(state: GameState, seed: string): GameState {
  const me = state.turn;
  const hidden: Card[] = [...state.deck];
  for (const [i, s] of state.seats.entries()) hidden.push(...s.faceDown, ...(i === me ? [] : s.hand));
  shuffleInPlace(createRng(seed), hidden);
  let next = 0;
  const take = (n: number): Card[] => {
    next += n;
    return hidden.slice(next - n, next);
  };
  const seats = state.seats.map(
    (s, i): Seat => ({
      ...s,
      hand: i === me ? s.hand : take(s.hand.length),
      faceDown: take(s.faceDown.length),
    }),
  );
  return { ...state, seats, deck: take(state.deck.length) };
}

const faces = (cards: readonly Card[]): string[] => cards.map((c) => `${c.rank}${c.suit}`).sort();

describe('strong AI', () => {
  it('strong - only ever returns one of the legal moves', () => {
    fc.assert(
      fc.property(positionArb, fc.string({ maxLength: 6 }), (p, rngSeed) => {
        const state = positionOf(p);
        const seat = seatAt(state);
        const moves = legalMoves(state, state.turn);
        const move = strong.chooseMove(viewFor(state, seat.id), moves, createRng(rngSeed));
        expect(moves).toContainEqual(move);
      }),
      { numRuns: 60 },
    );
  });

  it('strong - chooses the same move when the hidden cards are dealt differently', () => {
    fc.assert(
      fc.property(positionArb, fc.string({ maxLength: 6 }), (p, permutation) => {
        const state = positionOf(p);
        const other = permuteHidden(state, permutation);
        const seat = seatAt(state).id;
        expect(viewFor(other, seat)).toEqual(viewFor(state, seat));
        const moves = legalMoves(state, state.turn);
        expect(legalMoves(other, other.turn)).toEqual(moves);
        const a = strong.chooseMove(viewFor(state, seat), moves, createRng('same'));
        const b = strong.chooseMove(viewFor(other, seat), moves, createRng('same'));
        expect(b).toEqual(a);
      }),
      { numRuns: 30 },
    );
  });

  it('strong - is deterministic: the same view and generator state give the same move', () => {
    fc.assert(
      fc.property(positionArb, (p) => {
        const state = positionOf(p);
        const view = viewFor(state, seatAt(state).id);
        const moves = legalMoves(state, state.turn);
        const first = createRng('det');
        const second = createRng('det');
        expect(strong.chooseMove(view, moves, first)).toEqual(strong.chooseMove(view, moves, second));
        expect(second.s).toEqual(first.s);
      }),
      { numRuns: 30 },
    );
  });

  it('determinize - samples a whole deck that shows the seat exactly its own view', () => {
    fc.assert(
      fc.property(positionArb, fc.string({ maxLength: 6 }), (p, rngSeed) => {
        const state = positionOf(p);
        const seat = seatAt(state).id;
        const view = viewFor(state, seat);
        const world = determinize(view, unseenCards(view), createRng(rngSeed));
        expect(viewFor(world, seat)).toEqual(view);
        expect(faces(allCards(world))).toEqual(faces(allCards(state)));
        const ids = allCards(world).map((c) => c.id);
        expect(new Set(ids).size).toBe(ids.length);
      }),
      { numRuns: 60 },
    );
  });

  it('unseenCards - are the deck minus the own hand, the face-up cards and the pile', () => {
    const state = table({
      seats: [
        { hand: ['2h', '7d'], faceUp: ['Kc'] },
        { hand: ['3s', '3d'], faceUp: ['Ah'] },
      ],
      pile: ['5c', '6c'],
      deck: 38,
    });
    const unseen = unseenCards(viewFor(state, 's0'));
    // 52 cards in play (so one deck): 2 in the own hand, 2 face-up, 2 on the pile are seen.
    expect(unseen).toHaveLength(46);
    const labels = faces(unseen);
    for (const seen of ['2hearts', '7diamonds', '13clubs', '14hearts', '5clubs', '6clubs']) {
      expect(labels).not.toContain(seen);
    }
    expect(labels).toContain('3spades');
  });

  it('unseenCards and determinize - the burned cards the view shows are seen, and stay burned in every world', () => {
    const base = table({
      seats: [
        { hand: ['2h', '7d'], faceUp: ['Kc'] },
        { hand: ['3s', '3d'], faceUp: ['Ah'] },
      ],
      pile: ['5c', '6c'],
      deck: 35,
    });
    const state: GameState = { ...base, burned: [card('10h'), card('10d'), card('5s')] };
    const view = viewFor(state, 's0');
    expect(view.burned).toEqual([
      { rank: 10, suit: 'hearts' },
      { rank: 10, suit: 'diamonds' },
      { rank: 5, suit: 'spades' },
    ]);
    const unseen = unseenCards(view);
    // 52 in play: 2 in the own hand, 2 face-up, 2 on the pile and 3 burned are seen.
    expect(unseen).toHaveLength(43);
    expect(faces(unseen)).not.toContain('10hearts');
    expect(faces(unseen)).not.toContain('5spades');
    const world = determinize(view, unseen, createRng('burned'));
    expect(faces(world.burned)).toEqual(faces(state.burned));
    expect(viewFor(world, 's0')).toEqual(view);
  });

  it('evaluate - win reward: a cut playout scores a softmax chance to go out first, summing to 1', () => {
    // Four seats holding 3 + 3 + 3 + 3 (face-down) plus 1, 4, 7 and 10 hand cards.
    const state = table({
      seats: [
        { hand: ['5d'] },
        { hand: ['5c', '6c', '7c', '8c'] },
        { hand: ['9c', '9d', '9h', 'Jc', 'Jd', 'Jh', 'Qc'] },
        {
          hand: ['3c', '3d', '3h', '4c', '4d', '4h', 'Kd', 'Kh', 'Ks', 'Ah'],
        },
      ],
    });
    const win = { reward: 'win', scale: 4 } as const;
    const chances = [0, 1, 2, 3].map((i) => evaluate(state, i, win));
    expect(chances.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    // Fewer cards, better chance; the second-best seat is above the middle by place but far from
    // a fair share of wins (the leader takes most of them).
    expect(chances[0]).toBeGreaterThan(chances[1] as number);
    expect(chances[1]).toBeGreaterThan(chances[2] as number);
    expect(chances[2]).toBeGreaterThan(chances[3] as number);
    expect(chances[0]).toBeGreaterThan(0.5);
    const place = { reward: 'place', scale: 4 } as const;
    expect(evaluate(state, 1, place)).toBeGreaterThan(0.5);
    expect(evaluate(state, 1, win)).toBeLessThan(0.3);
    // Heads-up the two rewards agree (a logistic of the difference).
    const duo = table({ seats: [{ hand: ['5d'] }, { hand: ['5c', '6c', '7c', '8c'] }] });
    expect(evaluate(duo, 0, win)).toBeCloseTo(evaluate(duo, 0, place), 10);
  });

  it('evaluate - win reward: a finished game scores 1 for the winner and 0 for every other place', () => {
    const state = table({ seats: [{ hand: ['5d'] }, { hand: ['5c'] }, { hand: ['6c', '7c'] }] });
    const finished: GameState = {
      ...state,
      phase: 'finished',
      result: {
        winner: 's1',
        reason: 'out',
        standings: [
          { seat: 's1', name: 'P1', place: 1, cardsLeft: 0 },
          { seat: 's0', name: 'P0', place: 2, cardsLeft: 4 },
          { seat: 's2', name: 'P2', place: 3, cardsLeft: 5 },
        ],
      },
    };
    const win = { reward: 'win', scale: 4 } as const;
    expect([0, 1, 2].map((i) => evaluate(finished, i, win))).toEqual([0, 1, 0]);
    expect(evaluate(finished, 0, { reward: 'place', scale: 4 })).toBe(0.5);
  });

  it('strong - burns with its 10 to go out, where greedy sheds the 5 and lets the opponent finish', () => {
    // Heads-up: s0 holds a 5 and a 10; the opponent has one card left. 10 (burn, play again) then 5
    // wins at once; the 5 first (greedy's lowest rank) lets the opponent play its last card.
    const state = table({
      seats: [
        { hand: ['5d', '10h'], faceDown: [] },
        { hand: ['Ks'], faceDown: [] },
      ],
      pile: ['3c'],
    });
    const moves = legalMoves(state, 0);
    const view = viewFor(state, 's0');
    expect(greedyPolicy.chooseMove(view, moves, createRng('g'))).toMatchObject({ rank: 5 });
    expect(strongPolicy({ iterations: 60 }).chooseMove(view, moves, createRng('x'))).toMatchObject({ rank: 10 });
  });

  it('strong - stops at its time budget on the caller-supplied clock', () => {
    const state = positionOf({ preset: 'classic', players: 2, mustPlayAll: false, seed: 'clock', at: 7 });
    const moves = legalMoves(state, state.turn);
    let ticks = 0;
    // A fake clock that advances 1 ms per reading: the budget of 5 ms allows only a few worlds.
    const policy = strongPolicy({ iterations: 1_000_000, timeBudgetMs: 5, now: () => ticks++ });
    const move = policy.chooseMove(viewFor(state, seatAt(state).id), moves, createRng('t'));
    expect(moves).toContainEqual(move);
    expect(ticks).toBeGreaterThan(0);
    expect(ticks).toBeLessThan(10);
  });

  it('strong - a whole game with strong seats ends', () => {
    const { states } = playGame(tableOptions({ rules: PRESETS.classic.rules, maxSeats: 3 }), 3, 'strong-game', [
      'strong',
      'greedy',
      'strong',
    ]);
    const last = states[states.length - 1] as GameState;
    expect(last.phase).toBe('finished');
    expect(last.result?.standings).toHaveLength(3);
  });
});
