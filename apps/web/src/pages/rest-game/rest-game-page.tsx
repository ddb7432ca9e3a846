import { REST_NAME_MAX } from '@palace/protocol';
import '../pages.css';
import '../variants/variants.css';
import './rest-game.css';
import type { RestGameState, RestSeated, RestVariant } from '@palace/protocol';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { lazyModule, useLazyModule } from '../../lib/lazy-module.js';
import { useNameField } from '../../lib/name-field.js';
import { toast } from '../../stores/toast-store.js';
import { createGame, joinGame, pollGame, type RestResult, refusalText, rematchGame } from './rest-api.js';
import { errorToast, NETWORK_PANEL_TEXT, normalGameId } from './rest-logic.js';
import {
  clearSession,
  initialName,
  loadSession,
  perGamePlayerId,
  type RestSession,
  saveName,
  saveSession,
} from './rest-session.js';
import { CreateForm, ErrorPanel, JoinForm, LoadingPanel, StartScreen } from './rest-start.js';
import { RestTutorial } from './rest-tutorial.js';

/**
 * The game's own view (the table, the chat, the waiting room) is a chunk of its own
 * (lib/lazy-module.ts): the start screen and the forms, which a first visit of `/rest-poker`
 * shows, do not download or run the table. A game being created, joined or resumed asks for it at
 * once, beside its request.
 */
const gameView = lazyModule(() => import('./rest-game-view.js'));

/** The client's states (docs/product.md §P2.2 "Client UI states"). */
type Screen =
  | { readonly kind: 'idle' }
  | { readonly kind: 'loading'; readonly text: string }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'start' }
  | { readonly kind: 'create' }
  | { readonly kind: 'join' }
  | { readonly kind: 'tutorial' }
  | {
      readonly kind: 'game';
      readonly gameId: string;
      readonly playerId: string;
      readonly initial: RestGameState | null;
    };

/** What a navigation to `/rest-poker` may ask the page to open. */
interface OpenState {
  readonly open?: 'start' | 'create';
}

/**
 * `/rest-poker/:gameId?` (docs/product.md §P2.2, §P2.4): the server-backed REST game. Without a game it shows
 * the start screen (Create New Game, Join Game, How to Play) and the forms; an id in the route
 * opens the join form with it, unless the saved session is that game's, which is resumed (one poll
 * with lastUpdate=0; a 404 forgets the session with "Game Not Found"). Creating or joining saves
 * the session and the name, then shows the game at `/rest-poker/{gameId}`.
 */
