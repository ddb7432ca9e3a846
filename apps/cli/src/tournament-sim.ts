import { availableParallelism } from 'node:os';
import { AI_LEVELS, type AiLevel, err, ok, type Result } from '@palace/core';
import {
  TOURNAMENT_PLAYERS_MAX,
  TOURNAMENT_PLAYERS_MIN,
  TOURNAMENT_ROUNDS_MAX,
  TOURNAMENT_ROUNDS_MIN,
  TOURNAMENT_TABLE_MAX,
  TOURNAMENT_TABLE_MIN,
} from '@palace/protocol';
import { runTournaments } from './tournament-pool.js';
import { entrantName, type StandingRow, type TournamentPlan } from './tournament-run.js';
import { type SimScoring, totalPerTournament } from './tournament-scorings.js';
import {
  type Better,
  better,
  type PairedDifference,
  pairedDifference,
  type Separation,
  separation,
} from './tournament-stats.js';

/** A parsed `palace tournament simulate` command line. */
export interface TournamentSimArgs {
  readonly players: number;
  readonly rounds: number;
  readonly tableSize: number;
  /** The levels given to the entrants in entry order, cycling. */
  readonly ai: readonly AiLevel[];
  /** Tournaments per kind of deal. */
  readonly runs: number;
  readonly seed: string;
  /** Threads the tournaments run on (1: this one). */
  readonly workers: number;
  readonly json: boolean;
}

/** The defaults of `palace tournament simulate`. */
export const TOURNAMENT_SIM_DEFAULTS = {
  players: 16,
  rounds: 3,
  tableSize: 4,
  ai: 'strong,greedy,random',
  runs: 20,
  seed: 'palace',
} as const;

/** Most tournaments per kind of deal. */
const RUNS_MAX = 1000;
/** Most worker threads. */
const WORKERS_MAX = 16;

/** The raw option values `node:util` parseArgs gives for `palace tournament simulate`. */
export interface TournamentSimFlags {
  readonly players?: string | undefined;
  readonly rounds?: string | undefined;
  readonly 'table-size'?: string | undefined;
  readonly ai?: string | undefined;
  readonly runs?: string | undefined;
  readonly seed?: string | undefined;
  readonly workers?: string | undefined;
  readonly json?: boolean | undefined;
}

function within(text: string | undefined, fallback: number, flag: string, min: number, max: number) {
  const raw = (text ?? String(fallback)).trim();
  const n = Number(raw);
  return /^\d+$/.test(raw) && n >= min && n <= max
    ? ok(n)
    : err(`${flag} must be a whole number from ${min} to ${max}, got "${text}"`);
}

function isAiLevel(name: string): name is AiLevel {
  return (AI_LEVELS as readonly string[]).includes(name);
}

/** Checks the flags; every refusal is a one-line usage message. */
export function tournamentSimArgs(flags: TournamentSimFlags): Result<TournamentSimArgs, string> {
  const d = TOURNAMENT_SIM_DEFAULTS;
  const players = within(flags.players, d.players, '--players', TOURNAMENT_PLAYERS_MIN, TOURNAMENT_PLAYERS_MAX);
  if (!players.ok) return players;
  const rounds = within(flags.rounds, d.rounds, '--rounds', TOURNAMENT_ROUNDS_MIN, TOURNAMENT_ROUNDS_MAX);
  if (!rounds.ok) return rounds;
  const tableSize = within(
    flags['table-size'],
    d.tableSize,
    '--table-size',
    TOURNAMENT_TABLE_MIN,
    TOURNAMENT_TABLE_MAX,
  );
  if (!tableSize.ok) return tableSize;
  const runs = within(flags.runs, d.runs, '--runs', 1, RUNS_MAX);
  if (!runs.ok) return runs;
  const cores = Math.min(availableParallelism(), WORKERS_MAX);
  const workers = within(flags.workers, cores, '--workers', 1, WORKERS_MAX);
  if (!workers.ok) return workers;
  const ai: AiLevel[] = [];
  for (const name of (flags.ai ?? d.ai).split(',').map((n) => n.trim())) {
    if (!isAiLevel(name)) return err(`unknown AI level "${name}" in --ai; levels: ${AI_LEVELS.join(', ')}`);
    ai.push(name);
  }
  const seed = flags.seed ?? d.seed;
  if (seed.length === 0) return err('--seed must not be empty');
  return ok({
    players: players.value,
    rounds: rounds.value,
    tableSize: tableSize.value,
    ai,
    runs: runs.value,
    seed,
    workers: workers.value,
    json: flags.json === true,
  });
}

/**
 * The two kinds of tournament compared (docs/tournaments.md "Measured"), run r of each with the
 * same entrants and seed: the format as it is, seat against seat on duplicate deals, and the
 * format before, place points on independent deals.
 */
export const KINDS = {
  duplicate: { deals: 'duplicate', scoring: 'seat-against-seat', name: 'seat against seat, duplicate deals' },
  independent: { deals: 'independent', scoring: 'place-points', name: 'place points, independent deals' },
} as const satisfies Record<
  string,
  { readonly deals: TournamentPlan['deals']; readonly scoring: SimScoring; readonly name: string }
>;

/** Which kind separated the levels better, by measure, and in words. */
export interface Verdict {
  readonly strongerAhead: Better | null;
  readonly varianceRatio: Better | null;
  readonly text: string;
}

