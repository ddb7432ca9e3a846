import { type Command, createGame, newRecord, PRESETS, tableOptions } from '@palace/core';
import type { StoredGame } from '@palace/service';

/**
 * Stored games built without the service, for the storage tests and the settle benchmark
 * (bench/settle.ts): no test framework here, so the benchmark's bundle can import it.
 */

const options = tableOptions({ rules: { ...PRESETS.classic.rules, chooseFaceUp: false }, maxSeats: 4 });

export const sit = (seat: string): Command => ({ type: 'sit', seat, name: seat, ai: null });

/** A new game (version 1, one `sit` entry) as the service would insert it, built without the service. */
export function newGame(id: string, at: number, kind = 'test'): StoredGame {
  const seed = `seed-${id}`;
  const record = newRecord(options, seed, at);
  return {
    id,
    kind,
    version: 1,
    createdAt: at,
    updatedAt: at,
    state: createGame(options, seed),
    record: { ...record, entries: [{ at, command: sit('a') }] },
    commitment: `digest(${seed})`,
    aiDueAt: null,
    aiDelayMs: 0,
    seatClock: { turnDueAt: null, strikes: {}, away: [] },
    listed: false,
    meta: { n: 0 },
  };
}

/** The next version of `game` at `at`, with one more record entry. */
export function nextVersion(game: StoredGame, at: number, seat = 'b'): StoredGame {
  return {
    ...game,
    version: game.version + 1,
    updatedAt: at,
    record: { ...game.record, entries: [...game.record.entries, { at, command: sit(seat) }] },
    meta: { n: game.version + 1 },
  };
}
