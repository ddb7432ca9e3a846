import { createGame, newRecord, type Result, type TableOptions } from '@palace/core';
import { type Applying, applyChange } from './apply-change.js';
import type { Change, Changed } from './game-change.js';
import type { Json, StoredGame } from './ports.js';
import { NO_SEAT_CLOCK } from './seat-clock.js';
import type { ServiceError } from './service-error.js';

/** What creating a game takes (`GameService.create`). */
export interface NewGame<M extends Json> {
  readonly options: TableOptions;
  readonly meta: M;
  readonly aiDelayMs: number;
  /** The change applied before the game is first stored (for example the creator's `sit`), given its id. */
  readonly initial: (id: string) => Change<M>;
  /**
   * The id to create the game under (a room id the client chose); one attempt, and
   * `game/id_taken` if a game (of any variant) already has it. Default: a fresh id.
   */
  readonly id?: string;
  /**
   * The deal's seed (a tournament table's: every table of a round gets the same one). Default: a
   * fresh secret seed from the id source.
   */
  readonly seed?: string;
}

/**
 * Game `id` of `kind` as first stored: dealt from `seed` (its sha256 `commitment` is stored from
 * the start), then `input.initial` applied as a player's change would be, at `now` (ms). Version 1
 * (or the refusal of the initial change); the caller inserts it.
 */
export function firstVersion<M extends Json>(
  kind: string,
  input: NewGame<M>,
  dealt: { readonly id: string; readonly seed: string; readonly commitment: string; readonly now: number },
  applying: Applying<M>,
): Result<Changed<M>, ServiceError> {
  const { id, seed, commitment, now } = dealt;
  // Version 0: no AI deadline, no seat clock, not listed; applying the initial change sets them.
  const blank: StoredGame<M> = {
    id,
    kind,
    version: 0,
    createdAt: now,
    updatedAt: now,
    state: createGame(input.options, seed),
    record: newRecord(input.options, seed, now),
    commitment,
    aiDueAt: null,
    aiDelayMs: input.aiDelayMs,
    seatClock: NO_SEAT_CLOCK,
    listed: false,
    meta: input.meta,
  };
  return applyChange(blank, input.initial(id), { now, origin: { keepAiDeadline: true, byServer: false }, ...applying });
}
