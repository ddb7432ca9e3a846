import { AI_LEVELS, type AiLevel } from '@palace/core';
import type { StandingRow } from './tournament-run.js';

/**
 * How well a set of simulated tournaments separates the AI levels, measured on their final
 * standings (pure): mean score per level, the share of (stronger, weaker) pairs in which the
 * stronger entrant ended ahead, and the between-level / within-level variance ratio of scores.
 */

/** One level's mean over every entrant of that level in every tournament. */
export interface LevelScore {
  readonly level: AiLevel;
  /** The level's place in the order of strength (`AI_LEVELS`: 0 Beginner … 3 Strong). */
  readonly strength: number;
  /** Entrants of this level per tournament. */
  readonly entrants: number;
  /** Mean final score per entrant per tournament, in the standings' unit. */
  readonly meanScore: number;
}

/** The separation measures of one kind of deal over its tournaments. */
export interface Separation {
  readonly tournaments: number;
  /** Levels by strength, strongest first. */
  readonly levels: readonly LevelScore[];
  /**
   * Share (0–1) of (entrant of a stronger level, entrant of a weaker level) pairs of a tournament
   * in which the stronger ended ahead: a higher score, or an equal score and fewer cards left (the
   * standings' order without its last resort, entry order); a full tie counts half. Null with no
   * such pair.
   */
  readonly strongerAhead: number | null;
  /** Per tournament, in run order (null with no pair). */
  readonly strongerAheadByRun: ReadonlyArray<number | null>;
  /**
   * Mean between-level mean square of scores over mean within-level mean square (one-way
   * analysis of variance, averaged over the tournaments); null with fewer than two levels or no
   * within-level spread.
   */
  readonly varianceRatio: number | null;
}

function strength(level: AiLevel): number {
  return AI_LEVELS.indexOf(level);
}

/** Whether `a` ended ahead of `b` (1), level with it (0.5) or behind (0): score, then fewer cards left. */
function ahead(a: StandingRow, b: StandingRow): number {
  if (a.score !== b.score) return a.score > b.score ? 1 : 0;
  if (a.cardsLeft !== b.cardsLeft) return a.cardsLeft < b.cardsLeft ? 1 : 0;
  return 0.5;
}

/** The share of (stronger, weaker) pairs of one tournament the stronger ended ahead in; null when there is none. */
export function strongerAheadShare(rows: readonly StandingRow[]): number | null {
  let pairs = 0;
  let won = 0;
  for (const a of rows) {
    for (const b of rows) {
      if (strength(a.level) <= strength(b.level)) continue;
      pairs++;
      won += ahead(a, b);
    }
  }
  return pairs === 0 ? null : won / pairs;
}

/** Between-level and within-level mean squares of one tournament's scores, or null with one level. */
export function meanSquares(
  rows: readonly StandingRow[],
): { readonly between: number; readonly within: number } | null {
  const byLevel = new Map<AiLevel, number[]>();
  for (const row of rows) byLevel.set(row.level, [...(byLevel.get(row.level) ?? []), row.score]);
  const groups = [...byLevel.values()];
  if (groups.length < 2 || rows.length <= groups.length) return null;
  const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const grand = mean(rows.map((r) => r.score));
  let between = 0;
  let within = 0;
  for (const scores of groups) {
    const m = mean(scores);
    between += scores.length * (m - grand) ** 2;
    for (const x of scores) within += (x - m) ** 2;
  }
  return { between: between / (groups.length - 1), within: within / (rows.length - groups.length) };
}

/** The separation measures over tournaments of the same entrants (each a standings list). */
export function separation(runs: ReadonlyArray<readonly StandingRow[]>): Separation {
  const totals = new Map<AiLevel, { score: number; count: number }>();
  for (const rows of runs) {
    for (const row of rows) {
      const total = totals.get(row.level) ?? { score: 0, count: 0 };
      total.score += row.score;
      total.count++;
      totals.set(row.level, total);
    }
  }
  const levels = [...totals]
    .map(([level, t]) => ({
      level,
      strength: strength(level),
      entrants: t.count / Math.max(1, runs.length),
      meanScore: t.score / t.count,
    }))
    .sort((a, b) => b.strength - a.strength);
  const byRun = runs.map(strongerAheadShare);
  const shares = byRun.filter((x): x is number => x !== null);
  const squares = runs.map(meanSquares).filter((x) => x !== null);
  const between = squares.reduce((s, x) => s + x.between, 0);
  const within = squares.reduce((s, x) => s + x.within, 0);
  return {
    tournaments: runs.length,
    levels,
    strongerAhead: shares.length === 0 ? null : shares.reduce((s, x) => s + x, 0) / shares.length,
    strongerAheadByRun: byRun,
    varianceRatio: squares.length === 0 || within === 0 ? null : between / within,
  };
}

/** A paired difference's mean and normal 95% interval. */
export interface PairedDifference {
  readonly mean: number;
  readonly low: number;
  readonly high: number;
  readonly pairs: number;
}

/** `a − b` run by run (the same seeds), with its mean and 95% interval; null with no pair. */
export function pairedDifference(
  a: ReadonlyArray<number | null>,
  b: ReadonlyArray<number | null>,
): PairedDifference | null {
  const diffs: number[] = [];
  a.forEach((x, i) => {
    const y = b[i];
    if (x !== null && y !== null && y !== undefined) diffs.push(x - y);
  });
  if (diffs.length === 0) return null;
  const mean = diffs.reduce((s, x) => s + x, 0) / diffs.length;
  const variance = diffs.length < 2 ? 0 : diffs.reduce((s, x) => s + (x - mean) ** 2, 0) / (diffs.length - 1);
  const half = 1.96 * Math.sqrt(variance / diffs.length);
  return { mean, low: mean - half, high: mean + half, pairs: diffs.length };
}

/** Which kind of deal separated the levels better on one measure (higher is better). */
export type Better = 'duplicate' | 'independent' | 'equal';

export function better(duplicate: number | null, independent: number | null): Better | null {
  if (duplicate === null || independent === null) return null;
  if (duplicate === independent) return 'equal';
  return duplicate > independent ? 'duplicate' : 'independent';
}
