import { type Card, RANK_LABELS, type Rank, type SeatView, SUIT_SYMBOLS, type Suit } from '@palace/core';
import type { MainCard, MaskedCard } from '@palace/protocol';

/**
 * Cards as the variants keep and send them, shared so no variant imports another: the plain-JSON
 * card kept in a variant's data, the wire card `{value, suit, symbol, color}` most views send, and
 * the hidden card (only a slot id).
 */

/** A card as stored in a variant's data (plain JSON). */
export type StoredCard = { readonly id: string; readonly rank: number; readonly suit: string };

/** The engine's card as stored. */
export function storedCard(card: Card): StoredCard {
  return { id: card.id, rank: card.rank, suit: card.suit };
}

const RED: ReadonlySet<string> = new Set(['hearts', 'diamonds']);

/** A card the viewer may see, as the wire carries it. */
export function mainCard(card: Card | StoredCard): MainCard {
  const suit = card.suit as Suit;
  return {
    id: card.id,
    value: RANK_LABELS[card.rank as Rank],
    suit,
    symbol: SUIT_SYMBOLS[suit],
    color: RED.has(suit) ? 'red' : 'black',
  };
}

/** A card the viewer may not see: only its slot id. */
export function masked(id: string): MaskedCard {
  return { id, hidden: true };
}

/**
 * A seat's hand as a view sends it: the cards themselves in the viewer's own seat, else one card
 * the viewer may not see per card held, `hide` giving each its slot id `hidden-{seat}-{n}`.
 */
export function handCards<H>(
  seat: Pick<SeatView, 'id' | 'hand' | 'handCount'>,
  hide: (id: string) => H,
): Array<MainCard | H> {
  return seat.hand !== null
    ? seat.hand.map(mainCard)
    : Array.from({ length: seat.handCount }, (_, n) => hide(`hidden-${seat.id}-${n}`));
}
