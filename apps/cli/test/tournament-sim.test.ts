import { tableSizes } from '@palace/service';
import { describe, expect, it } from 'vitest';
import { run } from '../src/main.js';
import type { Terminal } from '../src/terminal.js';
import type { StandingRow } from '../src/tournament-run.js';
import type { TournamentSimReport } from '../src/tournament-sim.js';
import { meanSquares, pairedDifference, strongerAheadShare } from '../src/tournament-stats.js';

/** Tournaments of greedy and random entrants take well under a second each; workers start tsx. */
const SLOW = 120_000;

async function runCli(argv: string[], terminal?: Terminal) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(
    argv,
    {},
    (l) => out.push(l),
    (l) => err.push(l),
    terminal,
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The points a tournament gives: n(n−1)/2 a table of n seats, 1 a bye, every round. */
function tablePoints(players: number, tableSize: number, rounds: number): number {
  const { sizes, byes } = tableSizes(players, tableSize);
  return rounds * (sizes.reduce((sum, n) => sum + (n * (n - 1)) / 2, 0) + byes);
}

function row(level: StandingRow['level'], points: number): StandingRow {
  return { rank: 0, name: `${level}-${points}`, level, points, cardsLeft: 0 };
}

describe('palace tournament simulate', () => {
  it(
    'cli tournament simulate - the standings hold every entrant once with the points the tables give',
    async () => {
      const updates: number[] = [];
      const terminal: Terminal = {
        progress: { start: () => {}, update: (done) => updates.push(done), stop: () => {} },
        waitForEnter: null,
      };
      const argv = ['tournament', 'simulate', '--players', '6', '--rounds', '2', '--ai', 'greedy,random'];
      const { code, out, err } = await runCli([...argv, '--runs', '2', '--workers', '1', '--json'], terminal);
      expect(err).toBe('');
      expect(code).toBe(0);
      // --json shows no progress.
      expect(updates).toEqual([]);
      const report = JSON.parse(out) as TournamentSimReport;
      expect(report).toMatchObject({ players: 6, rounds: 2, tableSize: 4, runs: 2, seed: 'palace' });
      expect(report.entrants.map((e) => e.level)).toEqual(['greedy', 'random', 'greedy', 'random', 'greedy', 'random']);
      const names = report.entrants.map((e) => e.name);
      expect(new Set(names).size).toBe(6);
      expect(report.standings.map((s) => s.name).sort()).toEqual([...names].sort());
      expect(report.standings.map((s) => s.rank)).toEqual([1, 2, 3, 4, 5, 6]);
      for (const s of report.standings) {
        expect(s.level).toBe(report.entrants.find((e) => e.name === s.name)?.level);
      }
      // Two tables of 3 a round: 3 + 3 points, over two rounds.
      const points = tablePoints(6, 4, 2);
      expect(points).toBe(12);
      expect(report.pointsPerTournament).toBe(points);
      expect(report.standings.reduce((sum, s) => sum + s.points, 0)).toBe(points);
      for (const mode of [report.duplicate, report.independent]) {
        expect(mode.tournaments).toBe(2);
        expect(mode.levels.map((l) => [l.level, l.entrants])).toEqual([
          ['greedy', 3],
          ['random', 3],
        ]);
        const total = mode.levels.reduce((sum, l) => sum + l.entrants * l.meanPoints, 0);
        expect(total).toBeCloseTo(points, 9);
        expect(mode.strongerAhead).toBeGreaterThanOrEqual(0);
        expect(mode.strongerAhead).toBeLessThanOrEqual(1);
      }
      expect(report.verdict.text).toMatch(/separated the levels|measures disagree|equally well/);
      // The table run shows progress after each of the 2 × 2 tournaments.
      const text = await runCli([...argv, '--runs', '2', '--workers', '1'], terminal);
      expect(text.code).toBe(0);
      expect(updates).toEqual([1, 2, 3, 4]);
      expect(text.out).toContain(
        '6 players (greedy ×3, random ×3), tables of up to 4, 2 rounds, 12 points a tournament',
      );
      expect(text.out).toContain('Standings of tournament 1 with duplicate deals');
      for (const s of report.standings) {
        expect(text.out).toMatch(new RegExp(`│\\s+${s.rank} │ ${s.name}\\s+│ ${s.level}\\s+│\\s+${s.points} │`));
      }
      expect(text.out).toMatch(/│ stronger level ahead \(pairs, ties half\)\s+│\s+[\d.]+% │\s+[\d.]+% │/);
      expect(text.out).toContain(report.verdict.text);
    },
    SLOW,
  );

  it(
    'cli tournament simulate - byes count, and worker threads give the same report as one thread',
    async () => {
      const argv = ['tournament', 'simulate', '--players', '5', '--table-size', '2', '--rounds', '1', '--runs', '2'];
      const one = await runCli([...argv, '--ai', 'random,greedy', '--workers', '1', '--json']);
      expect(one.code).toBe(0);
      const report = JSON.parse(one.out) as TournamentSimReport;
      // Two heads-up tables (1 point each) and a bye (1 point).
      expect(report.pointsPerTournament).toBe(tablePoints(5, 2, 1));
      expect(report.standings.reduce((sum, s) => sum + s.points, 0)).toBe(3);
      expect(report.standings).toHaveLength(5);
      const two = await runCli([...argv, '--ai', 'random,greedy', '--workers', '2', '--json']);
      expect(two).toEqual(one);
    },
    SLOW,
  );

  it('cli tournament simulate - bad arguments exit 2 with a clear message and no stack trace', async () => {
    const cases: Array<[string[], string]> = [
      [['--ai', 'greedy,clever'], 'unknown AI level "clever" in --ai; levels: random, prototype, greedy, strong'],
      [['--players', '3'], '--players must be a whole number from 4 to 32, got "3"'],
      [['--players', '33'], '--players must be a whole number from 4 to 32, got "33"'],
      [['--players', 'many'], '--players must be a whole number from 4 to 32, got "many"'],
      [['--rounds', '0'], '--rounds must be a whole number from 1 to 5, got "0"'],
      [['--rounds', '6'], '--rounds must be a whole number from 1 to 5, got "6"'],
      [['--table-size', '1'], '--table-size must be a whole number from 2 to 4, got "1"'],
      [['--table-size', '5'], '--table-size must be a whole number from 2 to 4, got "5"'],
      [['--runs', '0'], '--runs must be a whole number from 1 to 1000, got "0"'],
      [['--workers', '0'], '--workers must be a whole number from 1 to 16, got "0"'],
      [['--fast'], "Unknown option '--fast'"],
    ];
    for (const [args, message] of cases) {
      const { code, out, err } = await runCli(['tournament', 'simulate', ...args]);
      expect(code, args.join(' ')).toBe(2);
      expect(out).toBe('');
      expect(err.split('\n')[0]).toContain(message);
      expect(err).not.toMatch(/\n\s+at /);
      expect(err).toContain('palace tournament simulate');
    }
    expect((await runCli(['tournament', 'play'])).code).toBe(2);
    expect((await runCli(['--help'])).out).toContain('palace tournament simulate');
  });
});

describe('tournament separation measures', () => {
  it('tournament stats - the stronger-ahead share counts pairs of different strength, ties half', () => {
    // strong 2320 > greedy 2240 > random 1390: pairs (s,g) (s,r) (g,r).
    expect(strongerAheadShare([row('strong', 3), row('greedy', 3), row('random', 0)])).toBe((0.5 + 1 + 1) / 3);
    expect(strongerAheadShare([row('random', 2), row('greedy', 1), row('greedy', 0)])).toBe(0);
    expect(strongerAheadShare([row('greedy', 2), row('greedy', 1)])).toBeNull();
  });

  it('tournament stats - variance ratio parts and the paired difference', () => {
    const squares = meanSquares([row('greedy', 4), row('greedy', 2), row('random', 1), row('random', 1)]);
    // Level means 3 and 1 around 2: between 2·1 + 2·1 over 1; within 1 + 1 + 0 + 0 over 2.
    expect(squares).toEqual({ between: 4, within: 1 });
    expect(meanSquares([row('greedy', 4), row('greedy', 2)])).toBeNull();
    const d = pairedDifference([0.8, 0.6, null], [0.7, 0.7, 0.5]);
    expect(d?.pairs).toBe(2);
    expect(d?.mean).toBeCloseTo(0, 12);
    expect(d?.low).toBeLessThan(0);
    expect(d?.high).toBeGreaterThan(0);
  });
});
