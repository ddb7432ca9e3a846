import type { LobbyGame, OnlineFriend, RecentGame } from '@palace/protocol';
import { type ReactElement, type ReactNode, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { apiGet } from '../../lib/api.js';
import { durationLabel, timestampLabel } from '../../lib/format.js';
import { tournamentPath, tournamentTableLabel } from '../../lib/tournament-label.js';
import { Avatar } from '../../shell/avatar.js';
import { isGuest, useAuth } from '../../stores/auth-store.js';
import { ToggleGroup } from '../../ui/toggle-group.js';

/** The lobby is refetched every 5 s (docs/product.md §P1.9). */
export const LOBBY_REFETCH_MS = 5_000;
const FILTERS = ['All Games', 'Public', 'Private', 'Tournaments'] as const;
/** The lobby's filter chips. */
const FILTER_CHIPS = { legend: 'Filter games', className: 'chips plain', itemClass: 'chip', options: FILTERS } as const;
type Filter = (typeof FILTERS)[number];

export function filterGames(games: readonly LobbyGame[], filter: Filter): LobbyGame[] {
  switch (filter) {
    case 'Public':
      return games.filter((g) => !g.isPrivate);
    case 'Private':
      return games.filter((g) => g.isPrivate);
    case 'Tournaments':
      // Tournament tables (docs/product.md §D11 swiss-tournaments): main games that carry their place in one.
      return games.filter((g) => g.tournament !== null);
    default:
      return [...games];
  }
}

/** What a lobby card offers: a seat (or the way back to one), watching, or nothing. */
export type LobbyAction = 'join' | 'watch' | null;

type Listed = Pick<LobbyGame, 'status' | 'players' | 'tournament' | 'playerCount' | 'playerLimit'>;

/**
 * What `game` offers the viewer: a game in play is joined by its players (back to their seat) and
 * watched by anyone else, as is a full waiting game. A tournament table is seated by its tournament, so anyone but its players
 * watches it from the start, except a player at another table of the same round (`games`: the
 * lobby's list), whom the server refuses a look at the deal they are playing.
 */
export function lobbyAction(game: Listed, games: readonly Listed[], userId: number | null): LobbyAction {
  const seatedAt = (g: Listed) => userId !== null && g.players.some((p) => p.id === userId);
  if (seatedAt(game)) return 'join';
  const of = game.tournament;
  // A game in play, or a full one choosing its cards, has no seat to offer (docs/product.md §D13).
  if (of === null) return game.status === 'active' || game.playerCount >= game.playerLimit ? 'watch' : 'join';
  const inRound = games.some(
    (g) => g.tournament !== null && g.tournament.id === of.id && g.tournament.round === of.round && seatedAt(g),
  );
  return inRound ? null : 'watch';
}

export function Lobby({
  playNow,
  onCreate,
  onJoin,
  onWatch,
}: {
  /** Play the computer and Quick match, above everything else. */
  playNow: ReactNode;
  onCreate: () => void;
  onJoin: (id: number) => void;
  /** Opens a game in play to watch it (docs/product.md §D11 watching). */
  onWatch: (id: number) => void;
}): ReactElement {
  const [games, setGames] = useState<LobbyGame[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [filter, setFilter] = useState<Filter>('All Games');
  const user = useAuth((s) => s.user);

  const load = useCallback(async () => {
    try {
      setGames((await apiGet<LobbyGame[]>('/api/games')) ?? []);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), LOBBY_REFETCH_MS);
    return () => clearInterval(timer);
  }, [load]);

  const shown = games === null ? null : filterGames(games, filter);
  return (
    <div className="lobby">
      {playNow}
      <div className="lobby-head">
        <h1>Play</h1>
        <button type="button" className="button button-primary" onClick={onCreate}>
          Create Game
        </button>
      </div>
      <ToggleGroup {...FILTER_CHIPS} selected={filter} onSelect={setFilter} />
      {failed && (
        <p className="error-text" role="alert">
          Error: Could not load games. Please try again.
        </p>
      )}
      <ul className="game-list" aria-busy={shown === null}>
        {shown === null
          ? [0, 1, 2].map((n) => <li key={n} className="card game-card skeleton" aria-hidden="true" />)
          : shown.map((game) => {
              const action = lobbyAction(game, games ?? [], user?.id ?? null);
              return (
                <GameCard
                  key={game.id}
                  game={game}
                  action={action}
                  onOpen={() => (action === 'watch' ? onWatch : onJoin)(game.id)}
                />
              );
            })}
        {shown !== null && shown.length === 0 && <li className="muted">No games here yet. Create one!</li>}
      </ul>
      <RecentGames />
      {user !== null && !isGuest(user) && <FriendsOnline />}
    </div>
  );
}

function GameCard({
  game,
  action,
  onOpen,
}: {
  game: LobbyGame;
  action: LobbyAction;
  onOpen: () => void;
}): ReactElement {
  const watch = action === 'watch';
  const extra = game.players.length - 3;
  const bots = game.players.filter((p) => p.isBot).length;
  /** Who else sits at the table, by name. */
  const seated = game.players.filter((p) => p.id !== game.hostId).map((p) => p.username);
  return (
    <li className="card game-card">
      <div className="game-card-head">
        <h3>{game.name}</h3>
        {game.allowBots && <span className="bots-tag">Bots welcome</span>}
        <span className={`status-badge ${game.status}`}>{game.status === 'active' ? 'Active' : 'Waiting'}</span>
      </div>
      {game.tournament !== null && (
        <div className="small muted">
          <Link to={tournamentPath(game.tournament.id)}>{game.tournament.name}</Link>:{' '}
          {tournamentTableLabel(game.tournament)}
        </div>
      )}
      <div className="game-card-meta">
        <span className="avatar-stack" aria-hidden="true">
          {game.players.slice(0, 3).map((p) => (
            <Avatar key={p.id} name={p.username} src={p.avatar} size={28} />
          ))}
          {extra > 0 && <span className="avatar avatar-more">+{extra}</span>}
        </span>
        <span className="game-card-seats">
          {/* Who is seated, the host first: a card that says only "Public Game" tells nobody whose table it is. */}
          {game.hostName} (host){seated.length > 0 && `, ${seated.join(', ')}`} · {game.playerCount}/{game.playerLimit}{' '}
          players
          {bots > 0 && ` · ${bots === 1 ? '1 bot' : `${bots} bots`}`}
        </span>
      </div>
      <div className="game-card-foot">
        {/* A tournament table has no fee of its own: the tournament's prize pool is on its page. */}
        {game.tournament === null &&
          (game.entryFee === 0 ? (
            <span className="fee">Free game</span>
          ) : (
            <span className="fee">
              {/* The pot is the fees paid so far (docs/product.md §D12 pot). */}
              Entry fee {game.entryFee} SRT · {game.prizeAmount > 0 ? `Prize ${game.prizeAmount} SRT` : 'no prize'}
            </span>
          ))}
        {action === null ? (
          <div className="muted small">You play another table of this round: watch it once the round is over.</div>
        ) : (
          <button
            type="button"
            className={`button ${watch ? 'button-secondary' : 'button-primary'}`}
            aria-label={watch ? `Watch ${game.name}` : game.tournament !== null ? `Play ${game.name}` : undefined}
            onClick={onOpen}
          >
            {watch ? 'Watch' : game.tournament !== null ? 'Play' : 'Join Game'}
          </button>
        )}
      </div>
    </li>
  );
}

function RecentGames(): ReactElement | null {
  const [recent, setRecent] = useState<RecentGame[]>([]);
  useEffect(() => {
    apiGet<RecentGame[]>('/api/games/recent', { on401: 'null' }).then(
      (r) => setRecent(r ?? []),
      () => setRecent([]),
    );
  }, []);
  if (recent.length === 0) return null;
  return (
    <section className="recent">
      <h2>Recent Games</h2>
      <ul className="recent-list">
        {recent.map((game) => (
          <li key={game.id} className="recent-item">
            <Avatar name={game.hostName} src={game.hostAvatar} size={32} />
            <div>
              <div className="recent-name">{game.name}</div>
              <div className="muted small">
                {game.hostName} · {timestampLabel(game.timestamp)} · {durationLabel(game.duration)}
              </div>
            </div>
            <span className={`result ${game.result}`}>{game.result === 'won' ? 'Won' : 'Lost'}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FriendsOnline(): ReactElement | null {
  const [friends, setFriends] = useState<OnlineFriend[]>([]);
  useEffect(() => {
    apiGet<OnlineFriend[]>('/api/friends/online', { on401: 'null' }).then(
      (r) => setFriends(r ?? []),
      () => setFriends([]),
    );
  }, []);
  if (friends.length === 0) return null;
  return (
    <section className="friends-strip">
      <h2>Friends Online</h2>
      <ul>
        {friends.map((f) => (
          <li key={f.id}>
            <Avatar name={f.username} src={f.avatar} size={40} />
            <span className={`presence ${f.status === 'online' || f.status === 'away' ? f.status : 'offline'}`}>
              {f.status === 'online' || f.status === 'away' ? f.status : 'offline'}
            </span>
            <span className="small">{f.username}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
