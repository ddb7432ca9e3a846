import type { GameEvent, GameState } from '@palace/core';
import { PUBLIC_CHAT_KEEP, PUBLIC_SYSTEM_SENDER, type PublicVisibility } from '@palace/protocol';
import type { SeatKeys } from '../named-seats.js';

/** A chat line as stored: a player's or spectator's message, or a status line of the server. */
export type PublicChatLine = {
  readonly sender: string;
  readonly text: string;
  /** ms since the epoch */
  readonly at: number;
  readonly system: boolean;
};

/** Someone watching: the name they typed and the digest of their seat token (never the token). */
export type PublicSpectator = { readonly name: string; readonly key: string };

/** What a public game keeps beside the engine state. */
export type PublicMeta = {
  readonly visibility: PublicVisibility;
  /** Public seat id → digest of that seat's token (human seats only). */
  readonly keys: SeatKeys;
  /** In the order they came. */
  readonly spectators: readonly PublicSpectator[];
  readonly chat: readonly PublicChatLine[];
  /** Chat lines ever written (the newest `chat.length` of them are kept). */
  readonly chatSeq: number;
};

/** The status lines of spec 02 §4 word for word, and our own lines for what the spec does not name. */
export const PUBLIC_LINES = {
  joined: (name: string, ai: boolean) => `${name}${ai ? ' (AI)' : ''} joined the game`,
  watching: (name: string) => `${name} joined as a spectator`,
  returned: (name: string) => `${name} rejoined the game`,
  left: (name: string) => `${name} left the game`,
  setup: 'Game has started. Select 3 cards to place face-up.',
  playing: 'All players are ready. Game has started!',
  turn: (name: string) => `It's ${name}'s turn`,
  over: (winner: string) => `Game over! ${winner} wins!`,
} as const;

/** A status line written now. */
export function systemLine(text: string, at: number): PublicChatLine {
  return { sender: PUBLIC_SYSTEM_SENDER, text, at, system: true };
}

/** Appends chat lines, keeping the newest `PUBLIC_CHAT_KEEP`. */
export function withChat(meta: PublicMeta, lines: readonly PublicChatLine[]): PublicMeta {
  if (lines.length === 0) return meta;
  return {
    ...meta,
    chat: [...meta.chat, ...lines].slice(-PUBLIC_CHAT_KEEP),
    chatSeq: meta.chatSeq + lines.length,
  };
}

/**
 * Writes the status lines of every accepted change (AI moves included) into the chat: joins,
 * returns, the setup and start lines, each change of turn (not a turn kept after a burn or an 8)
 * and the end. Leaves are written by the leave itself (a freed seat's name is gone afterwards).
 */
export function reactPublic(meta: PublicMeta, events: readonly GameEvent[], state: GameState, at: number): PublicMeta {
  const nameOf = (seat: string): string => state.seats.find((s) => s.id === seat)?.name ?? seat;
  const lines: PublicChatLine[] = [];
  const line = (text: string): void => {
    lines.push(systemLine(text, at));
  };
  for (const event of events) {
    switch (event.type) {
      case 'seated':
        line(PUBLIC_LINES.joined(event.name, event.ai !== null));
        break;
      case 'returned':
        line(PUBLIC_LINES.returned(nameOf(event.seat)));
        break;
      case 'setupStarted':
        line(PUBLIC_LINES.setup);
        break;
      case 'started':
        line(PUBLIC_LINES.playing);
        line(PUBLIC_LINES.turn(nameOf(event.first)));
        break;
      case 'turn':
        if (!event.again) line(PUBLIC_LINES.turn(nameOf(event.seat)));
        break;
      case 'gameOver':
        line(PUBLIC_LINES.over(nameOf(event.winner)));
        break;
      default:
        break;
    }
  }
  return withChat(meta, lines);
}
