import type { Card } from './card.js';
import type { EndReason, GameResult, GameState, Seat, Standing } from './state.js';

/** Cards a seat still holds in all three rows. */
export function cardsLeft(seat: Seat): number {
  return seat.hand.length + seat.faceUp.length + seat.faceDown.length;
}

/**
 * The final order (docs/product.md §D3): the winner first, then the others by fewest cards left, ties by
 * seat. At the move cap there is no winner yet, so everyone is ordered by cards left.
 */
export function standingsOf(state: GameState, reason: EndReason, winnerIndex: number | null): GameResult {
  const order = state.seats.map((seat, index) => ({ seat, index, left: index === winnerIndex ? 0 : cardsLeft(seat) }));
  order.sort((a, b) => {
    if (a.index === winnerIndex) return -1;
    if (b.index === winnerIndex) return 1;
    return a.left - b.left || a.index - b.index;
  });
  const standings = order.map(
    (o, i): Standing => ({ seat: o.seat.id, name: o.seat.name, place: i + 1, cardsLeft: o.left }),
  );
  return { reason, winner: (standings[0] as Standing).seat, standings };
}

/**
 * Who plays first: the seat whose hand holds the lowest card from 3 to A, ignoring 2s and 10s;
 * ties, or nobody holding such a card, go to the earliest seat.
 */
export function firstPlayer(state: GameState): number {
  let best = 0;
  let bestRank = Number.POSITIVE_INFINITY;
  state.seats.forEach((seat, index) => {
    const low = lowestOrdinary(seat.hand);
    if (low < bestRank) {
      bestRank = low;
      best = index;
    }
  });
  return best;
}

function lowestOrdinary(hand: readonly Card[]): number {
  let low = Number.POSITIVE_INFINITY;
  for (const card of hand) if (card.rank !== 2 && card.rank !== 10 && card.rank < low) low = card.rank;
  return low;
}

/** What a player pays to take a seat: guests play free. */
export function entryFeeFor(entryFee: number, isGuest: boolean): number {
  return isGuest ? 0 : entryFee;
}
