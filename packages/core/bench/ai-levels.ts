import {
  AI_LEVELS,
  AI_POLICIES,
  type AiLevel,
  type LevelsReport,
  measureLevels,
  PRESETS,
  type Rules,
} from '../src/index.js';

/**
 * The levels bench (issue 39 item 2): each level against the one below heads-up on seat-swapped
 * duplicate deals, and one of each level at a table of four on seat-rotated duplicate deals in every
 * seating order, each computer seated with its level
 * (`measureLevels`, packages/core/src/ai/levels.ts: the same code `npx palace ai-strength` runs).
 * Targets: each level wins at least 60 % against the one below, and the mean place at four goes
 * Beginner > Casual > Normal > Strong (1 = first).
 */
export interface LevelsBenchOptions {
  readonly rules?: Rules;
  /** Heads-up deals for the cheap pairs (games = 2 × deals). */
  readonly deals: number;
  /** Heads-up deals for Strong against Normal (the strong AI searches: 1-2 s a game here). */
  readonly strongDeals: number;
  /** Deals at the table of four (games = 4 × deals). */
  readonly tableDeals: number;
  readonly seed: string;
}

/** One JSON line per measure, in the style of bench/run.ts's other `ai` lines. */
export interface LevelsLine {
  readonly bench: string;
  readonly [key: string]: unknown;
}

const rate = (x: number) => Math.round(x * 1000) / 1000;

export function runLevelsBench(options: LevelsBenchOptions): { report: LevelsReport; lines: LevelsLine[] } {
  const strong: AiLevel = 'strong';
  const report = measureLevels({
    rules: options.rules ?? PRESETS.classic.rules,
    levels: AI_LEVELS,
    policies: AI_POLICIES,
    deals: options.deals,
    pairDeals: { [strong]: options.strongDeals },
    tableDeals: options.tableDeals,
    seed: options.seed,
  });
  // An illegal AI move throws (the case fails): no game here ended in error.
  const lines: LevelsLine[] = report.pairs.map((pair) => ({
    bench: `ai.levels.${pair.level}VsBelow`,
    level: pair.level,
    against: pair.below,
    games: pair.games,
    wins: pair.wins,
    seed: pair.seed,
    share: rate(pair.share),
    ci95: [rate(pair.ci95.low), rate(pair.ci95.high)],
    moveCapGames: pair.moveCapGames,
    errors: 0,
    measured: 'heads-up, classic, duplicate deals with seats swapped',
  }));
  const table = report.table;
  if (table !== null) {
    lines.push({
      bench: 'ai.levels.tableOfFour',
      games: table.games,
      seed: table.seed,
      meanPlace: Object.fromEntries(table.levels.map((level, i) => [level, rate(table.meanPlace[i] as number)])),
      wins: Object.fromEntries(table.levels.map((level, i) => [level, table.wins[i] as number])),
      moveCapGames: table.moveCapGames,
      errors: 0,
      measured: 'one of each level, classic, duplicate deals in every seating order, seats rotated; place 1 = first',
    });
  }
  return { report, lines };
}
