import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type GameRecord, policyNames, RULE_NAMES } from '@palace/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../src/main.js';
import type { Terminal } from '../src/terminal.js';
import { finishedRecordFile } from './record-fixture.js';

const exec = promisify(execFile);
const BIN = new URL('../bin/palace.mjs', import.meta.url).pathname;

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'palace-lab-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function runCli(argv: string[], terminal?: Terminal) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(
    argv,
    { DATA_DIR: dir },
    (l) => out.push(l),
    (l) => err.push(l),
    terminal,
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

let files = 0;
async function saved(content: unknown): Promise<string> {
  const path = join(dir, `record-${files++}.json`);
  await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('palace simulate', () => {
  it('cli simulate - prints a table per AI entry and per-game means, identical for the same seed', async () => {
    const argv = ['simulate', '--games', '6', '--ai', 'greedy,random', '--seed', 'same', '--duplicate'];
    const first = await runCli(argv);
    expect(first.code).toBe(0);
    expect(first.out).toContain('classic rules, 2 players, 6 deals × 2 seat rotations = 12 games, seed "same"');
    expect(first.out).toMatch(/│ greedy\s+│ all\s+│\s+12 │\s+\d+ │\s+[\d.]+% │ [\d.]+%–[\d.]+% │\s+[\d.]+ │/);
    expect(first.out).toContain('│ random');
    expect(first.out).toContain('burns');
    expect(first.out).toContain('pick-ups');
    expect(first.out).toContain('move cap');
    expect((await runCli(argv)).out).toBe(first.out);
    expect((await runCli([...argv.slice(0, -2), '--seed', 'other', '--duplicate'])).out).not.toBe(first.out);
  });

  it('cli simulate - --json prints one parseable object and no progress', async () => {
    const updates: number[] = [];
    const terminal: Terminal = {
      progress: { start: () => {}, update: (done) => updates.push(done), stop: () => {} },
      waitForEnter: null,
    };
    const argv = ['simulate', '--games', '4', '--players', '3', '--preset', 'wild', '--rule', 'nineReverses=off'];
    const { code, out } = await runCli([...argv, '--json'], terminal);
    expect(code).toBe(0);
    expect(updates).toEqual([]);
    const report = JSON.parse(out);
    expect(report).toMatchObject({ preset: 'wild', overrides: { nineReverses: false }, players: 3, games: 4 });
    expect(report.rules).toMatchObject({ invisibleThrees: true, nineReverses: false });
    expect(report.entries.map((e: { label: string }) => e.label)).toEqual(['greedy', 'random']);
    const wins = report.entries.reduce((sum: number, e: { wins: number }) => sum + e.wins, 0);
    expect(wins).toBe(report.games - report.capped);
    // The table run reports progress after every game.
    await runCli(argv, terminal);
    expect(updates).toEqual([1, 2, 3, 4]);
  });

  it('cli simulate - usage errors exit 2 and say what is wrong', async () => {
    const unknownAi = await runCli(['simulate', '--ai', 'greedy,clever']);
    expect(unknownAi.code).toBe(2);
    expect(unknownAi.err).toContain('unknown AI policy "clever"');
    for (const name of policyNames()) expect(unknownAi.err).toContain(name);
    const unknownRule = await runCli(['simulate', '--rule', 'jokersWild=on']);
    expect(unknownRule.code).toBe(2);
    expect(unknownRule.err).toContain('unknown rule "jokersWild"');
    for (const name of RULE_NAMES) expect(unknownRule.err).toContain(name);
    expect(await runCli(['simulate', '--rule', 'sevenLower=maybe'])).toMatchObject({ code: 2, out: '' });
    expect(await runCli(['simulate', '--preset', 'chaos'])).toMatchObject({ code: 2, out: '' });
    expect(await runCli(['simulate', '--players', '9'])).toMatchObject({ code: 2, out: '' });
    expect(await runCli(['simulate', '--games', 'lots'])).toMatchObject({ code: 2, out: '' });
    expect(await runCli(['simulate', '--games', '0'])).toMatchObject({ code: 2, out: '' });
    expect(await runCli(['simulate', '--fast'])).toMatchObject({ code: 2, out: '' });
    expect((await runCli(['--help'])).out).toContain('palace simulate');
  });

  it('cli simulate - the installed bin runs simulate as a process', async () => {
    const { stdout } = await exec(process.execPath, [BIN, 'simulate', '--games', '2', '--json']);
    expect(JSON.parse(stdout)).toMatchObject({ games: 2, seed: 'palace', players: 2 });
  });
});

describe('palace replay', () => {
  it('cli replay - prints the deal, every move in words with all cards, and the result', async () => {
    const record = finishedRecordFile();
    const { code, out } = await runCli(['replay', await saved(record)]);
    expect(code).toBe(0);
    expect(out).toContain('Game rest/FIXTURE1');
    expect(out).toContain('Deal:');
    expect(out).toMatch(/ {2}Ann {2}hand (\S+[♥♦♣♠] ){5}\S+[♥♦♣♠] \| face-up — \| face-down (\S+[♥♦♣♠] ){2}\S+[♥♦♣♠]/);
    expect(out).toMatch(/deck \(next card first\): (\S+[♥♦♣♠] ){33}\S+[♥♦♣♠]$/m);
    expect(out).toMatch(/Ann lays face-up \S+[♥♦♣♠] \S+[♥♦♣♠] \S+[♥♦♣♠]/);
    expect(out).toMatch(/(Ann|Bot) plays \S+[♥♦♣♠]( \S+[♥♦♣♠])* from the hand/);
    expect(out).toMatch(/pile: \S+[♥♦♣♠] on top/);
    expect(out).toContain(`#${record.entries.length} `);
    const winner = record.result?.standings[0]?.name ?? '';
    expect(out).toContain(`Result: ${winner} wins`);
    expect(out).toMatch(/ {2}2\. (Ann|Bot) — \d+ card\(s\) left$/);
  });

  it('cli replay - reads a plain core record without the download fields', async () => {
    const { variant: _v, gameId: _g, commitment: _c, ...plain } = finishedRecordFile();
    const { code, out } = await runCli(['replay', await saved(plain)]);
    expect(code).toBe(0);
    expect(out).toContain('Game (no id)');
  });

  it('cli replay - --step waits after each move when stdin is a terminal, and q stops', async () => {
    const record = finishedRecordFile();
    const moves = record.entries.filter((e) => e.command.type === 'play' || e.command.type === 'pickUp').length;
    let waits = 0;
    const terminal = (answer: (n: number) => boolean): Terminal => ({
      progress: null,
      waitForEnter: async () => answer(++waits),
    });
    const file = await saved(record);
    await runCli(
      ['replay', file, '--step'],
      terminal(() => true),
    );
    expect(waits).toBe(moves);
    waits = 0;
    const stopped = await runCli(
      ['replay', file, '--step'],
      terminal((n) => n < 2),
    );
    expect(waits).toBe(2);
    expect(stopped.out).not.toContain('Result:');
    // Without a terminal it prints everything.
    expect((await runCli(['replay', file, '--step'])).out).toContain('Result:');
  });

  it('cli replay - a record that does not replay exits 1 with the replay error', async () => {
    const record = finishedRecordFile();
    const bad = await runCli(['replay', await saved({ ...record, seed: 'another-seed' })]);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/Entry \d+ was refused|differs/);
    const version = await runCli(['replay', await saved({ ...record, version: 99 })]);
    expect(version).toMatchObject({ code: 1, err: 'Unsupported record version 99' });
    expect((await runCli(['replay', await saved('{ not json')])).code).toBe(1);
    expect((await runCli(['replay', await saved({ format: 'chess-pgn' })])).err).toContain('Not a Palace record');
    expect((await runCli(['replay', join(dir, 'missing.json')])).err).toContain('Cannot read');
    expect((await runCli(['replay'])).code).toBe(2);
  });
});

