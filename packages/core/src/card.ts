/** Card ranks as numbers so comparisons are cheap: 2–10, then J = 11, Q = 12, K = 13, A = 14. */
export type Rank = 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14;

/** A set of ranks as a bit mask: bit `r` for rank `r` (see `maskHas` in lacks.ts). */
export type RankMask = number;

export type Suit = 'hearts' | 'diamonds' | 'clubs' | 'spades';

/**
 * One physical card. `id` is opaque and unique within a game: it is assigned from the card's
 * position in the shuffled deck, so it says nothing about rank or suit.
 */
export interface Card {
  readonly id: string;
  readonly rank: Rank;
  readonly suit: Suit;
}

export const RANKS: readonly Rank[] = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14];
export const SUITS: readonly Suit[] = ['hearts', 'diamonds', 'clubs', 'spades'];

/** How a rank is written on a card face: '2'–'10', 'J', 'Q', 'K', 'A'. */
export const RANK_LABELS: Readonly<Record<Rank, string>> = {
  2: '2',
  3: '3',
  4: '4',
  5: '5',
  6: '6',
  7: '7',
  8: '8',
  9: '9',
  10: '10',
  11: 'J',
  12: 'Q',
  13: 'K',
  14: 'A',
};

export const SUIT_SYMBOLS: Readonly<Record<Suit, string>> = {
  hearts: '♥',
  diamonds: '♦',
  clubs: '♣',
  spades: '♠',
};

/** Cards in one deck. */
export const DECK_SIZE = 52;

/** One deck for 2–5 players, two decks for 6–8. */
export function decksFor(players: number): 1 | 2 {
  return players >= 6 ? 2 : 1;
}

/** A human-readable label such as "10♥" or "Q♠". */
export function cardLabel(card: Pick<Card, 'rank' | 'suit'>): string {
  return `${RANK_LABELS[card.rank]}${SUIT_SYMBOLS[card.suit]}`;
}

/**
 * The cards of `decks` decks in a fixed order, not yet shuffled and without ids: ids are given
 * after shuffling (see `shuffleDeck`).
 */
export function orderedCards(decks: 1 | 2): Array<{ rank: Rank; suit: Suit }> {
  const cards: Array<{ rank: Rank; suit: Suit }> = [];
  for (let d = 0; d < decks; d++) {
    for (const suit of SUITS) {
      for (const rank of RANKS) cards.push({ rank, suit });
    }
  }
  return cards;
}
