import {
  type AiPolicy,
  aiCommand,
  applyCommand,
  type Command,
  createGame,
  createRng,
  type GameState,
  legalMoves,
  type Rules,
  tableOptions,
} from '../src/index.js';

/** A head-to-head match: policy `a` against policy `b`, heads-up, on duplicate deals. */
export interface LadderOptions {
  readonly rules: Rules;
  /** Deals to play; each is played twice with the seats swapped, so games = 2 × deals. */
  readonly deals: number;
  /** Fixes every deal and both policies' generators: the same seed gives the same match. */
  readonly seed: string;
  readonly a: AiPolicy;
  readonly b: AiPolicy;
  /** First deal index (to split a long match into shards that add up to the same match). */
  readonly firstDeal?: number;
  /** A clock in ms, read around each of `a`'s decisions; without it no time is measured. */
  readonly now?: () => number;
}

export interface LadderResult {
  readonly games: number;
  readonly aWins: number;
  readonly bWins: number;
  /** Games ended by the move cap (their winner is the one with fewest cards). */
  readonly moveCapGames: number;
  /** `a`'s move decisions (face-up choices not counted). */
  readonly aDecisions: number;
  /** ms per `a` move decision (only with `now`), in play order. */
  readonly aDecisionMs: readonly number[];
  /** ms per `a` move decision where it had more than one legal move (only with `now`). */
  readonly aSearchedMs: readonly number[];
}

function must(state: GameState, command: Command): GameState {
  const applied = applyCommand(state, command);
  if (!applied.ok) throw new Error(`ladder: refused ${command.type}: ${applied.error.code}`);
  return applied.value.state;
}

interface GameTally {
  winner: string;
  moveCap: boolean;
  aDecisions: number;
  aDecisionMs: number[];
  aSearchedMs: number[];
}

/** One heads-up game of the deal `seed`; `aSeat` is the seat (0 or 1) policy `a` plays. */
function playGame(options: LadderOptions, seed: string, aSeat: 0 | 1): GameTally {
  const policies = aSeat === 0 ? [options.a, options.b] : [options.b, options.a];
  // Each policy keeps its own generator across the two games of a deal, keyed by policy not seat.
  const rngs =
    aSeat === 0 ? [createRng(`${seed}:a`), createRng(`${seed}:b`)] : [createRng(`${seed}:b`), createRng(`${seed}:a`)];
  let state = createGame(tableOptions({ rules: options.rules, maxSeats: 2 }), seed);
  state = must(state, { type: 'sit', seat: 's0', name: 'P0', ai: null });
  state = must(state, { type: 'sit', seat: 's1', name: 'P1', ai: null });
  state = must(state, { type: 'start', seat: null });
  const tally: GameTally = { winner: '', moveCap: false, aDecisions: 0, aDecisionMs: [], aSearchedMs: [] };
  for (let guard = 0; state.phase !== 'finished'; guard++) {
    if (guard > 5000) throw new Error('ladder: game did not end');
    const index = state.phase === 'playing' ? state.turn : state.seats.findIndex((s) => !s.ready);
    const policy = policies[index] as AiPolicy;
    const rng = rngs[index] as ReturnType<typeof createRng>;
    const timed = index === aSeat && state.phase === 'playing';
    const choices = timed ? legalMoves(state, index).length : 0;
    const start = timed && options.now !== undefined ? options.now() : 0;
    const command = aiCommand(state, index, policy, rng);
    if (timed) {
      tally.aDecisions++;
      if (options.now !== undefined) {
        const ms = options.now() - start;
        tally.aDecisionMs.push(ms);
        if (choices > 1) tally.aSearchedMs.push(ms);
      }
    }
    if (command === null) throw new Error(`ladder: nothing due from seat ${index}`);
    state = must(state, command);
  }
  const result = state.result;
  if (result === null) throw new Error('ladder: finished without a result');
  tally.winner = result.winner;
  tally.moveCap = result.reason === 'moveCap';
  return tally;
}

/**
 * Plays `deals` duplicate deals heads-up: deal i is played once with `a` in seat 0 and once with
 * `a` in seat 1, so both policies get the same cards and the same turn order. Pure but for `now`.
 */
export function runLadder(options: LadderOptions): LadderResult {
  let aWins = 0;
  let bWins = 0;
  let moveCapGames = 0;
  let aDecisions = 0;
  const aDecisionMs: number[] = [];
  const aSearchedMs: number[] = [];
  const first = options.firstDeal ?? 0;
  for (let deal = first; deal < first + options.deals; deal++) {
    for (const aSeat of [0, 1] as const) {
      const tally = playGame(options, `${options.seed}:${deal}`, aSeat);
      if (tally.winner === `s${aSeat}`) aWins++;
      else bWins++;
      if (tally.moveCap) moveCapGames++;
      aDecisions += tally.aDecisions;
      aDecisionMs.push(...tally.aDecisionMs);
      aSearchedMs.push(...tally.aSearchedMs);
    }
  }
  return { games: aWins + bWins, aWins, bWins, moveCapGames, aDecisions, aDecisionMs, aSearchedMs };
}

/** The Wilson score 95% interval of `wins` out of `games` (a proportion, 0–1). */
export function wilson95(wins: number, games: number): [number, number] {
  if (games === 0) return [0, 1];
  const z = 1.959963984540054;
  const p = wins / games;
  const denom = 1 + (z * z) / games;
  const centre = (p + (z * z) / (2 * games)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / games + (z * z) / (4 * games * games))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** The q-quantile (0–1) of `values` by the nearest-rank method; 0 for no values. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1] as number;
}
