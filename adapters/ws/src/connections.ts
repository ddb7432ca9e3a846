import type { Presence, User } from '@palace/service';
import type { WebSocket } from 'ws';
import { Connection } from './connection.js';
import { AWAY_AFTER_MS, type ConnectionsCluster, PRESENCE_WRITE_MS, type SocketAnnouncement } from './presence.js';
import { SOCKET_LIMITS } from './socket-limits.js';

/** Close code sent to a connection replaced by a newer one of the same user. */
export const REPLACED_CLOSE = 4000;
/** Close code sent to the connections of a user who signed out. */
export const SIGNED_OUT_CLOSE = 4001;
/** Close code (RFC 6455 "service restart") sent to every socket when the server shuts down. */
export const RESTART_CLOSE = 1012;
/** The reason sent with `RESTART_CLOSE`. */
export const RESTART_REASON = 'server restarting';
/**
 * Games one socket follows at most (played and watched; the web client leaves a game when the
 * player does): following one more stops following the one followed longest ago.
 */
export const FOLLOWED_PER_SOCKET = 100;

/**
 * Every live socket of this server: by user (one each; a new one replaces the old, on this node or
 * on another one of the cluster) and by the games each watches. Also answers presence for the
 * friends list: from the shared presence table when there is one, else from this node's sockets.
 */
export class Connections {
  private readonly byUser = new Map<number, Connection>();
  private readonly byGame = new Map<string, Set<Connection>>();
  private readonly all = new Set<Connection>();
  /** Shutting down: sockets closing now leave the presence rows to the node's own removal. */
  private stopped = false;

  /**
   * @param maxBufferedBytes bytes queued for one client above which it is dropped as a slow consumer
   * @param cluster the presence table and the other nodes; without it presence is this node's alone
   */
  constructor(
    private readonly maxBufferedBytes = SOCKET_LIMITS.maxBufferedBytes,
    private readonly cluster?: ConnectionsCluster,
  ) {}

  /** Registers a socket; an older socket of the same user is told (`replaced`) and closed. */
  open(id: string, socket: WebSocket, user: User | null, replaced: (old: Connection) => void): Connection {
    const connection = new Connection(id, socket, user, this.maxBufferedBytes, replaced);
    this.all.add(connection);
    if (user !== null) {
      const old = this.byUser.get(user.id);
      this.byUser.set(user.id, connection);
      if (old !== undefined) this.replace(old);
    }
    return connection;
  }

  /**
   * Writes the presence row of a socket just opened, then tells the other nodes (whose older
   * socket of the user closes). Resolves when the row is written: the socket then counts as online.
   */
  async announceOpen(connection: Connection): Promise<void> {
    const { cluster } = this;
    const user = connection.user;
    if (cluster === undefined || user === null || !this.all.has(connection)) return;
    await this.writePresence(() => cluster.presence.opened(user.id, connection.id, connection.openedAt));
    // Closed (or replaced) while the row was being written: the row must not outlive it.
    if (!this.all.has(connection)) {
      await this.writePresence(() => cluster.presence.closed(user.id, connection.id));
      return;
    }
    cluster.announce({ t: 'socket', u: user.id, c: connection.id, at: connection.openedAt });
  }

  /**
   * Forgets a closed socket; resolves once its presence row is gone (so `connectedElsewhere`
   * then answers for the user's other sockets only).
   */
  close(connection: Connection): Promise<void> {
    const wasOpen = this.all.delete(connection);
    // Through `unwatch`, so a game nobody here follows any more leaves `byGame` too.
    for (const game of [...connection.games]) this.unwatch(connection, game);
    const user = connection.user;
    if (user !== null && this.byUser.get(user.id) === connection) {
      this.byUser.delete(user.id);
    }
    const { cluster } = this;
    if (wasOpen && user !== null && cluster !== undefined && !this.stopped) {
      return this.writePresence(() => cluster.presence.closed(user.id, connection.id));
    }
    return Promise.resolve();
  }

  /** Whether this node is shutting down (its sockets close for that, not because players left). */
  get stopping(): boolean {
    return this.stopped;
  }

  /**
   * Whether user `userId` still has a live main socket: here, or on a live node of the cluster (a
   * reconnection that reached another node, or the socket that replaced this one).
   */
  async connectedElsewhere(userId: number): Promise<boolean> {
    if (this.byUser.has(userId)) return true;
    const { cluster } = this;
    if (cluster === undefined) return false;
    return (await cluster.presence.lastActive(userId, Date.now())) !== null;
  }

