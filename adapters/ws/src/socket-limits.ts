/**
 * Flood and memory limits of the sockets (`/ws`, `/simple-ws`): how many frames a connection may
 * send, how many games a user or address may open, and how much the server queues for a reader
 * that does not keep up.
 */
export interface SocketLimits {
  /** Frames one connection may send per `windowMs`; the next one closes it with 1008. */
  readonly messages: number;
  /** The message budget's window, in ms. */
  readonly windowMs: number;
  /**
   * Games a user (`/ws` `create_game`) or an address (`/simple-ws` `join_game`, which opens a room
   * when it names a new code) may open per minute; more are refused with an error frame.
   */
  readonly gamesPerMinute: number;
  /** Bytes queued for one client above which it is a slow consumer and is dropped (terminated). */
  readonly maxBufferedBytes: number;
}

/** The production limits (docs/architecture.md "Security and abuse limits"). */
export const SOCKET_LIMITS: SocketLimits = {
  messages: 60,
  windowMs: 10_000,
  gamesPerMinute: 30,
  maxBufferedBytes: 1024 * 1024,
};

/** Close code of a connection that sent more than its message budget (RFC 6455 "policy violation"). */
export const FLOOD_CLOSE = 1008;

export const LIMIT_TEXTS = {
  flood: 'Too many messages',
  crossOrigin: 'Cross-origin socket connections are not allowed',
  tooManyGames: 'You are opening games too fast. Please wait a minute.',
} as const;

/** A fixed-window counter: at most `max` events per `windowMs` (wall-clock ms). */
export class Budget {
  private windowStart = 0;
  private used = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one event; false when it is over the budget of the current window. */
  take(now = Date.now()): boolean {
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.used = 0;
    }
    this.used++;
    return this.used <= this.max;
  }
}

/** One `Budget` per key (a user id, an address), forgetting keys whose window is over. */
export class KeyedBudget {
  private readonly budgets = new Map<string, { start: number; used: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one event for `key`; false when it is over that key's budget. */
  take(key: string, now = Date.now()): boolean {
    if (this.budgets.size > 10_000) this.prune(now);
    let entry = this.budgets.get(key);
    if (entry === undefined || now - entry.start >= this.windowMs) {
      entry = { start: now, used: 0 };
      this.budgets.set(key, entry);
    }
    entry.used++;
    return entry.used <= this.max;
  }

  private prune(now: number): void {
    for (const [key, entry] of this.budgets) if (now - entry.start >= this.windowMs) this.budgets.delete(key);
  }
}

/**
 * Sends `frame` unless the client is a slow consumer: when more than `maxBufferedBytes` already
 * wait to be written to it, the socket is terminated instead of buffering without bound (its
 * `close` handler cleans up as for any drop). Answers whether the frame was sent.
 */
export function sendOrDrop(
  socket: {
    readonly readyState: number;
    readonly OPEN: number;
    readonly bufferedAmount: number;
    send(frame: string): void;
    terminate(): void;
  },
  frame: string,
  maxBufferedBytes: number,
): boolean {
  if (socket.readyState !== socket.OPEN) return false;
  if (socket.bufferedAmount > maxBufferedBytes) {
    socket.terminate();
    return false;
  }
  socket.send(frame);
  return true;
}
