import type { DailyBoard, DailyHistory } from '@palace/protocol';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { apiGet } from '../../lib/api.js';
import { present, useLoad } from '../../lib/use-load.js';
import { Avatar } from '../../shell/avatar.js';
import { LoadError } from '../../ui/load-error.js';
import { dayLabel, outcomeLabel, percentLabel, scoreLabel, streakLabel } from './daily-format.js';

/** Rows of the board the page shows. */
const BOARD_ROWS = 50;

/**
 * A day's board (docs/daily.md "Scoring"): its ranked players, best first, each with their table
 * result and matchpoint percentage; the viewer's own line marked. Read again when `version` moves
 * (the page bumps it after a start, and every 20 s).
 */
export function Board(props: {
  readonly date: string;
  readonly title: string;
  readonly version: number;
}): ReactElement {
  const { date, title, version } = props;
  const board = useLoad(
    () => present(apiGet<DailyBoard>(`/api/daily/leaderboard?date=${date}&limit=${BOARD_ROWS}`)),
    `${date}/${version}`,
  );
  const data = board.data;
  return (
    <section className="card daily-board" aria-labelledby="daily-board-title">
      <div className="card-head">
        <h2 id="daily-board-title" className="card-title">
          {title}
        </h2>
        {data !== null && (
          <span className="muted small">
            {data.players} {data.players === 1 ? 'player' : 'players'}
            {data.playing > 0 ? ` · ${data.playing} playing` : ''}
          </span>
        )}
      </div>
      {board.error !== null ? (
        <LoadError message={board.error} onRetry={board.reload} />
      ) : data === null ? (
        <p className="muted">Loading…</p>
      ) : data.rows.length === 0 ? (
        <p className="muted">Nobody has finished this deal yet.</p>
      ) : (
        <ol className="leader-list" aria-busy={board.loading} aria-label={`${title}, best first`}>
          {data.rows.map((row) => (
            <li key={row.userId} className={`leader${row.you ? ' me' : ''}`}>
              <span className="leader-rank">{row.rank}</span>
              <Avatar name={row.username} src={row.avatar} size={32} />
              <span className="leader-name">
                {row.username}
                {row.you && <span className="you-pill">You</span>}
                <span className="daily-row-outcome muted small">{outcomeLabel(row)}</span>
              </span>
              <span className="leader-value">
                {percentLabel(row.percent)}
                {row.gameId !== null && (
                  <Link className="small" to={`/review/main/${row.gameId}`}>
                    Review<span className="sr-only"> the game of {row.username}</span>
                  </Link>
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The viewer's days (docs/daily.md "History"): the streak, then each day's result and score. */
export function History({ userId, version }: { readonly userId: number; readonly version: number }): ReactElement {
  const history = useLoad(() => present(apiGet<DailyHistory>('/api/daily/history')), `${userId}/${version}`);
  const data = history.data;
  return (
    <section className="card daily-history" aria-labelledby="daily-history-title">
      <div className="card-head">
        <h2 id="daily-history-title" className="card-title">
          Your days
        </h2>
        {data !== null && data.played > 0 && (
          <span className="daily-streak">
            <span aria-hidden="true">🔥 </span>
            {streakLabel(data.streak, data.bestStreak)}
          </span>
        )}
      </div>
      {history.error !== null ? (
        <LoadError message={history.error} onRetry={history.reload} />
      ) : data === null ? (
        <p className="muted">Loading…</p>
      ) : data.days.length === 0 ? (
        <p className="muted">Your days show here once you have played a daily deal.</p>
      ) : (
        <ul className="daily-days">
          {data.days.map((day) => (
            <li key={day.date}>
              <span className="daily-day-date">{dayLabel(day.date)}</span>
              <span className="daily-day-result small">
                {day.result === null ? 'Being played' : outcomeLabel(day.result)}
                {day.result !== null && <> · {scoreLabel(day.result, day.ranked)}</>}
              </span>
              {day.result !== null && (
                <Link className="small" to={`/review/main/${day.gameId}`}>
                  Review<span className="sr-only"> your game of {dayLabel(day.date)}</span>
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
