import type { Presence, User } from '@palace/service';
import type { WebSocket } from 'ws';
import { SOCKET_LIMITS, sendOrDrop } from './socket-limits.js';

/** A player connected for this long without sending anything shows as "away". */
export const AWAY_AFTER_MS = 5 * 60_000;
/** Close code sent to a connection replaced by a newer one of the same user. */
export const REPLACED_CLOSE = 4000;
/** Close code sent to the connections of a user who signed out. */
export const SIGNED_OUT_CLOSE = 4001;
/** Close code (RFC 6455 "service restart") sent to every socket when the server shuts down. */
export const RESTART_CLOSE = 1012;
/** The reason sent with `RESTART_CLOSE`. */
export const RESTART_REASON = 'server restarting';

/** One open socket. */
export class Connection {
  private lastSeen = Date.now();
  private answered = true;
  private chatTimes: number[] = [];
  readonly games = new Set<string>();

  constructor(
    readonly id: string,
    readonly socket: WebSocket,
    readonly user: User | null,
    /** Bytes queued for this client above which it is dropped as a slow consumer. */
    private readonly maxBufferedBytes = SOCKET_LIMITS.maxBufferedBytes,
  ) {}

  /** Sends a frame; a client that lets more than `maxBufferedBytes` pile up is terminated instead. */
  send(frame: string): void {
    sendOrDrop(this.socket, frame, this.maxBufferedBytes);
  }

  /** The client sent something. */
  touch(): void {
    this.lastSeen = Date.now();
    this.answered = true;
  }

  /** The client answered a heartbeat ping. */
  alive(): void {
    this.answered = true;
  }

  idleFor(now: number): number {
    return now - this.lastSeen;
  }

  /** A sliding window: at most `burst` chat lines in any `windowMs`. */
  allowChat(burst: number, windowMs: number): boolean {
    const now = Date.now();
    this.chatTimes = this.chatTimes.filter((t) => now - t < windowMs);
    if (this.chatTimes.length >= burst) return false;
    this.chatTimes.push(now);
    return true;
  }

  /** Pings the socket; false when the previous ping was never answered (it is then dropped). */
  heartbeat(): boolean {
    if (!this.answered) return false;
    this.answered = false;
    this.socket.ping();
    return true;
  }
}

/**
 * Every live socket of this server: by user (one each; a new one replaces the old) and by the
 * games each watches. Also answers presence for the friends list.
 */
export class Connections {
  private readonly byUser = new Map<number, Connection>();
  private readonly byGame = new Map<string, Set<Connection>>();
  private readonly all = new Set<Connection>();

  /** @param maxBufferedBytes bytes queued for one client above which it is dropped as a slow consumer */
  constructor(private readonly maxBufferedBytes = SOCKET_LIMITS.maxBufferedBytes) {}

  /** Registers a socket; an older socket of the same user is told (`replaced`) and closed. */
  open(id: string, socket: WebSocket, user: User | null, replaced: (old: Connection) => void): Connection {
    const connection = new Connection(id, socket, user, this.maxBufferedBytes);
    this.all.add(connection);
    if (user !== null) {
      const old = this.byUser.get(user.id);
      this.byUser.set(user.id, connection);
      if (old !== undefined) {
        replaced(old);
        this.close(old);
        old.socket.close(REPLACED_CLOSE, 'connection replaced');
      }
    }
    return connection;
  }

  close(connection: Connection): void {
    this.all.delete(connection);
    for (const game of connection.games) this.byGame.get(game)?.delete(connection);
    connection.games.clear();
    if (connection.user !== null && this.byUser.get(connection.user.id) === connection) {
      this.byUser.delete(connection.user.id);
    }
  }

  watch(connection: Connection, gameId: string): void {
    if (!this.all.has(connection)) return;
    connection.games.add(gameId);
    let set = this.byGame.get(gameId);
    if (set === undefined) {
      set = new Set();
      this.byGame.set(gameId, set);
    }
    set.add(connection);
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

  presence(userId: number): Presence {
    const connection = this.byUser.get(userId);
    if (connection === undefined) return 'offline';
    return connection.idleFor(Date.now()) > AWAY_AFTER_MS ? 'away' : 'online';
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

  /** Closes every socket of `userId` (they signed out: the sockets must not act for them any more). */
  signOut(userId: number): void {
    for (const connection of [...this.all]) {
      if (connection.user?.id !== userId) continue;
      this.close(connection);
      connection.socket.close(SIGNED_OUT_CLOSE, 'signed out');
    }
  }

  closeAll(): void {
    for (const connection of [...this.all]) {
      this.close(connection);
      connection.socket.close(RESTART_CLOSE, RESTART_REASON);
    }
  }

  get size(): number {
    return this.all.size;
  }
}
