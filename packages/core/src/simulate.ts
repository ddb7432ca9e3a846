import { AI_POLICIES, aiCommand, nextAiSeat } from './ai/index.js';
import { applyCommand } from './apply.js';
import type { Command } from './command.js';
import { createGame, tableOptions } from './create.js';
import { err, ok, type Result } from './result.js';
import { createRng } from './rng.js';
import type { Rules } from './rules.js';
import { type AiLevel, type GameResult, type GameState, MAX_SEATS, MIN_SEATS } from './state.js';

/** What to simulate. Everything follows from these: no clock, no ambient randomness. */
export interface SimulationOptions {
  /** Deals to play (each deal is played once, or `players` times with `duplicate`). At least 1. */
  readonly deals: number;
  /** Seats at each table, 2–8. */
  readonly players: number;
  readonly rules: Rules;
  /**
   * AI policy names (keys of `AI_POLICIES`), one per entry. Seat `s` is played by entry
   * `s mod entries.length`, so a short list cycles around the table.
   */
  readonly ai: readonly string[];
  /** Fixes every deal and every AI choice. */
  readonly seed: string;
  /** Play every deal once per seat, rotating the seat assignment, so each entry plays every seat's cards. */
  readonly duplicate: boolean;
}

/** The 95% Wilson score interval of a proportion (bounds in [0, 1]). */
export interface Interval {
  readonly low: number;
  readonly high: number;
}

/**
 * One `ai` entry's results. Entries are counted separately even when two name the same policy
 * (`greedy,greedy` shows `greedy#1` and `greedy#2`), so a policy can be measured against itself.
 * An entry holding several seats at one table (the list cycles) wins the game if any of them wins.
 */
export interface EntryStats {
  /** Index in the `ai` list. */
  readonly entry: number;
  readonly policy: string;
  /** The policy name, suffixed `#k` (1-based) when the name appears more than once in the list. */
  readonly label: string;
  /** Games this entry sat in (every game). */
  readonly games: number;
  /** Games won by one of this entry's seats; games ended by the move cap are won by nobody. */
  readonly wins: number;
  /** wins / games. */
  readonly winRate: number;
  readonly ci95: Interval;
  /** Mean finishing place of this entry's seats (1 = first), capped games included. */
  readonly meanRank: number;
}

/** Per-game means over all games played. */
export interface GameMeans {
  /** Accepted plays and pick-ups (the count the move cap limits). */
  readonly moves: number;
  /** Pile burns (a 10 or four of a kind). */
  readonly burns: number;
  /** Pick-ups, chosen or after an unplayable face-down card. */
  readonly pickUps: number;
}

export interface SimulationReport {
  readonly seed: string;
  readonly players: number;
  readonly rules: Rules;
  readonly duplicate: boolean;
  readonly deals: number;
  /** deals, or deals × players with `duplicate`. */
  readonly games: number;
  /** Games ended by the move cap: no winner, counted as draws. */
  readonly capped: number;
  readonly perGame: GameMeans;
  readonly entries: readonly EntryStats[];
}

export type SimulationErrorCode =
  /** `deals` is not a whole number of at least 1. */
  | 'simulate/deals'
  /** `players` is not a whole number from 2 to 8. */
  | 'simulate/players'
  /** The `ai` list is empty. */
  | 'simulate/no_policy'
  /** More `ai` entries than seats: some would never play. */
  | 'simulate/too_many_policies'
  /** An `ai` entry names no policy in `AI_POLICIES`. */
  | 'simulate/unknown_policy';

export interface SimulationError {
  readonly code: SimulationErrorCode;
  readonly message: string;
}

/** Called after each game with games done and games in all. */
export type SimulationProgress = (done: number, total: number) => void;

/**
 * Called after each game with each `ai` entry's finishing place in it (1 = first; an entry holding
 * several seats takes its best), in game order: what a rating model reads.
 */
export type SimulationGame = (places: readonly number[]) => void;

/** z for a two-sided 95% interval. */
const Z95 = 1.959963984540054;

