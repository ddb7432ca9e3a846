import type { User } from '@palace/service';
import type { WebSocket } from 'ws';
import { CHAT_BURST, CHAT_WINDOW_MS, ChatWindow, SOCKET_LIMITS, sendOrDrop } from './socket-limits.js';

/** One open socket. */
export class Connection {
  private lastSeen = Date.now();
  private answered = true;
  /** Chat lines sent lately (the socket chat limit). */
  readonly chat = new ChatWindow(CHAT_BURST, CHAT_WINDOW_MS);
  readonly games = new Set<string>();
  /** When it opened, in ms: of two sockets of a user on two nodes the later one stays. */
  readonly openedAt = Date.now();
  /** When the presence row's activity was last written, in ms. */
  presenceAt = this.openedAt;
  /** Frames sent to this client so far (a message whose handling sent none still gets an answer). */
  framesSent = 0;

  constructor(
    readonly id: string,
    readonly socket: WebSocket,
    readonly user: User | null,
    /** Bytes queued for this client above which it is dropped as a slow consumer. */
    private readonly maxBufferedBytes = SOCKET_LIMITS.maxBufferedBytes,
    /** Tells the client it is being replaced (before the close). */
    readonly onReplaced: (old: Connection) => void = () => undefined,
  ) {}

  /** Sends a frame; a client that lets more than `maxBufferedBytes` pile up is terminated instead. */
  send(frame: string): void {
    this.framesSent++;
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

  /** Whether this socket opened after `other` (by time, then by id: every node agrees). */
  newerThan(other: { readonly at: number; readonly id: string }): boolean {
    return this.openedAt !== other.at ? this.openedAt > other.at : this.id > other.id;
  }

  /** Pings the socket; false when the previous ping was never answered (it is then dropped). */
  heartbeat(): boolean {
    if (!this.answered) return false;
    this.answered = false;
    this.socket.ping();
    return true;
  }
}
