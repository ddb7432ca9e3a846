import type { TableCard } from './cards.js';

/**
 * The selection after pressing card `id` (docs/product.md §P1.4, §P2.4): a selected card is deselected;
 * a card of the selection's rank joins it; any other card (or a face-down one) replaces it. Which
 * cards may be pressed at all is the server's (or the engine's) say, not this function's.
 */
export function toggleCard(selected: readonly string[], id: string, cards: readonly TableCard[]): string[] {
  if (selected.includes(id)) return selected.filter((s) => s !== id);
  const face = (cardId: string) => cards.find((c) => c.id === cardId)?.face ?? null;
  const first = selected[0] === undefined ? null : face(selected[0]);
  const pressed = face(id);
  if (first === null || pressed === null || first.rank !== pressed.rank) return [id];
  return [...selected, id];
}

/** The selection with only the cards still allowed (a new state may have made some stale). */
export function stillAllowed(selected: readonly string[], allowed: readonly string[]): readonly string[] {
  const keep = selected.filter((id) => allowed.includes(id));
  return keep.length === selected.length ? selected : keep;
}

/** All own cards of a model's rows (for `toggleCard`). */
export function ownCards(own: {
  readonly hand: readonly TableCard[];
  readonly faceUp: readonly TableCard[];
  readonly faceDown: readonly TableCard[];
}): TableCard[] {
  return [...own.hand, ...own.faceUp, ...own.faceDown];
}

/**
 * A choice of up to `max` cards (the face-up choice of setup) after pressing `id`: a chosen card
 * is put back; another joins while fewer than `max` are chosen, else nothing changes.
 */
export function toggleChoice(chosen: readonly string[], id: string, max: number): string[] {
  if (chosen.includes(id)) return chosen.filter((c) => c !== id);
  return chosen.length >= max ? [...chosen] : [...chosen, id];
}
