import { type ReactElement, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { lazyModule, useLazyModule } from '../../lib/lazy-module.js';
import { mainGamePath } from '../../lib/main-game-path.js';
import { useAuth } from '../../stores/auth-store.js';
import { useGame } from '../../stores/game-store.js';
import { toast, useToasts } from '../../stores/toast-store.js';
import { DailyCard } from '../daily/daily-card.js';
import { CreateGame } from './create-game.js';
import { Lobby } from './lobby.js';
import { PlayNow, type PlayNowKind, startPlayNow } from './play-now.js';
import { RoomBoundary } from './room-boundary.js';
import { RoomLoading } from './room-loading.js';

/** The title of the toast a visitor signed in as a guest automatically is welcomed with. */
const WELCOME_TITLE = 'Playing as a guest';

/** The lobby's address: leaving a game from `/play?gameId=7` or `/play/7` lands here. */
const LOBBY_PATH = '/play';

/**
 * The game room (the table, the chat, the emoji picker, the rematch and the replay link) is a
 * chunk of its own (lib/lazy-module.ts): the lobby and the create form, what `/play` shows first,
 * do not download or run it; it is asked for once the lobby has drawn, and at once for an address
 * with a game.
 */
const gameRoom = lazyModule(() => import('./game-room.js'));

/**
 * `/play` (docs/product.md §P1.2): lobby, create form and game room. A visitor is signed in as a guest
 * automatically; `?gameId=` (or the path form `/play/:id`) goes straight to the room.
 */
export function PlayPage(): ReactElement {
  const user = useAuth((s) => s.user);
  const guestLogin = useAuth((s) => s.guestLogin);
  const [authFailed, setAuthFailed] = useState(false);
  const tried = useRef(false);
  const [params] = useSearchParams();
  const startParam = useRef(params.get('start'));
  const { id: pathId } = useParams();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const connect = useGame((s) => s.connect);
  const backToLobby = useGame((s) => s.backToLobby);
  const clearGame = useGame((s) => s.clearGame);
  const raw = params.get('gameId') ?? pathId ?? null;
  const start = params.get('start');
  const [busy, setBusy] = useState<PlayNowKind | null>(null);
  // One tap (docs/web.md "Play now"): the server seats the player, then the room opens.
  const playNow = useCallback(
    (kind: PlayNowKind) => {
      setBusy(kind);
      void startPlayNow(kind).then((gameId) => {
        setBusy(null);
        navigate(gameId === null ? LOBBY_PATH : mainGamePath(gameId), { replace: true });
      });
    },
    [navigate],
  );
  // `/play?start=computer|quick` (the home page's buttons): the same tap, once signed in.
  const started = useRef(false);
  useEffect(() => {
    if (user === null || started.current || (start !== 'computer' && start !== 'quick')) return;
    started.current = true;
    playNow(start);
  }, [user, start, playNow]);
  const room = useLazyModule(gameRoom, raw !== null);

  useEffect(() => {
    if (user !== null || tried.current) return;
    tried.current = true;
    guestLogin().then(
      () =>
        // A tap on Play the computer or Quick match elsewhere needs no welcome: the game is the answer.
        startParam.current === null &&
        toast({
          title: WELCOME_TITLE,
          description: "Welcome! You've been automatically logged in as a guest user.",
        }),
      () => {
        setAuthFailed(true);
        toast({
          title: 'Guest Login Failed',
          description: "We couldn't log you in automatically. Try refreshing the page.",
          variant: 'destructive',
        });
      },
    );
  }, [user, guestLogin]);

  useEffect(() => {
    if (user !== null) connect();
  }, [user, connect]);

  // The lobby's welcome is the lobby's: a room (a table soon) opening takes it away with it.
  useEffect(() => {
    if (raw === null) return;
    const { toasts, dismiss } = useToasts.getState();
    for (const shown of toasts) if (shown.title === WELCOME_TITLE) dismiss(shown.id);
  }, [raw]);

  // The whole address is replaced, path included: `/play/7` keeps its id if only the query goes.
  useEffect(() => {
    if (backToLobby) {
      clearGame();
      navigate(LOBBY_PATH, { replace: true });
    }
  }, [backToLobby, clearGame, navigate]);

  // A rematch joined (docs/web.md "Rematch"): its room takes the finished game's address.
  const movedTo = useGame((s) => s.movedTo);
  const moved = useGame((s) => s.moved);
  useEffect(() => {
    if (movedTo !== null) {
      moved();
      navigate(mainGamePath(movedTo), { replace: true });
    }
  }, [movedTo, moved, navigate]);

  if (user === null) return authFailed ? <AuthRequired /> : <p className="muted">Signing you in…</p>;
  if (start !== null && raw === null) {
    return (
      <p className="muted" role="status">
        {start === 'quick' ? 'Finding a game…' : 'Dealing…'}
      </p>
    );
  }
  if (raw !== null) {
    const gameId = Number(raw);
    if (!/^[1-9][0-9]*$/.test(raw) || !Number.isSafeInteger(gameId)) {
      return (
        <div className="card error-card" role="alert">
          <h2>Invalid Game ID</h2>
          <p>The game ID in the URL is not valid</p>
          <Link className="button button-secondary" to={LOBBY_PATH}>
            Return to Lobby
          </Link>
        </div>
      );
    }
    const toLobby = () => navigate(LOBBY_PATH, { replace: true });
    if (room.module === null) {
      return room.failed ? (
        <div className="card error-card" role="alert">
          <h2>Could not load the game</h2>
          <p>Check your connection and try again.</p>
          <Link className="button button-secondary" to={LOBBY_PATH}>
            Return to Lobby
          </Link>
        </div>
      ) : (
        <RoomLoading gameId={gameId} />
      );
    }
    const { GameRoom } = room.module;
    return (
      <RoomBoundary gameId={gameId} onReturn={toLobby}>
        <GameRoom gameId={gameId} watch={params.get('watch') === '1'} onLeave={toLobby} />
      </RoomBoundary>
    );
  }
  if (creating) {
    return (
      <CreateGame
        onCancel={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          navigate(mainGamePath(id), { replace: true });
        }}
      />
    );
  }
  return (
    <>
      <Lobby
        playNow={<PlayNow onStart={playNow} busy={busy} />}
        onCreate={() => setCreating(true)}
        onJoin={(id) => navigate(mainGamePath(id), { replace: true })}
        onWatch={(id) => navigate(mainGamePath(id, true), { replace: true })}
      />
      {/* Below the open games: the one-tap buttons and the first Join Game stay on a phone's first
          screen, clear of the welcome toast (docs/web.md "Play now"). */}
      <DailyCard />
    </>
  );
}

function AuthRequired(): ReactElement {
  return (
    <div className="card auth-required">
      <h2>Authentication Required</h2>
      <p>
        All users must sign in to play. New users can apply for access through our waitlist, and winners receive SRT
        tokens.
      </p>
      <div className="button-row">
        <Link className="button button-primary" to="/auth">
          Sign In
        </Link>
        <Link className="button button-secondary" to="/waitlist">
          Apply for Access
        </Link>
        <Link className="button button-secondary" to="/">
          Return to Home
        </Link>
      </div>
    </div>
  );
}
