import type { Command } from './command.js';
import { isChoosingFaceUp } from './due.js';
import { err, ok, type Result } from './result.js';
import { type RuleError, ruleError } from './rule-error.js';
import { FACE_UP_COUNT, findSeat, type GameState, type Seat } from './state.js';

/** A face-up choice made one card at a time: the cards picked so far, and the choice once complete. */
export interface FaceUpPick {
  /** The cards picked so far (empty once the choice is complete). */
  readonly picked: readonly string[];
  /** The `chooseFaceUp` command once `FACE_UP_COUNT` cards are picked, else null. */
  readonly command: Extract<Command, { type: 'chooseFaceUp' }> | null;
}

/**
 * One pick of a face-up choice made card by card (the simple websocket game): a card picked again
 * is put back, and the pick that completes the choice gives the `chooseFaceUp` command, which the
 * engine then decides like any other. Refused by the same rules as the whole choice: not while
 * nobody chooses (`face_up/not_now`), not after choosing (`face_up/already_chosen`), only cards
 * in the hand (`face_up/not_in_hand`).
 */
export function pickFaceUp(
  state: GameState,
  seatId: string,
  picked: readonly string[],
  cardId: string,
): Result<FaceUpPick, RuleError> {
  const index = findSeat(state, seatId);
  if (index < 0) return err(ruleError('seat/unknown'));
  const seat = state.seats[index] as Seat;
  if (seat.ready) return err(ruleError('face_up/already_chosen'));
  if (!isChoosingFaceUp(state)) return err(ruleError('face_up/not_now'));
  if (!seat.hand.some((card) => card.id === cardId)) return err(ruleError('face_up/not_in_hand'));
  const next = picked.includes(cardId) ? picked.filter((id) => id !== cardId) : [...picked, cardId];
  if (next.length < FACE_UP_COUNT) return ok({ picked: next, command: null });
  return ok({ picked: [], command: { type: 'chooseFaceUp', seat: seatId, cardIds: next } });
}
