import type { RestGameState } from '@palace/protocol';
import { type ReactElement, useEffect, useState } from 'react';
import { unreadLabel } from '../../lib/format.js';
import { type GameSection, GameSections } from '../../ui/game-sections.js';
import { useAiLevel } from '../variants/ai-level.js';
import { CopyButton, StatusBadge } from '../variants/table-kit.js';
import { RestChat } from './rest-chat.js';
import { clearSession } from './rest-session.js';
import { PlayingView, WaitingRoom } from './rest-table.js';
import { RestTutorial } from './rest-tutorial.js';
import { useRestGame } from './use-rest-game.js';

/**
 * The in-game view of `/rest-poker/:gameId` (docs/product.md §P2.2): the header (Back to Lobby, the copyable
 * game ID, refresh; Add AI Player for the host while waiting) and the tabs Game, Chat (with its
 * unread count) and How to Play. `initial` is null when the session restore could not fetch the
 * state: polling fetches it.
 */
export function RestGameView(props: {
  readonly gameId: string;
  readonly playerId: string;
  readonly initial: RestGameState | null;
  readonly onLeave: () => void;
  readonly onNewGame: () => void;
  /** After game over: offers or joins the rematch (then the page shows the new game). */
  readonly onRematch: () => Promise<void>;
}): ReactElement {
  const { gameId, playerId } = props;
  const [tab, setTab] = useState<GameSection>('game');
  const actions = useRestGame(gameId, playerId, props.initial, tab === 'chat');
  const { game, clearUnread } = actions;
  // On the Chat tab nothing is unread, in the very render that shows the panel (the effect below
  // then resets the count, one paint later).
  const unread = tab === 'chat' ? 0 : actions.unread;
  useEffect(() => {
    if (tab === 'chat' && actions.unread > 0) clearUnread();
  }, [tab, actions.unread, clearUnread]);
  const isHost = game?.players[0]?.id === playerId;
  // A finished game has nothing to resume: leaving it forgets the session (else `/` would keep
  // sending the player back to its table). Mid-game, leaving keeps the session resumable.
  const leave = () => {
    if (game?.status === 'finished') clearSession();
    props.onLeave();
  };
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      await actions.refresh();
    } finally {
      setRefreshing(false);
    }
  };

  // In play the Game tab's table fills the screen below the header and the tabs (table-page).
  const inPlay = game !== null && game.status !== 'waiting';
  return (
    <main className={`variant-page rest-page${inPlay ? ' table-page' : ''}`}>
      <header className="rest-header">
        <button type="button" className="button button-secondary button-small-outline" onClick={leave}>
          <span aria-hidden="true">← </span>Back to Lobby
        </button>
        <div className="rest-title">
          {/* In play, still the page's heading for screen readers: the table needs the line. */}
          <h1 className={inPlay ? 'sr-only' : undefined}>Palace</h1>
          <p className="small">
            Game <code className="game-code">{gameId}</code> <CopyButton text={gameId} label="Copy game ID" />
            {game !== null && <StatusBadge status={game.status} />}
          </p>
        </div>
        <div className="button-row rest-header-actions">
          {isHost && game?.status === 'waiting' && (
            <button
              type="button"
              className="button button-small"
              disabled={actions.busy}
              onClick={() => void actions.run('ai', 'Failed to add AI', { level: useAiLevel.getState().level })}
            >
              Add AI Player
            </button>
          )}
          <button
            type="button"
            className="button button-secondary button-small-outline rest-refresh"
            aria-label="Refresh game"
            title="Refresh game"
            disabled={refreshing}
            onClick={() => void refresh()}
          >
            <span aria-hidden="true">⟳</span>
          </button>
        </div>
      </header>
      {game === null ? (
        <p className="card rest-connecting" role="status">
          Connecting to the game…
        </p>
      ) : (
        <GameSections
          idPrefix="rest"
          selected={tab}
          onSelect={setTab}
          game={
            game.status === 'waiting' ? (
              <WaitingRoom game={game} gameId={gameId} playerId={playerId} actions={actions} />
            ) : (
              <PlayingView
                game={game}
                playerId={playerId}
                actions={actions}
                onLeave={leave}
                onNewGame={props.onNewGame}
                onRematch={props.onRematch}
              />
            )
          }
          chat={{
            badge:
              unread > 0 ? (
                <span className="rest-unread">
                  <span aria-hidden="true">{unreadLabel(unread)}</span>
                  <span className="sr-only"> ({unread} unread)</span>
                </span>
              ) : null,
            panel: <RestChat messages={game.chatMessages} playerId={playerId} onSend={actions.sendChat} />,
          }}
          tutorial={<RestTutorial variant={game.variant} />}
        />
      )}
    </main>
  );
}
