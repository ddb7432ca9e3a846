import { describe, expect, it } from 'vitest';
import {
  entryAt,
  PRESETS,
  policyNames,
  type SimulationOptions,
  type SimulationReport,
  simulate,
  wilsonInterval,
} from '../src/index.js';

const base: SimulationOptions = {
  deals: 12,
  players: 2,
  rules: PRESETS.classic.rules,
  ai: ['greedy', 'random'],
  seed: 'test',
  duplicate: false,
};

function report(options: Partial<SimulationOptions>): SimulationReport {
  const result = simulate({ ...base, ...options });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('simulate', () => {
  it('simulate - the same options give the same report, another seed another one', () => {
    const options = { ai: ['random'], deals: 10, players: 3 };
    const first = report(options);
    expect(report(options)).toEqual(first);
    expect(report({ ...options, seed: 'other' })).not.toEqual(first);
  });

  it('simulate - duplicate plays every deal once per seat with the seats rotated', () => {
    // Greedy ignores its generator, so the two plays of a deal are the same game with the policies'
    // seats swapped: whichever seat wins, each entry wins exactly one of the pair.
    const dup = report({ ai: ['greedy', 'greedy'], deals: 15, duplicate: true });
    expect(dup.games).toBe(30);
    expect(dup.capped).toBe(0);
    expect(dup.entries.map((e) => [e.label, e.wins])).toEqual([
      ['greedy#1', 15],
      ['greedy#2', 15],
    ]);
    // Without rotation the same deals give seat 0's cards to entry 1 every time: the split follows the cards.
    const single = report({ ai: ['greedy', 'greedy'], deals: 15, duplicate: false });
    expect(single.entries[0]?.wins).not.toBe(15);
  });

  it('simulate - each rotation is a permutation and every entry holds every seat once', () => {
    for (const players of [2, 3, 5, 8]) {
      const seen = Array.from({ length: players }, () => new Set<number>());
      for (let rotation = 0; rotation < players; rotation++) {
        const owners = Array.from({ length: players }, (_, s) => entryAt(s, rotation, players, players));
        expect(new Set(owners).size).toBe(players);
        owners.forEach((entry, seat) => {
          seen[entry]?.add(seat);
        });
      }
      for (const seats of seen) expect(seats.size).toBe(players);
    }
    expect(Array.from({ length: 4 }, (_, s) => entryAt(s, 0, 4, 2))).toEqual([0, 1, 0, 1]);
  });

  it('simulate - wins add up to the games the move cap did not end, places to the table sums', () => {
    // Two random players often reach the move cap in classic.
    const r = report({ ai: ['random', 'random'], deals: 20, duplicate: true });
    expect(r.capped).toBeGreaterThan(0);
    const wins = r.entries.reduce((sum, e) => sum + e.wins, 0);
    expect(wins).toBe(r.games - r.capped);
    const ranks = r.entries.reduce((sum, e) => sum + e.meanRank, 0);
    expect(ranks).toBeCloseTo(1 + 2);
    expect(r.perGame.moves).toBeGreaterThan(0);
    expect(r.perGame.pickUps).toBeGreaterThan(0);
    for (const e of r.entries) {
      expect(e.winRate).toBeCloseTo(e.wins / e.games);
      expect(e.ci95.low).toBeLessThanOrEqual(e.winRate);
      expect(e.ci95.high).toBeGreaterThanOrEqual(e.winRate);
    }
  });

  it('simulate - an entry cycled onto several seats wins when any of them wins', () => {
    const r = report({ ai: ['greedy', 'random'], players: 3, deals: 10 });
    expect(r.entries.map((e) => e.games)).toEqual([10, 10]);
    expect(r.entries.reduce((sum, e) => sum + e.wins, 0)).toBe(r.games - r.capped);
    // Greedy holds seats 0 and 2; its mean place lies between 1 and 2.5 (the mean of 1..3 minus random's).
    expect(r.entries[0]?.meanRank).toBeGreaterThanOrEqual(1.5);
  });

  it('simulate - reports progress after every game', () => {
    const calls: Array<[number, number]> = [];
    simulate({ ...base, deals: 3, duplicate: true }, (done, total) => calls.push([done, total]));
    expect(calls).toEqual([
      [1, 6],
      [2, 6],
      [3, 6],
      [4, 6],
      [5, 6],
      [6, 6],
    ]);
  });

  it('simulate - refuses bad options with typed errors', () => {
    const error = (options: Partial<SimulationOptions>) => {
      const result = simulate({ ...base, ...options });
      return result.ok ? null : result.error;
    };
    const unknown = error({ ai: ['greedy', 'clever'] });
    expect(unknown?.code).toBe('simulate/unknown_policy');
    for (const name of policyNames()) expect(unknown?.message).toContain(name);
    expect(error({ ai: [] })?.code).toBe('simulate/no_policy');
    expect(error({ ai: ['greedy', 'random', 'greedy'] })?.code).toBe('simulate/too_many_policies');
    expect(error({ players: 9 })?.code).toBe('simulate/players');
    expect(error({ deals: 0 })?.code).toBe('simulate/deals');
    expect(error({ deals: 1.5 })?.code).toBe('simulate/deals');
  });

  it('wilsonInterval - matches the textbook values', () => {
    const half = wilsonInterval(5, 10);
    expect(half.low).toBeCloseTo(0.2366, 4);
    expect(half.high).toBeCloseTo(0.7634, 4);
    expect(wilsonInterval(0, 10)).toEqual({ low: 0, high: expect.closeTo(0.2775, 4) });
    expect(wilsonInterval(10, 10)).toEqual({ low: expect.closeTo(0.7225, 4), high: 1 });
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });
});
