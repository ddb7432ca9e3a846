import type { StoredRound, StoredTable, TournamentData } from './tournament-ports.js';

/**
 * Scoring a tournament (docs/tournaments.md "Scoring"), pure. Every table of a round with the same
 * number of seats is dealt the same cards seat by seat, so each seat is scored against the players
 * who held the same seat's cards at the other tables of its size: matchpoints, 2 for each of them it
 * finished ahead of (a better place), 1 for each tie (the same place), 0 otherwise, as a share of
 * the most possible. A size with a single table in the round has nobody to compare with: its seats
 * score by place instead, first 100 %, last 0 %, linear between. Scores are exact fractions; only
 * `percent` (a number, for the wire) is rounded, to the nearest double.
 */

/**
 * An exact share of a full score (100 %): `num / den` in lowest terms, num ≥ 0, den ≥ 1. The
 * tournament's own scores are at most 1; the simulator's place points are whole shares.
 */
export interface Share {
  readonly num: number;
  readonly den: number;
}

/** One seat of a finished table. */
export interface SeatOutcome {
  readonly userId: number;
  /** The deal position (0-based): the same position at every table of a size holds the same cards. */
  readonly position: number;
  /** 1-based finishing place at its table (docs/product.md §D3: winner first, then fewest cards left). */
  readonly place: number;
  readonly cardsLeft: number;
}

/** A finished table of a round: its seats (the table's size is their number). */
export interface FinishedTable {
  readonly seats: readonly SeatOutcome[];
}

/** A seat's score in its round. */
export interface SeatScore {
  readonly userId: number;
  readonly share: Share;
  /** `100 × share`, the nearest double (equal shares give equal numbers). */
  readonly percent: number;
  /** Matchpoints won; null where the seat was scored by place (the only table of its size). */
  readonly matchpoints: number | null;
  /** The most it could have won: 2 for each counterpart; null where scored by place. */
  readonly maxMatchpoints: number | null;
  readonly cardsLeft: number;
}

/**
 * How a round's finished tables are scored: one score per seat. The tournament's own rule is
 * `seatAgainstSeat`; `palace tournament simulate` passes another to compare with (docs/tournaments.md
 * "Measured").
 */
export type RoundScoring = (tables: readonly FinishedTable[]) => SeatScore[];

