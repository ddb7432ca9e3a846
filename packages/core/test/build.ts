import { expect } from 'vitest';
import {
  type Applied,
  applyCommand,
  type Card,
  type Command,
  createGame,
  DEFAULT_RULES,
  type EventType,
  type GameEvent,
  type GameState,
  type Phase,
  type Rank,
  type RuleError,
  type RuleErrorCode,
  type Rules,
  type Seat,
  type Suit,
  stateHash,
  tableOptions,
} from '../src/index.js';

const RANK_OF: Readonly<Record<string, Rank>> = {
  '2': 2,
  '3': 3,
  '4': 4,
  '5': 5,
  '6': 6,
  '7': 7,
  '8': 8,
  '9': 9,
  '10': 10,
  J: 11,
  Q: 12,
  K: 13,
  A: 14,
};
const SUIT_OF: Readonly<Record<string, Suit>> = { h: 'hearts', d: 'diamonds', c: 'clubs', s: 'spades' };

/** A card from a short label such as '7h', '10s', 'Qd' or 'Ac'. Its id is the label unless given. */
export function card(label: string, id: string = label): Card {
  const match = /^(10|[2-9JQKA])([hdcs])$/.exec(label);
  const rank = RANK_OF[match?.[1] ?? ''];
  const suit = SUIT_OF[match?.[2] ?? ''];
  if (rank === undefined || suit === undefined) throw new Error(`bad card label ${label}`);
  return { id, rank, suit };
}

export interface SeatSpec {
  readonly hand?: readonly string[];
  readonly faceUp?: readonly string[];
  /** Defaults to three filler kings (ids `s{i}-fd{n}`) so nobody runs out by accident. */
  readonly faceDown?: readonly string[];
  readonly ready?: boolean;
  readonly left?: boolean;
}

export interface TableSpec {
  readonly seats: readonly SeatSpec[];
  readonly rules?: Partial<Rules>;
  /** Bottom first: the last label is the top of the pile. */
  readonly pile?: readonly string[];
  /** Labels (the last is drawn first) or a number of filler queens (ids `deck{n}`). */
  readonly deck?: number | readonly string[];
  readonly turn?: number;
  readonly direction?: 1 | -1;
  readonly moves?: number;
  readonly phase?: Phase;
  readonly maxSeats?: number;
}

export const seatId = (i: number): string => `s${i}`;

/**
 * A hand-built game (docs/product.md §D3 positions): seats `s0..sN-1` named `P0..PN-1`, in the playing
 * phase with seat 0 to move unless told otherwise. Card ids are their labels; a label used twice
 * (two decks) gets `#2`, `#3` … on later uses, in the order hand, face-up, face-down, pile, deck.
 */
export function table(spec: TableSpec): GameState {
  const rules: Rules = { ...DEFAULT_RULES, ...spec.rules };
  const maxSeats = spec.maxSeats ?? Math.max(2, spec.seats.length);
  const base = createGame(tableOptions({ rules, flow: 'manual', maxSeats }), 'seed');
  const used = new Map<string, number>();
  const make = (labels: readonly string[]): Card[] =>
    labels.map((label) => {
      const n = (used.get(label) ?? 0) + 1;
      used.set(label, n);
      return card(label, n === 1 ? label : `${label}#${n}`);
    });
  const seats = spec.seats.map(
    (s, i): Seat => ({
      id: seatId(i),
      name: `P${i}`,
      ai: null,
      hand: make(s.hand ?? []),
      faceUp: make(s.faceUp ?? []),
      faceDown: s.faceDown ? make(s.faceDown) : [0, 1, 2].map((n) => card('Kc', `${seatId(i)}-fd${n}`)),
      ready: s.ready ?? true,
      left: s.left ?? false,
    }),
  );
  const pile = make(spec.pile ?? []);
  const deckSpec = spec.deck ?? 0;
  const deck =
    typeof deckSpec === 'number' ? Array.from({ length: deckSpec }, (_, n) => card('Qd', `deck${n}`)) : make(deckSpec);
  const phase = spec.phase ?? 'playing';
  return {
    ...base,
    phase,
    seats,
    pile,
    deck,
    turn: spec.turn ?? (phase === 'playing' ? 0 : -1),
    direction: spec.direction ?? 1,
    moves: spec.moves ?? 0,
  };
}

export const play = (seat: number, ...cardIds: string[]): Command => ({ type: 'play', seat: seatId(seat), cardIds });
export const pickUp = (seat: number): Command => ({ type: 'pickUp', seat: seatId(seat) });
export const sit = (seat: number): Command => ({ type: 'sit', seat: seatId(seat), name: `P${seat}`, ai: null });
export const chooseFaceUp = (seat: number, ...cardIds: string[]): Command => ({
  type: 'chooseFaceUp',
  seat: seatId(seat),
  cardIds,
});

/** Applies a command that must be accepted. */
export function run(state: GameState, command: Command): Applied {
  const applied = applyCommand(state, command);
  if (!applied.ok) throw new Error(`refused ${JSON.stringify(command)}: ${applied.error.code}`);
  return applied.value;
}

/** Applies commands in order, each of which must be accepted; returns the last state. */
export function runAll(state: GameState, commands: readonly Command[]): GameState {
  return commands.reduce((s, c) => run(s, c).state, state);
}

/** Applies a command that must be refused with `code`, and checks the state was left untouched. */
export function refuse(state: GameState, command: Command, code: RuleErrorCode): RuleError {
  const before = stateHash(state);
  const applied = applyCommand(state, command);
  expect(stateHash(state)).toBe(before);
  if (applied.ok) throw new Error(`accepted ${JSON.stringify(command)}, expected ${code}`);
  expect(applied.error.code).toBe(code);
  return applied.error;
}

/** The events of one type, narrowed. */
export function eventsOf<T extends EventType>(
  events: readonly GameEvent[],
  type: T,
): Array<Extract<GameEvent, { type: T }>> {
  return events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);
}

export const typesOf = (events: readonly GameEvent[]): EventType[] => events.map((e) => e.type);

/** The seat at `index`; throws when there is none. */
export function seatOf(state: GameState, index: number): Seat {
  const seat = state.seats[index];
  if (seat === undefined) throw new Error(`no seat ${index}`);
  return seat;
}

export const idsOf = (cards: readonly Card[]): string[] => cards.map((c) => c.id);
