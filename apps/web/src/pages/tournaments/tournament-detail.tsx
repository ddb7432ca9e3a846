import type { Tournament } from '@palace/protocol';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { apiRequest, serverMessage } from '../../lib/api.js';
import { presetName } from '../../lib/ratings.js';
import { shortDateTime } from '../../lib/tokens-format.js';
import { Avatar } from '../../shell/avatar.js';
import { isGuest, useAuth } from '../../stores/auth-store.js';
import { LoadError } from '../../ui/load-error.js';
import {
  type EntryState,
  enterLabel,
  entryState,
  feeLabel,
  ordinal,
  percentLabel,
  progressLabel,
  startLabel,
  statusLabel,
  tableRoomPath,
  type Viewer,
} from './tournament-format.js';
import { Facts, RoundList, SeedProof } from './tournament-rounds.js';
import { useTournament } from './use-tournament.js';

/**
 * `/tournaments/:id`: the header (name, status, rules, round), entering and withdrawing, the
 * standings, the rounds with their tables and deal commitments, the prizes and the tournament
 * seed's proof. Fetched again every 5 s while open or running.
 */
export function TournamentDetail({ id }: { readonly id: string }): ReactElement {
  const user = useAuth((s) => s.user);
  const viewer: Viewer | null = user === null ? null : { id: user.id, isGuest: isGuest(user) };
  const load = useTournament(id, viewer?.id ?? null);
  const t = load.tournament;
  if (t === null) {
    return (
      <div className="page tournament-page">
        <BackLink />
        {load.missing ? (
          <section className="card" aria-labelledby="tournament-missing">
            <h1 id="tournament-missing">Tournament not found</h1>
            <p className="muted">It may have been mistyped. See the tournaments that are open, running or finished.</p>
            <Link className="button button-primary" to="/tournaments">
              All tournaments
            </Link>
          </section>
        ) : (
          <>
            <h1 className="tournament-title">Tournament</h1>
            {load.error !== null ? (
              <LoadError message={load.error} onRetry={load.reload} />
            ) : (
              <p className="muted" role="status">
                Loading the tournament…
              </p>
            )}
          </>
        )}
      </div>
    );
  }
  return (
    <div className="page tournament-page">
      <BackLink />
      <Header t={t} />
      {load.error !== null && <LoadError message={load.error} onRetry={load.reload} />}
      <Entry t={t} viewer={viewer} onChange={load.replace} />
      <Standings t={t} viewerId={viewer?.id ?? null} />
      {t.roundList.length > 0 && <RoundList t={t} viewerId={viewer?.id ?? null} />}
      <Prizes t={t} />
      <section className="card" aria-labelledby="tournament-proof-title">
        <h2 id="tournament-proof-title">Fair deals</h2>
        <p className="small">
          Every table of a round with the same number of players gets the same deal, from a seed published as its
          commitment (sha256 of the seed) when the round starts and revealed when it ends. Round 1's seats were drawn
          from the tournament seed below, committed when the tournament was created.
        </p>
        <SeedProof label="Tournament seed" commitment={t.commitment} seed={t.seed} hidden="revealed when it ends" />
      </section>
    </div>
  );
}

function BackLink(): ReactElement {
  return (
    <Link className="tournament-back" to="/tournaments">
      <span aria-hidden="true">‹</span>All tournaments
    </Link>
  );
}

function Header({ t }: { readonly t: Tournament }): ReactElement {
  const facts: ReadonlyArray<readonly [string, string]> = [
    ['Players', `${t.entrants}/${t.maxPlayers}`],
    ['Table size', String(t.tableSize)],
    ['Entry fee', feeLabel(t.entryFee)],
    ['Prize pool', `${t.prizePool.toLocaleString('en-US')} SRT`],
    t.startedAt !== null ? ['Started', shortDateTime(t.startedAt)] : ['Starts', startLabel(t.startsAt, shortDateTime)],
    ['Created by', t.createdBy],
  ];
  return (
    <header className="page-header tournament-header">
      <h1 className="tournament-title">{t.name}</h1>
      <p className="tournament-badges">
        <span className={`status-badge t-status-${t.status}`}>{statusLabel(t.status)}</span>
        <span className="status-badge">{presetName(t.preset)} rules</span>
        <span className="status-badge">{progressLabel(t)}</span>
      </p>
      <Facts facts={facts} />
    </header>
  );
}