describe('palace verify', () => {
  const tamper = (record: GameRecord, change: (r: GameRecord) => GameRecord) => change(structuredClone(record));

  it('cli verify - accepts an untouched record', async () => {
    const record = finishedRecordFile();
    const { code, out } = await runCli(['verify', await saved(record)]);
    expect(code).toBe(0);
    expect(out).toMatch(/^OK: sha256\(seed\) equals the commitment [0-9a-f]{64}; replaying the \d+ entries/);
  });

  it('cli verify - rejects a changed seed, a changed entry and a changed result', async () => {
    const record = finishedRecordFile();
    const seed = await runCli(['verify', await saved({ ...record, seed: 'fixture-seeD' })]);
    expect(seed.code).toBe(1);
    expect(seed.err).toContain('FAIL: The seed does not match the commitment');

    // The winning play names a card the player does not hold.
    const changed = tamper(record, (r) => ({
      ...r,
      entries: r.entries.map((e, i) =>
        i === r.entries.length - 1 && e.command.type === 'play'
          ? { ...e, command: { ...e.command, cardIds: ['c0'] } }
          : e,
      ),
    }));
    const changedEntry = await runCli(['verify', await saved(changed)]);
    expect(changedEntry.code).toBe(1);
    expect(changedEntry.err).toContain('ok: sha256(seed) equals the commitment');
    expect(changedEntry.err).toMatch(/FAIL: Entry \d+ was refused/);

    const result = tamper(record, (r) => {
      if (r.result === null) throw new Error('unfinished fixture');
      const [first, second] = r.result.standings;
      if (first === undefined || second === undefined) throw new Error('two standings expected');
      const standings = [
        { ...second, place: 1 },
        { ...first, place: 2 },
      ];
      return { ...r, result: { ...r.result, winner: second.seat, standings } };
    });
    const changedResult = await runCli(['verify', await saved(result)]);
    expect(changedResult.code).toBe(1);
    expect(changedResult.err).toContain('FAIL: The replayed result differs from the result the record states');
  });

  it('cli verify - a record without a commitment fails with the reason', async () => {
    const { commitment: _c, ...plain } = finishedRecordFile();
    const { code, err } = await runCli(['verify', await saved(plain)]);
    expect(code).toBe(1);
    expect(err).toContain('FAIL: The record has no commitment to check');
    expect(err).toContain('ok: replaying');
  });
});

