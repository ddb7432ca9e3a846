import type { SimpleGameState, SimplePlayer, SimpleServerMessage } from '@palace/protocol';
import type WebSocket from 'ws';
import { FRAME_TIMEOUT_MS, FrameSocket, openSocket } from './frame-socket.js';

/** A websocket client of `/simple-ws` for the tests: keeps every frame, reads them in order. */

export type SimpleFrame = SimpleServerMessage;
export type SimpleFrameOf<K extends SimpleFrame['type']> = Extract<SimpleFrame, { type: K }>;

let rooms = 0;
/** A fresh room id, as the web client makes them ("game" + a timestamp), unique in this process. */
export function freshRoom(): string {
  rooms += 1;
  return `game${Date.now()}${rooms}`;
}

export class SimpleSocket extends FrameSocket<SimpleFrame> {
  private constructor(socket: WebSocket) {
    super(socket, (f) => (f.type === 'error' ? f.message : null));
  }

  /** Opens a socket to `/simple-ws` and waits for `connection_established`. */
  static async connect(base: string, headers: Record<string, string> = {}): Promise<SimpleSocket> {
    const client = await openSocket(`${base.replace(/^http/, 'ws')}/simple-ws`, headers, (s) => new SimpleSocket(s));
    await client.next('connection_established');
    return client;
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
