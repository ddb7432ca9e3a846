import '../../pages.css';
import '../variants.css';
import './simple.css';
import type { SimpleGameState } from '@palace/protocol';
import { type ReactElement, type ReactNode, useEffect } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useAiLevel } from '../ai-level.js';
import { VariantErrorPage, VariantLoading } from '../table-kit.js';
import { readGameQuery } from './simple-forms.js';
import { useSimpleSocket } from './simple-socket-store.js';
import { SimpleTable } from './simple-table.js';
import { SimpleWsHome } from './simple-ws-home.js';

/** Where the websocket screens start over. */
export const WS_HOME = '/simple-game';

/**
 * `/simple-game` and `/ws` (docs/product.md §P2.2): the start page with no query, the game with `gameId` and
 * `username`, and a trip to `/` when only one of the two is given.
 */
export function SimpleWsPage(): ReactElement {
  const [params] = useSearchParams();
  const query = readGameQuery(params);
  if (query.kind === 'partial') return <Navigate to="/" replace />;
  if (query.kind === 'none') return <SimpleWsHome />;
  return <SimpleWsGame key={`${query.gameId}|${query.username}`} roomId={query.gameId} username={query.username} />;
}

/** The live game: connects on mount, closes (without leaving) on unmount. */
function SimpleWsGame(props: { readonly roomId: string; readonly username: string }): ReactElement {
  const navigate = useNavigate();
  const s = useSimpleSocket();
  const { connect, close } = s;
  useEffect(() => {
    connect(props.roomId, props.username);
    return () => close();
  }, [connect, close, props.roomId, props.username]);

  if (s.phase === 'refused' || (s.phase === 'closed' && s.game === null)) {
    return <VariantErrorPage message={s.notice ?? 'Failed to join game'} home={WS_HOME} />;
  }
  if (s.phase === 'failed') {
    return (
      <main className="variant-page">
        <section className="card variant-error" role="alert">
          <h1>Error</h1>
          <p>{s.notice}</p>
          <div className="button-row">
            <button type="button" className="button button-primary" onClick={s.retry}>
              Try again
            </button>
            <Link className="button button-secondary" to={WS_HOME}>
              Return to Home
            </Link>
          </div>
        </section>
      </main>
    );
  }
  const game: SimpleGameState | null = s.game;
  if (game === null) {
    return <VariantLoading className="card simple-loading">Connecting to game {props.roomId}…</VariantLoading>;
  }
  const { roomId, username } = s;
  const send = s.send;
  const me = game.players.find((p) => p.username === game.you);
  return (
    <SimpleTable
      game={game}
      chat={s.chat}
      home={WS_HOME}
      busy={s.phase !== 'joined'}
      banner={banner(s.phase, s.notice, s.retry)}
      picks={me?.selecting ?? []}
      onPick={(id) => send({ type: 'select_faceup', roomId, username, card: id })}
      onPlay={(ids) =>
        send(
          ids.length === 1 && ids[0] !== undefined
            ? { type: 'play_card', roomId, username, card: ids[0] }
            : { type: 'play_card', roomId, username, cards: [...ids] },
        )
      }
      onPickUp={() => send({ type: 'pickup_pile', roomId, username })}
      onAddAi={() => s.addAi(useAiLevel.getState().level)}
      onChat={async (text) => send({ type: 'chat_message', roomId, username, text })}
      onLeave={() => {
        s.leave();
        navigate(WS_HOME);
      }}
    />
  );
}

/** The connection's message above the table: lost (and reconnecting), or the room closed. */
function banner(phase: string, notice: string | null, retry: () => void): ReactNode {
  if (notice === null || (phase !== 'reconnecting' && phase !== 'lost' && phase !== 'closed')) return undefined;
  return (
    <div className="simple-banner" role="alert">
      <p>{notice}</p>
      {phase === 'reconnecting' && <span className="small">Reconnecting…</span>}
      {phase === 'lost' && (
        <button type="button" className="button button-small" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  );
}
