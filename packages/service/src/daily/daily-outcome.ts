import {
  applyCommand,
  cardsLeft,
  createGame,
  FACE_DOWN_COUNT,
  FACE_UP_COUNT,
  type GameState,
  HAND_TARGET,
} from '@palace/core';
import type { MainMeta } from '../main-game/main-meta.js';
import type { StoredGame } from '../ports.js';

/**
 * How a daily game went for its player (docs/daily.md "Results"), pure: from the game as stored.
 * The player's first `leave` ends the attempt with the cards they held just before it, in last
 * place (a waiting game's leave frees the seat with the whole deal held); otherwise the finished
 * game's standings say their place and cards left.
 */
export interface DailyOutcome {
  readonly place: number;
  readonly cardsLeft: number;
  readonly end: 'finished' | 'left';
}

/** The cards each seat is dealt: face-down, face-up (chosen from the hand) and hand. */
export const DEALT = FACE_DOWN_COUNT + FACE_UP_COUNT + HAND_TARGET;

/**
 * Whether the game may have ended the attempt, read from the game without its record's entries:
 * over, cancelled, or the player's seat left or gone. Only then is the whole record worth reading.
 */
export function mayHaveEnded(game: StoredGame<MainMeta>, seatId: string): boolean {
  if (game.state.phase === 'finished' || game.meta.cancelled) return true;
  const seat = game.state.seats.find((s) => s.id === seatId);
  return seat === undefined || seat.left;
}

/**
 * The attempt's outcome, from `game` loaded with its whole record; null while the player still
 * plays it. A game whose moves are no longer kept (docs/deploy.md "Retention") is read from its
 * final state.
 */
export function dailyOutcome(game: StoredGame<MainMeta>, seatId: string): DailyOutcome | null {
  const last = game.meta.playerLimit;
  const { record } = game;
  const whole = (game.entriesFrom ?? 0) === 0 && game.entriesRemovedAt === undefined;
  const leaving = whole ? record.entries.findIndex((e) => e.command.type === 'leave' && e.command.seat === seatId) : -1;
  if (leaving >= 0) {
    const before = stateBefore(game, leaving);
    if (before !== null && before.phase !== 'finished') {
      const seat = before.seats.find((s) => s.id === seatId);
      return { place: last, cardsLeft: seat === undefined ? 0 : cardsLeft(seat), end: 'left' };
    }
  }
  const standing = game.state.result?.standings.find((s) => s.seat === seatId);
  if (game.state.phase === 'finished' && standing !== undefined) {
    return { place: standing.place, cardsLeft: standing.cardsLeft, end: 'finished' };
  }
  if (game.meta.cancelled || !game.state.seats.some((s) => s.id === seatId)) {
    // Gone before the start with no record of it left: the whole deal was held.
    return { place: last, cardsLeft: DEALT, end: 'left' };
  }
  return null;
}

/** The cards `seatId` holds in `game` now: what an attempt still played when its day ends counts. */
export function heldNow(game: StoredGame<MainMeta>, seatId: string): number {
  const seat = game.state.seats.find((s) => s.id === seatId);
  return seat === undefined ? 0 : cardsLeft(seat);
}

/** The state just before entry `index` of the game's whole record, replayed; null if it does not replay. */
function stateBefore(game: StoredGame<MainMeta>, index: number): GameState | null {
  let state = createGame(game.record.options, game.record.seed);
  for (const entry of game.record.entries.slice(0, index)) {
    const applied = applyCommand(state, entry.command);
    if (!applied.ok) return null;
    state = applied.value.state;
  }
  return state;
}
