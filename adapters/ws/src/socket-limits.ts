/**
 * Flood and memory limits of the sockets (`/ws`, `/simple-ws`; docs/product.md §D12). A connection is
 * budgeted by what it leaves unanswered, not by what it sends: a client that waits for each answer
 * before sending its next message is never refused or closed, however fast the server answers.
 */
export interface SocketLimits {
  /**
   * Messages one connection may have waiting for their answer (received, not yet handled); one
   * more is refused with an error frame and changes nothing.
   */
  readonly inFlight: number;
  /** Refusals (messages over `inFlight`) one connection may get per `floodWindowMs`; one more closes it with 1008. */
  readonly floodRefusals: number;
  /** The refusals' window, in ms. */
  readonly floodWindowMs: number;
  /** Bytes queued for one client above which it is a slow consumer and is dropped (terminated). */
  readonly maxBufferedBytes: number;
}

/** The production limits (docs/architecture.md "Security and abuse limits"). */
export const SOCKET_LIMITS: SocketLimits = {
  inFlight: 16,
  floodRefusals: 50,
  floodWindowMs: 10_000,
  maxBufferedBytes: 1024 * 1024,
};

/** Close code of a connection that kept flooding past its refusals (RFC 6455 "policy violation"). */
export const FLOOD_CLOSE = 1008;

export const LIMIT_TEXTS = {
  flood: 'Too many messages',
  busy: 'Too many messages at once: wait for an answer before sending more',
  crossOrigin: 'Cross-origin socket connections are not allowed',
  tooManyGames: 'You are opening games too fast. Please wait a minute.',
} as const;

/**
 * May a client address open one more game or room now (`GAMES_PER_MINUTE`, one budget shared
 * with every HTTP door; docs/product.md §D12)? Counts the attempt when it answers true.
 */
export type GameBudget = (address: string) => Promise<boolean>;

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

/** Chat lines one connection may send per window (a flood guard). */
export const CHAT_BURST = 5;
export const CHAT_WINDOW_MS = 5_000;

/** A sliding window: at most `burst` chat lines in any `windowMs` (ms by the caller's clock). */
export class ChatWindow {
  private times: number[] = [];

  constructor(
    private readonly burst: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one line at `now`; false (and not counted) when the window is full. */
  allow(now: number): boolean {
    this.times = this.times.filter((t) => now - t < this.windowMs);
    if (this.times.length >= this.burst) return false;
    this.times.push(now);
    return true;
  }
}

/** What became of a message handed to a `MessageQueue`. */
export type Queued = 'queued' | 'refused' | 'flood';

/**
 * One connection's messages, handled one at a time in the order sent (a quick chat line or move
 * cannot overtake the one before it), with the in-flight budget of `SocketLimits`: a message that
 * finds `inFlight` others still waiting is `refused` (the caller answers with an error frame and
 * runs nothing); a connection refused more than `floodRefusals` times in `floodWindowMs` is a
 * `flood` (the caller closes it with 1008).
 */
export class MessageQueue {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;
  private readonly refusals: Budget;

  constructor(private readonly limits: Pick<SocketLimits, 'inFlight' | 'floodRefusals' | 'floodWindowMs'>) {
    this.refusals = new Budget(limits.floodRefusals, limits.floodWindowMs);
  }

  /** Queues `task` (which must not reject: it answers its own errors) if the budget allows. */
  push(task: () => Promise<void>): Queued {
    if (this.waiting >= this.limits.inFlight) return this.refusals.take() ? 'refused' : 'flood';
    this.waiting++;
    this.tail = this.tail.then(task).finally(() => {
      this.waiting--;
    });
    return 'queued';
  }

  /** Runs `task` after what is queued, outside the budget (the server's own set-up work). */
  chain(task: () => Promise<void>): void {
    this.tail = this.tail.then(task);
  }

  /** Messages received and not yet answered. */
  get inFlight(): number {
    return this.waiting;
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
