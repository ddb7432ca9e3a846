import type { Card, Rank } from './card.js';
import { reshuffled, shuffledDeck } from './deal.js';
import type { GameEvent } from './event.js';
import { lacksAfterFaceUp, lacksAfterPlay } from './lacks.js';
import { effectiveTop } from './moves.js';
import {
  FACE_DOWN_COUNT,
  FACE_UP_COUNT,
  findSeat,
  type GameState,
  type Lacks,
  type Seat,
  type Source,
} from './state.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * A private working copy for applying several events at once: the state object and the seats
 * array are copied on first write, and each seat once, so a play with its draw and turn change
 * costs one copy rather than one per event. Zone arrays are never written in place: every change
 * makes a new array, so arrays shared with the input state are never modified.
 */
interface Draft {
  readonly state: Mutable<GameState>;
  seats: Mutable<Seat>[] | null;
  owned: boolean[];
}

function seatOf(draft: Draft, index: number): Mutable<Seat> {
  if (draft.seats === null) {
    draft.seats = draft.state.seats.slice() as Mutable<Seat>[];
    draft.state.seats = draft.seats;
  }
  if (draft.owned[index] !== true) {
    const seat = draft.seats[index] as Seat;
    draft.seats[index] = {
      id: seat.id,
      name: seat.name,
      ai: seat.ai,
      hand: seat.hand,
      faceUp: seat.faceUp,
      faceDown: seat.faceDown,
      ready: seat.ready,
      left: seat.left,
      known: seat.known,
      pickedUpOver: seat.pickedUpOver,
      lacks: seat.lacks,
    };
    draft.owned[index] = true;
  }
  return draft.seats[index] as Mutable<Seat>;
}

/** Index of the seat with `id`; throws when absent (events only name seats that exist). */
export function seatIndex(state: GameState, id: string): number {
  const index = findSeat(state, id);
  if (index < 0) throw new Error(`broken invariant: event names unknown seat ${id}`);
  return index;
}

/** `zone` without the cards of `gone` (compared by id, so it works on JSON copies too). */
function without(zone: readonly Card[], gone: readonly Card[]): Card[] {
  if (gone.length === 1) {
    const id = (gone[0] as Card).id;
    for (let i = 0; i < zone.length; i++) {
      if ((zone[i] as Card).id === id) {
        // One copy, then a native shift of the tail: cheaper than slicing twice and concatenating.
        const kept = zone.slice();
        kept.copyWithin(i, i + 1);
        kept.pop();
        return kept;
      }
    }
    return zone.slice();
  }
  const kept: Card[] = [];
  outer: for (let i = 0; i < zone.length; i++) {
    const card = zone[i] as Card;
    for (let j = 0; j < gone.length; j++) if ((gone[j] as Card).id === card.id) continue outer;
    kept.push(card);
  }
  return kept;
}

function removeFrom(seat: Mutable<Seat>, source: Source, cards: readonly Card[]): void {
  if (source === 'hand') {
    seat.hand = without(seat.hand, cards);
    const known = seat.known;
    if (known !== undefined) seat.known = knownAfter(without(known, cards));
    const over = seat.pickedUpOver;
    if (over !== undefined) {
      const unseen = over.unseen - cards.length + (known?.length ?? 0) - (seat.known?.length ?? 0);
      seat.pickedUpOver = unseen > 0 ? { top: over.top, unseen } : undefined;
    }
    const lacks = seat.lacks;
    if (lacks !== undefined) {
      const unseen = lacks.unseen - cards.length + (known?.length ?? 0) - (seat.known?.length ?? 0);
      seat.lacks = unseen > 0 ? { ranks: lacks.ranks, unseen } : undefined;
    }
  } else if (source === 'faceUp') seat.faceUp = without(seat.faceUp, cards);
  else seat.faceDown = without(seat.faceDown, cards);
}

/** A seat's `known` cards, absent rather than empty. */
function knownAfter(cards: readonly Card[]): readonly Card[] | undefined {
  return cards.length === 0 ? undefined : cards;
}

