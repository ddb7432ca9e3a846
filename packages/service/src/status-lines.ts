import { err, type GameEvent, type GameState, ok, type Result } from '@palace/core';
import { type ServiceError, serviceError } from './service-error.js';

/** A chat line as a variant stores it: a person's message, or a status line of the server. */
export type ChatLine = {
  readonly sender: string;
  readonly text: string;
  /** ms since the epoch */
  readonly at: number;
  readonly system: boolean;
};

/** Variant data with a chat: the kept lines and how many were ever written. */
export interface WithChat {
  readonly chat: readonly ChatLine[];
  /** Chat lines ever written (the newest `chat.length` of them are kept): tells a socket which are new. */
  readonly chatSeq: number;
}

/** Sender of the status lines. */
export const SYSTEM_SENDER = 'System';
/** How many chat lines a game keeps (the oldest are dropped). */
export const CHAT_KEEP = 200;

/**
 * The status lines of docs/product.md §P2.4 word for word (joins, setup, start, turn, end), and ours for what
 * the spec does not name (spectators, returns, leaves). One table for every variant that writes them.
 */
export const STATUS_LINES = {
  joined: (name: string, ai: boolean) => `${name}${ai ? ' (AI)' : ''} joined the game`,
  watching: (name: string) => `${name} joined as a spectator`,
  returned: (name: string) => `${name} rejoined the game`,
  left: (name: string) => `${name} left the game`,
  setup: 'Game has started. Select 3 cards to place face-up.',
  playing: 'All players are ready. Game has started!',
  turn: (name: string) => `It's ${name}'s turn`,
  over: (winner: string) => `Game over! ${winner} wins!`,
} as const;

/** A status line written at `at`. */
export function systemLine(text: string, at: number): ChatLine {
  return { sender: SYSTEM_SENDER, text, at, system: true };
}

/** A person's chat message, trimmed; refused when empty or longer than `max` characters. */
export function chatText(message: string, max: number): Result<string, ServiceError> {
  const text = message.trim();
  if (text.length === 0) return err(serviceError('chat/empty'));
  if (text.length > max) return err(serviceError('chat/too_long'));
  return ok(text);
}

/** Appends chat lines, keeping the newest `CHAT_KEEP` and counting every line ever written. */
export function withChat<M extends WithChat>(meta: M, lines: readonly ChatLine[]): M {
  if (lines.length === 0) return meta;
  return { ...meta, chat: [...meta.chat, ...lines].slice(-CHAT_KEEP), chatSeq: meta.chatSeq + lines.length };
}

/** How a variant's table starts: whether the first player sitting down starts the face-up choice. */
export interface StatusOptions {
  /** The `auto` flow deals on sitting down, so the setup line comes with the first seat. */
  readonly setupOnFirstSeat: boolean;
}

/**
 * A variant's `react` hook that writes the status lines of every accepted change (AI moves
 * included): joins, returns, the setup and start lines, each change of turn (not a turn kept after
 * a burn, or an 8 with two players) and the end. Leaves are written by the variants' leave
 * commands themselves: a freed seat's name is gone from the state afterwards.
 */
export function reactStatus<M extends WithChat>(options: StatusOptions) {
  return (meta: M, events: readonly GameEvent[], state: GameState, at: number): M => {
    const nameOf = (seat: string): string => state.seats.find((s) => s.id === seat)?.name ?? seat;
    const lines: ChatLine[] = [];
    const line = (text: string): void => {
      lines.push(systemLine(text, at));
    };
    let firstSeat = options.setupOnFirstSeat && meta.chatSeq === 0;
    for (const event of events) {
      switch (event.type) {
        case 'seated':
          line(STATUS_LINES.joined(event.name, event.ai !== null));
          if (firstSeat) line(STATUS_LINES.setup);
          firstSeat = false;
          break;
        case 'returned':
          line(STATUS_LINES.returned(nameOf(event.seat)));
          break;
        case 'setupStarted':
          line(STATUS_LINES.setup);
          break;
        case 'started':
          line(STATUS_LINES.playing);
          line(STATUS_LINES.turn(nameOf(event.first)));
          break;
        case 'turn':
          if (!event.again) line(STATUS_LINES.turn(nameOf(event.seat)));
          break;
        case 'gameOver':
          line(STATUS_LINES.over(nameOf(event.winner)));
          break;
        default:
          break;
      }
    }
    return withChat(meta, lines);
  };
}

/** Chat lines as the simple and public games send them. */
export function wireChat(lines: readonly ChatLine[]): Array<{
  readonly sender: string;
  readonly text: string;
  readonly timestamp: number;
  readonly isSystem: boolean;
}> {
  return lines.map((line) => ({ sender: line.sender, text: line.text, timestamp: line.at, isSystem: line.system }));
}

/** Final standings by name, as the simple and public games send them (null until the game is over). */
export function namedStandings(
  result: {
    readonly standings: ReadonlyArray<{ readonly name: string; readonly place: number; readonly cardsLeft: number }>;
  } | null,
): Array<{ readonly username: string; readonly place: number; readonly cardsLeft: number }> | null {
  return result === null
    ? null
    : result.standings.map((s) => ({ username: s.name, place: s.place, cardsLeft: s.cardsLeft }));
}
