import type { Card, Rank } from './card.js';
import { dueAction } from './due.js';
import { blindId, effectiveTop, legalMoves } from './moves.js';
import {
  type AiLevel,
  findSeat,
  type GameResult,
  type GameState,
  type Lacks,
  type Phase,
  type PickedUpOver,
  type Seat,
  type TableOptions,
} from './state.js';

/** A face-down card as anyone sees it: only its slot. */
export interface BlindCard {
  readonly id: string;
}

export interface SeatView {
  readonly id: string;
  readonly name: string;
  readonly ai: AiLevel | null;
  readonly ready: boolean;
  readonly left: boolean;
  readonly isTurn: boolean;
  readonly handCount: number;
  /** The cards themselves only in the viewer's own seat; null for everyone else. */
  readonly hand: readonly Card[] | null;
  readonly faceUp: readonly Card[];
  /** `blind-{n}` ids only: nobody sees a face-down card until it is turned. */
  readonly faceDown: readonly BlindCard[];
  /**
   * Another seat's hand cards that everyone saw go in (see `Seat.known`), as faces without ids, so
   * no hidden card's id is shown; absent when none and for the viewer's own seat.
   */
  readonly known?: readonly CardFace[];
  /** Another seat's last pick-up by choice (see `Seat.pickedUpOver`); absent when none and for the viewer's own seat. */
  readonly pickedUpOver?: PickedUpOver;
  /** What another seat's face-up choice and plays from hand showed it lacks (see `Seat.lacks`); absent when none and for the viewer's own seat. */
  readonly lacks?: Lacks;
}

/** A card's face without its id. */
export type CardFace = Pick<Card, 'rank' | 'suit'>;

/** What the viewer may do now: the UI highlights these and never decides a rule itself. */
export interface Hints {
  /** Card ids (hand, face-up or `blind-{n}`) that are part of at least one legal play. */
  readonly playable: readonly string[];
  readonly canPickUp: boolean;
  /** Whether choosing 3 face-up cards is due from the viewer. */
  readonly mustChooseFaceUp: boolean;
}

/**
 * One viewer's picture of the game. It never holds another player's hand, any face-down card, the
 * deck's cards or the RNG state, so it is the only game shape an adapter may send.
 */
export interface GameView {
  readonly options: TableOptions;
  readonly phase: Phase;
  /** The viewer's seat id, or null for a spectator. */
  readonly viewer: string | null;
  readonly seats: readonly SeatView[];
  /** Bottom to top. */
  readonly pile: readonly Card[];
  /** The rank the next play must beat (transparent 3s looked through); null on an empty pile. */
  readonly effectiveTop: Rank | null;
  readonly deckCount: number;
  readonly burnedCount: number;
  /**
   * The burned cards' faces, in the order they were burned (every one was seen on the pile; issue
   * 39: the strong AI's public memory). Optional so views built from the wire (which maps its
   * fields one by one and carries only the count) still type.
   */
  readonly burned?: readonly CardFace[];
  /** Seat id of the player to act, or null outside play. */
  readonly turn: string | null;
  readonly direction: 1 | -1;
  readonly moves: number;
  readonly result: GameResult | null;
  readonly hints: Hints;
}

const NO_HINTS: Hints = { playable: [], canPickUp: false, mustChooseFaceUp: false };

/** The view of the seat with id `viewer`, or a spectator's view when `viewer` is null or unknown. */
export function viewFor(state: GameState, viewer: string | null): GameView {
  const viewerIndex = viewer === null ? -1 : findSeat(state, viewer);
  const turnSeat = state.seats[state.turn];
  return {
    options: state.options,
    phase: state.phase,
    viewer: viewerIndex >= 0 ? viewer : null,
    seats: state.seats.map((seat, i) => seatView(state, seat, i, i === viewerIndex)),
    pile: state.pile,
    effectiveTop: effectiveTop(state.pile, state.options.rules),
    deckCount: state.deck.length,
    burnedCount: state.burned.length,
    burned: state.burned.map((c): CardFace => ({ rank: c.rank, suit: c.suit })),
    turn: state.phase === 'playing' && turnSeat !== undefined ? turnSeat.id : null,
    direction: state.direction,
    moves: state.moves,
    result: state.result,
    hints: viewerIndex >= 0 ? hintsFor(state, viewerIndex) : NO_HINTS,
  };
}

function seatView(state: GameState, seat: Seat, index: number, own: boolean): SeatView {
  const view: SeatView = {
    id: seat.id,
    name: seat.name,
    ai: seat.ai,
    ready: seat.ready,
    left: seat.left,
    isTurn: state.phase === 'playing' && state.turn === index,
    handCount: seat.hand.length,
    hand: own ? seat.hand : null,
    faceUp: seat.faceUp,
    faceDown: seat.faceDown.map((_, n) => ({ id: blindId(n) })),
  };
  if (own || (seat.known === undefined && seat.pickedUpOver === undefined && seat.lacks === undefined)) return view;
  return {
    ...view,
    ...(seat.known !== undefined && { known: seat.known.map((c): CardFace => ({ rank: c.rank, suit: c.suit })) }),
    ...(seat.pickedUpOver !== undefined && { pickedUpOver: seat.pickedUpOver }),
    ...(seat.lacks !== undefined && { lacks: seat.lacks }),
  };
}

function hintsFor(state: GameState, index: number): Hints {
  const mustChooseFaceUp = dueAction(state, index) === 'chooseFaceUp';
  const moves = legalMoves(state, index);
  const playable = new Set<string>();
  let canPickUp = false;
  for (const move of moves) {
    if (move.type === 'pickUp') canPickUp = true;
    else for (const id of move.cardIds) playable.add(id);
  }
  return { playable: [...playable], canPickUp, mustChooseFaceUp };
}