/** What the entry card says for each state, before any button. */
function entryText(state: EntryState, t: Tournament): string {
  switch (state.kind) {
    case 'enter':
      return state.fee === 0
        ? 'Free to enter.'
        : `The ${feeLabel(state.fee)} fee goes to the prize pool; it comes back if you withdraw before the start or the tournament is cancelled.`;
    case 'withdraw':
      return t.startsAt === null
        ? "You're in. It starts as soon as every place is taken."
        : `You're in. It starts ${shortDateTime(t.startsAt)}.`;
    case 'sign-in':
      return state.paid
        ? 'Sign in to enter: paid tournaments are for registered players.'
        : 'Enter as a guest, or sign in to play under your name.';
    case 'guest-paid':
      return 'Guests may enter free tournaments only. Create an account (new players get 100 free SRT tokens) to enter this one.';
    case 'full':
      return 'This tournament is full.';
    case 'closed':
      if (t.status === 'cancelled')
        return 'Cancelled: too few players had entered by the start. Every fee was refunded.';
      if (t.status === 'finished') return t.entered ? 'You played in this tournament.' : 'This tournament is over.';
      return t.entered ? "You're playing in this tournament." : 'Entries are closed. You can watch the tables below.';
  }
}

/** Enter, withdraw, or why not; the viewer's table once a round is on. */
function Entry(props: {
  readonly t: Tournament;
  readonly viewer: Viewer | null;
  readonly onChange: (t: Tournament) => void;
}): ReactElement {
  const { t, viewer, onChange } = props;
  const guestLogin = useAuth((s) => s.guestLogin);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [moved, setMoved] = useState(0);
  const card = useRef<HTMLElement>(null);
  const state = entryState(t, viewer);

  useEffect(() => {
    // The button pressed is gone (Enter became Withdraw): focus the one that took its place.
    if (moved > 0) card.current?.querySelector<HTMLElement>('[data-entry-action]')?.focus();
  }, [moved]);

  const act = async (action: 'enter' | 'withdraw', asGuest = false) => {
    setBusy(true);
    setRefusal(null);
    try {
      if (asGuest) await guestLogin();
      onChange(await apiRequest<Tournament>('POST', `/api/tournaments/${t.id}/${action}`));
      setMoved((n) => n + 1);
    } catch (failure) {
      setRefusal(serverMessage(failure, 'Could not reach the server. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const mine = myTable(t);
  return (
    <section ref={card} className="card tournament-entry" aria-labelledby="tournament-entry-title">
      <h2 id="tournament-entry-title">{t.status === 'open' ? 'Entry' : 'Your place'}</h2>
      <p role="status">{entryText(state, t)}</p>
      {mine !== null && (
        <div className="tournament-my-table">
          <p>
            Your table: round {mine.round}, table {mine.table}.
          </p>
          <Link className="button button-primary" to={tableRoomPath(mine.gameId, 'play')} data-entry-action>
            Play<span className="sr-only"> at table {mine.table}</span>
          </Link>
        </div>
      )}
      <div className="button-row">
        {state.kind === 'enter' && (
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            data-entry-action
            onClick={() => void act('enter')}
          >
            {enterLabel(state.fee)}
          </button>
        )}
        {state.kind === 'withdraw' && (
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            data-entry-action
            onClick={() => void act('withdraw')}
          >
            Withdraw{state.fee > 0 ? ` (${feeLabel(state.fee)} refunded)` : ''}
          </button>
        )}
        {state.kind === 'sign-in' && !state.paid && (
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            data-entry-action
            onClick={() => void act('enter', true)}
          >
            Enter as a guest
          </button>
        )}
        {(state.kind === 'sign-in' || state.kind === 'guest-paid') && (
          <Link
            className={`button ${state.kind === 'sign-in' && !state.paid ? 'button-secondary' : 'button-primary'}`}
            to="/auth"
          >
            {state.kind === 'guest-paid' ? 'Create an account' : 'Sign in'}
          </Link>
        )}
      </div>
      {refusal !== null && (
        <p className="field-error" role="alert">
          {refusal}
        </p>
      )}
    </section>
  );
}

/** The viewer's table in the round being played, while it plays (from `myTable`). */
function myTable(t: Tournament): { readonly round: number; readonly table: number; readonly gameId: number } | null {
  if (t.myTable === null) return null;
  for (const round of t.roundList) {
    const table = round.tables.find((x) => x.gameId === t.myTable);
    if (table !== undefined && !round.finished && !table.finished)
      return { round: round.number, table: table.number, gameId: table.gameId };
  }
  return null;
}

function Standings({ t, viewerId }: { readonly t: Tournament; readonly viewerId: number | null }): ReactElement {
  const started = t.roundList.length > 0;
  return (
    <section className="card" aria-labelledby="tournament-standings-title">
      <div className="card-head">
        <h2 id="tournament-standings-title" className="card-title">
          {started ? 'Standings' : 'Entrants'}
        </h2>
        <span className="muted small">
          {t.entrants}/{t.maxPlayers} players
        </span>
      </div>
      {t.entries.length === 0 ? (
        <p className="muted">Nobody has entered yet.</p>
      ) : !started ? (
        <ul className="entrant-list">
          {t.entries.map((e) => (
            <li key={e.userId} className={e.userId === viewerId ? 'me' : undefined}>
              <Avatar name={e.username} src={e.avatar} size={28} />
              <span className="entrant-name">
                {e.username}
                {e.isGuest && <span className="muted small"> (guest)</span>}
                {e.userId === viewerId && <span className="you-pill">You</span>}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <table className="standings-table">
          <caption className="sr-only">
            Standings: by score (each round's percentage, added up), then by fewest cards left
          </caption>
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">Player</th>
              <th scope="col" className="num">
                Score
              </th>
              <th scope="col" className="num">
                Cards left
              </th>
            </tr>
          </thead>
          <tbody>
            {t.entries.map((e) => (
              <tr key={e.userId} className={e.userId === viewerId ? 'me' : undefined}>
                <td className="num">{ordinal(e.rank)}</td>
                <th scope="row" className="standings-name">
                  {e.username}
                  {e.userId === viewerId && <span className="you-pill">You</span>}
                </th>
                <td className="num">{percentLabel(e.score)}</td>
                <td className="num">{e.cardsLeft}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Prizes({ t }: { readonly t: Tournament }): ReactElement {
  const paid = t.prizes.some((p) => p.amount > 0);
  return (
    <section className="card" aria-labelledby="tournament-prizes-title">
      <h2 id="tournament-prizes-title">Prizes</h2>
      {!paid ? (
        <p className="muted">
          {t.entryFee === 0
            ? 'A free tournament: no prize pool, just the glory.'
            : 'No fees paid yet: the pool is empty.'}
        </p>
      ) : (
        <ol className="prize-list">
          {t.prizes.map((p) => (
            <li key={p.place}>
              <span className="prize-place">{ordinal(p.place)}</span>
              <span className="prize-amount">{p.amount.toLocaleString('en-US')} SRT</span>
              {p.username !== null && <span className="prize-winner">{p.username}</span>}
            </li>
          ))}
        </ol>
      )}
      <p className="muted small">
        The pool (every entry fee) pays 50% / 30% / 20% to the top three; with fewer than 6 players the winner takes it
        all.{t.status === 'finished' ? '' : ' Amounts grow with each paid entry.'}
      </p>
    </section>
  );
}
