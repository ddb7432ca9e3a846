import type { Card, GameState, Seat } from '../src/index.js';

/** Every card the viewer may not see: the deck, all face-down cards and other players' hands. */
export function hiddenCards(state: GameState, viewer: string | null): Card[] {
  const hidden: Card[] = [...state.deck];
  for (const seat of state.seats) {
    hidden.push(...seat.faceDown);
    if (seat.id !== viewer) hidden.push(...seat.hand);
  }
  return hidden;
}

/** Every card in the game, wherever it is. */
export function allCards(state: GameState): Card[] {
  const cards: Card[] = [...state.deck, ...state.pile, ...state.burned];
  for (const seat of state.seats) cards.push(...seat.hand, ...seat.faceUp, ...seat.faceDown);
  return cards;
}

/** A copy of `state` with every card replaced through `map` (zones and order kept). */
export function mapCards(state: GameState, map: (card: Card) => Card): GameState {
  const seat = (s: Seat): Seat => ({
    ...s,
    hand: s.hand.map(map),
    faceUp: s.faceUp.map(map),
    faceDown: s.faceDown.map(map),
  });
  return {
    ...state,
    deck: state.deck.map(map),
    pile: state.pile.map(map),
    burned: state.burned.map(map),
    seats: state.seats.map(seat),
  };
}

/** Freezes `value` and everything reachable from it, so any write throws (ES modules are strict). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
