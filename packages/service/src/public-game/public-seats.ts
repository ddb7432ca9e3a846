import { err, ok, type Result, type Seat } from '@palace/core';
import { PUBLIC_NAME_MAX, PUBLIC_NAME_MIN, PUBLIC_SPECTATORS_MAX } from '@palace/protocol';
import type { Change } from '../game-change.js';
import type { IdSource, StoredGame } from '../ports.js';
import type { RematchAsker } from '../rematch.js';
import { proveSeat, seatNamed } from '../seat-proofs.js';
import { freeSeatId, type NameRule, nameKey } from '../seating.js';
import { type ServiceError, serviceError } from '../service-error.js';
import { STATUS_LINES, systemLine, withChat } from '../status-lines.js';
import type { PublicEntered, PublicMeta, PublicSpectator } from './public-meta.js';

/** A username of 3–15 characters after trimming (docs/product.md §P2.5). */
export const PUBLIC_NAME_RULE: NameRule = {
  min: PUBLIC_NAME_MIN,
  max: PUBLIC_NAME_MAX,
  required: 'username/required',
  outOfRange: 'username/length',
};

/** The proved identity behind a request: a seat, or a spectator's place. */
export type Who =
  | { readonly seat: Seat; readonly spectator: null }
  | { readonly seat: null; readonly spectator: PublicSpectator };

/**
 * The seat or spectator place `name` holds in `game`, if `token` proves it (its digest is the one
 * kept); `seat/not_yours` otherwise, whoever the name belongs to.
 */
export function identify(
  game: StoredGame<PublicMeta>,
  name: string,
  token: string | undefined,
  ids: Pick<IdSource, 'digest'>,
): Result<Who, ServiceError> {
  const proved = proveSeat(game.state, game.meta.keys, name, token, ids);
  if (proved.ok) return ok({ seat: proved.value, spectator: null });
  const watcher = spectatorNamed(game.meta, name);
  if (watcher !== undefined && holds(watcher, token, ids)) return ok({ seat: null, spectator: watcher });
  return proved;
}

/**
 * Who asks for a public game's rematch (docs/product.md §D11 rematch): the seat or spectator `name`
 * proves with `token`, by the name the game keeps; only a seat may offer one.
 */
export function rematchAsker(
  game: StoredGame<PublicMeta>,
  name: string,
  token: string | undefined,
  ids: Pick<IdSource, 'digest'>,
): Result<RematchAsker<string>, ServiceError> {
  const who = identify(game, name, token, ids);
  if (!who.ok) return who;
  const held = who.value.seat?.name ?? who.value.spectator?.name ?? name;
  return ok({ who: held, mayOffer: who.value.seat !== null, name: held });
}

/** The spectator going by `name` (compared as usernames are), if any. */
export function spectatorNamed(meta: PublicMeta, name: string): PublicSpectator | undefined {
  const key = nameKey(name);
  return meta.spectators.find((s) => nameKey(s.name) === key);
}

/** Whether `token` is the spectator's. */
export function holds(spectator: PublicSpectator, token: string | undefined, ids: Pick<IdSource, 'digest'>): boolean {
  return token !== undefined && token !== '' && ids.digest(token) === spectator.key;
}

/** What a join does in a game as it now is, and the place it gives (see `PublicGames.join`). */
export interface PlannedEntry {
  readonly change: Change<PublicMeta>;
  readonly entered: Omit<PublicEntered, 'gameId'>;
}

/**
 * A join by `name` with the seat token `token` (if the browser has one): a name already in the
 * game is taken back with its token (a player who left a game in play returns to the seat) and
 * refused without it (`username/taken`); a new name gets a seat while the game waits and has
 * room, otherwise a spectator's place (`spectators/full` when those are taken too).
 */
export function planEntry(
  game: StoredGame<PublicMeta>,
  name: string,
  token: string | undefined,
  ids: Pick<IdSource, 'digest' | 'secret'>,
  at: number,
): Result<PlannedEntry, ServiceError> {
  const { state, meta } = game;
  const seat = seatNamed(state, name);
  if (seat !== undefined) {
    const proved = proveSeat(state, meta.keys, name, token, ids);
    if (!proved.ok || token === undefined) return err(serviceError('username/taken'));
    const returns = seat.left && state.phase !== 'finished';
    return ok({
      change: { commands: returns ? [{ type: 'sit', seat: seat.id, name: seat.name, ai: null }] : [] },
      entered: { username: seat.name, token, asSpectator: false, isNew: false },
    });
  }
  const watcher = spectatorNamed(meta, name);
  if (watcher !== undefined) {
    if (token === undefined || !holds(watcher, token, ids)) return err(serviceError('username/taken'));
    return ok({
      change: { commands: [] },
      entered: { username: watcher.name, token, asSpectator: true, isNew: false },
    });
  }
  const fresh = ids.secret();
  const key = ids.digest(fresh);
  if (state.phase === 'waiting' && state.seats.length < state.options.maxSeats) {
    const seatId = freeSeatId(state);
    return ok({
      change: {
        commands: [{ type: 'sit', seat: seatId, name, ai: null }],
        meta: { ...meta, keys: { ...meta.keys, [seatId]: key } },
      },
      entered: { username: name, token: fresh, asSpectator: false, isNew: true },
    });
  }
  if (meta.spectators.length >= PUBLIC_SPECTATORS_MAX) return err(serviceError('spectators/full'));
  const spectators = [...meta.spectators, { name, key }];
  return ok({
    change: { commands: [], meta: withChat({ ...meta, spectators }, [systemLine(STATUS_LINES.watching(name), at)]) },
    entered: { username: name, token: fresh, asSpectator: true, isNew: true },
  });
}
