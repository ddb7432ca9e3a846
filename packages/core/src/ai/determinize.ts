import { type Card, DECK_SIZE, orderedCards } from '../card.js';
import { maskHas } from '../lacks.js';
import { canPlayOn } from '../moves.js';
import { type Rng, shuffleInPlace } from '../rng.js';
import type { GameState, Seat } from '../state.js';
import type { CardFace, GameView, SeatView } from '../view.js';

/** A card id no real card has (real ids are `c{n}`), for cards dealt into a sampled world. */
const SAMPLED_PREFIX = '?';
/** The id prefix of a known card (see `SeatView.known`) put back into a sampled world's hand. */
const KNOWN_PREFIX = '?k';
/** The id prefix of a burned card (see `GameView.burned`) put back into a sampled world. */
const BURNED_PREFIX = '?b';

/**
 * Every card the view's seat cannot see: the whole deck composition (one or two decks, found from
 * the number of cards in play) minus its own hand, every face-up card, the pile and the cards
 * seen going into other hands (`SeatView.known`) and the burned cards (`GameView.burned`; a view
 * without them counts them as unseen). In a fixed order (the ordered deck's), so the result depends only
 * on the view.
 */
export function unseenCards(view: GameView): Card[] {
  let total = view.pile.length + view.deckCount + view.burnedCount;
  for (const seat of view.seats) total += seat.handCount + seat.faceUp.length + seat.faceDown.length;
  // Cards are conserved in play, so the total is one or two whole decks.
  const faces = orderedCards(total > DECK_SIZE ? 2 : 1);
  // Remaining copies per rank and suit: key = rank * 4 + suit index.
  const left = new Array<number>(15 * 4).fill(0);
  const suitIndex = { hearts: 0, diamonds: 1, clubs: 2, spades: 3 } as const;
  for (const f of faces) left[f.rank * 4 + suitIndex[f.suit]] = (left[f.rank * 4 + suitIndex[f.suit]] as number) + 1;
  const see = (cards: readonly CardFace[]): void => {
    for (const c of cards) {
      const key = c.rank * 4 + suitIndex[c.suit];
      left[key] = (left[key] as number) - 1;
    }
  };
  see(view.pile);
  if (view.burned !== undefined) see(view.burned);
  for (const seat of view.seats) {
    see(seat.faceUp);
    if (seat.hand !== null) see(seat.hand);
    else if (seat.known !== undefined) see(seat.known);
  }
  const unseen: Card[] = [];
  for (const f of faces) {
    const key = f.rank * 4 + suitIndex[f.suit];
    if ((left[key] as number) > 0) {
      left[key] = (left[key] as number) - 1;
      unseen.push({ id: `${SAMPLED_PREFIX}${unseen.length}`, rank: f.rank, suit: f.suit });
    }
  }
  return unseen;
}

/**
 * One possible world consistent with the view: `unseen` (see `unseenCards`) dealt at random into
 * the other players' hands (beside the cards seen going in, `SeatView.known`, which stay there and
 * stay known), every face-down slot (the viewer's own included), the deck and (when the view does
 * not show them) the burned cards, at the sizes the view shows. Everything public (face-up cards, the pile and its
 * order, whose turn, direction, move count) is copied from the view, so the world plays on from
 * exactly the viewer's position. `unseen` is shuffled in place.
 */
export function determinize(view: GameView, unseen: Card[], rng: Rng): GameState {
  shuffleInPlace(rng, unseen);
  let next = 0;
  const take = (n: number): Card[] => {
    if (next + n > unseen.length) throw new Error('broken invariant: the view hides more cards than exist');
    const cards = unseen.slice(next, next + n);
    next += n;
    return cards;
  };
  // What a seat's play showed about its hand cards nobody has seen is used where its level plays
  // by that rule (a person, Normal or Strong seat; not Beginner or Casual, `SeatView.ai`, which play
  // and pick up at random, cards that fit or not). Those cards are dealt first, from the unseen cards
  // that fit, as many as there are (a person may not play by the rule):
  // - after a pick-up by choice (`SeatView.pickedUpOver`), cards that could not beat that rank (a
  //   player mostly picks up when nothing fits);
  // - after a play from hand (`SeatView.lacks`), cards of none of the ranks it showed it lacks (a
  //   player mostly sheds its lowest card).
  // The two cover the cards held at that pick-up or play, so the fewer are among the more.
  const rules = view.options.rules;
  const pull = (fits: (card: Card) => boolean, want: number): void => {
    for (let j = next, got = 0; j < unseen.length && got < want; j++) {
      const card = unseen[j] as Card;
      if (!fits(card)) continue;
      unseen[j] = unseen[next] as Card;
      unseen[next++] = card;
      got++;
    }
  };
  const fitted: Card[][] = [];
  for (let i = 0; i < view.seats.length; i++) {
    const s = view.seats[i] as SeatView;
    if (s.hand !== null || s.ai === 'random' || s.ai === 'prototype') continue;
    const over = s.pickedUpOver;
    const lacks = s.lacks;
    if (over === undefined && lacks === undefined) continue;
    const hidden = s.handCount - (s.known?.length ?? 0);
    const low = (card: Card): boolean => over === undefined || !canPlayOn(card.rank, over.top, rules);
    const lacking = (card: Card): boolean => lacks === undefined || !maskHas(lacks.ranks, card.rank);
    const lows = over === undefined ? 0 : Math.min(over.unseen, hidden);
    const lackings = lacks === undefined ? 0 : Math.min(lacks.unseen, hidden);
    const start = next;
    const both = over === undefined || lacks === undefined ? 0 : Math.min(lows, lackings);
    pull((card) => low(card) && lacking(card), both);
    if (lows > both) pull(low, lows - both);
    if (lackings > both) pull(lacking, lackings - both);
    fitted[i] = unseen.slice(start, next);
  }
  let turn = -1;
  const seats = view.seats.map((s, i): Seat => {
    if (s.id === view.turn) turn = i;
    let hand = s.hand;
    let known: Card[] | undefined;
    if (hand === null) {
      const faces = s.known ?? [];
      known =
        faces.length === 0
          ? undefined
          : faces.map((f, n) => ({ id: `${KNOWN_PREFIX}${i}.${n}`, rank: f.rank, suit: f.suit }));
      const guessed = fitted[i] ?? [];
      hand = guessed.concat(take(s.handCount - guessed.length - (known?.length ?? 0)), known ?? []);
    }
    return {
      id: s.id,
      name: s.name,
      ai: s.ai,
      hand,
      faceUp: s.faceUp,
      faceDown: take(s.faceDown.length),
      ready: s.ready,
      left: s.left,
      known,
      pickedUpOver: s.pickedUpOver,
      lacks: s.lacks,
    };
  });
  const deck = take(view.deckCount);
  const burned =
    view.burned === undefined
      ? take(view.burnedCount)
      : view.burned.map((f, n): Card => ({ id: `${BURNED_PREFIX}${n}`, rank: f.rank, suit: f.suit }));
  return {
    options: view.options,
    phase: view.phase,
    seats,
    deck,
    pile: view.pile,
    burned,
    turn,
    direction: view.direction,
    moves: view.moves,
    // The game's own generator only shuffles before play starts; a sampled world never needs it.
    rng: [1, 2, 3, 4],
    result: view.result,
  };
}
