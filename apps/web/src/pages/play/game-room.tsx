import type { MainGameState, MainPlayer } from '@palace/protocol';
import { type ReactElement, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { tournamentPath, tournamentTableLabel } from '../../lib/tournament-label.js';
import { useAuth } from '../../stores/auth-store.js';
import { GAME_TOAST_MS, useGame } from '../../stores/game-store.js';
import { toast } from '../../stores/toast-store.js';
import { tableCards } from '../../table/cards.js';
import { useFinishedTable } from '../../table/finished-record.js';
import { GameTable } from '../../table/game-table.js';
import { withHint } from '../../table/hint-line.js';
import { ownCards, stillAllowed, toggleCard } from '../../table/selection.js';
import { useServerHint } from '../variants/server-hint.js';
import { ChatPanel } from './chat-panel.js';
import { Countdown } from './countdown.js';
import { DAILY_LEAVE_TEXT, useLeaveGuard } from './leave-guard.js';
import { GameOver } from './main-game-over.js';
import { mainTableModel } from './main-table.js';
import { RoomLoading } from './room-loading.js';
import { NotificationPrompt, useTurnNotice } from './use-turn-notice.js';
import { WaitingRoom } from './waiting-room.js';

/** The game room (docs/product.md §P1.2): header, waiting screen, countdown, board, chat and game over. */
export function GameRoom({
  gameId,
  watch = false,
  onLeave,
}: {
  gameId: number;
  /** Watch the game without a seat (docs/product.md §D11 watching) instead of joining it. */
  watch?: boolean;
  onLeave: () => void;
}): ReactElement {
  const user = useAuth((s) => s.user);
  const game = useGame((s) => s.game);
  const join = useGame((s) => s.join);
  const leave = useGame((s) => s.leave);
  const status = useGame((s) => s.status);
  const error = useGame((s) => s.error);
  const leaveButton = useRef<HTMLButtonElement>(null);
  useTurnNotice();
  // A seat in a game in play (not a spectator's, not one already left): leaving asks first.
  const inPlay =
    game !== null &&
    game.id === gameId &&
    game.status === 'active' &&
    game.players.some((p) => p.id === user?.id && !p.hasLeft);
  const leaveDialog = useLeaveGuard(
    inPlay,
    leave,
    leaveButton,
    game?.daily === undefined ? undefined : DAILY_LEAVE_TEXT,
  );

  useEffect(() => {
    void join(gameId, watch).then((joined) => {
      const state = useGame.getState().game;
      const userId = useAuth.getState().user?.id;
      const seated = state?.players.some((p) => p.id === userId) === true;
      // The creator saw "Game Created" already; everyone else is told they are in (or watching).
      if (joined && state !== null && state.hostId !== userId) {
        const description = seated ? `You joined ${state.name}` : `You are watching ${state.name}`;
        toast({ title: seated ? 'Joined Game' : 'Watching', description, duration: GAME_TOAST_MS });
      }
    });
  }, [gameId, join, watch]);

  if (user === null) return <p className="muted">Loading Error: Please wait a moment and try again.</p>;
  if (game === null || game.id !== gameId) {
    return (
      <RoomLoading gameId={gameId}>
        {status !== 'open' && <p className="muted small">Connecting…</p>}
        {error !== null && <p className="error-text">{error}</p>}
      </RoomLoading>
    );
  }
  const me = game.players.find((p) => p.id === user.id) ?? null;
  const header = (
    <header className="room-header">
      <div>
        <h1>
          {game.name} <span className="room-id small">#{game.id}</span>
        </h1>
        <span className="room-meta small">
          {game.tournament !== null && (
            // A tournament table: its place first, so a narrow header cuts the rest, never this.
            <>
              <Link to={tournamentPath(game.tournament.id)}>{tournamentTableLabel(game.tournament)}</Link> ·{' '}
            </>
          )}
          {me === null ? 'Spectator' : me.isHost && game.tournament === null ? 'Host' : 'Player'} ·{' '}
          {game.players.length}/{game.playerLimit} players
          {game.tournament === null && (game.prizeAmount > 0 ? ` · prize ${game.prizeAmount} SRT` : ' · no prize')}
        </span>
      </div>
      <span className={`status-badge ${game.status}`}>{statusLabel(game.status)}</span>
      {game.watchers > 0 && (
        // Everyone sees how many watch (docs/product.md §D11 watching); short enough for a phone's header.
        <span className="status-badge watch-count" title={`${game.watchers} watching`}>
          <span aria-hidden="true">👁 </span>
          {game.watchers}
          <span className="sr-only"> watching</span>
        </span>
      )}
      {status !== 'open' && (
        <span className="connection-badge" role="status">
          {status === 'connecting' ? 'Reconnecting…' : 'Offline'}
        </span>
      )}
      <button
        ref={leaveButton}
        type="button"
        className="button button-secondary button-small-outline"
        onClick={() => {
          // In play the guard asks first, and its "Leave game" sends leave_game (leave-guard.tsx).
          if (!inPlay) leave();
          onLeave();
        }}
      >
        Leave
      </button>
      {error !== null && (
        <p className="error-text room-error" role="alert">
          {error}
        </p>
      )}
    </header>
  );
  const room =
    game.status !== 'waiting' ? (
      <Board game={game} me={me} header={header} />
    ) : (
      <div className="room">
        {header}
        <NotificationPrompt />
        <WaitingRoom game={game} me={me} />
        <ChatPanel inline />
      </div>
    );
  return (
    <>
      {room}
      {leaveDialog}
    </>
  );
}

function statusLabel(status: MainGameState['status']): string {
  return status === 'active' ? 'Active' : status === 'waiting' ? 'Waiting' : 'Completed';
}

/** The game in play and at its end: the table kit, with the countdown and the game-over panel. */
function Board({ game, me, header }: { game: MainGameState; me: MainPlayer | null; header: ReactNode }): ReactElement {
  const send = useGame((s) => s.send);
  const askHint = useGame((s) => s.askHint);
  const [selected, setSelected] = useState<readonly string[]>([]);
  const [counting, setCounting] = useState(false);
  const seenActive = useRef(false);
  useEffect(() => {
    if (game.status === 'active' && !seenActive.current) {
      seenActive.current = true;
      if (game.players.length > 1 && game.lastAction === null) setCounting(true);
    }
  }, [game.status, game.players.length, game.lastAction]);
  // A new state may make the selection illegal: keep only what is still playable.
  useEffect(() => {
    setSelected((s) => stillAllowed(s, game.playableCards));
  }, [game.playableCards]);

  const own =
    me === null
      ? []
      : ownCards({
          hand: tableCards(me.handCards),
          faceUp: tableCards(me.faceUpCards),
          faceDown: tableCards(me.faceDownCards),
        });
  // The Hint button where the server offers hints (docs/product.md §D14 hint); the next move ends one.
  const hint = useServerHint({
    hints: game.hints,
    position: `${game.lastAction?.timestamp ?? ''}:${game.currentTurn ?? ''}:${game.playedCards.length}`,
    cards: own,
    ask: () => askHint(game.id),
    select: setSelected,
  });
  const live = withHint(
    mainTableModel(
      game,
      me?.id ?? null,
      { selected, onCard: (id) => setSelected((s) => toggleCard(s, id, own)) },
      {
        play: () => {
          send({ type: 'play_card', gameId: game.id, cardIds: [...selected] });
          setSelected([]);
        },
        pickUp: () => send({ type: 'pickup_cards', gameId: game.id }),
      },
    ),
    hint,
  );
  // At the end every hidden card is turned over, from the game's record (docs/web.md "The table kit").
  const finished = game.status === 'completed';
  const keys = game.players.map((p) => (p.id === me?.id ? null : String(p.id)));
  const { model, record, seen } = useFinishedTable('main', game.id, finished, live, keys);
  return (
    <GameTable
      model={model}
      header={header}
      inShell
      label="Game board"
      barStart={<ChatPanel />}
      overlay={counting ? <Countdown onDone={() => setCounting(false)} /> : undefined}
      notice={finished ? <GameOver game={game} me={me} record={record} seen={seen} /> : undefined}
    />
  );
}
