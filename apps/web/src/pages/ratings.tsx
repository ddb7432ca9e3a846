import type { MyRatingsResponse, PresetRating, RatingLeader, RatingPreset } from '@palace/protocol';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { apiGet } from '../lib/api.js';
import {
  chartLabel,
  deltaText,
  inPresetOrder,
  PROVISIONAL_TEXT,
  presetName,
  ratedGames,
  ratingSeries,
  sparkline,
} from '../lib/ratings.js';
import { shortDateTime } from '../lib/tokens-format.js';
import { present, useLoad } from '../lib/use-load.js';
import { Avatar } from '../shell/avatar.js';
import { BotMark } from '../ui/bot-mark.js';
import { LoadError } from '../ui/load-error.js';
import { replayPath } from './replay/replay-link.js';

/** The ratings screens (docs/product.md §D11): the profile's Ratings card and the leaderboard's rating view. */

/** The visible "Provisional" mark, with its meaning for screen readers and on hover. */
export function ProvisionalMark(): ReactElement {
  return (
    <span className="provisional-mark" title={PROVISIONAL_TEXT}>
      <span aria-hidden="true">Provisional</span>
      <span className="sr-only">{PROVISIONAL_TEXT}</span>
    </span>
  );
}

/** The profile's "Ratings" card: every preset the player has a rating in, with its history. */
export function RatingsCard({ userId }: { readonly userId: number }): ReactElement {
  const mine = useLoad(() => present(apiGet<MyRatingsResponse>('/api/ratings/me', { on401: 'null' })), userId);
  return (
    <section className="card" aria-labelledby="ratings-title">
      <h2 id="ratings-title" className="card-title">
        Ratings
      </h2>
      {mine.error !== null ? (
        <LoadError message={mine.error} onRetry={mine.reload} />
      ) : mine.data === null ? (
        <p className="muted">Loading…</p>
      ) : mine.data.ratings.length === 0 ? (
        <p className="muted">
          No rated games yet. Finish a main game against another registered player to get a rating.
        </p>
      ) : (
        <ul className="rating-list">
          {inPresetOrder(mine.data.ratings).map((rating) => (
            <PresetRatingItem key={rating.preset} rating={rating} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** How many of the latest games the table under a chart lists. */
const TABLE_GAMES = 10;

function PresetRatingItem({ rating }: { readonly rating: PresetRating }): ReactElement {
  const name = presetName(rating.preset);
  const latest = rating.history.slice(-TABLE_GAMES).reverse();
  return (
    <li className="rating-item" aria-labelledby={`rating-${rating.preset}`}>
      <div className="rating-head">
        <h3 id={`rating-${rating.preset}`} className="rating-preset">
          {name}
        </h3>
        <span className="rating-value" data-testid={`rating-${rating.preset}`}>
          {rating.rating}
        </span>
        {rating.provisional && <ProvisionalMark />}
        <span className="muted small rating-games">{ratedGames(rating.games)}</span>
      </div>
      {rating.provisional && (
        <p className="muted small rating-note" aria-hidden="true">
          {PROVISIONAL_TEXT}
        </p>
      )}
      {rating.history.length > 0 && (
        <>
          <RatingSparkline preset={rating.preset} rating={rating} />
          <details className="rating-details">
            <summary>
              {name}: the last {latest.length === 1 ? 'game' : `${latest.length} games`}
            </summary>
            <table className="rating-table">
              <caption className="sr-only">
                {name} rating after each of the last {latest.length === 1 ? 'game' : `${latest.length} games`}, newest
                first
              </caption>
              <thead>
                <tr>
                  <th scope="col">Game</th>
                  <th scope="col">Change</th>
                  <th scope="col">Rating</th>
                  <th scope="col">When</th>
                </tr>
              </thead>
              <tbody>
                {latest.map((point) => (
                  <tr key={point.gameId}>
                    <td>
                      <Link
                        className="rating-game"
                        to={replayPath('main', point.gameId)}
                        aria-label={`Replay of game #${point.gameId}`}
                      >
                        #{point.gameId}
                      </Link>
                    </td>
                    <td className={point.delta > 0 ? 'credit' : point.delta < 0 ? 'debit' : ''}>
                      {deltaText(point.delta)}
                    </td>
                    <td>{point.rating}</td>
                    <td>
                      <time dateTime={point.timestamp}>{shortDateTime(point.timestamp)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </li>
  );
}

const CHART_W = 300;
const CHART_H = 56;

/** The history as an inline SVG line (no chart library), named by its summary. */
export function RatingSparkline({
  preset,
  rating,
}: {
  readonly preset: RatingPreset;
  readonly rating: PresetRating;
}): ReactElement | null {
  const series = ratingSeries(rating.history);
  const line = sparkline(series, CHART_W, CHART_H, 4);
  if (line === null) return null;
  const rising = (series.at(-1) ?? 0) >= (series[0] ?? 0);
  return (
    <figure className="rating-chart">
      <svg
        role="img"
        aria-label={chartLabel(preset, rating.history)}
        viewBox={`0 0 ${CHART_W} ${CHART_H}`}
        preserveAspectRatio="none"
        width="100%"
        height={CHART_H}
        className={rising ? 'rising' : 'falling'}
      >
        <path d={line.path} className="rating-line" vectorEffect="non-scaling-stroke" fill="none" />
        <path
          d={`M${line.last.x} ${line.last.y} h0`}
          className="rating-dot"
          vectorEffect="non-scaling-stroke"
          fill="none"
        />
      </svg>
      <figcaption className="muted small" aria-hidden="true">
        {series[0]} → {series.at(-1)} over {rating.history.length === 1 ? '1 game' : `${rating.history.length} games`}
        {min(series) !== max(series) && ` · low ${min(series)}, high ${max(series)}`}
      </figcaption>
    </figure>
  );
}

const min = (values: readonly number[]): number => Math.min(...values);
const max = (values: readonly number[]): number => Math.max(...values);

/** The leaderboard's rating view: the best players of one preset. */
export function RatingBoard({
  preset,
  myId,
}: {
  readonly preset: RatingPreset;
  readonly myId: number | null;
}): ReactElement {
  const leaders = useLoad(
    () => present(apiGet<RatingLeader[]>(`/api/ratings/leaderboard?preset=${preset}&limit=50`)),
    preset,
  );
  const name = presetName(preset);
  if (leaders.error !== null) return <LoadError message={leaders.error} onRetry={leaders.reload} />;
  if (leaders.data === null) return <p className="muted">Loading…</p>;
  if (leaders.data.length === 0) {
    return (
      <p className="muted" aria-busy={leaders.loading}>
        Nobody is rated in this preset yet.
      </p>
    );
  }
  return (
    <ol className="leader-list" aria-busy={leaders.loading} aria-label={`Players by ${name} rating`}>
      {leaders.data.map((l) => (
        <li key={l.id} className={`leader${l.id === myId ? ' me' : ''}`}>
          <span className="leader-rank">{l.rank}</span>
          <Avatar name={l.username} src={l.avatar} size={32} />
          <span className="leader-who">
            <span className="leader-name">
              {l.username}
              {l.isBot && <BotMark />}
              {l.id === myId && <span className="you-pill">You</span>}
            </span>
            {l.provisional && <ProvisionalMark />}
          </span>
          <span className="leader-value">
            <span>
              <span className="sr-only">Rating </span>
              {l.rating}
            </span>
            <span className="muted small">
              {l.games} {l.games === 1 ? 'game' : 'games'}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}
