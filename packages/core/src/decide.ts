import { type Card, decksFor } from './card.js';
import type { Command } from './command.js';
import { isChoosingFaceUp } from './due.js';
import type { GameEvent } from './event.js';
import { evolveAll } from './evolve.js';
import { canPlayOn, effectiveTop, type PlannedPlay, planPlay, topFourMatchAfter } from './moves.js';
import { err, ok, type Result } from './result.js';
import { type RuleError, ruleError } from './rule-error.js';
import { firstPlayer, standingsOf } from './standings.js';
import { FACE_UP_COUNT, findSeat, type GameState, HAND_TARGET, MIN_SEATS, MOVE_CAP, type Seat } from './state.js';

export type Decision = Result<GameEvent[], RuleError>;

/**
 * Decides what a command does: the events it causes, or the rule it breaks. Pure; the state is
 * not modified. An accepted command may cause no events (leaving twice, saying ready twice).
 */
export function decide(state: GameState, command: Command): Decision {
  if (state.phase === 'finished') return err(ruleError('game/over'));
  switch (command.type) {
    case 'sit':
      return sit(state, command.seat, command.name, command.ai);
    case 'leave':
      return leave(state, command.seat);
    case 'ready':
      return ready(state, command.seat, command.ready);
    case 'start':
      return start(state, command.seat);
    case 'chooseFaceUp':
      return chooseFaceUp(state, command.seat, command.cardIds);
    case 'play':
      return play(state, command.seat, command.cardIds);
    case 'pickUp':
      return pickUp(state, command.seat);
  }
}

function sit(state: GameState, id: string, name: string, ai: Seat['ai']): Decision {
  const existing = findSeat(state, id);
  if (existing >= 0) {
    const seat = state.seats[existing] as Seat;
    return seat.left ? ok([{ type: 'returned', seat: id }]) : err(ruleError('seat/taken'));
  }
  if (state.phase !== 'waiting') return err(ruleError('game/started'));
  if (state.seats.length >= state.options.maxSeats) return err(ruleError('seat/full'));
  const events: GameEvent[] = [{ type: 'seated', seat: id, name, ai }];
  if (state.options.flow === 'auto') events.push({ type: 'dealt', seat: id });
  return ok(withAutoStart(state, events));
}

function leave(state: GameState, id: string): Decision {
  const index = findSeat(state, id);
  if (index < 0) return err(ruleError('seat/unknown'));
  if (state.phase === 'waiting') return ok(withAutoStart(state, [{ type: 'left', seat: id, freed: true }]));
  return ok((state.seats[index] as Seat).left ? [] : [{ type: 'left', seat: id, freed: false }]);
}

function ready(state: GameState, id: string, isReady: boolean): Decision {
  const index = findSeat(state, id);
  if (index < 0) return err(ruleError('seat/unknown'));
  if (state.phase !== 'waiting') return err(ruleError('game/not_waiting'));
  if (state.options.flow === 'auto' && state.options.rules.chooseFaceUp) return err(ruleError('ready/choose_face_up'));
  if ((state.seats[index] as Seat).ready === isReady) return ok([]);
  return ok(withAutoStart(state, [{ type: 'readied', seat: id, ready: isReady }]));
}

function start(state: GameState, by: string | null): Decision {
  if (state.options.flow === 'auto') return err(ruleError('start/automatic'));
  if (state.phase !== 'waiting') return err(ruleError('game/not_waiting'));
  if (by !== null) {
    const index = findSeat(state, by);
    if (index < 0) return err(ruleError('seat/unknown'));
    if (state.options.startNeedsReady && !(state.seats[index] as Seat).ready) return err(ruleError('start/not_ready'));
  }
  if (state.seats.length < MIN_SEATS) return err(ruleError('start/too_few'));
  const events: GameEvent[] = [{ type: 'shuffled', decks: decksFor(state.seats.length) }];
  for (const seat of state.seats) events.push({ type: 'dealt', seat: seat.id });
  if (state.options.rules.chooseFaceUp) {
    events.push({ type: 'setupStarted' });
  } else {
    const dealt = evolveAll(state, events);
    events.push({ type: 'started', first: (dealt.seats[firstPlayer(dealt)] as Seat).id });
  }
  return ok(events);
}

function chooseFaceUp(state: GameState, id: string, cardIds: readonly string[]): Decision {
  const index = findSeat(state, id);
  if (index < 0) return err(ruleError('seat/unknown'));
  if (!isChoosingFaceUp(state)) return err(ruleError('face_up/not_now'));
  const seat = state.seats[index] as Seat;
  if (seat.ready) return err(ruleError('face_up/already_chosen'));
  if (cardIds.length !== FACE_UP_COUNT || new Set(cardIds).size !== FACE_UP_COUNT)
    return err(ruleError('face_up/count'));
  const cards: Card[] = [];
  for (const cardId of cardIds) {
    const card = seat.hand.find((c) => c.id === cardId);
    if (card === undefined) return err(ruleError('face_up/not_in_hand'));
    cards.push(card);
  }
  return ok(withAutoStart(state, [{ type: 'faceUpChosen', seat: id, cards }]));
}

