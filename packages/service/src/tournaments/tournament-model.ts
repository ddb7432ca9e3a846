import { createRng, err, ok, type Result, shuffleInPlace } from '@palace/core';
import {
  type RatingPreset,
  TOURNAMENT_DEFAULT_ROUNDS,
  TOURNAMENT_FEE_MAX,
  TOURNAMENT_FEE_MIN,
  TOURNAMENT_FEE_STEP,
  TOURNAMENT_NAME_MAX,
  TOURNAMENT_NAME_MIN,
  TOURNAMENT_PLAYERS_MAX,
  TOURNAMENT_PLAYERS_MIN,
  TOURNAMENT_PRIZE_SPLIT,
  TOURNAMENT_ROUNDS_MAX,
  TOURNAMENT_ROUNDS_MIN,
  TOURNAMENT_SPLIT_MIN_PLAYERS,
  TOURNAMENT_START_MAX_MS,
  TOURNAMENT_START_MIN_MS,
  TOURNAMENT_TABLE_MAX,
  TOURNAMENT_TABLE_MIN,
} from '@palace/protocol';
import { type ServiceError, serviceError } from '../service-error.js';
import type { StoredRound, TableResult, TournamentData } from './tournament-ports.js';
import { type RoundScoring, seatAgainstSeat, standingsOf } from './tournament-scoring.js';

/**
 * The tournament format (docs/tournaments.md), pure: checking a new tournament, seating a round
 * (round 1 at random from the tournament's seed, later rounds Swiss style by the standings,
 * avoiding repeat tables), a table's results and the prize split. Scores and standings are in
 * `tournament-scoring.ts`.
 */

/** What creating a tournament asks for (the wire's fields). */
export interface TournamentInput {
  readonly name: string;
  readonly preset?: RatingPreset | undefined;
  readonly maxPlayers?: number | undefined;
  readonly tableSize?: number | undefined;
  readonly rounds?: number | undefined;
  readonly entryFee?: number | undefined;
  /** ms since the epoch, or null: start when full. */
  readonly startsAt?: number | null | undefined;
}

export interface CheckedTournament {
  readonly name: string;
  readonly preset: RatingPreset;
  readonly maxPlayers: number;
  readonly tableSize: number;
  readonly rounds: number;
  readonly entryFee: number;
  readonly startsAt: number | null;
}

function whole(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

/** A new tournament's fields checked (docs/product.md §D11 tournaments), or the refusal. */
export function checkTournament(input: TournamentInput, now: number): Result<CheckedTournament, ServiceError> {
  const name = input.name.trim();
  if (name.length < TOURNAMENT_NAME_MIN) return err(serviceError('tournament/name_short'));
  if (name.length > TOURNAMENT_NAME_MAX) return err(serviceError('tournament/name_long'));
  const maxPlayers = input.maxPlayers ?? 8;
  if (!whole(maxPlayers, TOURNAMENT_PLAYERS_MIN, TOURNAMENT_PLAYERS_MAX))
    return err(serviceError('tournament/players'));
  const tableSize = input.tableSize ?? 4;
  if (!whole(tableSize, TOURNAMENT_TABLE_MIN, TOURNAMENT_TABLE_MAX)) return err(serviceError('tournament/table_size'));
  const rounds = input.rounds ?? TOURNAMENT_DEFAULT_ROUNDS;
  if (!whole(rounds, TOURNAMENT_ROUNDS_MIN, TOURNAMENT_ROUNDS_MAX)) return err(serviceError('tournament/rounds'));
  const entryFee = input.entryFee ?? 0;
  const feeOk =
    entryFee === 0 ||
    (whole(entryFee, TOURNAMENT_FEE_MIN, TOURNAMENT_FEE_MAX) &&
      (entryFee - TOURNAMENT_FEE_MIN) % TOURNAMENT_FEE_STEP === 0);
  if (!feeOk) return err(serviceError('tournament/fee'));
  const startsAt = input.startsAt ?? null;
  if (
    startsAt !== null &&
    (!Number.isFinite(startsAt) || startsAt < now + TOURNAMENT_START_MIN_MS || startsAt > now + TOURNAMENT_START_MAX_MS)
  ) {
    return err(serviceError('tournament/starts_at'));
  }
  return ok({ name, preset: input.preset ?? 'classic', maxPlayers, tableSize, rounds, entryFee, startsAt });
}

/**
 * The sizes of a round's tables for `players` entrants at tables of at most `tableSize`: as few
 * tables as fit, sizes as even as possible (largest first), each at least 2. Heads-up tables with
 * an odd count leave one player out (`byes`: 1).
 */
export function tableSizes(players: number, tableSize: number): { readonly sizes: number[]; readonly byes: number } {
  const byes = tableSize === 2 ? players % 2 : 0;
  const seated = players - byes;
  const count = Math.ceil(seated / tableSize);
  if (count === 0) return { sizes: [], byes };
  const base = Math.floor(seated / count);
  const extra = seated % count;
  return { sizes: Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0)), byes };
}

