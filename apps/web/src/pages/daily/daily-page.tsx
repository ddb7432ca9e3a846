import '../pages.css';
import './daily.css';
import type { DailyStarted, DailyToday } from '@palace/protocol';
import { type ReactElement, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { apiGet, apiRequest, serverMessage } from '../../lib/api.js';
import { mainGamePath } from '../../lib/main-game-path.js';
import { present, useLoad } from '../../lib/use-load.js';
import { isGuest, useAuth } from '../../stores/auth-store.js';
import { toast } from '../../stores/toast-store.js';
import { LoadError } from '../../ui/load-error.js';
import { ToggleGroup } from '../../ui/toggle-group.js';
import { Board, History } from './daily-board.js';
import { dailyAction, dayLabel, outcomeLabel, playersLabel, scoreLabel, timeUntil } from './daily-format.js';
import { DealProof } from './daily-proof.js';

/** The board and the card are read again this often while the page is open (ms). */
const REFRESH_MS = 20_000;
const BOARDS = ['Today', 'Yesterday'] as const;
type Which = (typeof BOARDS)[number];

/**
 * `/daily` (docs/daily.md "The page"): today's deal (its commitment, Play or the
 * player's result), the day's board, the player's days with their streak, and yesterday's deal
 * with its seed checked. The game itself is played in the main game's room (`/play?gameId=`).
 */
export function DailyPage(): ReactElement {
  const user = useAuth((s) => s.user);
  const [version, setVersion] = useState(0);
  const today = useLoad(() => present(apiGet<DailyToday>('/api/daily')), `${user?.id}/${version}`);
  const [which, setWhich] = useState<Which>('Today');
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') setVersion((v) => v + 1);
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const data = today.data;
  const boardDate = which === 'Today' ? data?.date : data?.previous?.date;
  return (
    <div className="page daily-page">
      <header className="page-header">
        <h1>Daily deal</h1>
        <p className="muted">
          One deal a day, the same cards for everyone: you in seat 1 against three computer players at Normal. Your
          result is compared with everyone who played it.
        </p>
      </header>
      {today.error !== null ? (
        <LoadError message={today.error} onRetry={today.reload} />
      ) : data === null ? (
        <p className="muted" role="status">
          Loading today's deal…
        </p>
      ) : (
        <>
          <TodayCard today={data} onChanged={() => setVersion((v) => v + 1)} />
          {data.previous !== null && (
            <ToggleGroup
              legend="Which day's board"
              className="chips daily-board-choice"
              itemClass="chip"
              options={BOARDS}
              selected={which}
              onSelect={setWhich}
            />
          )}
          {boardDate !== undefined && (
            <Board
              date={boardDate}
              title={which === 'Today' ? "Today's board" : "Yesterday's board"}
              version={version}
            />
          )}
          {user !== null && <History userId={user.id} version={version} />}
          {data.previous !== null && <DealProof deal={data.previous} />}
        </>
      )}
    </div>
  );
}

/** Today's deal: the commitment, then Play, Continue, or the player's result. */
function TodayCard({ today, onChanged }: { readonly today: DailyToday; readonly onChanged: () => void }): ReactElement {
  const user = useAuth((s) => s.user);
  const guestLogin = useAuth((s) => s.guestLogin);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const attempt = today.attempt;
  const action = dailyAction(attempt);

  const play = async () => {
    setBusy(true);
    try {
      // A visitor plays as a guest (unranked), as on /play.
      if (useAuth.getState().user === null) await guestLogin();
      const started = await apiRequest<DailyStarted>('POST', '/api/daily/start');
      navigate(mainGamePath(started.gameId));
    } catch (failure) {
      toast({
        title: "Couldn't start the daily deal",
        description: serverMessage(failure, 'Could not reach the server. Please try again.'),
        variant: 'destructive',
      });
      onChanged();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card daily-today" aria-labelledby="daily-today-title">
      <div className="card-head">
        <h2 id="daily-today-title" className="card-title">
          Today · {dayLabel(today.date)}
        </h2>
        <span className="muted small">{playersLabel(today)}</span>
      </div>
      {action === 'play' && (
        <>
          <p>
            One attempt a day: starting it counts, and leaving ends it with the cards you hold.
            {user === null || isGuest(user) ? ' As a guest you play unranked; sign up to be on the board.' : ''}
          </p>
          <button
            type="button"
            className="button button-primary daily-play"
            disabled={busy}
            aria-busy={busy}
            onClick={() => void play()}
          >
            {busy ? 'Dealing…' : "Play today's deal"}
          </button>
        </>
      )}
      {action === 'continue' && attempt !== null && (
        <>
          <p>Your game of today's deal is waiting for you.</p>
          <Link className="button button-primary daily-play" to={mainGamePath(attempt.gameId)}>
            Continue your game
          </Link>
        </>
      )}
      {action === 'done' && attempt?.result != null && (
        <div className="daily-result" role="status">
          <p className="daily-result-main">{outcomeLabel(attempt.result)}</p>
          <p className="daily-result-score">{scoreLabel(attempt.result, attempt.ranked)}</p>
          <p className="muted small">
            The next deal comes in {timeUntil(today.endsAt, Date.now())}.{' '}
            <Link to={`/review/main/${attempt.gameId}`}>Review your game</Link>
          </p>
        </div>
      )}
      <p className="daily-commitment small">
        <span className="muted">Commitment </span>
        <code title="sha256 of today's seed, revealed when the day ends">{today.commitment}</code>
      </p>
    </section>
  );
}
