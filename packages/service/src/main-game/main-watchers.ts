import { err, ok, type Result, ruleError } from '@palace/core';
import type { User } from '../accounts/account-ports.js';
import type { Change } from '../game-change.js';
import type { StoredGame } from '../ports.js';
import { userSeat } from '../seat-proofs.js';
import { type ServiceError, serviceError } from '../service-error.js';
import type { MainMeta } from './main-meta.js';

/** The most watchers a game counts (docs/product.md §D11 watching); more may watch, the count stops there. */
export const MAIN_WATCHERS_MAX = 500;

/**
 * What watching does to a game (docs/product.md §D11 watching): a user without a seat is counted
 * among its watchers once; a player, a user already counted or one past the limit changes nothing.
 * A cancelled game cannot be watched, nor a tournament table in play by a player of another table of
 * its round (docs/tournaments.md: they play the same deal).
 */
export function watchPlan(game: StoredGame<MainMeta>, user: Pick<User, 'id'>): Result<Change<MainMeta>, ServiceError> {
  if (game.meta.cancelled) return err(ruleError('game/over'));
  const seated = userSeat(game.state, user).ok;
  // The round's other tables play the same deal: their players may not watch this one until it ends.
  const peeking = !seated && game.state.phase !== 'finished' && game.meta.tournament?.roundPlayers.includes(user.id);
  if (peeking === true) return err(serviceError('tournament/no_peeking'));
  // Everyone plays the day's deal: nobody watches another's game of it (docs/daily.md).
  if (!seated && game.meta.daily !== undefined) return err(serviceError('daily/no_watching'));
  const watchers = game.meta.watchers ?? [];
  const counted = watchers.includes(user.id) || watchers.length >= MAIN_WATCHERS_MAX;
  if (counted || seated) return ok({ commands: [] });
  return ok({ commands: [], meta: { ...game.meta, watchers: [...watchers, user.id], lastChange: 'state' } });
}

/** What no longer watching does: the user leaves the watchers (nothing when they were not one). */
export function unwatchPlan(game: StoredGame<MainMeta>, user: Pick<User, 'id'>): Change<MainMeta> {
  const watchers = game.meta.watchers ?? [];
  if (!watchers.includes(user.id)) return { commands: [] };
  return { commands: [], meta: { ...game.meta, watchers: watchers.filter((w) => w !== user.id), lastChange: 'state' } };
}

/** Whether `user` is among the game's watchers. */
export function isWatching(game: StoredGame<MainMeta>, user: Pick<User, 'id'>): boolean {
  return (game.meta.watchers ?? []).includes(user.id);
}