/** How the pool is paid (docs/tournaments.md): 50/30/20 % to the top three, all to the winner under 6 entrants. */
export function prizeSplit(pool: number, entrants: number): number[] {
  if (pool <= 0) return [];
  if (entrants < TOURNAMENT_SPLIT_MIN_PLAYERS) return [pool];
  const [, second = 0, third = 0] = TOURNAMENT_PRIZE_SPLIT.map((percent) => Math.floor((pool * percent) / 100));
  // The winner gets what rounding leaves over, so the pool is paid out whole.
  return [pool - second - third, second, third];
}

/** Pairs of players who have already sat at one table, as `a:b` keys with a < b. */
function metBefore(rounds: readonly StoredRound[]): Set<string> {
  const met = new Set<string>();
  for (const round of rounds) {
    for (const table of round.tables) {
      for (const a of table.seats) for (const b of table.seats) if (a < b) met.add(`${a}:${b}`);
    }
  }
  return met;
}

function repeatsAt(table: readonly number[], met: ReadonlySet<string>): number {
  let repeats = 0;
  for (const a of table) for (const b of table) if (a < b && met.has(`${a}:${b}`)) repeats++;
  return repeats;
}

/** A round's seating: user ids per table (seat order), and who sits out. */
export interface Seating {
  readonly tables: number[][];
  readonly byes: number[];
}

/**
 * Seats round `round` (1-based). Round 1: the entrants shuffled by the tournament seed. Later
 * rounds: Swiss — by the standings under `scoring`, best first, dealt into tables in order (the
 * best players meet), then improved by swapping players between neighbouring tables where that
 * lowers the number of pairs who have sat together before without moving anyone more than one
 * table from their standing. A bye goes to the lowest-ranked entrant without one yet. Every entrant is seated at
 * exactly one table or has the bye; sizes come from `tableSizes`.
 */
export function seatRound(
  data: Pick<TournamentData, 'entries' | 'roundList' | 'tableSize' | 'seed'>,
  round: number,
  scoring: RoundScoring = seatAgainstSeat,
): Seating {
  const { sizes, byes: byeCount } = tableSizes(data.entries.length, data.tableSize);
  let order: number[];
  if (round === 1) {
    order = data.entries.map((e) => e.userId);
    shuffleInPlace(createRng(`${data.seed}/seating`), order);
  } else {
    order = standingsOf(data, scoring).map((s) => s.userId);
  }
  const byes: number[] = [];
  if (byeCount > 0) {
    const hadBye = new Set(data.roundList.flatMap((r) => r.byes));
    const pick = [...order].reverse().find((id) => !hadBye.has(id)) ?? (order[order.length - 1] as number);
    byes.push(pick);
    order = order.filter((id) => id !== pick);
  }
  const tables: number[][] = [];
  let next = 0;
  for (const size of sizes) {
    tables.push(order.slice(next, next + size));
    next += size;
  }
  if (round > 1) avoidRepeats(tables, metBefore(data.roundList));
  // Seat order within a table: shuffled by the seed, so the first seat (same cards at every table) is not always the leader.
  const rng = createRng(`${data.seed}/seats/${round}`);
  for (const table of tables) shuffleInPlace(rng, table);
  return { tables, byes };
}

/** Swaps players between neighbouring tables while that lowers the repeated pairs (a few passes). */
function avoidRepeats(tables: number[][], met: ReadonlySet<string>): void {
  for (let pass = 0; pass < 4; pass++) {
    let improved = false;
    for (let t = 0; t + 1 < tables.length; t++) {
      const a = tables[t] as number[];
      const b = tables[t + 1] as number[];
      for (let i = 0; i < a.length; i++) {
        for (let j = 0; j < b.length; j++) {
          const before = repeatsAt(a, met) + repeatsAt(b, met);
          if (before === 0) continue;
          const x = a[i] as number;
          const y = b[j] as number;
          a[i] = y;
          b[j] = x;
          if (repeatsAt(a, met) + repeatsAt(b, met) < before) {
            improved = true;
          } else {
            a[i] = x;
            b[j] = y;
          }
        }
      }
    }
    if (!improved) return;
  }
}

/**
 * A finished table's results from its game's standings (seat ids are user ids as strings): each
 * seat's place and cards left, as the game ended them (a seat the AI played counts as any other).
 */
export function tableResults(
  standings: ReadonlyArray<{ readonly seat: string; readonly place: number; readonly cardsLeft: number }>,
): TableResult[] {
  return standings.map((s) => ({ userId: Number(s.seat), place: s.place, cardsLeft: s.cardsLeft }));
}

/** The deal seed of round `round` for tables of `size` (duplicate), or of one table (`table`, independent deals). */
export function dealSeedInput(seed: string, round: number, size: number, table?: number): string {
  return table === undefined ? `${seed}/deal/${round}/${size}` : `${seed}/deal/${round}/${size}/${table}`;
}