export function RestGamePage(): ReactElement {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const routeId = params.gameId === undefined ? null : normalGameId(params.gameId);
  const [screen, setScreenState] = useState<Screen>({ kind: 'idle' });
  const screenRef = useRef(screen);
  const setScreen = (next: Screen) => {
    screenRef.current = next;
    setScreenState(next);
  };
  const [name, setName] = useNameField(initialName, REST_NAME_MAX);
  const [variant, setVariant] = useState<RestVariant>('classic');
  const [joinId, setJoinId] = useState('');
  const open = (location.state as OpenState | null)?.open;
  const { module: view, failed } = useLazyModule(gameView, screen.kind === 'game' || screen.kind === 'loading');

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation (route id or a new location)
  useEffect(() => {
    if (params.gameId !== undefined && params.gameId !== routeId) {
      navigate(`/rest-poker/${routeId}`, { replace: true });
      return;
    }
    const now = screenRef.current;
    if (now.kind === 'game' && now.gameId === routeId) return;
    const saved = loadSession();
    if (routeId === null) {
      if (open === undefined && saved !== null) {
        navigate(`/rest-poker/${saved.gameId}`, { replace: true });
        return;
      }
      setScreen({ kind: open ?? 'start' });
      return;
    }
    if (saved !== null && saved.gameId === routeId) {
      let cancelled = false;
      void resume(saved, () => cancelled);
      return () => {
        cancelled = true;
      };
    }
    setJoinId(routeId);
    setScreen({ kind: 'join' });
    return undefined;
  }, [routeId, location.key]);

  /** Session restore (docs/product.md §P2.4). Failures other than 404 are only logged; polling goes on. */
  const resume = async (saved: RestSession, cancelled: () => boolean) => {
    setScreen({ kind: 'loading', text: 'Rejoining your game…' });
    const result = await pollGame(saved.gameId, saved.playerId, 0);
    if (cancelled()) return;
    if (result.ok && result.value !== null) {
      setScreen({ kind: 'game', ...saved, initial: result.value.gameState });
      return;
    }
    if (!result.ok && result.kind === 'status' && result.status === 404) {
      clearSession();
      toast(errorToast('Game Not Found', 'The game you were in no longer exists'));
      setScreen({ kind: 'start' });
      navigate('/rest-poker', { replace: true, state: { open: 'start' } satisfies OpenState });
      return;
    }
    console.warn('Could not restore the saved game', result);
    setScreen({ kind: 'game', ...saved, initial: null });
  };

  const enter = (seated: RestSeated) => {
    const gameId = seated.gameId.toUpperCase();
    saveSession({ gameId, playerId: seated.playerId });
    setScreen({ kind: 'game', gameId, playerId: seated.playerId, initial: seated.gameState });
    if (routeId !== gameId) navigate(`/rest-poker/${gameId}`);
  };

  const settle = (result: RestResult<RestSeated>, title: string, fallback: (raw: string) => string, back: Screen) => {
    if (result.ok) {
      enter(result.value);
    } else if (result.kind === 'network') {
      setScreen({ kind: 'error', message: NETWORK_PANEL_TEXT });
    } else {
      toast(errorToast(title, result.error ?? fallback(result.raw)));
      setScreen(back);
    }
  };

  const create = async (playerName: string, chosen: RestVariant) => {
    saveName(playerName);
    setScreen({ kind: 'loading', text: 'Creating game…' });
    const result = await createGame({ playerName, variant: chosen, isPublic: true });
    // "Failed to create game" shows the server's text as it came (docs/product.md §P2.8: raw text).
    settle(result, 'Failed to create game', (raw) => raw || 'Unknown error', { kind: 'create' });
  };

  const join = async (playerName: string, gameId: string) => {
    saveName(playerName);
    setScreen({ kind: 'loading', text: 'Joining game…' });
    const known = perGamePlayerId(gameId);
    const result = await joinGame(gameId, known === null ? { playerName } : { playerName, playerId: known });
    settle(result, 'Failed to join game', () => 'Unknown error', { kind: 'join' });
  };

  /** The rematch of a finished game: its seat is saved and shown like a created or joined one. */
  const rematch = async (gameId: string, playerId: string) => {
    const result = await rematchGame(gameId, playerId);
    if (result.ok) enter(result.value);
    else toast(errorToast('Rematch failed', refusalText(result, 'Could not start the rematch. Please try again.')));
  };

  const toStart = () => {
    if (routeId === null) setScreen({ kind: 'start' });
    else navigate('/rest-poker', { state: { open: 'start' } satisfies OpenState });
  };

  const body = (): ReactElement | null => {
    switch (screen.kind) {
      case 'idle':
        return null;
      case 'loading':
        return <LoadingPanel text={screen.text} />;
      case 'error':
        return <ErrorPanel message={screen.message} onBack={toStart} />;
      case 'start':
        return (
          <StartScreen
            onCreate={() => setScreen({ kind: 'create' })}
            onJoin={() => setScreen({ kind: 'join' })}
            onTutorial={() => setScreen({ kind: 'tutorial' })}
          />
        );
      case 'tutorial':
        return (
          <div className="rest-start-tutorial">
            <h1 className="display">How to Play</h1>
            <RestTutorial onClose={() => setScreen({ kind: 'start' })} />
          </div>
        );
      case 'create':
        return (
          <CreateForm
            name={name}
            onName={setName}
            variant={variant}
            onVariant={setVariant}
            onSubmit={(n, v) => void create(n, v)}
            onCancel={toStart}
          />
        );
      case 'join':
        return (
          <JoinForm
            name={name}
            onName={setName}
            gameId={joinId}
            onGameId={setJoinId}
            onSubmit={(n, id) => void join(n, id)}
            onCancel={toStart}
          />
        );
      case 'game':
        return null;
    }
  };

  if (screen.kind === 'game' && view === null) {
    return (
      <main className="variant-page rest-page">
        <div className="variant-home rest-home">
          {failed ? (
            <ErrorPanel message={NETWORK_PANEL_TEXT} onBack={() => navigate('/lobby')} />
          ) : (
            <LoadingPanel text="Opening the table…" />
          )}
        </div>
      </main>
    );
  }
  if (screen.kind === 'game' && view !== null) {
    const { RestGameView } = view;
    return (
      <RestGameView
        key={`${screen.gameId}:${screen.playerId}`}
        gameId={screen.gameId}
        playerId={screen.playerId}
        initial={screen.initial}
        onLeave={() => navigate('/lobby')}
        onRematch={() => rematch(screen.gameId, screen.playerId)}
        onNewGame={() => {
          clearSession();
          navigate('/rest-poker', { state: { open: 'create' } satisfies OpenState });
        }}
      />
    );
  }
  return (
    <main className="variant-page rest-page">
      <div className="variant-home rest-home">{body()}</div>
    </main>
  );
}
