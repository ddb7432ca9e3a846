import { AI_POLICIES, aiCommand, type Command, type GameState } from '@palace/core';
import type { ServerChange } from './game-change.js';
import type { Json, SeatClock, StoredGame } from './ports.js';
import {
  awayNow,
  goneOut,
  markGone,
  PRESENCE_TIMES,
  type PresenceTimes,
  seatPresence,
  withoutGone,
} from './presence-clock.js';
import {
  clockedSeats,
  everyoneLeaves,
  forgive,
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

/**
 * The turn clock ran out (docs/product.md §D6, §D13). In a waiting game, seats gone for
 * `WAITING_GONE_MS` leave (the creator's: everyone leaves, the game closes; fees refunded by the
 * variant's effects). In setup and play, a due seat whose player dropped more than the grace ago
 * becomes away and is played at once; when the due seats' own deadline has passed, each is played
 * once with the greedy AI and struck.
 */
export function turnRunOut<M extends Json>(
  game: StoredGame<M>,
  now: number,
  times: PresenceTimes = PRESENCE_TIMES,
): ServerChange<M> | null {
  const clock = seatClockOf(game);
  if (clock.turnDueAt === null || now < clock.turnDueAt) return null;
  const { state } = game;
  const due = clockedSeats(state, clock);
  const lapsed = goneOut(state, clock, due, now, times);
  if (state.phase === 'waiting' && lapsed.length > 0) {
    const creator = state.seats[0]?.id;
    const commands =
      creator !== undefined && lapsed.includes(creator)
        ? everyoneLeaves(state)
        : lapsed.map((seat): Command => ({ type: 'leave', seat }));
    if (commands !== null) return { commands, seatClock: (before: SeatClock) => withoutGone(before, lapsed) };
  }
  const timedOut = (clock.moveDueAt ?? clock.turnDueAt) <= now ? due.filter((id) => !lapsed.includes(id)) : [];
  const played = [...lapsed.filter((id) => due.includes(id)), ...timedOut];
  return {
    commands: greedyFor(game, played),
    seatClock: (before: SeatClock, after: GameState) => struck(awayNow(before, lapsed), after, timedOut),
  };
}

/** A game still waiting with no change for `WAITING_EXPIRY_MS`: everyone leaves, and it is kept as `kind`. */
export function expired<M extends Json>(game: StoredGame<M>, now: number, kind: string): ServerChange<M> | null {
  if (game.state.phase !== 'waiting' || now - game.updatedAt < WAITING_EXPIRY_MS) return null;
  const commands = everyoneLeaves(game.state);
  return commands === null ? null : { commands, kind };
}

/** The player of `seat` came back (or was seen): the seat is theirs again, if it was away or dropped. */
export function comeBack<M extends Json>(game: StoredGame<M>, seat: string): ServerChange<M> | null {
  if (seatPresence(seatClockOf(game), seat) === 'connected') return null;
  return { commands: [], seatClock: (clock: SeatClock) => forgive(clock, [seat]) };
}

/** The player of human `seat` dropped at `now` (an unfinished game, the seat connected until now). */
export function dropped<M extends Json>(game: StoredGame<M>, seat: string, now: number): ServerChange<M> | null {
  const human = game.state.seats.some((s) => s.id === seat && s.ai === null);
  const open = game.state.phase !== 'finished' && seatPresence(seatClockOf(game), seat) === 'connected';
  return human && open ? { commands: [], seatClock: (clock: SeatClock) => markGone(clock, seat, now) } : null;
}
