import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type GameReview, reviewRecord } from '@palace/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../src/main.js';
import type { RecordFile } from '../src/record-file.js';
import { reviewText } from '../src/review-print.js';
import { finishedRecordFile } from './record-fixture.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'palace-review-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function runCli(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(
    argv,
    {},
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

let files = 0;
async function saved(content: unknown): Promise<string> {
  const path = join(dir, `record-${files++}.json`);
  await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('palace review', () => {
  it('cli review - prints each seat with its luck and counts, then the marked moves', async () => {
    const { code, out, err } = await runCli(['review', await saved(finishedRecordFile()), '--worlds', '8']);
    expect(err).toBe('');
    expect(code).toBe(0);
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^Review of game rest\/FIXTURE1: \d+ moves, 8 sampled worlds per move$/);
    expect(out).toMatch(/ {2}Ann \(human\) +luck +\d+ % · \d+ moves · \d+ mistake\(s\) · \d+ blunder\(s\) · mean drop/);
    expect(out).toMatch(/ {2}Bot \(AI random\) {2}luck +\d+ % · /);
    expect(out).toMatch(/^ {2}move \d+ (Ann|Bot) (played|picked up).*: \d+ % -> \d+ % \((mistake|blunder)\)/m);
  });

  it('cli review - --json prints the core review of the record, the same on every run', async () => {
    const record = finishedRecordFile();
    const file = await saved(record);
    const first = await runCli(['review', file, '--worlds', '4', '--json']);
    expect(first.code).toBe(0);
    const expected = reviewRecord(record, { worlds: 4, perSeatDepth: 25 });
    expect(expected.ok && JSON.parse(first.out)).toEqual(expected.ok ? expected.value : null);
    expect((await runCli(['review', file, '--worlds', '4', '--json'])).out).toBe(first.out);
  });

  it('cli review - words a marked move as "move N Name played cards: before -> after (mark); better: cards"', () => {
    const review: GameReview = {
      version: 1,
      worlds: 120,
      seats: [{ seat: 'ann', name: 'Ann', ai: null, luck: 0.4, meanDrop: 0.05, moves: 30, mistakes: 0, blunders: 1 }],
      moves: [
        {
          entry: 22,
          seat: 'ann',
          played: { type: 'play', cards: [{ id: 'c1', rank: 2, suit: 'clubs' }], faceDown: false },
          before: 0.41,
          after: 0.18,
          best: {
            type: 'play',
            cards: [
              { id: 'c2', rank: 7, suit: 'diamonds' },
              { id: 'c3', rank: 7, suit: 'spades' },
            ],
            faceDown: false,
          },
          choices: 4,
          mark: 'blunder',
        },
        {
          entry: 30,
          seat: 'ann',
          played: { type: 'pickUp' },
          before: 0.3,
          after: 0.15,
          best: { type: 'play', cards: [], faceDown: true },
          choices: 2,
          mark: 'mistake',
        },
        {
          entry: 31,
          seat: 'ann',
          played: { type: 'pickUp' },
          before: 0.2,
          after: 0.2,
          best: null,
          choices: 1,
          mark: null,
        },
      ],
    };
    const text = reviewText(finishedRecordFile() as RecordFile, review).split('\n');
    expect(text).toContain('  move 23 Ann played 2♣: 41 % -> 18 % (blunder); better: 7♦ 7♠');
    expect(text).toContain('  move 31 Ann picked up the pile: 30 % -> 15 % (mistake); better: a face-down card');
    expect(text.filter((l) => l.startsWith('  move'))).toHaveLength(2);
    expect(text).toContain('  Ann (human)  luck  40 % · 30 moves · 0 mistake(s) · 1 blunder(s) · mean drop 5.0 points');
  });

  it('cli review - a record that does not replay exits 1; a bad --worlds or no file exits 2 with the usage', async () => {
    const record = finishedRecordFile();
    const bad = await runCli(['review', await saved({ ...record, seed: 'another-seed' })]);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('Entry 5 was refused');
    expect((await runCli(['review', join(dir, 'missing.json')])).err).toContain('Cannot read');
    expect((await runCli(['review'])).code).toBe(2);
    const worlds = await runCli(['review', await saved(record), '--worlds', '0']);
    expect(worlds.code).toBe(2);
    expect(worlds.err).toContain('--worlds must be a whole number');
    expect((await runCli(['--help'])).out).toContain('palace review FILE');
  });
});
