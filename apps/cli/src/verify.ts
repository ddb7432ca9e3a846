import { createHash } from 'node:crypto';
import { replay } from '@palace/core';
import type { RecordFile } from './record-file.js';

/** One check of `palace verify` and how it went. */
export interface Check {
  readonly ok: boolean;
  readonly message: string;
}

/** The outcome of `palace verify`: passed only when every check passed. */
export interface Verdict {
  readonly ok: boolean;
  readonly checks: readonly Check[];
}

/** The fair-deal commitment of a seed: lower-case hex sha256 of its UTF-8 bytes. */
export function commitmentOf(seed: string): string {
  return createHash('sha256').update(seed, 'utf8').digest('hex');
}

function commitmentCheck(file: RecordFile): Check {
  if (file.commitment === undefined || file.commitment === '') {
    return { ok: false, message: 'The record has no commitment to check' };
  }
  const actual = commitmentOf(file.seed);
  return actual === file.commitment.toLowerCase()
    ? { ok: true, message: `sha256(seed) equals the commitment ${actual}` }
    : {
        ok: false,
        message: `The seed does not match the commitment: sha256(seed) is ${actual}, the commitment is ${file.commitment}`,
      };
}

function replayCheck(file: RecordFile): Check {
  let replayed: ReturnType<typeof replay>;
  try {
    replayed = replay(file);
  } catch (error) {
    // A hand-edited file can break the engine's input assumptions (e.g. an unknown command shape).
    return { ok: false, message: `The record does not replay: ${(error as Error).message}` };
  }
  if (!replayed.ok) return { ok: false, message: replayed.error.message };
  const result = replayed.value.result;
  const outcome =
    result === null
      ? 'the game did not finish'
      : `${result.standings[0]?.name ?? result.winner} ${result.reason === 'out' ? 'wins' : 'leads at the move cap'}`;
  return {
    ok: true,
    message: `replaying the ${file.entries.length} entries reproduces the stored seats and result (${outcome})`,
  };
}

/**
 * Checks a record file: (a) sha256 of its seed equals the commitment published while the game ran,
 * so the deal was fixed before play; (b) replaying its entries through the engine reproduces the
 * seats and the result it states (core's `replay`).
 */
export function verifyRecord(file: RecordFile): Verdict {
  const checks = [commitmentCheck(file), replayCheck(file)];
  return { ok: checks.every((c) => c.ok), checks };
}
