import { REST_NAME_MAX } from '@palace/protocol';
import { relativeAge } from '../../lib/format.js';
import '../pages.css';
import '../variants/variants.css';
import './rest-game.css';
import type { RestLobbyEntry, RestSeated } from '@palace/protocol';
import { type FormEvent, type ReactElement, useCallback, useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useNameField } from '../../lib/name-field.js';
import logo from '../../logo.svg';
import { useAuth } from '../../stores/auth-store.js';
import { toast } from '../../stores/toast-store.js';
import { rangeFill } from '../../ui/form.js';
import { Tabs } from '../../ui/tabs.js';
import { DailyCard } from '../daily/daily-card.js';
import { PlayNow } from '../play/play-now.js';
import { usePoll } from '../variants/use-poll.js';
import { createGame, fetchLobby, joinGame, type RestResult } from './rest-api.js';
import {
  CONNECTION_ERROR,
  errorToast,
  GAME_ID_LENGTH,
  LOBBY_REFRESH_MS,
  nameProblem,
  normalGameId,
} from './rest-logic.js';
import { initialName, loadSession, perGamePlayerId, saveName, saveSession } from './rest-session.js';

/** Players per game on the lobby's slider (docs/product.md §P2.9). */
const MIN_PLAYERS = 2;
const MAX_PLAYERS = 6;
const DEFAULT_PLAYERS = 4;

/**
 * `/` (docs/product.md §P2.2): a returning player with a saved session goes back to the game; anyone else
 * gets the lobby, inside the shell so the Home tab keeps the navigation (docs/web.md "The Home tab").
 */
export function HomeRoute({ inShell = false }: { readonly inShell?: boolean }): ReactElement {
  const saved = loadSession();
  return saved === null ? <LobbyPage inShell={inShell} /> : <Navigate to={`/rest-poker/${saved.gameId}`} replace />;
}

/** Whether the page is visible (the lobby does not refresh in a background tab). */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * `/lobby` and `/` (docs/product.md §P2.2 "Lobby"): the front door. A name field (the stored name), tabs Join
 * Game (the public games, refreshed every 10 s while the tab is open and the page visible, a
 * Refresh button, skeleton rows, an empty state, join by ID) and Create Game (Public switch,
 * 2–6 players). Create and join save the session and open `/rest-poker/{gameId}`. Links to the
 * real-time game and to sign in stay at the foot.
 */
