import { applyCommand } from '../apply.js';
import type { Command } from '../command.js';
import { createGame, tableOptions } from '../create.js';
import { createRng, type Rng } from '../rng.js';
import type { Rules } from '../rules.js';
import { type Interval, wilsonInterval } from '../simulate.js';
import type { AiLevel, GameState } from '../state.js';
import { aiCommand } from './index.js';
import type { AiPolicy } from './policy.js';

/**
 * How the AI levels measure against one another (docs/product.md §D11): each level against the
 * one below heads-up, and one of each at a table of four, on duplicate deals. The levels bench
 * (packages/core/bench/ai-levels.ts), `npx palace ai-strength` and the figures the web shows
 * (`AI_LEVEL_FIGURES`, packages/protocol) all come from here. Pure: the same options give the same
 * figures.
 */

/** A table of AI policies played on duplicate deals. */
export interface DuplicateMatch {
  readonly rules: Rules;
  /** One policy per seat (2–8); each deal is played once per rotation of them around the table. */
  readonly policies: readonly AiPolicy[];
  /**
   * Per policy (in `policies` order), the level its seats sit with (`SeatView.ai`, which the strong
   * AI reads to model each opponent); unset or null: seated as a person.
   */
  readonly levels?: readonly (AiLevel | null)[];
  /** Deals to play: games = deals × policies.length. */
  readonly deals: number;
  /** The first deal's number (for shards of one run); default 0. */
  readonly firstDeal?: number;
  /**
   * How the policies sit round the table. `rotate` (the default): always in `policies` order, so
   * each policy always plays right after the same one. `all`: deal d seats them in the
   * (d mod (n−1)!)-th cyclic order (the first policy fixed, the others permuted), then rotates, so
   * over every (n−1)! deals each policy follows every other equally often (at a mixed table,
   * playing after a weak player is worth a lot: docs/architecture.md "AI levels").
   */
  readonly orders?: 'rotate' | 'all';
  /** Fixes every deal and every policy's generator. */
  readonly seed: string;
  /** Called after each game with games done and games in all. */
  readonly onGame?: (done: number, total: number) => void;
}

export interface DuplicateResult {
  readonly games: number;
  /** Per policy (in `policies` order): games won (a game ended by the move cap goes to the fewest cards). */
  readonly wins: readonly number[];
  /** Per policy: mean finishing place (1 = first). */
  readonly meanPlace: readonly number[];
  /** Games ended by the move cap. */
  readonly moveCapGames: number;
}

/** Every ordering of `items`, in lexicographic order of their indices. */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  const out: T[][] = [];
  for (const [i, head] of items.entries()) {
    for (const tail of permutations([...items.slice(0, i), ...items.slice(i + 1)])) out.push([head, ...tail]);
  }
  return out;
}

function must(state: GameState, command: Command): GameState {
  const applied = applyCommand(state, command);
  if (!applied.ok) throw new Error(`levels: the engine refused ${command.type}: ${applied.error.code}`);
  return applied.value.state;
}

/**
 * Plays deal `d` (seeded `${seed}:${d}`) once per rotation: in rotation r seat s is played by
 * the policy at place (s + r) mod n of the deal's seating order (see `orders`), so every policy plays every seat's cards and turn order. Each policy has
 * its own generator (keyed by deal, rotation and policy), so one policy's draws never shift
 * another's.
 */
export function playDuplicate(match: DuplicateMatch): DuplicateResult {
  const n = match.policies.length;
  const wins = match.policies.map(() => 0);
  const places = match.policies.map(() => 0);
  let moveCapGames = 0;
  const total = match.deals * n;
  const first = match.firstDeal ?? 0;
  let done = 0;
  const rest = Array.from({ length: n - 1 }, (_, i) => i + 1);
  const orders = match.orders === 'all' ? permutations(rest).map((p) => [0, ...p]) : [[0, ...rest]];
  for (let deal = first; deal < first + match.deals; deal++) {
    const dealSeed = `${match.seed}:${deal}`;
    const order = orders[deal % orders.length] as number[];
    for (let rotation = 0; rotation < n; rotation++) {
      const owner = Array.from({ length: n }, (_, s) => order[(s + rotation) % n] as number);
      const rngs: Rng[] = owner.map((p) => createRng(`${dealSeed}:${rotation}:p${p}`));
      let state = createGame(tableOptions({ rules: match.rules, maxSeats: n }), dealSeed);
      for (let s = 0; s < n; s++) {
        const ai = match.levels?.[owner[s] as number] ?? null;
        state = must(state, { type: 'sit', seat: `s${s}`, name: `P${s}`, ai });
      }
      state = must(state, { type: 'start', seat: null });
      for (let guard = 0; state.result === null; guard++) {
        if (guard > 5000) throw new Error('levels: a game did not end');
        const index = state.phase === 'playing' ? state.turn : state.seats.findIndex((seat) => !seat.ready);
        const policy = match.policies[owner[index] as number] as AiPolicy;
        const command = aiCommand(state, index, policy, rngs[index] as Rng);
        if (command === null) throw new Error(`levels: nothing due from seat ${index}`);
        state = must(state, command);
      }
      const result = state.result;
      if (result === null) throw new Error('levels: finished without a result');
      if (result.reason === 'moveCap') moveCapGames++;
      for (const standing of result.standings) {
        const p = owner[Number(standing.seat.slice(1))] as number;
        places[p] = (places[p] as number) + standing.place;
        if (standing.seat === result.winner) wins[p] = (wins[p] as number) + 1;
      }
      match.onGame?.(++done, total);
    }
  }
  return { games: total, wins, meanPlace: places.map((sum) => sum / Math.max(1, total)), moveCapGames };
}

