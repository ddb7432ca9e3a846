import { ok, type Result, type Seat } from '@palace/core';
import { PUBLIC_NAME_MAX, PUBLIC_NAME_MIN } from '@palace/protocol';
import { proveSeat } from '../named-seats.js';
import type { IdSource, StoredGame } from '../ports.js';
import { type NameRule, nameKey } from '../seating.js';
import type { ServiceError } from '../service-error.js';
import type { PublicMeta, PublicSpectator } from './public-meta.js';

/** A username of 3–15 characters after trimming (spec 02 §5). */
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

/** The spectator going by `name` (compared as usernames are), if any. */
export function spectatorNamed(meta: PublicMeta, name: string): PublicSpectator | undefined {
  const key = nameKey(name);
  return meta.spectators.find((s) => nameKey(s.name) === key);
}

/** Whether `token` is the spectator's. */
export function holds(spectator: PublicSpectator, token: string | undefined, ids: Pick<IdSource, 'digest'>): boolean {
  return token !== undefined && token !== '' && ids.digest(token) === spectator.key;
}
