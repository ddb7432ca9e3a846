import type { Command } from '../command.js';
import { dueAction } from '../due.js';
import { legalMoves, type Move } from '../moves.js';
import { err, ok, type Result } from '../result.js';
import type { Rng } from '../rng.js';
import { type RuleError, ruleError } from '../rule-error.js';
import type { AiLevel, GameState, Seat } from '../state.js';
import { viewFor } from '../view.js';
import { casualLevelPolicy } from './casual.js';
import { greedyPolicy } from './greedy.js';
import type { AiPolicy } from './policy.js';
import { randomPolicy } from './random.js';
import { STRONG_BUDGET, strongPolicy } from './strong.js';

/**
 * Every AI level by name. `prototype` is the Casual level (`casualPolicy`, between `random` and
 * `greedy`); the offline `/poker` prototype's own habit is `prototypePolicy`, used directly there.
 */
export const AI_POLICIES: Readonly<Record<AiLevel, AiPolicy>> = {
  random: randomPolicy,
  prototype: casualLevelPolicy,
  greedy: greedyPolicy,
  // A fixed iteration budget and no clock: the same view and generator always give the same move.
  strong: strongPolicy(STRONG_BUDGET),
};

/** The levels weakest first (Beginner, Casual, Normal, Strong): each beats the one before it. */
export const AI_LEVELS: readonly AiLevel[] = ['random', 'prototype', 'greedy', 'strong'];

/** The command that carries out `move` for the seat `seat`. */
export function moveToCommand(seat: string, move: Move): Command {
  return move.type === 'pickUp' ? { type: 'pickUp', seat } : { type: 'play', seat, cardIds: move.cardIds };
}

/**
 * The command `policy` gives for the seat at `seatIndex`, or null when nothing is due from it.
 * Used for AI seats and for seats the server plays on a player's behalf.
 */
export function aiCommand(state: GameState, seatIndex: number, policy: AiPolicy, rng: Rng): Command | null {
  const seat = state.seats[seatIndex];
  if (seat === undefined) return null;
  switch (dueAction(state, seatIndex)) {
    case 'chooseFaceUp':
      return { type: 'chooseFaceUp', seat: seat.id, cardIds: policy.chooseFaceUp(viewFor(state, seat.id), rng) };
    case 'ready':
      return { type: 'ready', seat: seat.id, ready: true };
    case 'move':
      return moveToCommand(seat.id, policy.chooseMove(viewFor(state, seat.id), legalMoves(state, seatIndex), rng));
    case null:
      return null;
  }
}

/** The index of the first AI seat something is due from, or -1. */
export function nextAiSeat(state: GameState): number {
  const seats = state.seats;
  for (let i = 0; i < seats.length; i++) {
    if ((seats[i] as Seat).ai !== null && dueAction(state, i) !== null) return i;
  }
  return -1;
}

/**
 * The move of the AI seat whose turn it is, asked for from outside the server's own AI turns (the
 * easy variant's client-triggered move): refused as any move would be when the game is not in play
 * (`game/over`, `game/not_playing`); null when a human is to move.
 */
export function aiTurnMove(state: GameState, rng: Rng): Result<{ seat: Seat; command: Command } | null, RuleError> {
  if (state.phase === 'finished') return err(ruleError('game/over'));
  if (state.phase !== 'playing') return err(ruleError('game/not_playing'));
  const seat = state.seats[state.turn];
  if (seat === undefined || seat.ai === null) return ok(null);
  const command = aiCommand(state, state.turn, AI_POLICIES[seat.ai], rng);
  return ok(command === null ? null : { seat, command });
}
