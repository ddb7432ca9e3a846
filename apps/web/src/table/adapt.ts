import { sortHand, tableCards, type WireCard } from './cards.js';
import type { OwnCards } from './model.js';

/**
 * What every screen's adapter (state → `TableModel`) does the same way: find the viewer's seat and
 * list the others in the order of play after it, and turn the viewer's wire cards into the rows.
 */

/** The viewer's seat (or null for a spectator) and the others, in the order of play after it. */
export function seatsAround<T>(seats: readonly T[], isViewer: (seat: T) => boolean): { me: T | null; others: T[] } {
  const at = seats.findIndex(isViewer);
  if (at < 0) return { me: null, others: [...seats] };
  return { me: seats[at] as T, others: [...seats.slice(at + 1), ...seats.slice(0, at)] };
}

/** The viewer's rows from wire cards: the hand low to high, face-up and face-down as dealt. */
export function ownRows(cards: {
  readonly hand: readonly WireCard[];
  readonly faceUp: readonly WireCard[];
  readonly faceDown: readonly WireCard[];
}): OwnCards {
  return {
    hand: sortHand(tableCards(cards.hand)),
    faceUp: tableCards(cards.faceUp),
    faceDown: tableCards(cards.faceDown),
  };
}
