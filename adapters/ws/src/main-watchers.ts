import type { MainGames, MainMeta, StoredGame } from '@palace/service';
import type { Connection } from './connection.js';
import type { Connections } from './connections.js';

/**
 * The games each socket watches without a seat (docs/product.md §D11 watching). A socket follows
 * (`Connections.watch`) the games it plays and the ones it watches; the user counts among a
 * game's watchers while a socket of theirs on this node watches it.
 */
export class SocketWatchers {
  private readonly watched = new WeakMap<Connection, Set<string>>();

  constructor(
    private readonly games: MainGames,
    private readonly connections: Connections,
  ) {}

  /** The games `connection` watches without a seat (a set it may add to). */
  of(connection: Connection): Set<string> {
    let games = this.watched.get(connection);
    if (games === undefined) {
      games = new Set();
      this.watched.set(connection, games);
    }
    return games;
  }

  /** A socket stops watching `gameId`: it leaves the watchers (unless another socket of the user here watches it). */
  async stop(connection: Connection, gameId: string): Promise<StoredGame<MainMeta> | null> {
    this.of(connection).delete(gameId);
    this.connections.unwatch(connection, gameId);
    const user = connection.user;
    if (user === null) return null;
    if (this.connections.watching(gameId).some((c) => c !== connection && c.user?.id === user.id)) return null;
    const unwatched = await this.games.unwatch(user, gameId);
    return unwatched.ok ? unwatched.value : null;
  }

  /** The games this socket holds a seat in: the ones it follows, but not as a watcher. */
  seatedGames(connection: Connection): string[] {
    const watched = this.watched.get(connection);
    return watched === undefined ? [...connection.games] : [...connection.games].filter((g) => !watched.has(g));
  }
}