/** One level against the level below it, heads-up. */
export interface LevelPair {
  readonly level: AiLevel;
  readonly below: AiLevel;
  readonly games: number;
  /** Games `level` won. */
  readonly wins: number;
  /** wins / games (0–1). */
  readonly share: number;
  readonly ci95: Interval;
  readonly moveCapGames: number;
  readonly seed: string;
}

/** One of each level at one table. */
export interface LevelTable {
  readonly levels: readonly AiLevel[];
  readonly games: number;
  /** Per level (in `levels` order): mean finishing place, 1 = first. */
  readonly meanPlace: readonly number[];
  /** Per level: games won. */
  readonly wins: readonly number[];
  readonly moveCapGames: number;
  readonly seed: string;
}

export interface LevelsOptions {
  readonly rules: Rules;
  /** The levels, weakest first, with their policies (usually `AI_LEVELS` and `AI_POLICIES`). */
  readonly levels: readonly AiLevel[];
  readonly policies: Readonly<Record<AiLevel, AiPolicy>>;
  /** Heads-up deals per adjacent pair (two games each, seats swapped); a level's own count may be set in `pairDeals`. */
  readonly deals: number;
  readonly pairDeals?: Partial<Record<AiLevel, number>>;
  /** Deals of the table of one of each level (games = deals × levels); 0 leaves the table out. */
  readonly tableDeals: number;
  readonly seed: string;
  /** Called after each game with games done and games in all. */
  readonly onGame?: (done: number, total: number) => void;
}

export interface LevelsReport {
  /** Each level above the weakest against the one below it, weakest pair first. */
  readonly pairs: readonly LevelPair[];
  /** Null when `tableDeals` is 0. */
  readonly table: LevelTable | null;
}

/** The seed of one part of a levels run (each pair and the table get their own deals). */
export function levelsSeed(seed: string, part: string): string {
  return `${seed}/${part}`;
}

/**
 * Measures the levels: each against the one below heads-up on `deals` duplicate deals (seats
 * swapped), and one of each at one table on `tableDeals` duplicate deals (seats rotated).
 */
export function measureLevels(options: LevelsOptions): LevelsReport {
  const { levels, policies, rules } = options;
  const pairDeals = (level: AiLevel) => options.pairDeals?.[level] ?? options.deals;
  let total = options.tableDeals * levels.length;
  for (let i = 1; i < levels.length; i++) total += 2 * pairDeals(levels[i] as AiLevel);
  let before = 0;
  const onGame = (done: number) => options.onGame?.(before + done, total);
  const pairs: LevelPair[] = [];
  for (let i = 1; i < levels.length; i++) {
    const level = levels[i] as AiLevel;
    const below = levels[i - 1] as AiLevel;
    const deals = pairDeals(level);
    if (deals < 1) continue;
    const seed = levelsSeed(options.seed, `${level}-${below}`);
    const r = playDuplicate({ rules, policies: [policies[level], policies[below]], deals, seed, onGame });
    before += r.games;
    const wins = r.wins[0] as number;
    pairs.push({
      level,
      below,
      games: r.games,
      wins,
      share: wins / r.games,
      ci95: wilsonInterval(wins, r.games),
      moveCapGames: r.moveCapGames,
      seed,
    });
  }
  let table: LevelTable | null = null;
  if (options.tableDeals > 0) {
    const seed = levelsSeed(options.seed, 'table');
    const r = playDuplicate({
      rules,
      policies: levels.map((l) => policies[l]),
      // Seated with their levels, as the server seats them, so a level that reads its opponents'
      // levels (`strong`, docs/architecture.md "AI levels") sees them; every seating order is played,
      // so no level always sits after the weakest.
      levels,
      orders: 'all',
      deals: options.tableDeals,
      seed,
      onGame,
    });
    table = { levels, games: r.games, meanPlace: r.meanPlace, wins: r.wins, moveCapGames: r.moveCapGames, seed };
  }
  return { pairs, table };
}
