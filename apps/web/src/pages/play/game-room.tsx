import type { MainGameState, MainPlayer } from '@palace/protocol';
import { type ReactElement, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { mainGamePath } from '../../lib/main-game-path.js';
import { tournamentPath, tournamentTableLabel } from '../../lib/tournament-label.js';
import { isGuest, useAuth } from '../../stores/auth-store.js';
import { GAME_TOAST_MS, useGame } from '../../stores/game-store.js';
import { toast } from '../../stores/toast-store.js';
import { tableCards } from '../../table/cards.js';
import { GameTable } from '../../table/game-table.js';
import { ownCards, stillAllowed, toggleCard } from '../../table/selection.js';
import { RematchButton, RematchLine } from '../../ui/rematch.js';
import { ReplayLink } from '../replay/replay-link.js';
import { ChatPanel } from './chat-panel.js';
import { Countdown } from './countdown.js';
import { GameRating } from './game-rating.js';
import { useLeaveGuard } from './leave-guard.js';
import { mainTableModel } from './main-table.js';
import { RoomLoading } from './room-loading.js';
import { NotificationPrompt, usePlayedAGame, useTurnNotice } from './use-turn-notice.js';
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
  const leaveDialog = useLeaveGuard(inPlay, leave, leaveButton);

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
  const model = mainTableModel(
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
  );
  return (
    <GameTable
      model={model}
      header={header}
      inShell
      label="Game board"
      barStart={<ChatPanel />}
      overlay={counting ? <Countdown onDone={() => setCounting(false)} /> : undefined}
      notice={game.status === 'completed' ? <GameOver game={game} me={me} /> : undefined}
    />
  );
}

function GameOver({ game, me }: { game: MainGameState; me: MainPlayer | null }): ReactElement {
  const user = useAuth((s) => s.user);
  const rematch = useGame((s) => s.rematch);
  const asking = useGame((s) => s.rematchOf === game.id);
  const last = game.lastAction;
  const winner = game.players.find((p) => p.id === game.winnerId);
  const prize = last?.prizeAmount ?? game.prizeAmount;
  const iWon = me !== null && winner?.id === me.id;
  usePlayedAGame(me !== null);
  return (
    <div className="card game-over" role="status">
      <h2>{iWon ? 'You won!' : `${winner?.username ?? 'Someone'} won!`}</h2>
      {prize > 0 && last?.guestWinner === true && iWon && (
        <>
          <p>Create an account to claim your {prize} tokens!</p>
          <Link className="button button-primary" to={`/auth?gameId=${game.id}&guestId=${me?.id}&amount=${prize}`}>
            Claim your prize
          </Link>
        </>
      )}
      {prize > 0 && last?.guestWinner === true && !iWon && (
        <p>The winner needs to register to claim their {prize} token prize.</p>
      )}
      {prize > 0 && last?.guestWinner !== true && (
        <p>
          {iWon ? `${prize} SRT tokens are yours.` : `${winner?.username ?? 'The winner'} takes ${prize} SRT tokens.`}
        </p>
      )}
      <GameRating gameId={game.id} registered={me !== null && user !== null && !isGuest(user)} />
      <RematchLine offer={game.rematch} me={me?.username ?? null} />
      <div className="button-row game-over-actions">
        <RematchButton
          offer={game.rematch}
          canOffer={me !== null}
          busy={asking}
          fee={user !== null && !isGuest(user) ? game.entryFee : 0}
          // A spectator cannot take a seat in the rematch from here: they may watch it.
          {...(me === null && game.rematch !== null ? { watch: mainGamePath(game.rematch.gameId, true) } : {})}
          onRematch={() => rematch(game.id)}
        />
        <Link className="button button-secondary" to="/play">
          Back to Lobby
        </Link>
        <ReplayLink variant="main" gameId={game.id} />
      </div>
    </div>
  );
}
