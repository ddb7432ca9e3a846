import { readFile } from 'node:fs/promises';
import { err, type GameRecord, ok, type Result } from '@palace/core';

/**
 * A downloaded record file (docs/records.md): the engine's `GameRecord` plus the game's kind, id
 * and fair-deal commitment. The three extra fields are optional: a record saved by other tools has
 * none of them.
 */
export interface RecordFile extends GameRecord {
  /** The game kind (`main`, `rest`, `simple-ws`, `simple-rest`, `public`, `easy`). */
  readonly variant?: string;
  readonly gameId?: string;
  /** Hex sha256 of the seed, as published while the game ran. */
  readonly commitment?: string;
}

export type RecordFileErrorCode =
  /** The file could not be read (missing, a directory, no permission). */
  | 'file/unreadable'
  /** The file is not JSON. */
  | 'file/not_json'
  /** The JSON is not a Palace record (wrong format tag or missing fields). */
  | 'file/not_a_record';

export interface RecordFileError {
  readonly code: RecordFileErrorCode;
  readonly message: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first structural problem of a parsed record, or null. Deeper checks belong to `replay`. */
function problemOf(value: unknown): string | null {
  if (!isObject(value)) return 'the file holds no JSON object';
  if (value.format !== 'palace-record') return 'its "format" is not "palace-record"';
  if (typeof value.version !== 'number') return 'it has no "version"';
  if (!isObject(value.options) || !isObject(value.options.rules)) return 'it has no table "options"';
  if (typeof value.seed !== 'string') return 'it has no "seed"';
  if (!Array.isArray(value.seats)) return 'it has no "seats"';
  if (!Array.isArray(value.entries)) return 'it has no "entries"';
  if (!value.entries.every((e) => isObject(e) && isObject(e.command) && typeof e.at === 'number')) {
    return 'an entry is not { at, command }';
  }
  if (value.result !== null && !isObject(value.result)) return 'its "result" is neither null nor an object';
  for (const field of ['variant', 'gameId', 'commitment'] as const) {
    if (value[field] !== undefined && typeof value[field] !== 'string') return `its "${field}" is not a string`;
  }
  return null;
}

/** Parses the text of a record file; the version is checked later, by replay. */
export function parseRecordFile(text: string): Result<RecordFile, RecordFileError> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return err({ code: 'file/not_json', message: `Not a JSON file: ${(error as Error).message}` });
  }
  const problem = problemOf(value);
  if (problem !== null) return err({ code: 'file/not_a_record', message: `Not a Palace record: ${problem}` });
  return ok(value as RecordFile);
}

/** Reads and parses the record file at `path` (UTF-8 JSON). */
export async function readRecordFile(path: string): Promise<Result<RecordFile, RecordFileError>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    return err({ code: 'file/unreadable', message: `Cannot read ${path}: ${(error as Error).message}` });
  }
  return parseRecordFile(text);
}