/** `seat.known` with `cards` (which everyone has just seen go into its hand) added. */
function withKnown(seat: Seat, cards: readonly Card[]): readonly Card[] | undefined {
  return knownAfter(seat.known === undefined ? cards.slice() : seat.known.concat(cards));
}

/**
 * `seat.lacks` after it played a card of `rank` from hand (already taken out of its hand, not yet on
 * `state.pile`): the ranks that play shows it lacks, over all its unseen cards, joined with what it
 * showed before (already lowered by the play) when that still covers them all (it drew nothing since).
 */
function lacksAfter(seat: Seat, state: GameState, rank: Rank): Lacks | undefined {
  const unseen = seat.hand.length - (seat.known?.length ?? 0);
  if (unseen <= 0) return undefined;
  const rules = state.options.rules;
  let ranks = lacksAfterPlay(rank, effectiveTop(state.pile, rules), state.pile.length, rules);
  const kept = seat.lacks;
  if (kept !== undefined && kept.unseen >= unseen) ranks |= kept.ranks;
  return { ranks, unseen };
}

/** The top `n` cards of `deck`, top first. */
function topCards(deck: readonly Card[], n: number): Card[] {
  const taken: Card[] = [];
  for (let i = deck.length - 1; i >= deck.length - n; i--) taken.push(deck[i] as Card);
  return taken;
}