/** The 95% Wilson score interval for `wins` successes out of `n` (the whole [0, 1] when n = 0). */
export function wilsonInterval(wins: number, n: number): Interval {
  if (n <= 0) return { low: 0, high: 1 };
  const p = wins / n;
  const z2 = Z95 * Z95;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (Z95 / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // The exact ends, so 0 and n wins do not print as 0.9999999999999999.
  return { low: wins <= 0 ? 0 : centre - half, high: wins >= n ? 1 : centre + half };
}

/** The policy names `AI_POLICIES` knows, in its order (new levels appear here by themselves). */
export function policyNames(): string[] {
  return Object.keys(AI_POLICIES);
}

function isPolicyName(name: string): name is AiLevel {
  return Object.hasOwn(AI_POLICIES, name);
}

/** The seed of deal `deal` of a simulation seeded `seed`. */
export function dealSeed(seed: string, deal: number): string {
  return `${seed}/deal-${deal}`;
}

/**
 * The entry that plays seat `seat` in rotation `rotation`: entries are laid around the table in
 * list order (cycling), then shifted by `rotation` seats.
 */
export function entryAt(seat: number, rotation: number, players: number, entries: number): number {
  return ((seat + rotation) % players) % entries;
}

interface GameOutcome {
  readonly result: GameResult;
  readonly moves: number;
  readonly burns: number;
  readonly pickUps: number;
}

function must(state: GameState, command: Command): { state: GameState; burns: number; pickUps: number } {
  const applied = applyCommand(state, command);
  if (!applied.ok) throw new Error(`simulate: the engine refused ${command.type}: ${applied.error.code}`);
  let burns = 0;
  let pickUps = 0;
  for (const event of applied.value.events) {
    if (event.type === 'burned') burns++;
    else if (event.type === 'pickedUp') pickUps++;
  }
  return { state: applied.value.state, burns, pickUps };
}

/** Plays one table to the end: seat `s` is `s{s}`, played by `levels[s]`. */
function playGame(rules: Rules, levels: readonly AiLevel[], gameSeed: string, aiSeed: string): GameOutcome {
  const rng = createRng(aiSeed);
  let state = createGame(tableOptions({ rules, flow: 'manual', maxSeats: levels.length }), gameSeed);
  let burns = 0;
  let pickUps = 0;
  const step = (command: Command): void => {
    const next = must(state, command);
    state = next.state;
    burns += next.burns;
    pickUps += next.pickUps;
  };
  levels.forEach((level, s) => {
    step({ type: 'sit', seat: `s${s}`, name: level, ai: level });
  });
  step({ type: 'start', seat: null });
  while (state.result === null) {
    const index = nextAiSeat(state);
    const seat = state.seats[index];
    if (seat === undefined || seat.ai === null) throw new Error(`simulate: nothing due in phase ${state.phase}`);
    const command = aiCommand(state, index, AI_POLICIES[seat.ai], rng);
    if (command === null) throw new Error(`simulate: seat ${index} has nothing to do`);
    step(command);
  }
  return { result: state.result, moves: state.moves, burns, pickUps };
}

function labelsOf(names: readonly string[]): string[] {
  return names.map((name, i) => {
    const same = names.filter((n) => n === name).length;
    return same > 1 ? `${name}#${names.slice(0, i + 1).filter((n) => n === name).length}` : name;
  });
}

function validate(options: SimulationOptions): SimulationError | null {
  if (!Number.isInteger(options.deals) || options.deals < 1) {
    return { code: 'simulate/deals', message: `games must be a whole number of at least 1, got ${options.deals}` };
  }
  const { players } = options;
  if (!Number.isInteger(players) || players < MIN_SEATS || players > MAX_SEATS) {
    return {
      code: 'simulate/players',
      message: `players must be a whole number from ${MIN_SEATS} to ${MAX_SEATS}, got ${players}`,
    };
  }
  if (options.ai.length === 0) return { code: 'simulate/no_policy', message: 'name at least one AI policy' };
  if (options.ai.length > players) {
    return {
      code: 'simulate/too_many_policies',
      message: `${options.ai.length} AI policies for ${players} players: name at most one per seat`,
    };
  }
  const unknown = options.ai.find((name) => !isPolicyName(name));
  if (unknown !== undefined) {
    return {
      code: 'simulate/unknown_policy',
      message: `unknown AI policy "${unknown}"; known: ${policyNames().join(', ')}`,
    };
  }
  return null;
}

/**
 * Plays `deals` AI-only games (× `players` rotations with `duplicate`) and counts, per `ai`
 * entry, wins with a 95% Wilson interval and the mean finishing place, and per game the mean
 * moves, burns and pick-ups. Deterministic: the same options give the same report. Deal `d` is
 * dealt from `dealSeed(seed, d)` (the same cards for every rotation of a duplicate deal); the
 * AIs draw from a generator seeded by the deal and the rotation. Synchronous: a host that wants
 * to stay responsive calls it in a worker or in slices.
 */
export function simulate(
  options: SimulationOptions,
  onProgress: SimulationProgress = () => {},
  onGame?: SimulationGame,
): Result<SimulationReport, SimulationError> {
  const invalid = validate(options);
  if (invalid !== null) return err(invalid);
  const { players, rules, seed, duplicate } = options;
  const names = options.ai as readonly AiLevel[];
  const rotations = duplicate ? players : 1;
  const total = options.deals * rotations;
  const wins = names.map(() => 0);
  const placeSums = names.map(() => 0);
  const seatGames = names.map(() => 0);
  let capped = 0;
  let moves = 0;
  let burns = 0;
  let pickUps = 0;
  let done = 0;
  for (let deal = 0; deal < options.deals; deal++) {
    for (let rotation = 0; rotation < rotations; rotation++) {
      const owner = Array.from({ length: players }, (_, s) => entryAt(s, rotation, players, names.length));
      const levels = owner.map((e) => names[e] as AiLevel);
      const outcome = playGame(rules, levels, dealSeed(seed, deal), `${seed}/ai-${deal}-${rotation}`);
      moves += outcome.moves;
      burns += outcome.burns;
      pickUps += outcome.pickUps;
      if (outcome.result.reason === 'moveCap') capped++;
      const best = names.map(() => Number.POSITIVE_INFINITY);
      for (const standing of outcome.result.standings) {
        const e = owner[Number(standing.seat.slice(1))] as number;
        placeSums[e] = (placeSums[e] as number) + standing.place;
        seatGames[e] = (seatGames[e] as number) + 1;
        best[e] = Math.min(best[e] as number, standing.place);
        if (standing.place === 1 && outcome.result.reason === 'out') wins[e] = (wins[e] as number) + 1;
      }
      onGame?.(best);
      done++;
      onProgress(done, total);
    }
  }
  const labels = labelsOf(names);
  const entries = names.map((policy, e): EntryStats => {
    const won = wins[e] as number;
    return {
      entry: e,
      policy,
      label: labels[e] as string,
      games: total,
      wins: won,
      winRate: won / total,
      ci95: wilsonInterval(won, total),
      meanRank: (placeSums[e] as number) / Math.max(1, seatGames[e] as number),
    };
  });
  return ok({
    seed,
    players,
    rules,
    duplicate,
    deals: options.deals,
    games: total,
    capped,
    perGame: { moves: moves / total, burns: burns / total, pickUps: pickUps / total },
    entries,
  });
}
