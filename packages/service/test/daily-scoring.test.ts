import { describe, expect, it } from 'vitest';
import { addDays, dailyScores, dayEnd, dayOf, dayStart, streaks } from '../src/index.js';

describe('daily scoring and days (docs/daily.md "Scoring")', () => {
  it('daily scoring - 2 matchpoints per player beaten, 1 per tie, place first then cards left; ties share a rank', () => {
    const scores = dailyScores([
      { userId: 1, place: 1, cardsLeft: 0, ranked: true },
      { userId: 2, place: 2, cardsLeft: 5, ranked: true },
      { userId: 3, place: 2, cardsLeft: 5, ranked: true },
      { userId: 4, place: 2, cardsLeft: 9, ranked: true },
      { userId: 5, place: 4, cardsLeft: 1, ranked: true },
      // A guest: scored against the field, not part of it.
      { userId: -7, place: 1, cardsLeft: 0, ranked: false },
    ]);
    expect(scores.get(1)).toEqual({ matchpoints: 8, maxMatchpoints: 8, percent: 100, rank: 1 });
    expect(scores.get(2)).toEqual({ matchpoints: 5, maxMatchpoints: 8, percent: 62.5, rank: 2 });
    expect(scores.get(3)).toEqual({ matchpoints: 5, maxMatchpoints: 8, percent: 62.5, rank: 2 });
    expect(scores.get(4)).toEqual({ matchpoints: 2, maxMatchpoints: 8, percent: 25, rank: 4 });
    expect(scores.get(5)).toEqual({ matchpoints: 0, maxMatchpoints: 8, percent: 0, rank: 5 });
    // Against all five: it ties the winner and beats the other four.
    expect(scores.get(-7)).toEqual({ matchpoints: 9, maxMatchpoints: 10, percent: 90, rank: null });
  });

  it('daily scoring - alone in the field there is nothing to compare: no percentage yet', () => {
    expect(dailyScores([{ userId: 1, place: 3, cardsLeft: 4, ranked: true }]).get(1)).toEqual({
      matchpoints: 0,
      maxMatchpoints: 0,
      percent: null,
      rank: 1,
    });
  });

  it('daily days - UTC days by name; impossible dates are no day', () => {
    expect(dayOf(Date.UTC(2025, 2, 14, 23, 59, 59, 999))).toBe('2025-03-14');
    expect(dayStart('2025-03-14')).toBe(Date.UTC(2025, 2, 14));
    expect(dayEnd('2025-03-14')).toBe(Date.UTC(2025, 2, 15));
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    for (const bad of ['2025-02-30', '2025-13-01', '2025-3-14', '14-03-2025', '']) expect(dayStart(bad)).toBeNull();
  });

  it('daily days - streaks: days in a row up to today, or up to yesterday while today is unplayed', () => {
    const days = ['2025-03-01', '2025-03-02', '2025-03-03', '2025-03-05', '2025-03-06'];
    expect(streaks(days, '2025-03-06')).toEqual({ current: 2, best: 3 });
    expect(streaks(days, '2025-03-07')).toEqual({ current: 2, best: 3 });
    expect(streaks(days, '2025-03-08')).toEqual({ current: 0, best: 3 });
    expect(streaks([], '2025-03-08')).toEqual({ current: 0, best: 0 });
    expect(streaks(['2025-03-08', '2025-03-08'], '2025-03-08')).toEqual({ current: 1, best: 1 });
  });
});