/** What `palace tournament simulate` measured. */
export interface TournamentSimReport {
  readonly players: number;
  readonly rounds: number;
  readonly tableSize: number;
  readonly runs: number;
  readonly seed: string;
  /** Every entrant, in entry order. */
  readonly entrants: ReadonlyArray<{ readonly name: string; readonly level: AiLevel }>;
  /**
   * What one tournament gives out in all, in each kind's unit: seat against seat, percent summed
   * (50 a seated player, 100 a bye, every round); place points, n(n−1)/2 a table of n and 1 a bye.
   */
  readonly perTournament: { readonly duplicate: number; readonly independent: number };
  /** The final standings of the first tournament seat against seat on duplicate deals. */
  readonly standings: readonly StandingRow[];
  /** Seat against seat on duplicate deals (scores in percent, summed over the rounds). */
  readonly duplicate: Separation;
  /** Place points on independent deals (scores in points). */
  readonly independent: Separation;
  /** The stronger-ahead share, duplicate (seat against seat) minus independent (place points), paired run by run. */
  readonly strongerAheadDifference: PairedDifference | null;
  readonly verdict: Verdict;
}

const MEASURE_NAMES = { strongerAhead: 'stronger-ahead pairs', varianceRatio: 'variance ratio' } as const;

function verdictOf(dup: Separation, ind: Separation, difference: PairedDifference | null): Verdict {
  const strongerAhead = better(dup.strongerAhead, ind.strongerAhead);
  const varianceRatio = better(dup.varianceRatio, ind.varianceRatio);
  const named = { strongerAhead, varianceRatio };
  const decided = (Object.keys(named) as Array<keyof typeof named>).filter((k) => named[k] !== null);
  const winners = new Set(decided.map((k) => named[k]));
  let text: string;
  if (decided.length === 0) {
    text = 'The levels cannot be told apart: --ai names one level only (or levels of equal strength).';
  } else if (winners.size === 1) {
    const [winner] = winners;
    const which = decided.length === 2 ? 'on both measures' : `on the ${MEASURE_NAMES[decided[0] ?? 'strongerAhead']}`;
    text =
      winner === 'equal'
        ? `Both kinds separated the levels equally well ${which}.`
        : `${winner === 'duplicate' ? 'Seat against seat on duplicate deals' : 'Place points on independent deals'} separated the levels better ${which}.`;
  } else {
    const say = (k: keyof typeof named) =>
      `${MEASURE_NAMES[k]}: ${named[k] === 'equal' ? 'equal' : KINDS[named[k] ?? 'duplicate'].name}`;
    text = `The measures disagree (${decided.map(say).join('; ')}).`;
  }
  if (difference !== null) {
    const pts = (x: number) => {
      const shown = (100 * x).toFixed(1);
      return Number(shown) === 0 ? '0.0' : `${x > 0 ? '+' : '−'}${shown.replace('-', '')}`;
    };
    const noise = difference.low <= 0 && difference.high >= 0;
    text += ` Stronger-ahead share, seat against seat minus place points: ${pts(difference.mean)} percentage points (95% CI ${pts(difference.low)} to ${pts(difference.high)} over ${difference.pairs} paired runs)${noise ? ', within the noise of this many runs' : ''}.`;
  }
  return { strongerAhead, varianceRatio, text };
}

/**
 * Runs `args.runs` tournaments seat against seat on duplicate deals and as many with place points
 * on independent deals (the same entrants and the same seed for run r of each kind) through the
 * real services in memory, and measures how well each kind separates the AI levels.
 * `progress(done, total)` after each.
 */
export async function simulateTournaments(
  args: TournamentSimArgs,
  progress: (done: number, total: number) => void = () => {},
): Promise<Result<TournamentSimReport, string>> {
  const levels = Array.from({ length: args.players }, (_, i) => args.ai[i % args.ai.length] as AiLevel);
  const plansOf = (kind: keyof typeof KINDS): TournamentPlan[] =>
    Array.from({ length: args.runs }, (_, r) => ({
      levels,
      tableSize: args.tableSize,
      rounds: args.rounds,
      deals: KINDS[kind].deals,
      scoring: KINDS[kind].scoring,
      seed: `${args.seed}/run/${r + 1}`,
    }));
  const outcomes = await runTournaments([...plansOf('duplicate'), ...plansOf('independent')], args.workers, progress);
  if (!outcomes.ok) return outcomes;
  const standings = outcomes.value.map((o) => o.standings);
  const perTournament = {
    duplicate: totalPerTournament(KINDS.duplicate.scoring, args),
    independent: totalPerTournament(KINDS.independent.scoring, args),
  };
  const short = standings.findIndex((rows, i) => {
    const expected = i < args.runs ? perTournament.duplicate : perTournament.independent;
    return Math.abs(rows.reduce((sum, r) => sum + r.score, 0) - expected) > 1e-6 * Math.max(1, expected);
  });
  if (short >= 0) return err(`tournament ${short + 1} gave out other than what its tables and byes hold`);
  const duplicate = separation(standings.slice(0, args.runs));
  const independent = separation(standings.slice(args.runs));
  const difference = pairedDifference(duplicate.strongerAheadByRun, independent.strongerAheadByRun);
  return ok({
    players: args.players,
    rounds: args.rounds,
    tableSize: args.tableSize,
    runs: args.runs,
    seed: args.seed,
    entrants: levels.map((level, i) => ({ name: entrantName(i, levels.length), level })),
    perTournament,
    standings: standings[0] ?? [],
    duplicate,
    independent,
    strongerAheadDifference: difference,
    verdict: verdictOf(duplicate, independent, difference),
  });
}
