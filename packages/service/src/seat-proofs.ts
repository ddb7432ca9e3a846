import { err, type GameState, ok, type Result, type Seat } from '@palace/core';
import type { User } from './accounts/account-ports.js';
import type { GameService } from './game-service.js';
import type { IdSource, Json, StoredGame } from './ports.js';
import { freeSeatId, nameKey } from './seating.js';
import { type ServiceError, serviceError } from './service-error.js';

/**
 * The three ways a request proves its seat (docs/architecture.md "Variants"; docs/product.md
 * §D8): a secret credential (REST and easy games: the player id handed out), a seat token for a
 * typed username (simple and public games: a cookie or `join_success.seatToken`), or the signed-in
 * user (the main game). A game keeps only digests of credentials and tokens, per public seat id.
 */
export type SeatKeys = { readonly [seat: string]: string };

/** What a proof reads of a game. */
interface Keyed {
  readonly state: GameState;
  readonly meta: { readonly keys: SeatKeys };
}

/** The human seat `credential` belongs to, or `player/forbidden` (an unknown id, or a public seat id). */
export function credentialSeat(
  game: Keyed,
  credential: string,
  ids: Pick<IdSource, 'digest'>,
): Result<Seat, ServiceError> {
  const key = ids.digest(credential);
  const { keys } = game.meta;
  const id = Object.keys(keys).find((seat) => keys[seat] === key);
  const seat = id === undefined ? undefined : game.state.seats.find((s) => s.id === id);
  return seat === undefined ? err(serviceError('player/forbidden')) : ok(seat);
}

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

/** The main game's seat id of a signed-in user. */
export function userSeatId(user: Pick<User, 'id'>): string {
  return String(user.id);
}

/** The seat the signed-in `user` holds in the game, or `game/not_member`. */
export function userSeat(state: GameState, user: Pick<User, 'id'>): Result<Seat, ServiceError> {
  const id = userSeatId(user);
  const seat = state.seats.find((s) => s.id === id);
  return seat === undefined ? err(serviceError('game/not_member')) : ok(seat);
}

/** A seat taken with a fresh credential. */
export interface CredentialSeated<M extends Json> {
  readonly game: StoredGame<M>;
  readonly seat: string;
  /** The secret the player proves the seat with from now on (only its digest is kept). */
  readonly credential: string;
}

/**
 * Seats `name` in game `id` under the next free seat id with a fresh credential (REST and easy
 * games); the engine refuses a started or full game.
 */
export async function sitWithCredential<M extends { readonly [field: string]: Json; readonly keys: SeatKeys }>(
  games: GameService<M>,
  ids: Pick<IdSource, 'digest' | 'secret'>,
  id: string,
  name: string,
): Promise<Result<CredentialSeated<M>, ServiceError>> {
  const credential = ids.secret();
  const key = ids.digest(credential);
  let seat = '';
  const changed = await games.change(id, (game) => {
    seat = freeSeatId(game.state);
    return ok({
      commands: [{ type: 'sit', seat, name, ai: null }],
      meta: { ...game.meta, keys: { ...game.meta.keys, [seat]: key } },
    });
  });
  return changed.ok ? ok({ game: changed.value.game, seat, credential }) : changed;
}
