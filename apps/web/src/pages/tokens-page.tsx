import './pages.css';
import type { BalanceResponse, HistoryLine, LeaderboardEntry, RatingPreset } from '@palace/protocol';
import { type ReactElement, useState } from 'react';
import { Link } from 'react-router-dom';
import { apiGet } from '../lib/api.js';
import { PRESETS, presetName } from '../lib/ratings.js';
import { kindLabel, shortDateTime, signedAmount, tokens } from '../lib/tokens-format.js';
import { present, useLoad } from '../lib/use-load.js';
import { Avatar } from '../shell/avatar.js';
import { isGuest, useAuth } from '../stores/auth-store.js';
import { LoadError } from '../ui/load-error.js';
import { SignInPrompt } from '../ui/sign-in-prompt.js';
import { ToggleGroup } from '../ui/toggle-group.js';
import { RatingBoard } from './ratings.js';

type Order = 'balance' | 'wins' | 'rating';

/**
 * `/tokens` (docs/product.md §D5): a registered player's balance and token history; guests and visitors
 * see an invitation to register instead. The leaderboard (by balance, by wins, or by rating in one
 * preset: docs/product.md §D11) is for everyone.
 * /auth lands here after a prize claim.
 */
export function TokensPage(): ReactElement {
  const user = useAuth((s) => s.user);
  const registered = user !== null && !isGuest(user);
  return (
    <div className="page">
      <header className="page-header">
        <h1>Tokens</h1>
        <p className="muted">SRT tokens: the entry fees you pay and the prizes you win.</p>
      </header>
      {registered ? (
        <Wallet userId={user.id} />
      ) : (
        <SignInPrompt
          icon="coins"
          title="Register to collect SRT tokens"
          text={
            user === null
              ? 'New players get 100 free SRT tokens on sign-up. Sign in to see your balance and history.'
              : 'Guests play for free but hold no tokens. Create an account to get 100 free SRT tokens and claim what you win.'
          }
          action={user === null ? 'Sign in or register' : 'Create an account'}
        />
      )}
      <Leaderboard myId={registered ? user.id : null} />
    </div>
  );
}

function Wallet({ userId }: { readonly userId: number }): ReactElement {
  const balance = useLoad(() => present(apiGet<BalanceResponse>('/api/tokens/balance')), userId);
  const history = useLoad(() => present(apiGet<HistoryLine[]>('/api/tokens/history')), userId);
  return (
    <>
      <section className="card balance-card" aria-labelledby="balance-title">
        <h2 id="balance-title" className="balance-label">
          Your balance
        </h2>
        {balance.data !== null ? (
          <p className="balance-value">
            <span data-testid="balance">{tokens(balance.data.balance)}</span> <span className="balance-unit">SRT</span>
          </p>
        ) : balance.error !== null ? (
          <LoadError message={balance.error} onRetry={balance.reload} />
        ) : (
          <p className="balance-value muted" aria-busy="true">
            …
          </p>
        )}
        <Link to="/play" className="button button-small balance-play">
          Play to win more
        </Link>
      </section>
      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title" className="card-title">
          History
        </h2>
        {history.error !== null ? (
          <LoadError message={history.error} onRetry={history.reload} />
        ) : history.data === null ? (
          <p className="muted">Loading…</p>
        ) : history.data.length === 0 ? (
          <p className="muted">No token movements yet.</p>
        ) : (
          <ul className="history-list">
            {history.data.map((line) => (
              <li key={line.id} className="history-item">
                <div>
                  <div className="history-kind">{kindLabel(line.kind)}</div>
                  <div className="muted small">
                    {line.gameId !== null && <span>Game #{line.gameId} · </span>}
                    {line.tournamentId !== null && <span>Tournament #{line.tournamentId} · </span>}
                    <time dateTime={line.timestamp}>{shortDateTime(line.timestamp)}</time>
                  </div>
                </div>
                <span className={`amount ${line.amount >= 0 ? 'credit' : 'debit'}`}>{signedAmount(line.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function Leaderboard({ myId }: { readonly myId: number | null }): ReactElement {
  const [order, setOrder] = useState<Order>('balance');
  const [preset, setPreset] = useState<RatingPreset>('classic');
  return (
    <section className="card" aria-labelledby="leaders-title">
      <div className="card-head">
        <h2 id="leaders-title" className="card-title">
          Leaderboard
        </h2>
        <ToggleGroup
          legend="Rank players by"
          className="segmented"
          options={['balance', 'wins', 'rating'] as const}
          selected={order}
          onSelect={setOrder}
          label={(by) => (by === 'balance' ? 'Balance' : by === 'wins' ? 'Wins' : 'Rating')}
        />
      </div>
      {order === 'rating' ? (
        <>
          <ToggleGroup
            legend="Rating preset"
            className="segmented preset-choice"
            options={PRESETS}
            selected={preset}
            onSelect={setPreset}
            label={presetName}
          />
          <RatingBoard preset={preset} myId={myId} />
        </>
      ) : (
        <TokenBoard order={order} myId={myId} />
      )}
    </section>
  );
}

/** The leaderboard by balance or by wins. */
function TokenBoard({
  order,
  myId,
}: {
  readonly order: 'balance' | 'wins';
  readonly myId: number | null;
}): ReactElement {
  const leaders = useLoad(() => present(apiGet<LeaderboardEntry[]>(`/api/leaderboard?by=${order}`)), order);
  return leaders.error !== null ? (
    <LoadError message={leaders.error} onRetry={leaders.reload} />
  ) : leaders.data === null ? (
    <p className="muted">Loading…</p>
  ) : leaders.data.length === 0 ? (
    <p className="muted">Nobody on the board yet.</p>
  ) : (
    <ol className="leader-list" aria-busy={leaders.loading} aria-label={`Players by ${order}`}>
      {leaders.data.map((l) => (
        <li key={l.id} className={`leader${l.id === myId ? ' me' : ''}`}>
          <span className="leader-rank">{l.rank}</span>
          <Avatar name={l.username} src={l.avatar} size={32} />
          <span className="leader-name">
            {l.username}
            {l.id === myId && <span className="you-pill">You</span>}
          </span>
          <span className="leader-value">
            {order === 'balance' ? `${tokens(l.balance)} SRT` : `${l.wins} ${l.wins === 1 ? 'win' : 'wins'}`}
            <span className="muted small">
              {l.gamesPlayed} {l.gamesPlayed === 1 ? 'game' : 'games'}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}
