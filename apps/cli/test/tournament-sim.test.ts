import { tableSizes } from '@palace/service';
import { describe, expect, it } from 'vitest';
import { run } from '../src/main.js';
import type { Terminal } from '../src/terminal.js';
import type { StandingRow } from '../src/tournament-run.js';
import { placePoints, totalPerTournament } from '../src/tournament-scorings.js';
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

/** The place points a tournament gives: n(n−1)/2 a table of n seats, 1 a bye, every round. */
function tablePoints(players: number, tableSize: number, rounds: number): number {
  const { sizes, byes } = tableSizes(players, tableSize);
  return rounds * (sizes.reduce((sum, n) => sum + (n * (n - 1)) / 2, 0) + byes);
}

/** Seat against seat: every seated player is worth 50 % on average, a bye 100 %, every round. */
function seatPercent(players: number, tableSize: number, rounds: number): number {
  const { sizes, byes } = tableSizes(players, tableSize);
  return rounds * (50 * sizes.reduce((sum, n) => sum + n, 0) + 100 * byes);
}

function row(level: StandingRow['level'], score: number, cardsLeft = 0): StandingRow {
  return { rank: 0, name: `${level}-${score}`, level, score, cardsLeft };
}

describe('palace tournament simulate', () => {
  it(
    'cli tournament simulate - the standings hold every entrant once with the scores the tables give',
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
      // Two tables of 3 a round, over two rounds: 6 × 50 % a round seat against seat; 3 + 3 place points.
      const percent = seatPercent(6, 4, 2);
      const points = tablePoints(6, 4, 2);
      expect([percent, points]).toEqual([600, 12]);
      expect(report.perTournament).toEqual({ duplicate: percent, independent: points });
      expect(report.standings.reduce((sum, s) => sum + s.score, 0)).toBeCloseTo(percent, 9);
      const kinds: Array<[TournamentSimReport['duplicate'], number]> = [
        [report.duplicate, percent],
        [report.independent, points],
      ];
      for (const [mode, total] of kinds) {
        expect(mode.tournaments).toBe(2);
        expect(mode.levels.map((l) => [l.level, l.entrants])).toEqual([
          ['greedy', 3],
          ['random', 3],
        ]);
        expect(mode.levels.reduce((sum, l) => sum + l.entrants * l.meanScore, 0)).toBeCloseTo(total, 9);
        expect(mode.strongerAhead).toBeGreaterThanOrEqual(0);
        expect(mode.strongerAhead).toBeLessThanOrEqual(1);
      }
      expect(report.verdict.text).toMatch(/separated the levels|measures disagree|equally well/);
      expect(report.verdict.text).toMatch(/Stronger-ahead share, seat against seat minus place points: /);
      // The table run shows progress after each of the 2 × 2 tournaments.
      const text = await runCli([...argv, '--runs', '2', '--workers', '1'], terminal);
      expect(text.code).toBe(0);
      expect(updates).toEqual([1, 2, 3, 4]);
      expect(text.out).toContain('6 players (greedy ×3, random ×3), tables of up to 4, 2 rounds, seed "palace"');
      expect(text.out).toContain('Standings of tournament 1, seat against seat, duplicate deals');
      expect(text.out).toMatch(/│\s+│ seat against seat, duplicate deals │ place points, independent deals │/);
      for (const s of report.standings) {
        const line = new RegExp(`│\\s+${s.rank} │ ${s.name}\\s+│ ${s.level}\\s+│\\s+([\\d.]+)% │`).exec(text.out);
        // Rounded to one decimal for the screen only.
        expect(Math.abs(Number(line?.[1]) - s.score)).toBeLessThanOrEqual(0.05);
      }
      expect(text.out).toMatch(/│ mean score: greedy \(3 entrants\)\s+│\s+[\d.]+% │\s+[\d.]+ pts │/);
      expect(text.out).toMatch(/│ stronger level ends ahead \(pairs, full ties half\)\s+│\s+[\d.]+% │\s+[\d.]+% │/);
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
      // Two heads-up tables and a bye: 4 × 50 % + 100 % seat against seat; 1 + 1 + 1 place points.
      expect(report.perTournament).toEqual({ duplicate: seatPercent(5, 2, 1), independent: tablePoints(5, 2, 1) });
      expect(report.perTournament).toEqual({ duplicate: 300, independent: 3 });
      expect(report.standings.reduce((sum, s) => sum + s.score, 0)).toBe(300);
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
  it('tournament stats - the stronger-ahead share counts pairs of different strength, by score then cards, full ties half', () => {
    // strong 2320 > greedy 2240 > random 1390: pairs (s,g) (s,r) (g,r).
    expect(strongerAheadShare([row('strong', 3), row('greedy', 3), row('random', 0)])).toBe((0.5 + 1 + 1) / 3);
    // An equal score: fewer cards left is ahead, as in the standings.
    expect(strongerAheadShare([row('strong', 3, 4), row('greedy', 3, 2)])).toBe(0);
    expect(strongerAheadShare([row('strong', 3, 1), row('greedy', 3, 2)])).toBe(1);
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

  it('tournament stats - place points, the rule compared with: n − p at a table of n, whole shares; what a tournament gives out', () => {
    const seats = [3, 1, 4, 2].map((place, position) => ({ userId: position + 1, position, place, cardsLeft: place }));
    const scores = placePoints([
      { seats },
      { seats: seats.slice(0, 2).map((s, i) => ({ ...s, userId: 9 + i, place: i + 1 })) },
    ]);
    expect(scores.map((s) => [s.userId, s.share.num, s.share.den, s.percent])).toEqual([
      [1, 1, 1, 100],
      [2, 3, 1, 300],
      [3, 0, 1, 0],
      [4, 2, 1, 200],
      [9, 1, 1, 100],
      [10, 0, 1, 0],
    ]);
    expect(totalPerTournament('place-points', { players: 16, tableSize: 4, rounds: 3 })).toBe(72);
    expect(totalPerTournament('seat-against-seat', { players: 16, tableSize: 4, rounds: 3 })).toBe(2400);
    expect(totalPerTournament('seat-against-seat', { players: 7, tableSize: 2, rounds: 2 })).toBe(2 * (300 + 100));
  });
});
