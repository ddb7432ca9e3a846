import { describe, expect, it } from 'vitest';
import { determinize, unseenCards } from '../src/ai/determinize.js';
import { modelMove, rolloutMove, seatModels } from '../src/ai/rollout.js';
import {
  AI_POLICIES,
  type AiLevel,
  type AiPolicy,
  createRng,
  type GameState,
  legalMoves,
  PRESETS,
  playDuplicate,
  STRONG_BUDGET,
  type StrongBudget,
  strongPolicy,
  viewFor,
} from '../src/index.js';
import { table } from './build.js';

/** `state` with each seat's level set (null: a person). */
const seated = (state: GameState, levels: readonly (AiLevel | null)[]): GameState => ({
  ...state,
  seats: state.seats.map((s, i) => ({ ...s, ai: levels[i] ?? null })),
});

describe('strong AI: opponents by their level', () => {
  it('seatModels - Beginner and Casual seats play by their own rule, every other seat and the viewer as greedy', () => {
    const state = seated(table({ seats: [{}, {}, {}, {}, {}] }), ['random', 'random', 'prototype', 'strong', null]);
    expect(seatModels(viewFor(state, 's0'))).toEqual(['greedy', 'random', 'casual', 'greedy', 'greedy']);
    expect(seatModels(viewFor(state, 's1'))).toEqual(['random', 'greedy', 'casual', 'greedy', 'greedy']);
    // Nobody below Normal: the plain greedy playout.
    const strongTable = seated(table({ seats: [{}, {}, {}] }), ['strong', 'greedy', null]);
    expect(seatModels(viewFor(strongTable, 's0'))).toBeUndefined();
  });

  it('modelMove - random makes every legal move, sometimes picking up while it could play; greedy never does', () => {
    const state = table({ seats: [{ hand: ['4h', '9c', 'Kd', '2s'] }, {}], pile: ['3c'] });
    const legal = legalMoves(state, 0);
    expect(legal.length).toBeGreaterThan(2);
    const rng = createRng('models');
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const move = modelMove(state, 0, 'random', rng);
      expect(legal).toContainEqual(move);
      seen.add(JSON.stringify(move));
    }
    expect(seen.size).toBe(legal.length);
    expect(modelMove(state, 0, 'greedy', rng)).toEqual(rolloutMove(state, 0));
    expect(rolloutMove(state, 0)).toMatchObject({ type: 'play', cardIds: ['4h'] });
    // Casual makes greedy's move about one time in ten and a random one otherwise.
    let greedyMoves = 0;
    for (let i = 0; i < 1000; i++) if (modelMove(state, 0, 'casual', rng).type === 'play') greedyMoves++;
    const pickUpShare = 1 - greedyMoves / 1000;
    expect(pickUpShare).toBeGreaterThan(0.1);
    expect(pickUpShare).toBeLessThan(0.3);
  });

  it('determinize - no pick-up guess for a Beginner seat: it picks up with cards that fit', () => {
    // s1 picked up over a king holding three cards nobody saw; a greedy s1 could not beat the king.
    const base = table({ seats: [{ hand: ['5h', '6h', '7h'] }, { hand: ['Ac', 'Ad', 'Ah'] }, {}], deck: 0 });
    const over = { top: 13, unseen: 3 } as const;
    const withPick = (level: AiLevel | null): GameState => {
      const s = seated(base, [null, level, null]);
      return { ...s, seats: s.seats.map((seat, i) => (i === 1 ? { ...seat, pickedUpOver: over } : seat)) };
    };
    const aces = (level: AiLevel | null): number => {
      const view = viewFor(withPick(level), 's0');
      const unseen = unseenCards(view);
      let n = 0;
      for (let w = 0; w < 200; w++) {
        const world = determinize(view, unseen, createRng(`pick:${w}`));
        n += world.seats[1]?.hand.filter((c) => c.rank === 14).length ?? 0;
      }
      return n;
    };
    expect(aces(null)).toBe(0);
    expect(aces('greedy')).toBe(0);
    expect(aces('random')).toBeGreaterThan(0);
    expect(aces('prototype')).toBeGreaterThan(0);
  });

  it('strong - seatIterations sets the playouts at that table size only', () => {
    // Two candidates (play the 4 or pick up), one round: the worlds are the playouts / 2. A clock
    // that never runs out counts them (it is read once per world after the first, and at the start).
    const worlds = (seats: number, budget: StrongBudget): number => {
      const state = table({
        seats: Array.from({ length: seats }, (_, i) => ({ hand: i === 0 ? ['4h'] : ['5c'] })),
        pile: ['3c'],
      });
      const moves = legalMoves(state, 0);
      expect(moves).toHaveLength(2);
      let reads = 0;
      strongPolicy({ ...budget, timeBudgetMs: 1e9, now: () => reads++ }).chooseMove(
        viewFor(state, 's0'),
        moves,
        createRng('it'),
      );
      return reads;
    };
    const budget: StrongBudget = { iterations: 40, seatIterations: { 4: 100 } };
    expect(worlds(3, budget)).toBe(20);
    expect(worlds(4, budget)).toBe(50);
    expect(STRONG_BUDGET.seatIterations?.[4]).toBeGreaterThan(STRONG_BUDGET.iterations);
  });

  it('playDuplicate - seats each policy with its level, so every view shows the levels', () => {
    const { seen, games } = watch('rotate', 1);
    expect(games).toBe(3);
    expect(seen.length).toBeGreaterThan(0);
    // Each rotation moves the levels round the table; every seat is always seated with one.
    for (const levels of seen) expect([...levels].sort()).toEqual(['prototype', 'random', 'strong']);
    expect(new Set(seen.map((l) => l.join())).size).toBe(3);
  });

  it('playDuplicate - orders all: the seating order changes by deal, so nobody always sits after the same level', () => {
    // Who sits after the watched (strong) seat, read round the table in turn order.
    const after = (levels: readonly (AiLevel | null)[]): AiLevel | null =>
      levels[(levels.indexOf('strong') + 1) % levels.length] ?? null;
    expect(new Set(watch('rotate', 2).seen.map(after))).toEqual(new Set(['random']));
    expect(new Set(watch('all', 2).seen.map(after))).toEqual(new Set(['random', 'prototype']));
  });
});

/** Plays `deals` deals of a watching greedy (seated as strong) with Beginner and Casual; every view's levels. */
function watch(orders: 'rotate' | 'all', deals: number): { seen: (AiLevel | null)[][]; games: number } {
  const seen: (AiLevel | null)[][] = [];
  const watching: AiPolicy = {
    chooseFaceUp: AI_POLICIES.greedy.chooseFaceUp,
    chooseMove(view, moves, rng) {
      seen.push(view.seats.map((s) => s.ai));
      return AI_POLICIES.greedy.chooseMove(view, moves, rng);
    },
  };
  const r = playDuplicate({
    rules: PRESETS.classic.rules,
    policies: [watching, AI_POLICIES.random, AI_POLICIES.prototype],
    levels: ['strong', 'random', 'prototype'],
    deals,
    firstDeal: 4,
    seed: 'models',
    orders,
  });
  return { seen, games: r.games };
}
