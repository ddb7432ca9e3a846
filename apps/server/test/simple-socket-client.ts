import type { SimpleGameState, SimplePlayer, SimpleServerMessage } from '@palace/protocol';
import WebSocket from 'ws';

/** A websocket client of `/simple-ws` for the tests: keeps every frame, reads them in order. */

/** How long `next` waits for a frame unless told, in ms. */
export const FRAME_TIMEOUT_MS = 5_000;

export type SimpleFrame = SimpleServerMessage;
export type SimpleFrameOf<K extends SimpleFrame['type']> = Extract<SimpleFrame, { type: K }>;

let rooms = 0;
/** A fresh room id, as the web client makes them ("game" + a timestamp), unique in this process. */
export function freshRoom(): string {
  rooms += 1;
  return `game${Date.now()}${rooms}`;
}

export class SimpleSocket {
  /** Every frame, in arrival order. */
  readonly frames: SimpleFrame[] = [];
  /** The raw text of every frame (for leak scans). */
  readonly raw: string[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private cursor = 0;
  private wake: (() => void) | null = null;

  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        this.wake?.();
      });
    });
    socket.on('message', (data) => {
      const text = String(data);
      this.raw.push(text);
      this.frames.push(JSON.parse(text) as SimpleFrame);
      this.wake?.();
    });
  }

  /** Opens a socket to `/simple-ws` and waits for `connection_established`. */
  static async connect(base: string, headers: Record<string, string> = {}): Promise<SimpleSocket> {
    const client = await new Promise<SimpleSocket>((resolve, reject) => {
      const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/simple-ws`, { headers });
      const opened = new SimpleSocket(socket);
      socket.once('open', () => resolve(opened));
      socket.once('unexpected-response', (_request, response) => {
        reject(new Error(`upgrade refused with ${response.statusCode}`));
        socket.terminate();
      });
      socket.once('error', reject);
    });
    await client.next('connection_established');
    return client;
  }

  /** Sends an object as JSON (a string as it is). */
  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The next frame of `type` after the last one read for which `predicate` holds; fails after `timeoutMs`. */
  next<K extends SimpleFrame['type']>(
    type: K,
    predicate: (frame: SimpleFrameOf<K>) => boolean = () => true,
    timeoutMs = FRAME_TIMEOUT_MS,
  ): Promise<SimpleFrameOf<K>> {
    return this.nextOf([type], predicate as (frame: SimpleFrame) => boolean, timeoutMs) as Promise<SimpleFrameOf<K>>;
  }

  /** The next frame whose type is one of `types` (see `next`). */
  async nextOf<K extends SimpleFrame['type']>(
    types: readonly K[],
    predicate: (frame: SimpleFrameOf<K>) => boolean = () => true,
    timeoutMs = FRAME_TIMEOUT_MS,
  ): Promise<SimpleFrameOf<K>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (let i = this.cursor; i < this.frames.length; i++) {
        const frame = this.frames[i] as SimpleFrame;
        if ((types as readonly string[]).includes(frame.type) && predicate(frame as SimpleFrameOf<K>)) {
          this.cursor = i + 1;
          return frame as SimpleFrameOf<K>;
        }
      }
      const left = deadline - Date.now();
      if (left <= 0 || this.socket.readyState === WebSocket.CLOSED) {
        const seen = this.frames.slice(this.cursor).map((f) => (f.type === 'error' ? `error(${f.message})` : f.type));
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
  all<K extends SimpleFrame['type']>(type: K): SimpleFrameOf<K>[] {
    return this.frames.filter((f): f is SimpleFrameOf<K> => f.type === type);
  }

  /** Skips every frame received so far. */
  drain(): void {
    this.cursor = this.frames.length;
  }

  /** Waits `ms` and fails if a frame of `type` arrives meanwhile (after the last one read). */
  async none(type: SimpleFrame['type'], ms = 150): Promise<void> {
    const from = this.cursor;
    await new Promise((resolve) => setTimeout(resolve, ms));
    const got = this.frames.slice(from).filter((f) => f.type === type);
    if (got.length > 0) throw new Error(`unexpected ${type}: ${JSON.stringify(got[0])}`);
  }

  /** Sends `join_game` and answers the `join_success`, failing loudly on an `error`. */
  async join(roomId: string, username: string, seatToken?: string): Promise<SimpleFrameOf<'join_success'>> {
    this.send({ type: 'join_game', roomId, username, ...(seatToken === undefined ? {} : { seatToken }) });
    const answer = await this.nextOf(['join_success', 'error']);
    if (answer.type === 'error') throw new Error(`join of ${username} refused: ${answer.message}`);
    return answer;
  }

  /** Sends a message and answers the next `error`'s text. */
  async refused(message: unknown): Promise<string> {
    this.send(message);
    return (await this.next('error')).message;
  }

  /** Every state this socket was sent (`join_success` and `game_state`), in order. */
  states(): SimpleGameState[] {
    return this.frames.flatMap((f) => (f.type === 'game_state' || f.type === 'join_success' ? [f.state] : []));
  }

  /** The newest state this socket was sent. */
  latest(): SimpleGameState {
    const states = this.states();
    const newest = states.reduce<SimpleGameState | undefined>(
      (best, s) => (best === undefined || s.lastUpdate > best.lastUpdate ? s : best),
      undefined,
    );
    if (newest === undefined) throw new Error('no state received yet');
    return newest;
  }

  /** Waits until the newest state this socket was sent satisfies `predicate` (read or not), and answers it. */
  async reach(predicate: (state: SimpleGameState) => boolean, timeoutMs = FRAME_TIMEOUT_MS): Promise<SimpleGameState> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const state = this.states().length === 0 ? undefined : this.latest();
      if (state !== undefined && predicate(state)) return state;
      if (Date.now() > deadline) throw new Error(`no such state within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /** Texts of the `chat_message` frames received so far. */
  chatTexts(): string[] {
    return this.all('chat_message').map((f) => f.text);
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  async close(): Promise<void> {
    if (this.socket.readyState !== WebSocket.CLOSED) this.socket.close();
    await this.closed;
  }
}

/** The player named `username` in `state`. */
export function playerNamed(state: SimpleGameState, username: string): SimplePlayer {
  const player = state.players.find((p) => p.username === username);
  if (player === undefined) throw new Error(`no player named ${username}`);
  return player;
}

/** The viewer's own hand card ids. */
export function ownHand(state: SimpleGameState): string[] {
  if (state.you === null) throw new Error('the state is a stranger’s view');
  return playerNamed(state, state.you).hand.map((c) => c.id);
}

/** Rank for choosing a cheap play: low cards first, 2s and 10s kept for last. */
const ORDER: Record<string, number> = {
  '3': 3,
  '4': 4,
  '5': 5,
  '6': 6,
  '7': 7,
  '8': 8,
  '9': 9,
  J: 11,
  Q: 12,
  K: 13,
  A: 14,
  '2': 15,
  '10': 16,
};

/** The message a player sends on its turn: its cheapest legal card, else a pick-up; null when it can do neither. */
export function cheapMove(state: SimpleGameState, roomId: string): Record<string, unknown> | null {
  const username = state.you;
  if (username === null) return null;
  const me = playerNamed(state, username);
  const known = new Map([...me.hand, ...me.faceUp].map((c) => [c.id, c.value]));
  const playable = [...state.playableCards].sort(
    (a, b) => (ORDER[known.get(a) ?? ''] ?? 99) - (ORDER[known.get(b) ?? ''] ?? 99),
  );
  const card = playable[0];
  if (card !== undefined) return { type: 'play_card', roomId, username, card };
  if (state.canPickUp) return { type: 'pickup_pile', roomId, username };
  return null;
}
