import './review.css';
import type { GameReview } from '@palace/protocol';
import { type ReactElement, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../stores/auth-store.js';
import {
  countsLine,
  emptyLine,
  HOW_TO_READ,
  initialFilter,
  luckLine,
  type MoveFilter,
  type MoveRow,
  pendingLine,
  type ReplayAt,
  type ReviewState,
  seatOrder,
  seatTitle,
  viewerSeat,
  visibleRows,
} from './review-model.js';

/**
 * The review screen (docs/product.md §D14 review; docs/web.md "Review"), whoever computed it: the
 * server's job for `/review/:variant/:gameId`, or the browser's worker for a record file opened on
 * `/replay`. The heading with "Watch the replay", then the progress, the failure or the review itself.
 */
export function ReviewView(props: {
  /** The line under the heading: the game's kind and id (and, for a file, its date). */
  readonly subtitle: ReactNode;
  /** "Watch the replay": the same game's replay from its first step. */
  readonly replay: string;
  readonly state: ReviewState;
  /** Where each move row leads: the replay at that move. */
  readonly replayAt: ReplayAt;
  /** Under the progress line: who is computing and how long it takes. */
  readonly wait?: string;
}): ReactElement {
  const { state } = props;
  return (
    <>
      <header className="variant-header">
        <div className="variant-title">
          <h1 tabIndex={-1}>Review</h1>
          <p className="small">{props.subtitle}</p>
        </div>
        <div className="button-row">
          <Link className="button button-secondary button-small-outline" to={props.replay}>
            Watch the replay
          </Link>
        </div>
      </header>
      {state.status === 'ready' ? (
        <ReadyReview review={state.review} replayAt={props.replayAt} />
      ) : state.status === 'failed' ? (
        <section className="card variant-error" role="alert">
          <h2>No review</h2>
          <p>{state.message}</p>
        </section>
      ) : (
        <section className="card review-pending">
          <p role="status" aria-live="polite">
            <span className="spinner spinner-small" aria-hidden="true" />{' '}
            {state.status === 'pending' ? pendingLine(state.done, state.total) : 'Loading the review…'}
          </p>
          {state.status === 'pending' && (
            <progress max={Math.max(1, state.total)} value={Math.min(state.done, state.total)} aria-hidden="true" />
          )}
          <p className="small muted">
            {props.wait ?? 'The computer looks at every move of the game; it takes a few seconds.'}
          </p>
        </section>
      )}
    </>
  );
}

/** The review itself: how to read it, the seats, then the moves under the filter. */
function ReadyReview(props: { readonly review: GameReview; readonly replayAt: ReplayAt }): ReactElement {
  const { review, replayAt } = props;
  const viewer = useAuth((s) => s.user?.username ?? null);
  const mine = viewerSeat(review, viewer);
  const seats = seatOrder(review, mine);
  return (
    <>
      <section className="card review-key" aria-labelledby="review-key-title">
        <h2 id="review-key-title">How to read this</h2>
        <p className="small">{HOW_TO_READ}</p>
      </section>
      <section className="card review-seats" aria-labelledby="review-seats-title">
        <h2 id="review-seats-title">Players</h2>
        <ul>
          {seats.map((seat) => (
            <li key={seat.seat} className={seat.seat === mine ? 'you' : undefined}>
              <strong>
                {seatTitle(seat)}
                {seat.seat === mine && <span className="muted"> (you)</span>}
              </strong>
              <span className="review-seat-luck">{luckLine(seat, review.seats.length)}</span>
              <span className="small">{countsLine(seat)}</span>
            </li>
          ))}
        </ul>
      </section>
      {/* The filter's first choice follows the viewer's seat once the sign-in check has answered. */}
      <MoveList key={mine ?? 'all'} review={review} replayAt={replayAt} mine={mine} />
    </>
  );
}

function MoveList(props: {
  readonly review: GameReview;
  readonly replayAt: ReplayAt;
  readonly mine: string | null;
}): ReactElement {
  const { review, replayAt, mine } = props;
  const [filter, setFilter] = useState<MoveFilter>(() => initialFilter(mine));
  const rows = visibleRows(review, filter, replayAt);
  const playerId = useId();
  return (
    <section className="card review-moves" aria-labelledby="review-moves-title">
      <h2 id="review-moves-title">Moves</h2>
      <div className="review-filter">
        <label htmlFor={playerId}>Player</label>
        <select
          id={playerId}
          value={filter.seat}
          onChange={(event) => setFilter({ ...filter, seat: event.currentTarget.value })}
        >
          <option value="all">All players</option>
          {seatOrder(review, mine).map((seat) => (
            <option key={seat.seat} value={seat.seat}>
              {seat.seat === mine ? `${seat.name} (you)` : seat.name}
            </option>
          ))}
        </select>
        <label className="review-marked">
          <input
            type="checkbox"
            checked={filter.markedOnly}
            onChange={(event) => setFilter({ ...filter, markedOnly: event.currentTarget.checked })}
          />
          Marked moves only
        </label>
      </div>
      {rows.length === 0 ? (
        <p className="muted review-empty">{emptyLine(review, filter)}</p>
      ) : (
        <ol className="review-list" aria-label={`Moves (${rows.length})`}>
          {rows.map((row) => (
            <MoveItem key={row.key} row={row} />
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * One move, a link to the replay at that move: its words, the chances, the mark in words (the
 * colour only repeats it), the better move; a forced move dimmed.
 */
function MoveItem({ row }: { readonly row: MoveRow }): ReactElement {
  const tone = row.mark ?? (row.forced ? 'forced' : 'plain');
  return (
    <li className={`review-row ${tone}`}>
      <Link to={row.replay} aria-label={`${row.line}. Open the replay at this move`}>
        <span className="review-number">Move {row.number}</span>
        <span className="review-what">{row.what}</span>
        <span className="review-chances">{row.chances}</span>
        {row.label !== null && <span className={`review-mark ${tone}`}>{row.label}</span>}
        {row.better !== null && <span className="review-better">{row.better}</span>}
      </Link>
    </li>
  );
}
