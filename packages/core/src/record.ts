import type { Command } from './command.js';
import { createGame } from './create.js';
import { decide } from './decide.js';
import { evolveAll } from './evolve.js';
import { canonicalJson } from './hash.js';
import { err, ok, type Result } from './result.js';
import type { RuleError } from './rule-error.js';
import type { AiLevel, GameResult, GameState, TableOptions } from './state.js';

/** The record format's current version. Readers refuse versions they do not know. */
export const RECORD_VERSION = 1;

/** One accepted command and when it was accepted (integer ms since the Unix epoch, from the host). */
export interface RecordEntry {
  readonly at: number;
  readonly command: Command;
}

/** A seat as the record lists it. */
export interface RecordSeat {
  readonly id: string;
  readonly name: string;
  readonly ai: AiLevel | null;
}

/**
 * Everything needed to replay a game exactly (docs/product.md §D7): the table options (rules included),
 * the seed, the seats, every accepted command in order (AI moves included) and, once the game is
 * over, how it ended (so the record says when the move cap ended it). The seed is secret while the
 * game runs; the host publishes `sha256(seed)` at creation and the seed at the end, so anyone can
 * check the deal.
 */
export interface GameRecord {
  readonly format: 'palace-record';
  readonly version: number;
  readonly options: TableOptions;
  readonly seed: string;
  /** When the game was created (integer ms since the Unix epoch). */
  readonly createdAt: number;
  /** The seats after the last entry. */
  readonly seats: readonly RecordSeat[];
  readonly entries: readonly RecordEntry[];
  /** The end, once reached; null while the game runs. */
  readonly result: GameResult | null;
}

export type ReplayError =
  | { readonly code: 'record/version'; readonly message: string }
  | { readonly code: 'record/rejected'; readonly message: string; readonly index: number; readonly error: RuleError }
  /** The replayed game does not end with the seats or the result the record states. */
  | { readonly code: 'record/mismatch'; readonly message: string };

/** An empty record for a game created now. */
export function newRecord(options: TableOptions, seed: string, createdAt: number): GameRecord {
  return {
    format: 'palace-record',
    version: RECORD_VERSION,
    options,
    seed,
    createdAt,
    seats: [],
    entries: [],
    result: null,
  };
}

function seatsOf(state: GameState): RecordSeat[] {
  return state.seats.map((s) => ({ id: s.id, name: s.name, ai: s.ai }));
}

/** The record with one more accepted command; `after` is the state that command produced. */
export function appendEntry(record: GameRecord, at: number, command: Command, after: GameState): GameRecord {
  return { ...record, seats: seatsOf(after), entries: [...record.entries, { at, command }], result: after.result };
}

/**
 * Every state of the game: the initial one, then one after each entry. Fails if the record's
 * version is unknown, an entry is refused by the rules, or the replay does not end with the seats
 * and result the record states (a damaged or forged record).
 */
export function replayStates(record: GameRecord): Result<GameState[], ReplayError> {
  if (record.format !== 'palace-record' || record.version !== RECORD_VERSION) {
    return err({ code: 'record/version', message: `Unsupported record version ${String(record.version)}` });
  }
  let state = createGame(record.options, record.seed);
  const states: GameState[] = [state];
  for (let i = 0; i < record.entries.length; i++) {
    const decision = decide(state, (record.entries[i] as RecordEntry).command);
    if (!decision.ok) {
      return err({
        code: 'record/rejected',
        message: `Entry ${i} was refused: ${decision.error.message}`,
        index: i,
        error: decision.error,
      });
    }
    state = evolveAll(state, decision.value);
    states.push(state);
  }
  if (canonicalJson(seatsOf(state)) !== canonicalJson(record.seats)) {
    return err({ code: 'record/mismatch', message: 'The replayed seats differ from the seats the record lists' });
  }
  if (canonicalJson(state.result) !== canonicalJson(record.result)) {
    return err({ code: 'record/mismatch', message: 'The replayed result differs from the result the record states' });
  }
  return ok(states);
}

/** The final state of a record's game. */
export function replay(record: GameRecord): Result<GameState, ReplayError> {
  const states = replayStates(record);
  return states.ok ? ok(states.value[states.value.length - 1] as GameState) : states;
}
