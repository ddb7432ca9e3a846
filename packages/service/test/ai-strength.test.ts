import { PRESETS, simulate } from '@palace/core';
import { describe, expect, it } from 'vitest';
import { aboutRating, newSkill, RATED_AI_LEVELS, rateAiLevels, shownRating } from '../src/index.js';

// The AI levels' published strength (docs/architecture.md "AI levels"; docs/product.md §D11): the
// levels rated against one another by the players' rating model on duplicate deals.
/** The fast levels (the strong AI's heads-up games take seconds each: the published run plays it). */
const QUICK = ['random', 'prototype', 'greedy'] as const;

describe('AI strength', () => {
  it('ai strength - every level is rated from every game, deterministically, from its places', () => {
    const first = rateAiLevels(2, 'strength-test', () => {}, QUICK);
    const again = rateAiLevels(2, 'strength-test', () => {}, QUICK);
    if (!first.ok || !again.ok) throw new Error('refused');
    expect(first.value.map((s) => s.level)).toEqual([...QUICK]);
    expect(RATED_AI_LEVELS).toEqual(['random', 'prototype', 'greedy', 'strong']);
    expect(again.value).toEqual(first.value);
    // Two deals: each level plays three games at the table of three and four heads-up (two pairs, seats swapped) a deal.
    for (const strength of first.value) {
      expect(strength.games).toBe(14);
      expect(strength.sigma).toBeLessThan(newSkill().sigma);
      expect(strength.rating).toBe(shownRating(strength).rating);
    }
    // Another seed deals other cards: other strengths.
    const other = rateAiLevels(2, 'another seed', () => {}, QUICK);
    expect(other.ok && other.value.map((s) => s.mu)).not.toEqual(first.value.map((s) => s.mu));
  });

  it('ai strength - the published figure is the rating to the nearest 10', () => {
    expect(aboutRating(1043)).toBe(1040);
    expect(aboutRating(1045)).toBe(1050);
    expect(aboutRating(996)).toBe(1000);
  });

  it('ai strength - simulate reports each game’s places to a rating model', () => {
    const games: number[][] = [];
    simulate(
      {
        deals: 2,
        players: 3,
        rules: PRESETS.classic.rules,
        ai: ['greedy', 'random', 'random'],
        seed: 'g',
        duplicate: true,
      },
      () => {},
      (places) => games.push([...places]),
    );
    expect(games).toHaveLength(6);
    for (const places of games) expect([...places].sort()).toEqual([1, 2, 3]);
  });
});
