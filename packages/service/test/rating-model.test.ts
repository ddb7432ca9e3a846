import { MAIN_DEFAULT_RULES } from '@palace/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  mainRatedPreset,
  newSkill,
  PROVISIONAL_GAMES,
  type RatedSeat,
  rateGame,
  shownRating,
} from '../src/ratings/rating-model.js';

const skill = fc.record({
  mu: fc.double({ min: 5, max: 45, noNaN: true }),
  sigma: fc.double({ min: 0.5, max: 8.4, noNaN: true }),
  games: fc.integer({ min: 0, max: 500 }),
});

/** 2 to 8 seats with distinct players and places 1..n (a finished game's standings). */
const game = fc
  .integer({ min: 2, max: 8 })
  .chain((n) =>
    fc
      .tuple(
        fc.array(skill, { minLength: n, maxLength: n }),
        fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
      )
      .map(([skills, order]): RatedSeat[] =>
        skills.map((s, i) => ({ player: `u${i}`, place: (order[i] as number) + 1, skill: s })),
      ),
  );

describe('rating model', () => {
  it('ratings depend only on the standings, never on the order the seats are listed in', () => {
    const listed = game.chain((seats) =>
      fc.tuple(fc.constant(seats), fc.shuffledSubarray(seats, { minLength: seats.length, maxLength: seats.length })),
    );
    fc.assert(
      fc.property(listed, ([seats, reordered]) => {
        const expected = rateGame(seats);
        const got = rateGame(reordered);
        expect(got.size).toBe(seats.length);
        for (const seat of seats) expect(got.get(seat.player)).toEqual(expected.get(seat.player));
      }),
    );
  });

  it('among equal newcomers a better place never ends with a lower rating, and each rated seat counts one game', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 8 }), (n) => {
        const seats = Array.from({ length: n }, (_, i) => ({ player: `p${i}`, place: i + 1, skill: newSkill() }));
        const after = rateGame(seats);
        const shown = seats.map((s) => after.get(s.player));
        for (let i = 1; i < n; i++) expect((shown[i - 1]?.mu ?? 0) >= (shown[i]?.mu ?? 0)).toBe(true);
        expect(shown.every((s) => s?.games === 1)).toBe(true);
        expect((shown[0]?.mu ?? 0) > newSkill().mu).toBe(true);
        expect((shown[n - 1]?.mu ?? 0) < newSkill().mu).toBe(true);
      }),
    );
  });

  it('a game with fewer than two rated seats changes nothing', () => {
    expect(rateGame([]).size).toBe(0);
    expect(rateGame([{ player: 'a', place: 1, skill: newSkill() }]).size).toBe(0);
  });

  it('shown as one whole number from 1000, provisional for the first 10 games', () => {
    expect(shownRating(newSkill())).toEqual({ rating: 1000, provisional: true });
    const played = { ...newSkill(), games: PROVISIONAL_GAMES };
    expect(shownRating(played).provisional).toBe(false);
    const winner = rateGame([
      { player: 'a', place: 1, skill: newSkill() },
      { player: 'b', place: 2, skill: newSkill() },
    ]).get('a');
    expect(winner === undefined ? 0 : shownRating(winner).rating).toBeGreaterThan(1000);
  });

  it('a main game is rated (classic) only with its four switches at their defaults', () => {
    expect(mainRatedPreset(MAIN_DEFAULT_RULES)).toBe('classic');
    expect(mainRatedPreset({ ...MAIN_DEFAULT_RULES, sevenLower: false })).toBeNull();
    expect(mainRatedPreset({ ...MAIN_DEFAULT_RULES, mustPlayAllSameValue: true })).toBeNull();
  });
});
