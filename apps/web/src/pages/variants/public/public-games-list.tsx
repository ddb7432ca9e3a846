import type { PublicListEntry } from '@palace/protocol';
import { type ReactElement, useCallback, useState } from 'react';
import { relativeAge } from '../../../lib/format.js';
import { CopyButton, StatusBadge } from '../table-kit.js';
import { usePoll } from '../use-poll.js';
import { publicApi } from './public-api.js';
import { LIST_POLL_MS, PUBLIC_TEXTS } from './public-logic.js';

type ListState =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed' }
  | { readonly kind: 'loaded'; readonly games: readonly PublicListEntry[]; readonly at: number };

/** One row of the list: the id (copyable), players / max, status, age and Join. */
export function PublicGameRow(props: {
  readonly game: PublicListEntry;
  readonly now: number;
  readonly busy: boolean;
  readonly onJoin: (gameId: string) => void;
}): ReactElement {
  const { game } = props;
  return (
    <li className="public-game-row">
      <div className="public-game-id">
        <code className="game-code">{game.id}</code>
        <CopyButton text={game.id} label={`Copy game ID ${game.id}`} />
      </div>
      <div className="public-game-meta small">
        <span>
          {game.playerCount}/{game.maxPlayers} players
        </span>
        <StatusBadge status={game.status} />
        <span className="muted">{relativeAge(game.createdAt, props.now)}</span>
      </div>
      <button
        type="button"
        className="button button-secondary button-small-outline"
        aria-label={`Join game ${game.id}`}
        disabled={props.busy}
        onClick={() => props.onJoin(game.id)}
      >
        Join
      </button>
    </li>
  );
}

/**
 * The public games (docs/product.md §P2.2, §P2.9): fetched at once and every 15 s (sequentially), and on
 * Refresh; an empty state; "Could not load public games" when the list cannot be had (the last
 * list stays hidden then, so nobody joins a game that may be gone).
 */
export function PublicGamesList(props: {
  readonly busy: boolean;
  readonly onJoin: (gameId: string) => void;
}): ReactElement {
  const [state, setState] = useState<ListState>({ kind: 'loading' });
  const [refreshing, setRefreshing] = useState(false);
  const load = useCallback(async () => {
    try {
      const answer = await publicApi.list();
      setState({ kind: 'loaded', games: answer.games, at: Date.now() });
    } catch {
      setState({ kind: 'failed' });
    }
  }, []);
  usePoll(load, LIST_POLL_MS, true);
  const refresh = async () => {
    setRefreshing(true);
    try {
      await load();
    } finally {
      setRefreshing(false);
    }
  };
  return (
    <section className="card public-list" aria-labelledby="public-list-title" aria-busy={state.kind === 'loading'}>
      <div className="public-list-head">
        <h2 id="public-list-title">Public Games</h2>
        <button
          type="button"
          className="button button-secondary button-small-outline"
          onClick={() => void refresh()}
          disabled={refreshing}
        >
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {state.kind === 'loading' && <p className="muted small">Loading games…</p>}
      {state.kind === 'failed' && (
        <p className="error-text small" role="alert">
          {PUBLIC_TEXTS.listFailed}
        </p>
      )}
      {state.kind === 'loaded' && state.games.length === 0 && (
        <p className="muted small public-empty">No public games right now. Create one and invite your friends!</p>
      )}
      {state.kind === 'loaded' && state.games.length > 0 && (
        <ul className="public-games" aria-label="Public games">
          {state.games.map((game) => (
            <PublicGameRow key={game.id} game={game} now={state.at} busy={props.busy} onJoin={props.onJoin} />
          ))}
        </ul>
      )}
    </section>
  );
}
