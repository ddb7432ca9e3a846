import { FACE_UP_COUNT, RANK_LABELS, RANKS } from '@palace/core';
import type { MainCard, MaskedCard } from '@palace/protocol';

export type AnyCard = MainCard | MaskedCard;

export function isFaceUp(card: AnyCard): card is MainCard {
  return !('hidden' in card);
}

/**
 * The selection after clicking `card` (spec 01 §4): a card already selected is deselected; a card
 * of the selection's value joins it; any other card (or a blind card) replaces it.
 */
export function toggleSelection(selected: readonly AnyCard[], card: AnyCard): AnyCard[] {
  if (selected.some((c) => c.id === card.id)) return selected.filter((c) => c.id !== card.id);
  const first = selected[0];
  if (first === undefined || !isFaceUp(card) || !isFaceUp(first) || first.value !== card.value) return [card];
  return [...selected, card];
}

/** Face-up choice while waiting: at most 3 cards; a 4th click is ignored. */
export function toggleFaceUpChoice(chosen: readonly string[], id: string, max = FACE_UP_COUNT): string[] {
  if (chosen.includes(id)) return chosen.filter((c) => c !== id);
  return chosen.length >= max ? [...chosen] : [...chosen, id];
}

/** The hand shown low to high (2 first, the engine's rank order), so equal values sit together. */
export function sortByRank(cards: readonly AnyCard[]): AnyCard[] {
  const rank = (card: AnyCard) => (isFaceUp(card) ? RANK_INDEX.indexOf(card.value) : 99);
  return [...cards].sort((a, b) => rank(a) - rank(b));
}

const RANK_INDEX: readonly string[] = RANKS.map((r) => RANK_LABELS[r]);
