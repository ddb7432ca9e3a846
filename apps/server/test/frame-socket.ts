import WebSocket from 'ws';

/** How long `next` waits for a frame unless told, in ms. */
export const FRAME_TIMEOUT_MS = 5_000;

/** A server frame: a JSON object named by its `type`. */
export type AnyFrame = { readonly type: string };

/**
 * Opens a websocket to `url` and wraps it at once (so no frame sent right after the upgrade is
 * missed); resolves when it is open, rejects when the upgrade is refused.
 */
export function openSocket<T>(
  url: string,
  headers: Record<string, string>,
  wrap: (socket: WebSocket) => T,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const wrapped = wrap(socket);
    socket.once('open', () => resolve(wrapped));
    socket.once('unexpected-response', (_request, response) => {
      reject(new Error(`upgrade refused with ${response.statusCode}`));
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

/**
 * A test client of one socket (`/ws` or `/simple-ws`). Keeps every frame received (parsed, and raw
 * for leak scans); `next` reads them in order, so a test waits for what it expects without losing
 * what came before. `errorText` says how an error frame reads in a failure message.
 */
export class FrameSocket<F extends AnyFrame> {
  /** Every frame, in arrival order. */
  readonly frames: F[] = [];
  /** The raw text of every frame, in arrival order. */
  readonly raw: string[] = [];
  /** Resolves with the close code and reason once the socket is closed. */
  readonly closed: Promise<{ code: number; reason: string }>;
  private cursor = 0;
  private wake: (() => void) | null = null;

  protected constructor(
    readonly socket: WebSocket,
    private readonly errorText: (frame: F) => string | null,
  ) {
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        this.wake?.();
      });
    });
    socket.on('message', (data) => {
      const text = String(data);
      this.raw.push(text);
      this.frames.push(JSON.parse(text) as F);
      this.wake?.();
    });
  }

  /** Sends an object as JSON (a string is sent as it is). */
  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /**
   * The next frame of `type` (after the last one `next` returned) for which `predicate` holds;
   * frames passed over stay in `frames`. Fails after `timeoutMs`.
   */
  next<K extends F['type']>(
    type: K,
    predicate: (frame: Extract<F, { type: K }>) => boolean = () => true,
    timeoutMs = FRAME_TIMEOUT_MS,
  ): Promise<Extract<F, { type: K }>> {
    return this.nextOf([type], predicate, timeoutMs);
  }

  /** The next frame whose type is one of `types` (see `next`). */
  async nextOf<K extends F['type']>(
    types: readonly K[],
    predicate: (frame: Extract<F, { type: K }>) => boolean = () => true,
    timeoutMs = FRAME_TIMEOUT_MS,
  ): Promise<Extract<F, { type: K }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (let i = this.cursor; i < this.frames.length; i++) {
        const frame = this.frames[i] as F;
        if ((types as readonly string[]).includes(frame.type) && predicate(frame as Extract<F, { type: K }>)) {
          this.cursor = i + 1;
          return frame as Extract<F, { type: K }>;
        }
      }
      const left = deadline - Date.now();
      if (left <= 0 || this.socket.readyState === WebSocket.CLOSED) {
        const seen = this.frames.slice(this.cursor).map((f) => {
          const error = this.errorText(f);
          return error === null ? f.type : `${f.type}(${error})`;
        });
        throw new Error(`no ${types.join('/')} frame within ${timeoutMs} ms; unread: [${seen.join(', ')}]`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /** Frames of `type` received so far (read or not). */
  all<K extends F['type']>(type: K): Extract<F, { type: K }>[] {
    return this.frames.filter((f): f is Extract<F, { type: K }> => f.type === type);
  }

  /** Skips every frame received so far. */
  drain(): void {
    this.cursor = this.frames.length;
  }

  /** Waits `ms` and fails if a frame of `type` arrives (after the last one read) meanwhile. */
  async none(type: F['type'], ms = 150): Promise<void> {
    const from = this.cursor;
    await new Promise((resolve) => setTimeout(resolve, ms));
    const got = this.frames.slice(from).filter((f) => f.type === type);
    if (got.length > 0) throw new Error(`unexpected ${type}: ${JSON.stringify(got[0])}`);
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  async close(): Promise<void> {
    if (this.socket.readyState !== WebSocket.CLOSED) this.socket.close();
    await this.closed;
  }
}