function apply(draft: Draft, event: GameEvent): void {
  const s = draft.state;
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
        known: undefined,
        pickedUpOver: undefined,
        lacks: undefined,
      };
      draft.seats = [...s.seats, seat] as Mutable<Seat>[];
      draft.owned[draft.seats.length - 1] = true;
      s.seats = draft.seats;
      return;
    }
    case 'returned':
      seatOf(draft, seatIndex(s, event.seat)).left = false;
      return;
    case 'left': {
      const index = seatIndex(s, event.seat);
      if (!event.freed) {
        seatOf(draft, index).left = true;
        return;
      }
      const seat = s.seats[index] as Seat;
      draft.seats = s.seats.filter((_, i) => i !== index) as Mutable<Seat>[];
      draft.owned = draft.owned.filter((_, i) => i !== index);
      s.seats = draft.seats;
      const returned = [...seat.hand, ...seat.faceUp, ...seat.faceDown];
      if (returned.length > 0) {
        const { deck, rng } = reshuffled([...s.deck, ...returned], s.rng);
        s.deck = deck;
        s.rng = rng;
      }
      return;
    }
    case 'shuffled': {
      const { deck, rng } = shuffledDeck(event.decks, s.rng);
      s.deck = deck;
      s.rng = rng;
      s.pile = [];
      s.burned = [];
      return;
    }
    case 'dealt': {
      const seat = seatOf(draft, seatIndex(s, event.seat));
      const choose = s.options.rules.chooseFaceUp;
      const handSize = choose ? FACE_UP_COUNT * 2 : FACE_UP_COUNT;
      const dealt = topCards(s.deck, FACE_DOWN_COUNT + (choose ? 0 : FACE_UP_COUNT) + handSize);
      seat.faceDown = dealt.slice(0, FACE_DOWN_COUNT);
      seat.faceUp = choose ? [] : dealt.slice(FACE_DOWN_COUNT, FACE_DOWN_COUNT + FACE_UP_COUNT);
      seat.hand = dealt.slice(dealt.length - handSize);
      seat.known = undefined;
      seat.pickedUpOver = undefined;
      seat.lacks = undefined;
      s.deck = s.deck.slice(0, s.deck.length - dealt.length);
      return;
    }
    case 'readied':
      seatOf(draft, seatIndex(s, event.seat)).ready = event.ready;
      return;
    case 'faceUpChosen': {
      const seat = seatOf(draft, seatIndex(s, event.seat));
      seat.hand = without(seat.hand, event.cards);
      seat.faceUp = [...seat.faceUp, ...event.cards];
      seat.ready = true;
      const ranks = lacksAfterFaceUp(
        seat.faceUp.map((c) => c.rank),
        s.options.rules,
      );
      seat.lacks = ranks !== 0 && seat.hand.length > 0 ? { ranks, unseen: seat.hand.length } : undefined;
      return;
    }
    case 'setupStarted':
      s.phase = 'setup';
      for (let i = 0; i < s.seats.length; i++) if ((s.seats[i] as Seat).ready) seatOf(draft, i).ready = false;
      return;
    case 'started':
      s.phase = 'playing';
      s.turn = seatIndex(s, event.first);
      s.direction = 1;
      return;
    case 'played': {
      const seat = seatOf(draft, seatIndex(s, event.seat));
      removeFrom(seat, event.source, event.cards);
      const first = event.cards[0];
      if (event.source === 'hand' && first !== undefined) seat.lacks = lacksAfter(seat, s, first.rank);
      s.pile = s.pile.concat(event.cards);
      s.moves += 1;
      return;
    }
    case 'blindFlipped': {
      if (event.playable) return;
      const seat = seatOf(draft, seatIndex(s, event.seat));
      seat.faceDown = seat.faceDown.filter((_, i) => i !== event.index);
      seat.hand = [...seat.hand, event.card];
      seat.known = withKnown(seat, [event.card]);
      return;
    }
    case 'burned':
      s.burned = s.burned.concat(s.pile);
      s.pile = [];
      return;
    case 'drew': {
      const seat = seatOf(draft, seatIndex(s, event.seat));
      seat.hand = seat.hand.concat(topCards(s.deck, event.count));
      s.deck = s.deck.slice(0, s.deck.length - event.count);
      return;
    }
    case 'pickedUp': {
      const seat = seatOf(draft, seatIndex(s, event.seat));
      if (event.reason === 'choice') {
        const unseen = seat.hand.length - (seat.known?.length ?? 0);
        const top = effectiveTop(s.pile, s.options.rules);
        seat.pickedUpOver = unseen > 0 && top !== null ? { top, unseen } : undefined;
      }
      seat.hand = seat.hand.concat(s.pile);
      seat.known = withKnown(seat, s.pile);
      s.pile = [];
      s.moves += 1;
      return;
    }
    case 'skipped':
      return;
    case 'reversed':
      s.direction = event.direction;
      return;
    case 'turn':
      s.turn = seatIndex(s, event.seat);
      return;
    case 'gameOver':
      s.phase = 'finished';
      s.turn = -1;
      s.result = { reason: event.reason, winner: event.winner, standings: event.standings };
      // The memory of seen hand cards serves play only: a finished game holds none, so its final
      // state is what it was before the memory existed.
      for (let i = 0; i < s.seats.length; i++) {
        const seat = s.seats[i] as Seat;
        if (seat.known !== undefined || seat.pickedUpOver !== undefined || seat.lacks !== undefined) {
          const copy = seatOf(draft, i);
          copy.known = undefined;
          copy.pickedUpOver = undefined;
          copy.lacks = undefined;
        }
      }
      return;
  }
}

/**
 * Applies events in order and returns the new state. Never fails: events come from `decide`,
 * which has checked everything. The input is not modified; unchanged parts are shared.
 */
export function evolveAll(state: GameState, events: readonly GameEvent[]): GameState {
  // An explicit literal rather than a spread: one fixed object shape keeps this path fast.
  const copy: Mutable<GameState> = {
    options: state.options,
    phase: state.phase,
    seats: state.seats,
    deck: state.deck,
    pile: state.pile,
    burned: state.burned,
    turn: state.turn,
    direction: state.direction,
    moves: state.moves,
    rng: state.rng,
    result: state.result,
  };
  const draft: Draft = { state: copy, seats: null, owned: [] };
  for (let i = 0; i < events.length; i++) apply(draft, events[i] as GameEvent);
  return draft.state;
}

/** Applies one event (see `evolveAll`). */
export function evolve(state: GameState, event: GameEvent): GameState {
  return evolveAll(state, [event]);
}
