import { type Card, orderedCards } from './card.js';
import { freezeRng, type RngState, shuffleInPlace, thawRng } from './rng.js';

/**
 * A fresh shuffled deck of `decks` decks. Ids are given after shuffling, from each card's position
 * (`c0` is dealt last), so an id reveals nothing about its card.
 */
export function shuffledDeck(decks: 1 | 2, rng: RngState): { deck: Card[]; rng: RngState } {
  const live = thawRng(rng);
  const faces = orderedCards(decks);
  shuffleInPlace(live, faces);
  const deck = faces.map((f, i): Card => ({ id: `c${i}`, rank: f.rank, suit: f.suit }));
  return { deck, rng: freezeRng(live) };
}

/** `cards` in a new random order (used when a player leaves before the start and gives cards back). */
export function reshuffled(cards: readonly Card[], rng: RngState): { deck: Card[]; rng: RngState } {
  const live = thawRng(rng);
  const deck = cards.slice();
  shuffleInPlace(live, deck);
  return { deck, rng: freezeRng(live) };
}
