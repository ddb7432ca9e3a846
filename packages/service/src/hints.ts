import { createRng, err, type GameState, hintFor, legalMoves, ok, type Result, ruleError, viewFor } from '@palace/core';
import type { HintAnswer, HintsState, RecordHints } from '@palace/protocol';
import type { ServiceError } from './service-error.js';

/**
 * Hints in the server's games (docs/product.md §D14 hint; docs/architecture.md "Hints"): the
 * strong AI's move for the asking seat's own view, given on that seat's turn in play. Each
 * variant decides where hints are offered; what is shared is the hint itself, when a seat may ask,
 * and the count of hints each seat was given, kept in the game's variant data.
 */

/** Hints given per seat (public seat id → count), in a variant's data; absent: none. */
export type HintCounts = { readonly [seat: string]: number };

/** Why seat `seatId` may not be given a hint now in `state` (a game that offers hints), or null when it may. */
export function hintRefusal(state: GameState, seatId: string): ServiceError | null {
  if (state.phase === 'finished') return ruleError('game/over');
  if (state.phase !== 'playing') return ruleError('game/not_playing');
  const seat = state.seats[state.turn];
  return seat?.id === seatId && !seat.left ? null : ruleError('turn/not_your_turn');
}

/**
 * The hint for seat `seatId` on its turn: the strong AI's move among its legal moves, seen from its
 * own view, with the reason. Deterministic: the generator is seeded with the game id and the move
 * number, so the same position always gives the same hint. Card ids are the engine's, as every
 * view sends them (face-down cards as `blind-{n}`).
 */
export function hintOf(gameId: string, state: GameState, seatId: string): Result<HintAnswer, ServiceError> {
  const refused = hintRefusal(state, seatId);
  if (refused !== null) return err(refused);
  const moves = legalMoves(state, state.turn);
  if (moves.length === 0) return err(ruleError('turn/not_your_turn'));
  const { move, reason } = hintFor(viewFor(state, seatId), moves, createRng(`hint:${gameId}:${state.moves}`));
  return ok(
    move.type === 'play'
      ? { action: 'play', cardIds: [...move.cardIds], reason }
      : { action: 'pickup', cardIds: [], reason },
  );
}

/** `counts` with one more hint for `seatId`. */
export function countHint(counts: HintCounts | undefined, seatId: string): HintCounts {
  return { ...counts, [seatId]: (counts?.[seatId] ?? 0) + 1 };
}

/** What a view tells seat `seatId` of its hints in a game that offers them (`offered`), else nothing. */
export function hintsField(
  offered: boolean,
  state: GameState,
  counts: HintCounts | undefined,
  seatId: string,
): { hints?: HintsState } {
  if (!offered) return {};
  return { hints: { allowed: hintRefusal(state, seatId) === null, used: counts?.[seatId] ?? 0 } };
}

/**
 * The seats of `meta` (any variant's data) that used a hint, in the order of `seats` (the record's),
 * for the game's record; undefined when none did.
 */
export function recordHints(meta: unknown, seats: readonly { readonly id: string }[]): RecordHints | undefined {
  const counts = typeof meta === 'object' && meta !== null && 'hints' in meta ? meta.hints : undefined;
  if (typeof counts !== 'object' || counts === null) return undefined;
  const used = seats.flatMap(({ id }) => {
    const count = (counts as Record<string, unknown>)[id];
    return typeof count === 'number' && count > 0 ? [{ seat: id, count }] : [];
  });
  return used.length === 0 ? undefined : used;
}
