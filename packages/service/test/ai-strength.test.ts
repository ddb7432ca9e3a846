import { AI_LEVEL_FIGURES, aiLevelWords } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { aiLevelTable, RATED_AI_LEVELS } from '../src/index.js';

// The AI levels' published strength (docs/architecture.md "AI levels"; docs/product.md §D11): each level against the one below heads-up, and one of each at one table, on
// duplicate deals, shown to players in words, never as a rating.
/** The fast levels (the strong AI's games take about a second each: the published run plays it). */
const QUICK = ['random', 'prototype', 'greedy'] as const;
const options = { deals: 20, strongDeals: 0, tableDeals: 5, seed: 'strength-test', levels: QUICK };

describe('AI strength', () => {
  it('ai strength - every level gets a row from the same duplicate games, deterministically', () => {
    const first = aiLevelTable(options);
    expect(aiLevelTable(options)).toEqual(first);
    expect(RATED_AI_LEVELS).toEqual(['random', 'prototype', 'greedy', 'strong']);
    expect(first.map((r) => [r.level, r.label])).toEqual([
      ['random', 'Beginner'],
      ['prototype', 'Casual'],
      ['greedy', 'Normal'],
    ]);
    expect(first[0]?.headsUp).toBeNull();
    expect(first[0]?.words).toBe('plays any legal card');
    for (const [i, row] of first.entries()) {
      expect(row.tableGames).toBe(15); // 5 deals × 3 seat rotations
      if (i === 0) continue;
      const pair = row.headsUp;
      if (pair === null) throw new Error('no pair');
      expect(pair.below).toBe(QUICK[i - 1]);
      expect(pair.games).toBe(40); // 20 deals, seats swapped
      expect(pair.share).toBe(pair.wins / pair.games);
      expect(pair.ci95.low).toBeLessThanOrEqual(pair.share);
      expect(pair.ci95.high).toBeGreaterThanOrEqual(pair.share);
      expect(row.words).toMatch(/^wins (\d+ in 10|almost every game) against (Beginner|Casual)$/);
      expect(row.published).toBe(aiLevelWords(row.level));
    }
    // Places at a table of three sum to 1 + 2 + 3.
    expect(first.reduce((s, r) => s + (r.meanPlace ?? 0), 0)).toBeCloseTo(6, 9);
    // Another seed deals other cards: other games.
    const other = aiLevelTable({ ...options, seed: 'another seed' });
    expect(other.map((r) => r.headsUp?.seed)).not.toEqual(first.map((r) => r.headsUp?.seed));
  });

  it('ai strength - the levels are in order even on a small run: each beats the one below, and places better', () => {
    const rows = aiLevelTable({ ...options, deals: 100, tableDeals: 20 });
    for (const row of rows.slice(1)) expect(row.headsUp?.share).toBeGreaterThan(0.6);
    const places = rows.map((r) => r.meanPlace as number);
    expect(places[0]).toBeGreaterThan(places[1] as number);
    expect(places[1]).toBeGreaterThan(places[2] as number);
  });

  it('ai strength - the published figures are win shares against the level below, in words', () => {
    expect(aiLevelWords('random')).toBe('plays any legal card');
    for (const [i, level] of RATED_AI_LEVELS.entries()) {
      const figure = AI_LEVEL_FIGURES[level];
      if (i === 0) {
        expect(figure).toBeNull();
        continue;
      }
      expect(figure?.against).toBe(RATED_AI_LEVELS[i - 1]);
      expect((figure?.wins ?? 0) / (figure?.games ?? 1)).toBeGreaterThan(0.6);
      expect(aiLevelWords(level)).not.toMatch(/\d{3,}/);
    }
  });
});
