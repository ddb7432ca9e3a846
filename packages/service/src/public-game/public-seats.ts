import { err, ok, type Result, type Seat } from '@palace/core';
import { PUBLIC_NAME_MAX, PUBLIC_NAME_MIN } from '@palace/protocol';
import { nameKey, proveSeat } from '../named-seats.js';
import type { IdSource, StoredGame } from '../ports.js';
import { type ServiceError, serviceError } from '../service-error.js';
import type { PublicMeta, PublicSpectator } from './public-meta.js';

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

/** A username of 3–15 characters after trimming (spec 02 §5). */
export function checkName(raw: string | undefined): Result<string, ServiceError> {
  const name = raw?.trim() ?? '';
  if (name.length === 0) return err(serviceError('username/required'));
  if (name.length < PUBLIC_NAME_MIN || name.length > PUBLIC_NAME_MAX) return err(serviceError('username/length'));
  return ok(name);
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

/** "AI Player {n}" with the smallest n no player or spectator already goes by. */
export function freeAiName(game: StoredGame<PublicMeta>): string {
  const taken = new Set([
    ...game.state.seats.map((s) => nameKey(s.name)),
    ...game.meta.spectators.map((s) => nameKey(s.name)),
  ]);
  let n = 1;
  while (taken.has(nameKey(`AI Player ${n}`))) n++;
  return `AI Player ${n}`;
}
