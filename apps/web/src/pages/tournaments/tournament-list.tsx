import type { TournamentSummary } from '@palace/protocol';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { apiRequest } from '../../lib/api.js';
import { presetName } from '../../lib/ratings.js';
import { shortDateTime } from '../../lib/tokens-format.js';
import { tournamentPath } from '../../lib/tournament-label.js';
import { useLoad } from '../../lib/use-load.js';
import { isGuest, useAuth } from '../../stores/auth-store.js';
import { LoadError } from '../../ui/load-error.js';
import { ToggleGroup } from '../../ui/toggle-group.js';
import { CreateTournament } from './create-tournament.js';
import {
  feeLabel,
  filterLabel,
  filterOf,
  listUrl,
  progressLabel,
  startLabel,
  statusLabel,
  TOURNAMENT_FILTERS,
  TOURNAMENT_POLL_MS,
  type TournamentFilter,
} from './tournament-format.js';
import { Facts } from './tournament-rounds.js';

/**
 * `/tournaments`: the list by status (All, Open, Running, Finished; `?status=` keeps the choice),
 * fetched again every 5 s while the page is visible, and the create form for registered players
 * (guests and visitors are told how to get one).
 */
export function TournamentList(): ReactElement {
  const user = useAuth((s) => s.user);
  const registered = user !== null && !isGuest(user);
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get('status'));
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const createButton = useRef<HTMLButtonElement>(null);
  const wasCreating = useRef(false);
  useEffect(() => {
    // Closing the form gives focus back to the button that opened it.
    if (!creating && wasCreating.current) createButton.current?.focus();
    wasCreating.current = creating;
  }, [creating]);
  const choose = (next: TournamentFilter) =>
    setParams(next === 'all' ? {} : { status: next }, { replace: true, preventScrollReset: true });

  return (
    <div className="page tournaments-page">
      <header className="page-header tournaments-head">
        <div>
          <h1>Tournaments</h1>
          <p className="muted">Every table of a round plays the same deal: the best play wins, not the best cards.</p>
        </div>
        {registered && !creating && (
          <button ref={createButton} type="button" className="button button-primary" onClick={() => setCreating(true)}>
            Create Tournament
          </button>
        )}
      </header>
      {!registered && (
        <p className="card tournament-signup">
          Registered players create tournaments; guests may enter the free ones.{' '}
          <Link to="/auth">{user === null ? 'Sign in or sign up' : 'Create an account'}</Link> to create one.
        </p>
      )}
      {registered && creating && (
        <CreateTournament onCancel={() => setCreating(false)} onCreated={(id) => navigate(tournamentPath(id))} />
      )}
      <section className="tournament-list-section" aria-labelledby="tournament-list-title">
        <h2 id="tournament-list-title" className="sr-only">
          {filterLabel(filter)} tournaments
        </h2>
        <ToggleGroup
          legend="Show tournaments"
          className="chips plain"
          itemClass="chip"
          options={TOURNAMENT_FILTERS}
          selected={filter}
          onSelect={choose}
          label={filterLabel}
        />
        <Listing filter={filter} />
      </section>
    </div>
  );
}

function Listing({ filter }: { readonly filter: TournamentFilter }): ReactElement {
  const list = useLoad(() => apiRequest<TournamentSummary[]>('GET', listUrl(filter)), filter);
  const { reload } = list;
  useEffect(() => {
    const timer = setInterval(() => {
      if (!document.hidden) reload();
    }, TOURNAMENT_POLL_MS);
    return () => clearInterval(timer);
  }, [reload]);
  if (list.data === null) {
    return list.error !== null ? (
      <LoadError message={list.error} onRetry={reload} />
    ) : (
      <p className="muted" role="status">
        Loading tournaments…
      </p>
    );
  }
  return (
    <>
      {list.error !== null && <LoadError message={list.error} onRetry={reload} />}
      {list.data.length === 0 ? (
        <p className="muted tournament-empty">
          {filter === 'all' ? 'No tournaments yet.' : `No ${filterLabel(filter).toLowerCase()} tournaments.`}
        </p>
      ) : (
        <ul className="tournament-list">
          {list.data.map((t) => (
            <TournamentCard key={t.id} tournament={t} />
          ))}
        </ul>
      )}
    </>
  );
}

function TournamentCard({ tournament: t }: { readonly tournament: TournamentSummary }): ReactElement {
  const facts: ReadonlyArray<readonly [string, string]> = [
    ['Rules', presetName(t.preset)],
    ['Players', `${t.entrants}/${t.maxPlayers}`],
    ['Table size', String(t.tableSize)],
    ['Rounds', String(t.rounds)],
    ['Entry fee', feeLabel(t.entryFee)],
    ['Prize pool', `${t.prizePool.toLocaleString('en-US')} SRT`],
    t.status === 'open' ? ['Starts', startLabel(t.startsAt, shortDateTime)] : ['Progress', progressLabel(t)],
  ];
  return (
    <li className="card tournament-card">
      <div className="tournament-card-head">
        <h3>
          <Link to={tournamentPath(t.id)}>{t.name}</Link>
        </h3>
        <span className={`status-badge t-status-${t.status}`}>{statusLabel(t.status)}</span>
      </div>
      <Facts facts={facts} />
      <p className="muted small tournament-by">Created by {t.createdBy}</p>
    </li>
  );
}
