import type { DailyAttempt, DailyEnd, DailyResult, DailyToday } from '@palace/protocol';

/**
 * The daily deal page's words (docs/daily.md "The page"), pure so they are
 * unit-tested: places, percentages, what the player's card says and offers.
 */

/** "1st", "2nd", "3rd", "4th". */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th'}`;
}

/** A percentage in whole numbers ("67 %"), or a dash while there is nobody to compare with. */
export function percentLabel(percent: number | null): string {
  return percent === null ? '–' : `${Math.round(percent)} %`;
}

/** "1 card" / "5 cards". */
export function cardsLabel(n: number): string {
  return `${n} ${n === 1 ? 'card' : 'cards'}`;
}

/** How the table ended for the player: "Won the table", "2nd with 3 cards left", "Left with 9 cards". */
export function outcomeLabel(result: Pick<DailyResult, 'place' | 'cardsLeft' | 'end'>): string {
  const ends: Record<DailyEnd, string> = {
    finished:
      result.place === 1 ? 'Won the table' : `${ordinal(result.place)} with ${cardsLabel(result.cardsLeft)} left`,
    left: `Left with ${cardsLabel(result.cardsLeft)}`,
    day_over: `Unfinished at midnight, ${cardsLabel(result.cardsLeft)}`,
  };
  return ends[result.end];
}

/** The score in words: "75 % · 3rd of 5" (ranked), "75 % against 4 players" (a guest), or why there is none yet. */
export function scoreLabel(result: DailyResult, ranked: boolean): string {
  if (result.percent === null) return 'No one else has finished this deal yet';
  if (ranked && result.rank !== null)
    return `${percentLabel(result.percent)} · ${ordinal(result.rank)} of ${result.players}`;
  const others = result.maxMatchpoints / 2;
  return `${percentLabel(result.percent)} against ${others} ${others === 1 ? 'player' : 'players'} (unranked)`;
}

/** What the player's card offers: start, go back to the game being played, or the result. */
export type DailyAction = 'play' | 'continue' | 'done';

export function dailyAction(attempt: DailyAttempt | null): DailyAction {
  if (attempt === null) return 'play';
  return attempt.status === 'playing' ? 'continue' : 'done';
}

/** "5 h 12 min" / "48 min" / "under a minute" until `iso`, from `now` (ms). */
export function timeUntil(iso: string, now: number): string {
  const minutes = Math.floor((Date.parse(iso) - now) / 60_000);
  if (!(minutes > 0)) return 'under a minute';
  const hours = Math.floor(minutes / 60);
  return hours === 0 ? `${minutes} min` : `${hours} h ${minutes % 60} min`;
}

/** The streak line: "3 days in a row · best 5". */
export function streakLabel(streak: number, best: number): string {
  const days = `${streak} ${streak === 1 ? 'day' : 'days'} in a row`;
  return best > streak ? `${days} · best ${best}` : days;
}

/** How many have finished today's deal: "Nobody has finished yet", "1 player so far", "12 players so far". */
export function playersLabel(today: Pick<DailyToday, 'players'>): string {
  if (today.players === 0) return 'Nobody has finished it yet';
  return `${today.players} ${today.players === 1 ? 'player' : 'players'} so far`;
}

/** A day in words for its heading: "Saturday 17 May" (UTC, as the deal's day is). */
export function dayLabel(date: string): string {
  const at = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(at)) return date;
  return new Date(at).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
}
