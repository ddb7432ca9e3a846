import type { SimpleServerMessage } from '@palace/protocol';
import type { SimpleMeta, StoredGame } from '@palace/service';
import type { WebSocket } from 'ws';
import { CHAT_BURST, CHAT_WINDOW_MS, ChatWindow, SOCKET_LIMITS, sendOrDrop } from './socket-limits.js';

/** One `/simple-ws` socket, the seat it holds and the room it sits in, as `SimpleRooms` keeps them. */

/** Told to a socket whose seat was taken back by a newer connection (one socket per seat). */
export const SEAT_MOVED = 'You joined this game from another connection';

/** The seat a socket joined as (docs/product.md §D8): every action it sends must be for this seat. */
export interface HeldSeat {
  readonly roomId: string;
  /** The seat's name as stored. */
  readonly username: string;
  /** The seat's secret token, passed to the service as the actor's proof. */
  readonly seatToken: string;
}

/** What happened in a room while a socket's `join_game` was being answered. */
export interface Joining {
  readonly room: Room;
  /** The newest change published meanwhile (newer than the join's own answer, maybe). */
  latest: StoredGame<SimpleMeta> | null;
  /** Chat lines, `ai_joined` and `game_over` frames published meanwhile, sent after `join_success`. */
  readonly frames: SimpleServerMessage[];
}

/** One open `/simple-ws` socket. */
export class SimpleConnection {
  seat: HeldSeat | null = null;
  /** When this socket took its seat, in ms (of two holders on two nodes the later one keeps it). */
  seatAt = 0;
  joining: Joining | null = null;
  /** Frames sent to this client so far (a message whose handling sent none still gets an answer). */
  framesSent = 0;
  private answered = true;
  /** Chat lines sent lately (the socket chat limit). */
  readonly chat = new ChatWindow(CHAT_BURST, CHAT_WINDOW_MS);

  constructor(
    readonly id: string,
    readonly socket: WebSocket,
    /** Bytes queued for this client above which it is dropped as a slow consumer. */
    private readonly maxBufferedBytes = SOCKET_LIMITS.maxBufferedBytes,
  ) {}

  /** Sends a message; a client that lets more than `maxBufferedBytes` pile up is terminated instead. */
  send(message: SimpleServerMessage): void {
    this.framesSent++;
    if (this.socket.readyState === this.socket.OPEN) {
      sendOrDrop(this.socket, JSON.stringify(message), this.maxBufferedBytes);
    }
  }

  /** The client answered a heartbeat ping. */
  alive(): void {
    this.answered = true;
  }

  /** Pings the socket; false when the previous ping was never answered. */
  heartbeat(): boolean {
    if (!this.answered) return false;
    this.answered = false;
    this.socket.ping();
    return true;
  }
}

/** What this server has told the sockets of one room, and when the room last saw anything. */
export interface Room {
  readonly id: string;
  /** Sockets holding a seat here; each gets its own view of every change. */
  readonly members: Set<SimpleConnection>;
  /** Sockets whose `join_game` for this room is being answered. */
  readonly joining: Set<SimpleConnection>;
  /** Last message or change, by the rooms' clock (ms). */
  lastActive: number;
  /** Version of the newest change broadcast. */
  version: number;
  /** `meta.chatSeq` of the newest change broadcast: lines after it are new. */
  chatSeq: number;
  /** AI seats already announced with `ai_joined`. */
  readonly aiSeats: Set<string>;
  /** `game_over` was sent. */
  over: boolean;
  /** Already closed when this server started following it (only a refused join looked it up). */
  readonly closed: boolean;
}
