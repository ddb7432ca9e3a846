import { percentOf, share } from '../tournaments/tournament-scoring.js';

/**
 * Scoring the daily deal (docs/daily.md "Scoring"), pure. Everyone who played a day's deal held
 * the same cards in seat 1 against the same computer players, so each result is compared with
 * every other ranked result of the day: matchpoints, 2 for each player it finished ahead of (a
 * better place, or the same place with fewer cards left), 1 for each tie (the same place and
 * cards), 0 otherwise, shown as a percentage of the most possible. Computed when read, from the
 * stored results: the scores move as more people play.
 */

/** One finished attempt, as scored. */
export interface DailyEntry {
  readonly userId: number;
  readonly place: number;
  readonly cardsLeft: number;
  /** In the field (a registered player); a guest is scored against the field but not in it. */
  readonly ranked: boolean;
}

/** An attempt's score on its day. */
export interface DailyScore {
  readonly matchpoints: number;
  readonly maxMatchpoints: number;
  /** `100 × matchpoints / maxMatchpoints`; null with nobody else in the field yet. */
  readonly percent: number | null;
  /** 1 + how many of the field did better (ties share a rank); null for a guest. */
  readonly rank: number | null;
}

/** Negative when `a` did better than `b`: a better place, then fewer cards left. */
export function compareResults(
  a: Pick<DailyEntry, 'place' | 'cardsLeft'>,
  b: Pick<DailyEntry, 'place' | 'cardsLeft'>,
): number {
  return a.place - b.place || a.cardsLeft - b.cardsLeft;
}

/** Every entry's score against the day's field (the ranked entries), by user id. */
export function dailyScores(entries: readonly DailyEntry[]): Map<number, DailyScore> {
  const field = entries.filter((e) => e.ranked);
  const scores = new Map<number, DailyScore>();
  for (const entry of entries) {
    let matchpoints = 0;
    let opponents = 0;
    let better = 0;
    for (const other of field) {
      if (other === entry) continue;
      opponents += 1;
      const order = compareResults(entry, other);
      if (order < 0) matchpoints += 2;
      else if (order === 0) matchpoints += 1;
      else better += 1;
    }
    const maxMatchpoints = 2 * opponents;
    scores.set(entry.userId, {
      matchpoints,
      maxMatchpoints,
      percent: maxMatchpoints === 0 ? null : percentOf(share(matchpoints, maxMatchpoints)),
      rank: entry.ranked ? 1 + better : null,
    });
  }
  return scores;
}
