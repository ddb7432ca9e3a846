import Table from 'cli-table3';
import type { TournamentSimReport } from './tournament-sim.js';
import type { Separation } from './tournament-stats.js';

// No colours: the output is the same in a terminal and in a pipe.
const STYLE = { head: [], border: [], compact: true };

const percent = (x: number | null): string => (x === null ? 'n/a' : `${(100 * x).toFixed(1)}%`);
const fixed = (x: number | null, digits: number): string => (x === null ? 'n/a' : x.toFixed(digits));

function entrantsLine(report: TournamentSimReport): string {
  const counts = new Map<string, number>();
  for (const e of report.entrants) counts.set(e.level, (counts.get(e.level) ?? 0) + 1);
  return [...counts].map(([level, n]) => `${level} ×${n}`).join(', ');
}

function meanPoints(s: Separation, level: string): string {
  return fixed(s.levels.find((l) => l.level === level)?.meanPoints ?? null, 2);
}

/**
 * The report as text: a settings line, the standings of the first duplicate-deal tournament, and
 * the two kinds of deal side by side (mean points per level, the separation measures) with the verdict.
 */
export function tournamentReportText(report: TournamentSimReport): string {
  const { duplicate, independent } = report;
  const settings =
    `${report.players} players (${entrantsLine(report)}), tables of up to ${report.tableSize}, ` +
    `${report.rounds} round${report.rounds === 1 ? '' : 's'}, ${report.pointsPerTournament} points a tournament, ` +
    `seed "${report.seed}"`;
  const standings = new Table({
    head: ['rank', 'player', 'AI', 'points', 'cards left'],
    colAligns: ['right', 'left', 'left', 'right', 'right'],
    style: STYLE,
  });
  for (const row of report.standings) standings.push([row.rank, row.name, row.level, row.points, row.cardsLeft]);
  const effect = new Table({
    head: ['', 'duplicate deals', 'independent deals'],
    colAligns: ['left', 'right', 'right'],
    style: STYLE,
  });
  for (const level of duplicate.levels) {
    effect.push([
      `mean points: ${level.level} (${level.entrants} entrants)`,
      meanPoints(duplicate, level.level),
      meanPoints(independent, level.level),
    ]);
  }
  effect.push(
    ['stronger level ahead (pairs, ties half)', percent(duplicate.strongerAhead), percent(independent.strongerAhead)],
    ['between/within-level variance of points', fixed(duplicate.varianceRatio, 2), fixed(independent.varianceRatio, 2)],
  );
  return [
    settings,
    '',
    'Standings of tournament 1 with duplicate deals',
    standings.toString(),
    '',
    `Duplicate-deal effect: ${report.runs} tournament${report.runs === 1 ? '' : 's'} with each kind of deal (same entrants, same seed for run r of each)`,
    effect.toString(),
    report.verdict.text,
  ].join('\n');
}
