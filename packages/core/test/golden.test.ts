import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type GameRecord, type GameState, PRESETS, replay, stateHash, tableOptions } from '../src/index.js';
import { playGame } from './play.js';

/**
 * Golden records: whole games (seed + every command) whose final state hash is pinned. A change to
 * the rules, the deal or the state shape changes these hashes; if the change is intended, rerun
 * with UPDATE_GOLDEN=1 and say why in the commit.
 */
interface Golden {
  readonly description: string;
  readonly finalHash: string;
  readonly winner: string;
  readonly reason: string;
  readonly moves: number;
  readonly record: GameRecord;
}

const dir = join(import.meta.dirname, 'golden');

const CASES = [
  {
    file: 'classic-2p-manual.golden.json',
    description: 'classic rules, 2 seats, manual flow with face-up choice, greedy vs random',
    make: () =>
      playGame(tableOptions({ rules: PRESETS.classic.rules, maxSeats: 2 }), 2, 'golden-classic-2', [
        'greedy',
        'random',
      ]),
  },
  {
    file: 'wild-4p-auto.golden.json',
    description: 'wild rules (see-through 3s, reversing 9s), 4 seats, auto flow (dealt on sitting)',
    make: () =>
      playGame(tableOptions({ rules: PRESETS.wild.rules, maxSeats: 4, flow: 'auto' }), 4, 'golden-wild-4', [
        'greedy',
        'prototype',
        'random',
      ]),
  },
  {
    file: 'easy-6p-two-decks.golden.json',
    description: 'easy rules, 6 seats (two decks), no face-up choice, start needs ready',
    make: () =>
      playGame(
        tableOptions({ rules: { ...PRESETS.easy.rules, chooseFaceUp: false }, maxSeats: 6, startNeedsReady: true }),
        6,
        'golden-easy-6',
        ['greedy', 'random'],
      ),
  },
  {
    file: 'classic-3p-must-play-all.golden.json',
    description: 'classic with mustPlayAllSameValue, 3 seats, manual flow',
    make: () =>
      playGame(
        tableOptions({ rules: { ...PRESETS.classic.rules, mustPlayAllSameValue: true }, maxSeats: 3 }),
        3,
        'golden-all-3',
        ['greedy', 'prototype'],
      ),
  },
];

if (process.env.UPDATE_GOLDEN === '1') {
  for (const c of CASES) {
    const { record, states } = c.make();
    const last = states[states.length - 1] as GameState;
    const golden: Golden = {
      description: c.description,
      finalHash: stateHash(last),
      winner: last.result?.winner ?? '',
      reason: last.result?.reason ?? '',
      moves: last.moves,
      record,
    };
    writeFileSync(join(dir, c.file), `${JSON.stringify(golden, null, 1)}\n`);
  }
}

describe('golden records', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.golden.json'));

  it('golden - every case has a file', () => {
    expect(files.sort()).toEqual(CASES.map((c) => c.file).sort());
  });

  it.each(files)('golden - %s replays to its pinned final hash', (file) => {
    const golden = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Golden;
    const final = replay(golden.record);
    if (!final.ok) throw new Error(final.error.message);
    expect(final.value.phase).toBe('finished');
    expect(final.value.result?.winner).toBe(golden.winner);
    expect(final.value.result?.reason).toBe(golden.reason);
    expect(final.value.moves).toBe(golden.moves);
    expect(stateHash(final.value)).toBe(golden.finalHash);
  });
});

describe('record integrity', () => {
  const golden = (): Golden => JSON.parse(readFileSync(join(dir, 'classic-2p-manual.golden.json'), 'utf8')) as Golden;

  it('record - lists the seats and says how the game ended', () => {
    const { record } = golden();
    expect(record.seats.map((s) => s.id)).toEqual(['s0', 's1']);
    expect(record.result?.reason).toBe('out');
  });

  it('record - an unknown version is refused', () => {
    const result = replay({ ...golden().record, version: 99 });
    expect(result.ok ? null : result.error.code).toBe('record/version');
  });

  it('record - a forged command is refused with its index', () => {
    const { record } = golden();
    const entries = record.entries.slice();
    const last = entries.length - 1;
    entries[last] = { at: 1, command: { type: 'pickUp', seat: 'nobody' } };
    const result = replay({ ...record, entries });
    expect(result.ok ? null : result.error).toMatchObject({ code: 'record/rejected', index: last });
  });

  it('record - a forged result or seat list is refused', () => {
    const { record } = golden();
    const winner = record.result?.winner === 's0' ? 's1' : 's0';
    const forged = { ...record, result: record.result && { ...record.result, winner } };
    const a = replay(forged);
    expect(a.ok ? null : a.error.code).toBe('record/mismatch');
    const b = replay({ ...record, seats: record.seats.map((s) => ({ ...s, name: 'Mallory' })) });
    expect(b.ok ? null : b.error.code).toBe('record/mismatch');
  });
});
