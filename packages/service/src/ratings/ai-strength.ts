import { AI_LEVELS, AI_POLICIES, type AiLevel, type LevelPair, measureLevels, PRESETS } from '@palace/core';
import { AI_LEVEL_LABEL, aiLevelWords, winsInWords } from '@palace/protocol';

/** The AI levels a player can add, weakest first (docs/product.md §D11: each shows its strength in words). */
export const RATED_AI_LEVELS: readonly AiLevel[] = AI_LEVELS;

/** One row of the level table the web shows, as measured by one levels run. */
export interface AiLevelRow {
  readonly level: AiLevel;
  /** "Casual". */
  readonly label: string;
  /** This run's figure in words: "wins 7 in 10 against Beginner"; Beginner "plays any legal card". */
  readonly words: string;
  /** What the web shows today (`AI_LEVEL_FIGURES`, packages/protocol), to compare with `words`. */
  readonly published: string;
  /** Heads-up against the level below; null for the weakest (or a pair left out). */
  readonly headsUp: LevelPair | null;
  /** Mean place at the table of one of each level (1 = first); null when the table was left out. */
  readonly meanPlace: number | null;
  /** Games at that table (each level sat in every one). */
  readonly tableGames: number;
}

export interface AiLevelTableOptions {
  /** Heads-up deals of each cheap pair (two games each, seats swapped). */
  readonly deals: number;
  /** Heads-up deals of Strong against Normal (the strong AI searches: 1-2 s a game here). */
  readonly strongDeals: number;
  /** Deals of the table of one of each level (one game per seat rotation). */
  readonly tableDeals: number;
  readonly seed: string;
  /** The levels, weakest first (all four unless a test leaves the slow one out). */
  readonly levels?: readonly AiLevel[];
  readonly onProgress?: (done: number, total: number) => void;
}

/**
 * The level table (docs/product.md §D11; docs/architecture.md "AI levels"): each level against the one
 * below heads-up and one of each at one classic table, on duplicate deals, measured by the levels
 * bench's own code (`measureLevels`, packages/core). Deterministic: the same options give the
 * same table.
 */
export function aiLevelTable(options: AiLevelTableOptions): AiLevelRow[] {
  const levels = options.levels ?? RATED_AI_LEVELS;
  const report = measureLevels({
    rules: PRESETS.classic.rules,
    levels,
    policies: AI_POLICIES,
    deals: options.deals,
    pairDeals: { strong: options.strongDeals },
    tableDeals: options.tableDeals,
    seed: options.seed,
    ...(options.onProgress === undefined ? {} : { onGame: options.onProgress }),
  });
  const table = report.table;
  return levels.map((level, i) => {
    const headsUp = report.pairs.find((p) => p.level === level) ?? null;
    const words =
      i === 0
        ? aiLevelWords(level)
        : headsUp === null
          ? 'not measured'
          : winsInWords(headsUp.share, AI_LEVEL_LABEL[headsUp.below]);
    return {
      level,
      label: AI_LEVEL_LABEL[level],
      words,
      published: aiLevelWords(level),
      headsUp,
      meanPlace: table === null ? null : (table.meanPlace[i] as number),
      tableGames: table === null ? 0 : table.games,
    };
  });
}