function gcd(a: number, b: number): number {
  let [x, y] = [Math.abs(a), Math.abs(b)];
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

/** `num / den` in lowest terms (den ≥ 1). */
export function share(num: number, den: number): Share {
  const d = gcd(num, den) || 1;
  return { num: num / d, den: den / d };
}

/** The share as a percentage: the nearest double to 100 · num / den. */
export function percentOf(s: Share): number {
  return (100 * s.num) / s.den;
}

/** A bye is worth a heads-up win, 100 %, and no cards (docs/tournaments.md "Rounds"). */
export const BYE_SHARE: Share = { num: 1, den: 1 };

/** The seats of a stored finished table with their deal positions (the stored seat order). */
export function outcomesOf(table: Pick<StoredTable, 'seats' | 'results'>): FinishedTable {
  const results = table.results ?? [];
  return {
    seats: results.map((r) => ({
      userId: r.userId,
      position: table.seats.indexOf(r.userId),
      place: r.place,
      cardsLeft: r.cardsLeft,
    })),
  };
}

/**
 * Seat against seat (the tournament's rule): each seat against the same deal position at the other
 * tables of its size; a size with one table by place. Neither the order of the tables nor the order
 * of the seats listed matters.
 */
export const seatAgainstSeat: RoundScoring = (tables) => {
  // The counterparts: every seat of one deal position at the tables of one size.
  const groups = new Map<string, SeatOutcome[]>();
  const tablesOfSize = new Map<number, number>();
  for (const table of tables) {
    const size = table.seats.length;
    tablesOfSize.set(size, (tablesOfSize.get(size) ?? 0) + 1);
    for (const seat of table.seats) {
      const key = `${size}/${seat.position}`;
      groups.set(key, [...(groups.get(key) ?? []), seat]);
    }
  }
  return tables.flatMap((table) => {
    const size = table.seats.length;
    if ((tablesOfSize.get(size) ?? 0) < 2) return table.seats.map((seat) => byPlace(seat, size));
    return table.seats.map((seat) => {
      const others = (groups.get(`${size}/${seat.position}`) ?? []).filter((o) => o !== seat);
      let matchpoints = 0;
      for (const other of others) {
        if (seat.place < other.place) matchpoints += 2;
        else if (seat.place === other.place) matchpoints += 1;
      }
      const max = 2 * others.length;
      const s = share(matchpoints, max);
      return {
        userId: seat.userId,
        share: s,
        percent: percentOf(s),
        matchpoints,
        maxMatchpoints: max,
        cardsLeft: seat.cardsLeft,
      };
    });
  });
};

/** A seat scored by place at a table of `size`: first 100 %, last 0 %, linear between. */
function byPlace(seat: SeatOutcome, size: number): SeatScore {
  const s = share(size - seat.place, Math.max(1, size - 1));
  return {
    userId: seat.userId,
    share: s,
    percent: percentOf(s),
    matchpoints: null,
    maxMatchpoints: null,
    cardsLeft: seat.cardsLeft,
  };
}

/** Every seat's score in a finished round (empty while it plays: a seat is scored once all tables are in). */
export function roundScores(round: StoredRound, scoring: RoundScoring = seatAgainstSeat): Map<number, SeatScore> {
  if (round.finishedAt === null) return new Map();
  const scores = scoring(round.tables.map(outcomesOf));
  return new Map(scores.map((s) => [s.userId, s]));
}

/** An entrant's standing over the finished rounds. */
export interface Standing {
  readonly userId: number;
  /** The round percentages summed (a bye 100 %), the nearest double to the exact total. */
  readonly score: number;
  /** Cards left at the end of every table played, in all. */
  readonly cardsLeft: number;
  /** 1-based, in standings order. */
  readonly rank: number;
}

/** An exact sum of shares: a fraction of bigints in lowest terms. */
interface Total {
  num: bigint;
  den: bigint;
}

function bigGcd(a: bigint, b: bigint): bigint {
  let [x, y] = [a < 0n ? -a : a, b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

function add(total: Total, s: Share): void {
  const num = total.num * BigInt(s.den) + BigInt(s.num) * total.den;
  const den = total.den * BigInt(s.den);
  const d = bigGcd(num, den) || 1n;
  total.num = num / d;
  total.den = den / d;
}

/** Compares two exact totals: negative when `a` is less. */
function compare(a: Total, b: Total): number {
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * The standings over the finished rounds (docs/tournaments.md "Standings"): total percentage (most
 * first, compared exactly), then cards left in all (fewest first), then entry order (earliest
 * first). A round counts once all its tables are in; a bye counts 100 % and no cards.
 */
export function standingsOf(
  data: Pick<TournamentData, 'entries' | 'roundList'>,
  scoring: RoundScoring = seatAgainstSeat,
): Standing[] {
  const totals = new Map<number, { total: Total; cardsLeft: number; order: number }>();
  data.entries.forEach((entry, order) => {
    totals.set(entry.userId, { total: { num: 0n, den: 1n }, cardsLeft: 0, order });
  });
  for (const round of data.roundList) {
    if (round.finishedAt === null) continue;
    for (const score of roundScores(round, scoring).values()) {
      const entrant = totals.get(score.userId);
      if (entrant === undefined) continue;
      add(entrant.total, score.share);
      entrant.cardsLeft += score.cardsLeft;
    }
    for (const userId of round.byes) {
      const entrant = totals.get(userId);
      if (entrant !== undefined) add(entrant.total, BYE_SHARE);
    }
  }
  return [...totals]
    .sort(([, a], [, b]) => compare(b.total, a.total) || a.cardsLeft - b.cardsLeft || a.order - b.order)
    .map(([userId, t], i) => ({
      userId,
      score: Number(100n * t.total.num) / Number(t.total.den),
      cardsLeft: t.cardsLeft,
      rank: i + 1,
    }));
}
