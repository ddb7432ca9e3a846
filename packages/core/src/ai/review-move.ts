import type { Card } from '../card.js';
import type { Command } from '../command.js';
import { type Move, parseBlindId } from '../moves.js';
import type { Seat } from '../state.js';
import { isFaceDown } from './estimate.js';

/** A move as a review shows it (docs/product.md §D14 review). */
export type ReviewMove =
  | { readonly type: 'pickUp' }
  /** `cards`: the cards played, with ids/rank/suit as in the record; a face-down play lists the card it turned. */
  | { readonly type: 'play'; readonly cards: readonly Card[]; readonly faceDown: boolean };

/** A played command matched to its legal move. */
export interface PlayedMove {
  /** Index into the legal moves of the position. */
  readonly index: number;
  readonly move: ReviewMove;
}

/**
 * The legal move (index into `moves`, the mover's legal moves) that an accepted play or pick-up
 * by `seat` carried out, and the move as the review shows it. `legalMoves` lists one play per
 * rank and count (the first cards of that rank), while a command names its own cards, so a play is
 * matched by source, rank and count and shown with the cards it named. A face-down play names its
 * slot (`blind-{n}`): it matches the face-down move of that slot and shows the card it turned.
 * Throws on a command that matches no legal move (the replay accepted it: a bug).
 */
export function matchPlayed(seat: Seat, moves: readonly Move[], command: Command): PlayedMove {
  if (command.type === 'pickUp') {
    return { index: indexOf(moves, (m) => m.type === 'pickUp'), move: { type: 'pickUp' } };
  }
  if (command.type !== 'play') throw new Error(`broken invariant: ${command.type} is no move`);
  const first = command.cardIds[0] as string;
  const slot = parseBlindId(first);
  if (slot >= 0) {
    const index = indexOf(moves, (m) => m.type === 'play' && m.source === 'faceDown' && m.cardIds[0] === first);
    return { index, move: { type: 'play', cards: [seat.faceDown[slot] as Card], faceDown: true } };
  }
  const inHand = seat.hand.some((c) => c.id === first);
  const zone = inHand ? seat.hand : seat.faceUp;
  const cards = command.cardIds.map((id) => zone.find((c) => c.id === id) as Card);
  const rank = (cards[0] as Card).rank;
  const source = inHand ? 'hand' : 'faceUp';
  const index = indexOf(
    moves,
    (m) => m.type === 'play' && m.source === source && m.rank === rank && m.cardIds.length === cards.length,
  );
  return { index, move: { type: 'play', cards, faceDown: false } };
}

/**
 * A legal move of `seat` as the review shows it: the cards of a play (the seat's own, so it saw
 * them); a face-down play lists no card (which one it would turn is unknown).
 */
export function reviewMoveOf(seat: Seat, move: Move): ReviewMove {
  if (move.type === 'pickUp') return { type: 'pickUp' };
  if (isFaceDown(move)) return { type: 'play', cards: [], faceDown: true };
  const zone = move.source === 'hand' ? seat.hand : seat.faceUp;
  return { type: 'play', cards: move.cardIds.map((id) => zone.find((c) => c.id === id) as Card), faceDown: false };
}

function indexOf(moves: readonly Move[], test: (m: Move) => boolean): number {
  const index = moves.findIndex(test);
  if (index < 0) throw new Error('broken invariant: an accepted command matches no legal move');
  return index;
}