describe('palace ai-strength', () => {
  it('cli ai-strength - refuses a bad --games with the usage', async () => {
    for (const games of ['0', '1.5', 'lots']) {
      const { code, err } = await runCli(['ai-strength', '--games', games]);
      expect(code).toBe(2);
      expect(err).toContain('--games must be a whole number of at least 1');
      expect(err).toContain('palace ai-strength [options]');
    }
    expect((await runCli(['ai-strength', '--fast'])).code).toBe(2);
    const { code, err } = await runCli(['ai-strength', '--table-games', '2.5']);
    expect(code).toBe(2);
    expect(err).toContain('--table-games must be a whole number of at least 0');
  });

  it('cli ai-strength - prints the level table the web shows: words, share with interval, games, seed, mean place', async () => {
    const argv = ['ai-strength', '--games', '40', '--table-games', '12', '--without-strong', '--seed', 'cli-levels'];
    const { code, out } = await runCli(argv);
    expect(code).toBe(0);
    const lines = out.split('\n');
    expect(lines[0]).toContain('heads-up against the level below, table of 3: seed cli-levels/table');
    expect(lines[1]).toMatch(/^Beginner +plays any legal card +mean place \d\.\d\d of 12$/);
    expect(lines[2]).toMatch(
      /^Casual +wins (\d+ in 10|almost every game) against Beginner +\d+\.\d% \(95% [\d.]+%-[\d.]+%\) of +40 games, seed cli-levels\/prototype-random +mean place/,
    );
    expect(lines[3]).toMatch(/^Normal +wins .* against Casual .* seed cli-levels\/greedy-prototype/);
    expect(out).not.toMatch(/about \d/);
    // --json gives the same figures.
    const json = JSON.parse((await runCli([...argv, '--json'])).out) as {
      level: string;
      headsUp: { games: number } | null;
    }[];
    expect(json.map((r) => r.level)).toEqual(['random', 'prototype', 'greedy']);
    expect(json[1]?.headsUp?.games).toBe(40);
  });
});
