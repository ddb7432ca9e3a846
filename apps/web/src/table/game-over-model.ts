import type { TableCard } from './cards.js';
import type { OwnCards, TableModel, TableSeat } from './model.js';

/**
 * What a finished game's panel says (docs/web.md "The table kit": game over), for every screen:
 * the viewer's place, every player's place and cards left, the game's length, and its moves.
 * Plain data: each screen builds it from what it knows and leaves out what it does not.
 */
export interface GameOverModel {
  /** "You finished 2nd of 4" for a seated player who did not win; null otherwise (the heading says it). */
  readonly placeLine: string | null;
  /** Every player, winner first. */
  readonly standings: readonly StandingRow[];
  /** The game's length, in words ("42 moves · 6 min"); null when nothing is known. */
  readonly length: string | null;
  /** The whole game's moves, oldest first. */
  readonly moves: readonly string[];
}

export interface StandingRow {
  readonly place: number;
  readonly name: string;
  readonly cardsLeft: number;
  readonly you: boolean;
}

/** One seat as a screen knows it at the end, in seat order. */
export interface FinalSeat {
  readonly name: string;
  /** Hand + face-up + face-down. */
  readonly cardsLeft: number;
  readonly you: boolean;
}

/** "1st", "2nd", "3rd", "4th", "11th", "22nd". */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

/**
 * The final order (docs/product.md §D3 game-end): the winner, then the others by fewest cards left (hand,
 * face-up and face-down), ties by seat order. `winner` is the winner's index in `seats`; with none
 * known (the move cap, before the server says) everyone is ordered by cards left.
 */
export function standings(seats: readonly FinalSeat[], winner: number | null): StandingRow[] {
  const order = seats.map((seat, index) => ({ seat, index, left: index === winner ? 0 : seat.cardsLeft }));
  order.sort((a, b) => {
    if (a.index === winner) return -1;
    if (b.index === winner) return 1;
    return a.left - b.left || a.index - b.index;
  });
  return order.map((o, i) => ({ place: i + 1, name: o.seat.name, cardsLeft: o.left, you: o.seat.you }));
}

/** The panel's model from the seats at the end (seat order), the winner's index and what is known of the game. */
export function gameOverModel(input: {
  readonly seats: readonly FinalSeat[];
  readonly winner: number | null;
  readonly moves: readonly string[];
  readonly moveCount?: number | null;
  readonly minutes?: number | null;
}): GameOverModel {
  const rows = standings(input.seats, input.winner);
  return {
    placeLine: placeLine(rows),
    standings: rows,
    length: lengthText({ moves: input.moveCount ?? null, minutes: input.minutes ?? null }),
    moves: input.moves,
  };
}

/** "You finished 2nd of 4" for the viewer's row when it is not first; null for the winner or a spectator. */
export function placeLine(rows: readonly StandingRow[]): string | null {
  const mine = rows.find((r) => r.you);
  if (mine === undefined || mine.place === 1) return null;
  return `You finished ${ordinal(mine.place)} of ${rows.length}`;
}

/** "You won!" for the winner, "{winner} won!" for everyone else (the main game's heading). */
export function winnerLine(rows: readonly StandingRow[]): string {
  const first = rows[0];
  if (first === undefined) return 'Game over';
  return first.you ? 'You won!' : `${first.name} won!`;
}

/** Whole minutes from `start` to `end` (ms since the epoch); null when either is unknown or they disagree. */
export function minutesBetween(start: number | null | undefined, end: number | null | undefined): number | null {
  if (start == null || end == null || !Number.isFinite(start) || !Number.isFinite(end) || end < start) return null;
  return Math.round((end - start) / 60_000);
}

/** "42 moves · 6 min", "1 move · under a minute"; the known parts only; null when neither is known. */
export function lengthText(length: {
  readonly moves?: number | null;
  readonly minutes?: number | null;
}): string | null {
  const parts: string[] = [];
  if (length.moves != null) parts.push(`${length.moves} ${length.moves === 1 ? 'move' : 'moves'}`);
  if (length.minutes != null) parts.push(length.minutes < 1 ? 'under a minute' : `${length.minutes} min`);
  return parts.length === 0 ? null : parts.join(' · ');
}

/** "3 cards left", "1 card left", "no cards left". */
export function cardsLeftText(n: number): string {
  return n === 0 ? 'no cards left' : `${n} ${n === 1 ? 'card' : 'cards'} left`;
}

/** A seat's every card as it was at the end: the hand, and the face-down cards face up. */
export interface OpenCards {
  readonly hand: readonly TableCard[];
  readonly faceDown: readonly TableCard[];
}

/**
 * A finished table with every hidden card turned over (docs/web.md "The table kit": game over):
 * each other seat `open` with its cards from `cards` (by seat key), and the viewer's face-down cards
 * face up from `own`. Seats and rows nobody knows stay as they are.
 */
export function openTable(
  model: TableModel,
  cards: ReadonlyMap<string, OpenCards>,
  own: OpenCards | null = null,
): TableModel {
  const seats = model.seats.map((seat): TableSeat => {
    const open = cards.get(seat.key);
    return open === undefined ? seat : { ...seat, open };
  });
  const mine: OwnCards | null =
    model.own === null || own === null || own.faceDown.length !== model.own.faceDown.length
      ? model.own
      : { ...model.own, faceDown: own.faceDown };
  return { ...model, seats, own: mine };
}
