import { type AiLevel, type Command, createRng, err, type GameState, ok, type Result, type Rng } from '@palace/core';
import type { Json, StoredGame } from './ports.js';
import { type ServiceError, type ServiceErrorCode, serviceError } from './service-error.js';

/**
 * What every variant does alike when it seats players (docs/architecture.md "Variants"): checks a
 * typed name by the variant's limits, picks a free public seat id, seats an AI under a free
 * "AI Player {n}" name, and derives the AI's random choices from the game — in one place, so the
 * server's AI and the easy variant's client-triggered AI move can never drift apart.
 */

/** A variant's rule for typed names: length limits after trimming and the refusals it answers. */
export interface NameRule {
  readonly min?: number;
  readonly max: number;
  /** The refusal of an empty name. */
  readonly required: ServiceErrorCode;
  /** The refusal of a name outside the limits. */
  readonly outOfRange: ServiceErrorCode;
}

/** The trimmed name, or the rule's refusal. */
export function checkName(raw: string | undefined, rule: NameRule): Result<string, ServiceError> {
  const name = raw?.trim() ?? '';
  if (name.length === 0) return err(serviceError(rule.required));
  if (name.length < (rule.min ?? 1) || name.length > rule.max) return err(serviceError(rule.outOfRange));
  return ok(name);
}

/** How two names are compared: trimmed, case-insensitive ("Bob" and "bob " are one player). */
export function nameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** A server-made game id as stored: upper-case (lower-case ones in requests are accepted). */
export function normalizeId(id: string): string {
  return id.trim().toUpperCase();
}

/** The next free public seat id (`p1`, `p2`, …). Seat ids never carry a name or a credential. */
export function freeSeatId(state: GameState): string {
  const taken = new Set(state.seats.map((s) => s.id));
  let n = state.seats.length + 1;
  while (taken.has(`p${n}`)) n++;
  return `p${n}`;
}

/** "AI Player {n}" with the smallest n nobody at the table (or among `others`, such as spectators) goes by. */
export function freeAiName(state: GameState, others: readonly string[] = []): string {
  const taken = new Set([...state.seats.map((s) => nameKey(s.name)), ...others.map(nameKey)]);
  let n = 1;
  while (taken.has(nameKey(`AI Player ${n}`))) n++;
  return `AI Player ${n}`;
}

/**
 * A rematch's AI players (docs/product.md §D11 rematch): the old game's AI seats with their names
 * and levels, in its seat order, under the seat ids after the creator's `p1` (`p2`, `p3`, …).
 */
export function aiSeatsOf(old: GameState): Array<Extract<Command, { type: 'sit' }>> {
  return old.seats
    .flatMap((s) => (s.ai === null ? [] : [{ type: 'sit' as const, seat: '', name: s.name, ai: s.ai }]))
    .map((sit, n) => ({ ...sit, seat: `p${n + 2}` }));
}

/** The command that seats an AI of `level` under a free name and seat id. */
export function aiSeat(
  state: GameState,
  level: AiLevel,
  others: readonly string[] = [],
): Extract<Command, { type: 'sit' }> {
  return { type: 'sit', seat: freeSeatId(state), name: freeAiName(state, others), ai: level };
}

/**
 * The random source of an AI move in `game` as it now is: from the deal's seed and the game's
 * version, so the same position always gets the same move (a replay, the easy variant's
 * client-triggered move and the server's own all agree).
 */
export function aiRng(game: StoredGame<Json>): Rng {
  return createRng(`${game.record.seed}/ai/${game.version}`);
}