  /** The client did something: not away; the presence row hears of it at most every `PRESENCE_WRITE_MS`. */
  touch(connection: Connection): void {
    connection.touch();
    const { cluster } = this;
    const user = connection.user;
    const now = Date.now();
    if (cluster === undefined || user === null || now - connection.presenceAt < PRESENCE_WRITE_MS) return;
    connection.presenceAt = now;
    void this.writePresence(() => cluster.presence.active(user.id, connection.id, now));
  }

  /**
   * Another node says: user `u` opened socket `c` at `at`. Our socket of that user closes if it is
   * the older one; if ours is newer, it stays, and its presence row is written again (the other
   * node's socket closes when it hears of ours).
   */
  remote(message: SocketAnnouncement): void {
    if (message.t === 'signout') {
      this.closeUser(message.u);
      return;
    }
    const local = this.byUser.get(message.u);
    if (local === undefined) return;
    if (local.newerThan({ at: message.at, id: message.c })) {
      const { cluster } = this;
      const user = local.user;
      if (cluster !== undefined && user !== null) {
        void this.writePresence(() => cluster.presence.opened(user.id, local.id, local.presenceAt));
      }
      return;
    }
    this.replace(local);
  }

  /**
   * The socket follows `gameId` from now on. Answers the game it stopped following to stay within
   * `FOLLOWED_PER_SOCKET` (the one followed longest ago), or null.
   */
  watch(connection: Connection, gameId: string): string | null {
    if (!this.all.has(connection)) return null;
    connection.games.delete(gameId);
    connection.games.add(gameId);
    let dropped: string | null = null;
    if (connection.games.size > FOLLOWED_PER_SOCKET) {
      dropped = connection.games.values().next().value ?? null;
      if (dropped !== null) this.unwatch(connection, dropped);
    }
    let set = this.byGame.get(gameId);
    if (set === undefined) {
      set = new Set();
      this.byGame.set(gameId, set);
    }
    set.add(connection);
    return dropped;
  }

  unwatch(connection: Connection, gameId: string): void {
    connection.games.delete(gameId);
    const set = this.byGame.get(gameId);
    set?.delete(connection);
    if (set?.size === 0) this.byGame.delete(gameId);
  }

  watching(gameId: string): Connection[] {
    return [...(this.byGame.get(gameId) ?? [])];
  }

  /** The user's presence: from the shared table when there is one (any node), else from this node's sockets. */
  async presence(userId: number): Promise<Presence> {
    const now = Date.now();
    if (this.cluster === undefined) {
      const connection = this.byUser.get(userId);
      if (connection === undefined) return 'offline';
      return connection.idleFor(now) > AWAY_AFTER_MS ? 'away' : 'online';
    }
    const activeAt = await this.cluster.presence.lastActive(userId, now);
    if (activeAt === null) return 'offline';
    return now - activeAt > AWAY_AFTER_MS ? 'away' : 'online';
  }

  /**
   * Tells the other nodes again of every signed-in socket here (after the bus reconnects, when
   * announcements may have been missed): of two sockets of one user, the older one closes.
   */
  reannounce(): void {
    for (const connection of this.byUser.values()) {
      const user = connection.user;
      if (user !== null) this.cluster?.announce({ t: 'socket', u: user.id, c: connection.id, at: connection.openedAt });
    }
  }

  /** The ids of the games the sockets of this node watch. */
  watchedGames(): string[] {
    return [...this.byGame.keys()];
  }

  /** Drops sockets that did not answer the last heartbeat, and pings the rest. */
  sweep(): void {
    for (const connection of [...this.all]) {
      if (!connection.heartbeat()) {
        this.close(connection);
        connection.socket.terminate();
      }
    }
  }

  /**
   * Closes every socket of `userId`, on every node (they signed out: the sockets must not act for
   * them any more).
   */
  signOut(userId: number): void {
    this.closeUser(userId);
    this.cluster?.announce({ t: 'signout', u: userId });
  }

  closeAll(): void {
    this.stopped = true;
    for (const connection of [...this.all]) {
      this.close(connection);
      connection.socket.close(RESTART_CLOSE, RESTART_REASON);
    }
  }

  get size(): number {
    return this.all.size;
  }

  /** Tells `old` it was replaced by a newer socket of its user, and closes it (4000). */
  private replace(old: Connection): void {
    old.onReplaced(old);
    this.close(old);
    old.socket.close(REPLACED_CLOSE, 'connection replaced');
  }

  private closeUser(userId: number): void {
    for (const connection of [...this.all]) {
      if (connection.user?.id !== userId) continue;
      this.close(connection);
      connection.socket.close(SIGNED_OUT_CLOSE, 'signed out');
    }
  }

  /** Presence writes never fail a socket: a failure is logged and the next write catches up. */
  private async writePresence(write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      this.cluster?.onError?.(error);
    }
  }
}
