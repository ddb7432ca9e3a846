import type { Card } from './card.js';
import { reshuffled, shuffledDeck } from './deal.js';
import type { GameEvent } from './event.js';
import { FACE_DOWN_COUNT, FACE_UP_COUNT, type GameState, type Seat, type Source } from './state.js';

/**
 * Applies one event. Never fails: events come from `decide`, which has checked everything.
 * The input state is not modified; unchanged parts are shared with the result.
 */
export function evolve(state: GameState, event: GameEvent): GameState {
  switch (event.type) {
    case 'seated': {
      const seat: Seat = {
        id: event.seat,
        name: event.name,
        ai: event.ai,
        hand: [],
        faceUp: [],
        faceDown: [],
        ready: false,
        left: false,
      };
      return { ...state, seats: [...state.seats, seat] };
    }
    case 'returned':
      return updateSeat(state, seatIndex(state, event.seat), (s) => ({ ...s, left: false }));
    case 'left': {
      const index = seatIndex(state, event.seat);
      if (!event.freed) return updateSeat(state, index, (s) => ({ ...s, left: true }));
      const seat = state.seats[index] as Seat;
      const seats = state.seats.filter((_, i) => i !== index);
      const returned = [...seat.hand, ...seat.faceUp, ...seat.faceDown];
      if (returned.length === 0) return { ...state, seats };
      const { deck, rng } = reshuffled([...state.deck, ...returned], state.rng);
      return { ...state, seats, deck, rng };
    }
    case 'shuffled': {
      const { deck, rng } = shuffledDeck(event.decks, state.rng);
      return { ...state, deck, rng, pile: [], burned: [] };
    }
    case 'dealt': {
      const deck = state.deck.slice();
      const take = (n: number): Card[] => deck.splice(deck.length - n, n).reverse();
      const faceDown = take(FACE_DOWN_COUNT);
      const faceUp = state.options.rules.chooseFaceUp ? [] : take(FACE_UP_COUNT);
      const hand = take(state.options.rules.chooseFaceUp ? FACE_UP_COUNT * 2 : FACE_UP_COUNT);
      const next = updateSeat(state, seatIndex(state, event.seat), (s) => ({ ...s, hand, faceUp, faceDown }));
      return { ...next, deck };
    }
    case 'readied':
      return updateSeat(state, seatIndex(state, event.seat), (s) => ({ ...s, ready: event.ready }));
    case 'faceUpChosen': {
      const chosen = new Set(event.cards.map((c) => c.id));
      return updateSeat(state, seatIndex(state, event.seat), (s) => ({
        ...s,
        hand: s.hand.filter((c) => !chosen.has(c.id)),
        faceUp: [...s.faceUp, ...event.cards],
        ready: true,
      }));
    }
    case 'setupStarted':
      return { ...state, phase: 'setup', seats: state.seats.map((s) => (s.ready ? { ...s, ready: false } : s)) };
    case 'started':
      return { ...state, phase: 'playing', turn: seatIndex(state, event.first), direction: 1 };
    case 'played': {
      const index = seatIndex(state, event.seat);
      const next = updateSeat(state, index, (s) => withoutCards(s, event.source, event.cards));
      return { ...next, pile: [...state.pile, ...event.cards], moves: state.moves + 1 };
    }
    case 'blindFlipped': {
      if (event.playable) return state;
      return updateSeat(state, seatIndex(state, event.seat), (s) => ({
        ...s,
        faceDown: s.faceDown.filter((_, i) => i !== event.index),
        hand: [...s.hand, event.card],
      }));
    }
    case 'burned':
      return { ...state, burned: [...state.burned, ...state.pile], pile: [] };
    case 'drew': {
      const deck = state.deck.slice(0, state.deck.length - event.count);
      const drawn = state.deck.slice(state.deck.length - event.count).reverse();
      const next = updateSeat(state, seatIndex(state, event.seat), (s) => ({ ...s, hand: [...s.hand, ...drawn] }));
      return { ...next, deck };
    }
    case 'pickedUp': {
      const next = updateSeat(state, seatIndex(state, event.seat), (s) => ({ ...s, hand: [...s.hand, ...state.pile] }));
      return { ...next, pile: [], moves: state.moves + 1 };
    }
    case 'skipped':
      return state;
    case 'reversed':
      return { ...state, direction: event.direction };
    case 'turn':
      return { ...state, turn: seatIndex(state, event.seat) };
    case 'gameOver':
      return {
        ...state,
        phase: 'finished',
        turn: -1,
        result: { reason: event.reason, winner: event.winner, standings: event.standings },
      };
  }
}

/** Applies events in order. */
export function evolveAll(state: GameState, events: readonly GameEvent[]): GameState {
  let next = state;
  for (const event of events) next = evolve(next, event);
  return next;
}

/** Index of the seat with `id`; throws when absent (events only name seats that exist). */
export function seatIndex(state: GameState, id: string): number {
  const seats = state.seats;
  for (let i = 0; i < seats.length; i++) if ((seats[i] as Seat).id === id) return i;
  throw new Error(`broken invariant: event names unknown seat ${id}`);
}

function updateSeat(state: GameState, index: number, change: (seat: Seat) => Seat): GameState {
  const seats = state.seats.slice();
  seats[index] = change(seats[index] as Seat);
  return { ...state, seats };
}

function withoutCards(seat: Seat, source: Source, cards: readonly Card[]): Seat {
  const kept = (c: Card): boolean => !cards.some((x) => x.id === c.id);
  switch (source) {
    case 'hand':
      return { ...seat, hand: seat.hand.filter(kept) };
    case 'faceUp':
      return { ...seat, faceUp: seat.faceUp.filter(kept) };
    case 'faceDown':
      return { ...seat, faceDown: seat.faceDown.filter(kept) };
  }
}
