import { type Card, RANK_LABELS, type Rank, SUIT_SYMBOLS, type Suit } from '@palace/core';

/**
 * The one card shape the table draws (docs/web.md "The table kit"). Every variant's wire card —
 * the main game's `{value, suit, symbol, color}`, the REST game's `{value, suit: '♠'}`, the masked
 * `{hidden: true}` and `{suit: 'unknown'}` cards, the engine's `{rank, suit}` — becomes one of these.
 * Ranks and suits are the engine's own, so rank order and labels come from `@palace/core`.
 */
export interface TableCard {
  /** Opaque and unique in the game (the motion follows a card by it). */
  readonly id: string;
  /** What the viewer sees of it; null when it lies face down or is hidden from the viewer. */
  readonly face: CardFace | null;
}

export interface CardFace {
  readonly rank: Rank;
  readonly suit: Suit;
}

/** Any card of any variant's wire shapes (and of the engine). */
export type WireCard =
  | { readonly id: string; readonly hidden: true }
  | { readonly id: string; readonly value: string; readonly suit: string }
  | { readonly id: string; readonly rank: Rank; readonly suit: Suit }
  | { readonly id: string };

const RANK_OF: Readonly<Record<string, Rank>> = Object.fromEntries(
  Object.entries(RANK_LABELS).map(([rank, label]) => [label, Number(rank) as Rank]),
);
const SUIT_OF: Readonly<Record<string, Suit>> = {
  hearts: 'hearts',
  diamonds: 'diamonds',
  clubs: 'clubs',
  spades: 'spades',
  ...Object.fromEntries(Object.entries(SUIT_SYMBOLS).map(([suit, symbol]) => [symbol, suit as Suit])),
};

/** A wire card as the table draws it: its face when the viewer may see it, else face down. */
export function tableCard(card: WireCard): TableCard {
  if ('rank' in card) return { id: card.id, face: { rank: card.rank, suit: card.suit } };
  if ('value' in card) {
    const rank = RANK_OF[card.value];
    const suit = SUIT_OF[card.suit];
    return { id: card.id, face: rank === undefined || suit === undefined ? null : { rank, suit } };
  }
  return { id: card.id, face: null };
}

export function tableCards(cards: readonly WireCard[]): TableCard[] {
  return cards.map(tableCard);
}

/** A face-down card with only its slot id (`blind-{n}`, a deck card). */
export function faceDown(id: string): TableCard {
  return { id, face: null };
}

/** The engine's card as the table draws it. */
export function fromEngine(card: Card): TableCard {
  return { id: card.id, face: { rank: card.rank, suit: card.suit } };
}

/** "7", "10", "Q": the index printed in a card's corner. */
export function rankLabel(rank: Rank): string {
  return RANK_LABELS[rank];
}

export function suitSymbol(suit: Suit): string {
  return SUIT_SYMBOLS[suit];
}

/** The card's accessible name: "7 of hearts", "Q of spades"; "Face-down card" when hidden. */
export function cardName(card: TableCard): string {
  return card.face === null ? 'Face-down card' : `${rankLabel(card.face.rank)} of ${card.face.suit}`;
}

/** "7♥": the short form in sentences and chat. */
export function shortName(face: CardFace): string {
  return `${rankLabel(face.rank)}${suitSymbol(face.suit)}`;
}

/** A hand low to high by the engine's rank order (2 first), suits in a fixed order within a rank. */
export function sortHand(cards: readonly TableCard[]): TableCard[] {
  const order = (card: TableCard) =>
    card.face === null ? 99 : card.face.rank * 4 + ['clubs', 'diamonds', 'hearts', 'spades'].indexOf(card.face.suit);
  return [...cards].sort((a, b) => order(a) - order(b));
}
