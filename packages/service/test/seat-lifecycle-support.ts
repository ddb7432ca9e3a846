import { AI_POLICIES, aiCommand, type Command, createRng, legalMoves, moveToCommand } from '@palace/core';
import type { ManualClock, ManualScheduler, StoredGame } from '../src/index.js';
import { settle } from './support.js';

/** Helpers of the seat lifecycle tests (turn clocks, away seats, abandoned and expired games). */

/** The scheduler key of a game's turn clock (its id alone keys the AI timer). */
export const turnKey = (id: string): string => `${id}#turn`;

interface Driven {
  readonly clock: ManualClock;
  readonly scheduler: ManualScheduler;
}

/**
 * Moves the clock to game `id`'s next timer (AI or turn clock, whichever is first) and runs it.
 * Answers which ran, or null when none is armed.
 */
export async function nextTimer(s: Driven, id: string): Promise<'ai' | 'turn' | null> {
  const ai = s.scheduler.dueAt(id);
  const turn = s.scheduler.dueAt(turnKey(id));
  const which =
    ai === undefined ? (turn === undefined ? null : 'turn') : turn === undefined || ai <= turn ? 'ai' : 'turn';
  if (which === null) return null;
  const at = (which === 'ai' ? ai : turn) ?? 0;
  s.clock.advance(Math.max(0, at - s.clock.now()));
  s.scheduler.runDue();
  await settle();
  await settle();
  return which;
}

/** What the turn clock plays for the seat at `index` of `game`: the greedy AI's command (same seed, version and seat). */
export function greedyFor(game: StoredGame, index: number): Command | null {
  const seat = game.state.seats[index];
  if (seat === undefined) return null;
  const rng = createRng(`${game.record.seed}/turn/${game.version}/${seat.id}`);
  return aiCommand(game.state, index, AI_POLICIES.greedy, rng);
}

/** The first legal move of the seat to move in `game`, as a command (the tests' stand-in for a player). */
export function firstMove(game: StoredGame): Command {
  const index = game.state.turn;
  const seat = game.state.seats[index];
  const [move] = legalMoves(game.state, index);
  if (seat === undefined || move === undefined) throw new Error(`no move in game ${game.id}`);
  return moveToCommand(seat.id, move);
}

/** The last command of the game's record (the stored game's `record.entries` hold them all). */
export function lastCommand(game: StoredGame): Command | undefined {
  return game.record.entries.at(-1)?.command;
}