export function LobbyPage({ inShell = false }: { readonly inShell?: boolean }): ReactElement {
  const navigate = useNavigate();
  const user = useAuth((s) => s.user);
  const [name, setName] = useNameField(initialName, REST_NAME_MAX);
  const [tab, setTab] = useState<'join' | 'create'>('join');
  const [games, setGames] = useState<readonly RestLobbyEntry[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [joinId, setJoinId] = useState('');
  const [busy, setBusy] = useState(false);
  const [isPublic, setIsPublic] = useState(true);
  const [maxPlayers, setMaxPlayers] = useState(DEFAULT_PLAYERS);
  const [now, setNow] = useState(() => Date.now());
  const visible = usePageVisible();

  const load = useCallback(async () => {
    setLoading(true);
    const result = await fetchLobby();
    setLoading(false);
    setNow(Date.now());
    if (result.ok) setGames(result.value ?? []);
    // A failure is only logged (docs/product.md §P2.8); the list keeps what it showed.
    else console.warn('Could not load the lobby', result);
  }, []);
  usePoll(load, LOBBY_REFRESH_MS, tab === 'join' && visible);

  const enter = (result: RestResult<RestSeated>, title: string) => {
    if (result.ok) {
      const gameId = result.value.gameId.toUpperCase();
      saveSession({ gameId, playerId: result.value.playerId });
      navigate(`/rest-poker/${gameId}`);
      return;
    }
    toast(
      result.kind === 'network'
        ? CONNECTION_ERROR
        : errorToast(
            title,
            result.error ?? (title === 'Failed to join game' ? 'Unknown error' : result.raw || 'Unknown error'),
          ),
    );
  };

  const join = async (rawId: string) => {
    const gameId = normalGameId(rawId);
    const problem = nameProblem(name, 'lobby-join');
    if (problem !== null) {
      toast(problem);
      return;
    }
    if (gameId === '' || busy) return;
    const playerName = name.trim();
    saveName(playerName);
    setBusy(true);
    try {
      const known = perGamePlayerId(gameId);
      enter(
        await joinGame(gameId, known === null ? { playerName } : { playerName, playerId: known }),
        'Failed to join game',
      );
    } finally {
      setBusy(false);
    }
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const problem = nameProblem(name, 'create');
    if (problem !== null) {
      toast(problem);
      return;
    }
    if (busy) return;
    const playerName = name.trim();
    saveName(playerName);
    setBusy(true);
    try {
      enter(await createGame({ playerName, isPublic, maxPlayers }), 'Failed to create game');
    } finally {
      setBusy(false);
    }
  };

  const joinPanel = (
    <div className="rest-lobby-join">
      <section className="card" aria-labelledby="rest-public-title">
        <div className="card-head rest-list-head">
          <h2 id="rest-public-title">Public games</h2>
          <button
            type="button"
            className="button button-secondary button-small-outline"
            disabled={loading}
            onClick={() => void load()}
          >
            Refresh
          </button>
        </div>
        <GameList
          games={games}
          now={now}
          busy={busy}
          onJoin={(id) => void join(id)}
          onCreate={() => setTab('create')}
        />
      </section>
      <p className="or-divider">OR</p>
      <form
        className="card rest-join-id"
        onSubmit={(event) => {
          event.preventDefault();
          void join(joinId);
        }}
      >
        <div className="field">
          <label htmlFor="rest-lobby-id">Join by game ID</label>
          <div className="rest-id-row">
            <input
              id="rest-lobby-id"
              className="rest-id-input"
              value={joinId}
              maxLength={GAME_ID_LENGTH}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              placeholder="ABC123"
              onChange={(e) => setJoinId(normalGameId(e.target.value))}
            />
            <button type="submit" className="button button-primary" disabled={joinId === '' || busy}>
              Join
            </button>
          </div>
        </div>
      </form>
    </div>
  );

  const createPanel = (
    <form className="card form rest-lobby-create" onSubmit={(e) => void create(e)}>
      <h2>New game</h2>
      <label className="rest-switch">
        <input
          type="checkbox"
          role="switch"
          checked={isPublic}
          aria-checked={isPublic}
          aria-describedby="rest-public-hint"
          onChange={(e) => setIsPublic(e.target.checked)}
        />
        <span className="rest-switch-track" aria-hidden="true" />
        Public
      </label>
      <p className="field-hint" id="rest-public-hint">
        {isPublic ? 'Listed in the lobby for anyone to join.' : 'Not listed: friends join with the ID or the link.'}
      </p>
      <div className="field">
        <label htmlFor="rest-max-players">
          Max players: <output htmlFor="rest-max-players">{maxPlayers}</output>
        </label>
        <input
          id="rest-max-players"
          type="range"
          min={MIN_PLAYERS}
          max={MAX_PLAYERS}
          step={1}
          value={maxPlayers}
          style={rangeFill(maxPlayers, MIN_PLAYERS, MAX_PLAYERS)}
          onChange={(e) => setMaxPlayers(Number(e.target.value))}
        />
      </div>
      <button type="submit" className="button button-primary" disabled={name.trim() === '' || busy}>
        Create
      </button>
    </form>
  );

  // Inside the shell (`/`) the shell's <main> is the landmark and its bars frame the page.
  const Root = inShell ? 'div' : 'main';
  return (
    <Root className={inShell ? 'rest-page' : 'variant-page rest-page'}>
      <div className="variant-home rest-lobby">
        <header className="rest-lobby-head">
          <img src={logo} alt="" width={56} height={56} />
          <h1>Palace</h1>
          <p className="tagline">The ultimate card game</p>
        </header>
        {/* One tap into the real-time game (docs/web.md "Play now"), above everything else. */}
        <PlayNow onStart="links" />
        <DailyCard />
        <div className="card field rest-name">
          <label htmlFor="rest-lobby-name">Your name</label>
          <input
            id="rest-lobby-name"
            value={name}
            maxLength={20}
            autoComplete="nickname"
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <Tabs
          label="Lobby"
          idPrefix="rest-lobby"
          selected={tab}
          onSelect={setTab}
          items={[
            { id: 'join', label: 'Join Game', panel: joinPanel },
            { id: 'create', label: 'Create Game', panel: createPanel },
          ]}
        />
        <footer className="rest-lobby-foot small">
          {user !== null && <p className="muted">Signed in as {user.username}</p>}
          <p>
            <Link to="/play">Play the real-time game</Link>
            {' · '}
            <Link to="/help">How to play</Link>
            {(user === null || user.id < 0) && (
              <>
                {' · '}
                <Link to="/auth">Sign In</Link>
              </>
            )}
          </p>
        </footer>
      </div>
    </Root>
  );
}

/** The public games (docs/product.md §P2.2 "Lobby"): skeletons while loading, an empty state, a card per game. */
function GameList(props: {
  readonly games: readonly RestLobbyEntry[] | null;
  readonly now: number;
  readonly busy: boolean;
  readonly onJoin: (id: string) => void;
  readonly onCreate: () => void;
}): ReactElement {
  if (props.games === null) {
    return (
      <div className="rest-skeletons" role="status" aria-label="Loading games">
        <div className="card skeleton rest-skeleton" />
        <div className="card skeleton rest-skeleton" />
      </div>
    );
  }
  if (props.games.length === 0) {
    return (
      <div className="rest-empty">
        <p className="muted">No public games are waiting right now.</p>
        <button type="button" className="button button-primary" onClick={props.onCreate}>
          Create a Game
        </button>
      </div>
    );
  }
  return (
    <ul className="rest-game-list" aria-label="Public games">
      {props.games.map((g) => {
        const full = g.playerCount >= g.maxPlayers;
        return (
          <li key={g.id} className={`rest-game-card${full ? ' full' : ''}`}>
            <div className="rest-game-card-head">
              <code className="game-code">{g.id}</code>
              <span className="small muted">{relativeAge(g.createdAt, props.now)}</span>
            </div>
            <p className="small rest-game-host">Host: {g.hostName}</p>
            <p className="small muted rest-game-players">
              Players: {g.players.map((p) => (p.isAI ? `${p.name} (AI)` : p.name)).join(', ')}
            </p>
            <div className="rest-game-card-foot">
              <span className="small">
                {g.playerCount} / {g.maxPlayers} players
              </span>
              <button
                type="button"
                className="button button-primary button-small-outline"
                disabled={full || props.busy}
                aria-label={full ? `Game Full: ${g.id}` : `Join ${g.id}, hosted by ${g.hostName}`}
                onClick={() => props.onJoin(g.id)}
              >
                {full ? 'Game Full' : 'Join'}
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
