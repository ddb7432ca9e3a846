import type { DailyAttempt, DailyBoardRow, DailyResult } from '@palace/protocol';
import type { DailyAttemptRow } from './daily-ports.js';
import { compareResults, type DailyScore, dailyScores } from './daily-scoring.js';

/**
 * The daily deal's wire shapes (docs/api.md "Daily deal") from stored attempts: each day's
 * finished attempts scored together (`daily-scoring.ts`), then an attempt or a board line as a
 * viewer reads it.
 */

/** One day's finished attempts scored, and how many ranked players finished. */
export interface ScoredDay {
  readonly scores: Map<number, DailyScore>;
  readonly players: number;
}

/** Scores the finished attempts among `rows` (one day's). */
export function scoreDay(rows: readonly DailyAttemptRow[]): ScoredDay {
  const entries = rows.flatMap((row) =>
    row.finish === null
      ? []
      : [{ userId: row.userId, place: row.finish.place, cardsLeft: row.finish.cardsLeft, ranked: row.ranked }],
  );
  return { scores: dailyScores(entries), players: entries.filter((e) => e.ranked).length };
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** An attempt as its player reads it, with its score on its day. */
export function attemptView(row: DailyAttemptRow, day: ScoredDay): DailyAttempt {
  const score = day.scores.get(row.userId);
  const result: DailyResult | null =
    row.finish === null || score === undefined
      ? null
      : {
          place: row.finish.place,
          cardsLeft: row.finish.cardsLeft,
          end: row.finish.end,
          matchpoints: score.matchpoints,
          maxMatchpoints: score.maxMatchpoints,
          percent: score.percent,
          rank: score.rank,
          players: day.players,
        };
  return {
    date: row.date,
    gameId: Number(row.gameId),
    status: row.finish === null ? 'playing' : 'finished',
    ranked: row.ranked,
    startedAt: iso(row.startedAt),
    finishedAt: row.finish === null ? null : iso(row.finish.at),
    result,
  };
}

/**
 * The day's board: its ranked finished attempts, best first (ties by who finished first), at most
 * `limit`. A line's game id is shown once the day is over (`over`), or to its own player: before
 * then another player's game would show the deal to someone who has not played it yet.
 */
export function boardRows(
  rows: readonly DailyAttemptRow[],
  day: ScoredDay,
  viewerId: number | null,
  over: boolean,
  limit: number,
): DailyBoardRow[] {
  const finished = rows.filter(
    (row): row is DailyAttemptRow & { finish: NonNullable<DailyAttemptRow['finish']> } =>
      row.ranked && row.finish !== null,
  );
  finished.sort((a, b) => compareResults(a.finish, b.finish) || a.finish.at - b.finish.at || a.userId - b.userId);
  return finished.slice(0, limit).map((row) => {
    const score = day.scores.get(row.userId);
    return {
      rank: score?.rank ?? 0,
      userId: row.userId,
      username: row.username,
      avatar: row.avatar,
      place: row.finish.place,
      cardsLeft: row.finish.cardsLeft,
      end: row.finish.end,
      matchpoints: score?.matchpoints ?? 0,
      percent: score?.percent ?? null,
      gameId: over || row.userId === viewerId ? Number(row.gameId) : null,
      you: row.userId === viewerId,
    };
  });
}
