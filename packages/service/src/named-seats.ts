import { err, type GameState, ok, type Result, type Seat } from '@palace/core';
import type { IdSource } from './ports.js';
import { nameKey } from './seating.js';
import { type ServiceError, serviceError } from './service-error.js';

/**
 * Seats taken by a typed username (simple websocket, simple REST, public games). A username alone
 * proves nothing, so taking a seat hands out a secret seat token (DECISIONS §8) and the game keeps
 * only its digest here, per public seat id. An action for a username must carry that seat's token.
 */
export type SeatKeys = { readonly [seat: string]: string };

/** The seat (human or AI) whose name is `username`, or undefined. */
export function seatNamed(state: GameState, username: string): Seat | undefined {
  const key = nameKey(username);
  return state.seats.find((seat) => nameKey(seat.name) === key);
}

/**
 * The human seat `username` holds, if `token` is that seat's token; otherwise `seat/not_yours`
 * (403), whether the name is unknown, an AI's, or someone else's. Never says which.
 */
export function proveSeat(
  state: GameState,
  keys: SeatKeys,
  username: string,
  token: string | undefined,
  ids: Pick<IdSource, 'digest'>,
): Result<Seat, ServiceError> {
  const seat = seatNamed(state, username);
  if (seat === undefined || token === undefined || token === '') return err(serviceError('seat/not_yours'));
  const key = keys[seat.id];
  if (key === undefined || key !== ids.digest(token)) return err(serviceError('seat/not_yours'));
  return ok(seat);
}
