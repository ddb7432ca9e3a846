/**
 * Days of the daily deal (docs/daily.md): UTC days named `YYYY-MM-DD`, each from 00:00 to the next
 * 00:00 UTC. Pure: times are integer ms since the epoch, passed in.
 */

/** One day, in ms. */
export const DAY_MS = 86_400_000;

const DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;

/** The day `at` (ms) falls on, `YYYY-MM-DD` in UTC. */
export function dayOf(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** When `date` starts (00:00 UTC, ms), or null when it names no real day ("2025-02-30", "2025-13-01"). */
export function dayStart(date: string): number | null {
  const parts = DATE.exec(date);
  if (parts === null) return null;
  const at = Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]));
  return Number.isFinite(at) && dayOf(at) === date ? at : null;
}

/** When `date` ends and the next day starts (ms); `date` must be a real day. */
export function dayEnd(date: string): number {
  const start = dayStart(date);
  if (start === null) throw new RangeError(`not a day: ${date}`);
  return start + DAY_MS;
}

/** The day `days` after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  return dayOf(dayEnd(date) - DAY_MS + days * DAY_MS);
}

/**
 * Streaks of days played (`dates`: the days with an attempt, any order): `current` counts the days
 * in a row that end on `today`, or on the day before while `today` is not played yet; `best` the
 * longest run.
 */
export function streaks(dates: readonly string[], today: string): { readonly current: number; readonly best: number } {
  const days = [...new Set(dates)].map((d) => dayEnd(d) / DAY_MS).sort((a, b) => a - b);
  let best = 0;
  let run = 0;
  for (let i = 0; i < days.length; i++) {
    run = i > 0 && days[i] === (days[i - 1] as number) + 1 ? run + 1 : 1;
    best = Math.max(best, run);
  }
  const played = new Set(days);
  let day = dayEnd(today) / DAY_MS;
  if (!played.has(day)) day -= 1;
  let current = 0;
  while (played.has(day)) {
    current += 1;
    day -= 1;
  }
  return { current, best };
}
