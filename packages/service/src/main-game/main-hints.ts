import { err, ok, type Result } from '@palace/core';
import type { HintAnswer, HintsState } from '@palace/protocol';
import type { Change } from '../game-change.js';
import { countHint, hintOf, hintsField } from '../hints.js';
import type { StoredGame } from '../ports.js';
import { type ServiceError, serviceError } from '../service-error.js';
import { isComputerSeat } from './main-computers.js';
import type { MainMeta } from './main-meta.js';

/**
 * Hints in the main game (docs/product.md §D14 hint): offered only where nothing is at stake, so
 * only to the one human seat of a free game against computer players that is no tournament table.
 * A game with a computer player is never rated, and with one human seat there is nobody to rate
 * against (ratings need two registered players, docs/product.md §D11).
 */
export function mainHintsOffered(game: StoredGame<MainMeta>, seatId: string): boolean {
  const { meta } = game;
  // The daily deal offers none (docs/daily.md): it is scored against everyone who played the cards.
  if (meta.entryFee !== 0 || meta.tournament !== undefined || meta.daily !== undefined || meta.cancelled) return false;
  const humans = game.state.seats.filter((s) => !isComputerSeat(game, s.id));
  return humans.length === 1 && humans[0]?.id === seatId && humans.length < game.state.seats.length;
}

/**
 * The hint for seat `seatId` and the change that counts it (`meta.hints`, in the same write), or
 * the refusal: `hint/not_offered`, or the turn's (not in play, not the seat's turn).
 */
export function mainHintPlan(
  game: StoredGame<MainMeta>,
  seatId: string,
): Result<{ readonly hint: HintAnswer; readonly change: Change<MainMeta> }, ServiceError> {
  if (!mainHintsOffered(game, seatId)) return err(serviceError('hint/not_offered'));
  const hint = hintOf(game.id, game.state, seatId);
  if (!hint.ok) return hint;
  const meta: MainMeta = { ...game.meta, hints: countHint(game.meta.hints, seatId), lastChange: 'state' };
  return ok({ hint: hint.value, change: { commands: [], meta } });
}

/** The viewer's hints for the main game's state: only a seated viewer's, only where the game offers them. */
export function mainHintsView(game: StoredGame<MainMeta>, viewerId: number | null): { hints?: HintsState } {
  if (viewerId === null) return {};
  const seat = String(viewerId);
  return hintsField(mainHintsOffered(game, seat), game.state, game.meta.hints, seat);
}