/**
 * Appends `started` when the events leave every seat ready: in the `auto` flow once at least two
 * are seated, in the setup phase once the last player has chosen.
 */
function withAutoStart(state: GameState, events: GameEvent[]): GameEvent[] {
  const autoWaiting = state.options.flow === 'auto' && state.phase === 'waiting';
  if (!autoWaiting && state.phase !== 'setup') return events;
  const next = evolveAll(state, events);
  if (next.seats.length < MIN_SEATS || !next.seats.every((s) => s.ready)) return events;
  return [...events, { type: 'started', first: (next.seats[firstPlayer(next)] as Seat).id }];
}

function turnCheck(state: GameState, id: string): Result<number, RuleError> {
  if (state.phase !== 'playing') return err(ruleError('game/not_playing'));
  const index = findSeat(state, id);
  if (index < 0) return err(ruleError('seat/unknown'));
  if (state.turn !== index) return err(ruleError('turn/not_your_turn'));
  return ok(index);
}

function play(state: GameState, id: string, cardIds: readonly string[]): Decision {
  const turn = turnCheck(state, id);
  if (!turn.ok) return turn;
  const planned = planPlay(state, turn.value, cardIds);
  if (!planned.ok) return planned;
  return ok(playEvents(state, turn.value, planned.value));
}

function pickUp(state: GameState, id: string): Decision {
  const turn = turnCheck(state, id);
  if (!turn.ok) return turn;
  if (state.pile.length === 0) return err(ruleError('pick_up/empty'));
  const events: GameEvent[] = [{ type: 'pickedUp', seat: id, count: state.pile.length, reason: 'choice' }];
  events.push({ type: 'turn', seat: seatAt(state, turn.value, state.direction), again: false });
  return ok(withMoveCap(state, events));
}

function seatAt(state: GameState, from: number, steps: number): string {
  const n = state.seats.length;
  return (state.seats[(((from + steps) % n) + n) % n] as Seat).id;
}

/** Events of a validated play, including the consequences: burns, draws, skips, the end. */
function playEvents(state: GameState, index: number, planned: PlannedPlay): GameEvent[] {
  const seat = state.seats[index] as Seat;
  const rules = state.options.rules;
  const { source, cards } = planned;
  const card = cards[0] as Card;
  const events: GameEvent[] = [];

  if (planned.blindIndex !== null) {
    const playable = canPlayOn(card.rank, effectiveTop(state.pile, rules), rules);
    events.push({ type: 'blindFlipped', seat: seat.id, index: planned.blindIndex, card, playable });
    if (!playable) {
      events.push({ type: 'pickedUp', seat: seat.id, count: state.pile.length, reason: 'blind' });
      events.push({ type: 'turn', seat: seatAt(state, index, state.direction), again: false });
      return withMoveCap(state, events);
    }
  }

  events.push({ type: 'played', seat: seat.id, source, cards });
  const pileAfter = state.pile.length + cards.length;
  const burn =
    card.rank === 10 && rules.clearWithTens
      ? 'ten'
      : rules.burnFourOfAKind && topFourMatchAfter(state.pile, cards)
        ? 'fourOfAKind'
        : null;
  if (burn !== null) events.push({ type: 'burned', reason: burn, count: pileAfter });

  const handLeft = source === 'hand' ? seat.hand.length - cards.length : seat.hand.length;
  const draw = source === 'hand' ? Math.min(state.deck.length, Math.max(0, HAND_TARGET - handLeft)) : 0;
  if (draw > 0) events.push({ type: 'drew', seat: seat.id, count: draw });

  const left =
    handLeft +
    draw +
    seat.faceUp.length -
    (source === 'faceUp' ? cards.length : 0) +
    seat.faceDown.length -
    (source === 'faceDown' ? 1 : 0);
  if (left === 0) {
    events.push({ type: 'gameOver', ...standingsOf(evolveAll(state, events), 'out', index) });
    return events;
  }
  if (burn !== null) {
    events.push({ type: 'turn', seat: seat.id, again: true });
    return withMoveCap(state, events);
  }

  let direction = state.direction;
  if (rules.nineReverses && card.rank === 9 && cards.length % 2 === 1) {
    direction = direction === 1 ? -1 : 1;
    events.push({ type: 'reversed', direction });
  }
  const skips = rules.eightSkips && card.rank === 8 ? cards.length : 0;
  if (skips > 0) {
    const skipped: string[] = [];
    for (let k = 1; k <= skips; k++) skipped.push(seatAt(state, index, direction * k));
    events.push({ type: 'skipped', seats: skipped });
  }
  const next = seatAt(state, index, direction * (skips + 1));
  events.push({ type: 'turn', seat: next, again: next === seat.id });
  return withMoveCap(state, events);
}

/** Ends the game by the safety cap when this move is the 1,000th (docs/product.md §D3). */
function withMoveCap(state: GameState, events: GameEvent[]): GameEvent[] {
  if (state.moves + 1 < MOVE_CAP) return events;
  return [...events, { type: 'gameOver', ...standingsOf(evolveAll(state, events), 'moveCap', null) }];
}
