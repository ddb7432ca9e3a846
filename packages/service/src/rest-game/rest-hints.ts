import { err, ok, type Result } from '@palace/core';
import type { HintAnswer, HintsState } from '@palace/protocol';
import type { Change } from '../game-change.js';
import { countHint, hintOf, hintsField } from '../hints.js';
import type { StoredGame } from '../ports.js';
import { type ServiceError, serviceError } from '../service-error.js';
import type { RestMeta } from './rest-meta.js';

/**
 * Hints in the REST game (docs/product.md §D14 hint): it has no fee and no rating, so they are
 * offered wherever nothing else is at stake: to the one human seat of a game against AI players.
 */
export function restHintsOffered(game: StoredGame<RestMeta>, seatId: string): boolean {
  const humans = game.state.seats.filter((s) => s.ai === null);
  return humans.length === 1 && humans[0]?.id === seatId && humans.length < game.state.seats.length;
}

/**
 * The change that counts a hint for seat `seatId` (`meta.hints`, in the same write), the hint put in
 * `out`; or the refusal: `hint/not_offered`, or the turn's (not in play, not the seat's turn).
 */
export function restHintPlan(
  game: StoredGame<RestMeta>,
  seatId: string,
  out: { hint?: HintAnswer },
): Result<Change<RestMeta>, ServiceError> {
  if (!restHintsOffered(game, seatId)) return err(serviceError('hint/not_offered'));
  const hint = hintOf(game.id, game.state, seatId);
  if (!hint.ok) return hint;
  out.hint = hint.value;
  return ok({ commands: [], meta: { ...game.meta, hints: countHint(game.meta.hints, seatId) } });
}

/** The viewer's hints for the REST game's state: only a seated viewer's, only where the game offers them. */
export function restHintsView(game: StoredGame<RestMeta>, seatId: string | null): { hints?: HintsState } {
  if (seatId === null) return {};
  return hintsField(restHintsOffered(game, seatId), game.state, game.meta.hints, seatId);
}
