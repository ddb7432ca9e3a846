import type { GameEvent, GameState } from '@palace/core';
import { SIMPLE_CHAT_KEEP, SIMPLE_SYSTEM_SENDER } from '@palace/protocol';
import type { SeatKeys } from '../named-seats.js';

/** A chat line as stored: a player's message or a status line of the server. */
export type SimpleChatLine = {
  readonly sender: string;
  readonly text: string;
  /** ms since the epoch */
  readonly at: number;
  readonly system: boolean;
};

/** What a simple game keeps beside the engine state. */
export type SimpleMeta = {
  /** Public seat id → digest of that seat's token (human seats only; never the token). */
  readonly keys: SeatKeys;
  /** Face-up cards picked so far, one `select_faceup` at a time, per seat id (websocket). */
  readonly selecting: { readonly [seat: string]: readonly string[] };
  readonly chat: readonly SimpleChatLine[];
  /** Chat lines ever written (the newest `chat.length` of them are kept): tells a socket which are new. */
  readonly chatSeq: number;
  /** Closed after its inactivity period: nothing more happens in it. */
  readonly closed: boolean;
};

/** The status lines of spec 02 §4, word for word. */
export const SIMPLE_LINES = {
  joined: (name: string, ai: boolean) => `${name}${ai ? ' (AI)' : ''} joined the game`,
  left: (name: string) => `${name} left the game`,
  setup: 'Game has started. Select 3 cards to place face-up.',
  playing: 'All players are ready. Game has started!',
  turn: (name: string) => `It's ${name}'s turn`,
  over: (winner: string) => `Game over! ${winner} wins!`,
} as const;

/** Appends chat lines, keeping the newest `SIMPLE_CHAT_KEEP`. */
export function withChat(meta: SimpleMeta, lines: readonly SimpleChatLine[]): SimpleMeta {
  if (lines.length === 0) return meta;
  return {
    ...meta,
    chat: [...meta.chat, ...lines].slice(-SIMPLE_CHAT_KEEP),
    chatSeq: meta.chatSeq + lines.length,
  };
}

/**
 * Writes the status lines of every accepted change (AI moves included) into the chat: joins, the
 * setup line when the first player sits down (the face-up choice starts at once in these
 * variants), the start, each change of turn and the end.
 */
export function reactSimple(meta: SimpleMeta, events: readonly GameEvent[], state: GameState, at: number): SimpleMeta {
  const nameOf = (seat: string): string => state.seats.find((s) => s.id === seat)?.name ?? seat;
  const lines: SimpleChatLine[] = [];
  const line = (text: string): void => {
    lines.push({ sender: SIMPLE_SYSTEM_SENDER, text, at, system: true });
  };
  let firstSeat = meta.chatSeq === 0;
  for (const event of events) {
    switch (event.type) {
      case 'seated':
        line(SIMPLE_LINES.joined(event.name, event.ai !== null));
        if (firstSeat) line(SIMPLE_LINES.setup);
        firstSeat = false;
        break;
      case 'left':
        // A freed seat is gone from `state`: `SimpleGames.leave` writes its line, knowing the name.
        if (!event.freed) line(SIMPLE_LINES.left(nameOf(event.seat)));
        break;
      case 'setupStarted':
        line(SIMPLE_LINES.setup);
        break;
      case 'started':
        line(SIMPLE_LINES.playing);
        line(SIMPLE_LINES.turn(nameOf(event.first)));
        break;
      case 'turn':
        // A turn change: a burn (or an 8 with two players) that keeps the turn is no change.
        if (!event.again) line(SIMPLE_LINES.turn(nameOf(event.seat)));
        break;
      case 'gameOver':
        line(SIMPLE_LINES.over(nameOf(event.winner)));
        break;
      default:
        break;
    }
  }
  return withChat(meta, lines);
}
