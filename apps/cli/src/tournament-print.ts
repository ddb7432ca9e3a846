import Table from 'cli-table3';
import { KINDS, type TournamentSimReport } from './tournament-sim.js';
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

/** A level's mean final score: percent (seat against seat) or points (place points). */
function meanScore(s: Separation, level: string, unit: '%' | ' pts'): string {
  const mean = s.levels.find((l) => l.level === level)?.meanScore ?? null;
  return mean === null ? 'n/a' : `${mean.toFixed(unit === '%' ? 1 : 2)}${unit}`;
}

/** A score to one decimal, a whole number without one (docs/tournaments.md "Scoring": rounded only for display). */
function scoreText(score: number): string {
  const shown = (Math.round(score * 10) / 10).toFixed(1);
  return `${shown.endsWith('.0') ? shown.slice(0, -2) : shown}%`;
}

/**
 * The report as text: a settings line, the standings of the first tournament scored seat against
 * seat, and the two kinds side by side (mean score per level, the separation measures) with the verdict.
 */
export function tournamentReportText(report: TournamentSimReport): string {
  const { duplicate, independent } = report;
  const settings =
    `${report.players} players (${entrantsLine(report)}), tables of up to ${report.tableSize}, ` +
    `${report.rounds} round${report.rounds === 1 ? '' : 's'}, seed "${report.seed}"`;
  const standings = new Table({
    head: ['rank', 'player', 'AI', 'score', 'cards left'],
    colAligns: ['right', 'left', 'left', 'right', 'right'],
    style: STYLE,
  });
  for (const row of report.standings) {
    standings.push([row.rank, row.name, row.level, scoreText(row.score), row.cardsLeft]);
  }
  const effect = new Table({
    head: ['', KINDS.duplicate.name, KINDS.independent.name],
    colAligns: ['left', 'right', 'right'],
    style: STYLE,
  });
  for (const level of duplicate.levels) {
    effect.push([
      `mean score: ${level.level} (${level.entrants} entrants)`,
      meanScore(duplicate, level.level, '%'),
      meanScore(independent, level.level, ' pts'),
    ]);
  }
  effect.push(
    [
      'stronger level ends ahead (pairs, full ties half)',
      percent(duplicate.strongerAhead),
      percent(independent.strongerAhead),
    ],
    ['between/within-level variance of scores', fixed(duplicate.varianceRatio, 2), fixed(independent.varianceRatio, 2)],
  );
  return [
    settings,
    '',
    `Standings of tournament 1, ${KINDS.duplicate.name}`,
    standings.toString(),
    '',
    `Scoring compared: ${report.runs} tournament${report.runs === 1 ? '' : 's'} of each kind (same entrants, same seed for run r of each)`,
    effect.toString(),
    report.verdict.text,
  ].join('\n');
}
