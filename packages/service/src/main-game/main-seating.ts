import { entryFeeFor, err, ok, type Result, ruleError } from '@palace/core';
import type { User } from '../accounts/account-ports.js';
import type { Change } from '../game-change.js';
import type { StoredGame } from '../ports.js';
import { type ServiceError, serviceError } from '../service-error.js';
import type { MainMeta, MainSeatMeta } from './main-meta.js';

/**
 * Taking a seat in a main game (docs/product.md §P1): what it costs, who sits in it, and what a
 * join does. The fee itself is booked by the game's effects in the write that seats the player.
 */

/** What `user` pays for a seat: guests and bots play free (docs/bots.md: bots get no tokens). */
export function feeOf(entryFee: number, user: User): number {
  return entryFeeFor(entryFee, user.isGuest || user.isBot);
}

/** Who sits in a new seat of `user`'s, having paid `paid` tokens. */
export function seatMeta(user: User, paid: number): MainSeatMeta {
  const seat: MainSeatMeta = { userId: user.id, username: user.username, avatar: user.avatar, paid };
  return user.isBot ? { ...seat, isBot: true } : seat;
}

/** The refusal of a seat the player cannot pay for: `needed` more tokens to `verb` the game. */
export function short(needed: number, verb: 'create' | 'join'): ServiceError {
  return { code: 'tokens/short', message: `You need ${needed} more tokens to ${verb} this game` };
}

/**
 * What `user` joining `game` in seat `seat` does: a player back in a game in play after leaving
 * it has their seat again (nothing to do if they never left); anyone else takes a new seat and
 * pays `fee` for it. Refused in a game over, and for a bot where the creator did not allow bots;
 * the engine refuses a new seat in a game already started (`game/started`) or full.
 */
export function joinPlan(
  game: StoredGame<MainMeta>,
  user: User,
  seat: string,
): Result<{ readonly change: Change<MainMeta>; readonly fee: number }, ServiceError> {
  const mine = game.state.seats.find((s) => s.id === seat);
  if (game.meta.cancelled || game.state.phase === 'finished') return err(ruleError('game/over'));
  if (mine !== undefined) {
    // Back in a game in play after leaving it: the seat is theirs again.
    const change: Change<MainMeta> = mine.left
      ? { commands: [{ type: 'sit', seat, name: user.username, ai: null }] }
      : { commands: [] };
    return ok({ change, fee: 0 });
  }
  // A bot takes a seat only where the creator allowed bots (docs/bots.md).
  if (user.isBot && game.meta.allowBots !== true) return err(serviceError('game/no_bots'));
  const fee = feeOf(game.meta.entryFee, user);
  const entry = seatMeta(user, fee);
  return ok({
    change: {
      commands: [{ type: 'sit', seat, name: user.username, ai: null }],
      meta: { ...game.meta, seats: { ...game.meta.seats, [seat]: entry }, lastChange: 'state' },
    },
    fee,
  });
}
