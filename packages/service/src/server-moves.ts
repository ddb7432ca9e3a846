import { AI_POLICIES, aiCommand, type GameState } from '@palace/core';
import type { ServerChange } from './game-change.js';
import type { Json, SeatClock, StoredGame } from './ports.js';
import {
  clockedSeats,
  everyoneLeaves,
  greedyFor,
  nextServerSeat,
  seatClockOf,
  struck,
  WAITING_EXPIRY_MS,
} from './seat-clock.js';
import { aiRng } from './seating.js';

/**
 * What the server does in a game when one of its jobs runs (docs/architecture.md "Service"): pure
 * plans of a change, null when nothing is due at `now` (the job fired early, twice, or after a
 * player acted). `GameJobs` runs them under the game's lease.
 */

/** The move of the seat the server plays now (an AI seat, or an away one with the greedy AI). */
export function aiTurn<M extends Json>(game: StoredGame<M>, now: number): ServerChange<M> | null {
  if (game.aiDueAt === null || now < game.aiDueAt) return null;
  const index = nextServerSeat(game.state, seatClockOf(game));
  const seat = game.state.seats[index];
  if (seat === undefined) return null;
  // Deterministic given the (secret) seed and the version; the policy only sees its seat's view.
  const command = aiCommand(game.state, index, AI_POLICIES[seat.ai ?? 'greedy'], aiRng(game));
  return command === null ? null : { commands: [command] };
}

/** The turn clock ran out: every seat it runs for is played once with the greedy AI and struck. */
export function turnRunOut<M extends Json>(game: StoredGame<M>, now: number): ServerChange<M> | null {
  const clock = seatClockOf(game);
  if (clock.turnDueAt === null || now < clock.turnDueAt) return null;
  const timedOut = clockedSeats(game.state, clock);
  return {
    commands: greedyFor(game, timedOut),
    seatClock: (before: SeatClock, after: GameState) => struck(before, after, timedOut),
  };
}

/** A game still waiting with no change for `WAITING_EXPIRY_MS`: everyone leaves, and it is kept as `kind`. */
export function expired<M extends Json>(game: StoredGame<M>, now: number, kind: string): ServerChange<M> | null {
  if (game.state.phase !== 'waiting' || now - game.updatedAt < WAITING_EXPIRY_MS) return null;
  const commands = everyoneLeaves(game.state);
  return commands === null ? null : { commands, kind };
}
