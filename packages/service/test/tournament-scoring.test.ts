import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type FinishedTable,
  type SeatScore,
  type StoredRound,
  seatAgainstSeat,
  share,
  standingsOf,
  tableSizes,
} from '../src/index.js';

/** A table whose seats, in deal order, finished in `places` (user ids from `firstId`). */
function table(firstId: number, places: readonly number[]): FinishedTable {
  return {
    seats: places.map((place, position) => ({
      userId: firstId + position,
      position,
      place,
      cardsLeft: 3 * (place - 1),
    })),
  };
}

function byUser(scores: readonly SeatScore[]): Map<number, SeatScore> {
  return new Map(scores.map((s) => [s.userId, s]));
}

/** A round's tables: sizes from the format, places a permutation per table, ids 1.. in order. */
const roundArb = fc
  .record({ players: fc.integer({ min: 4, max: 32 }), tableSize: fc.integer({ min: 2, max: 4 }) })
  .chain(({ players, tableSize }) => {
    const { sizes } = tableSizes(players, tableSize);
    return fc.tuple(
      ...sizes.map((size) =>
        fc.shuffledSubarray(
          Array.from({ length: size }, (_, i) => i + 1),
          { minLength: size },
        ),
      ),
    );
  })
  .map((placesPerTable) => {
    let next = 1;
    return placesPerTable.map((places) => {
      const t = table(next, places);
      next += places.length;
      return t;
    });
  });

/** The counterparts of every seat: the same deal position at the other tables of its size. */
function groups(tables: readonly FinishedTable[]) {
  const out = new Map<string, Array<{ userId: number; place: number }>>();
  for (const t of tables) {
    for (const seat of t.seats) {
      const key = `${t.seats.length}/${seat.position}`;
      out.set(key, [...(out.get(key) ?? []), seat]);
    }
  }
  return [...out.values()];
}

describe('tournament scoring: seat against seat', () => {
  it('tournament scoring - three tables of 4: matchpoints against the same seat at the other tables', () => {
    // Seat 1 finished 1st, 1st, 3rd; seat 2: 2nd, 4th, 1st; seat 3: 3rd, 2nd, 2nd; seat 4: 4th, 3rd, 4th.
    const tables = [table(1, [1, 2, 3, 4]), table(11, [1, 4, 2, 3]), table(21, [3, 1, 2, 4])];
    const scores = byUser(seatAgainstSeat(tables));
    const mp = (id: number) => [scores.get(id)?.matchpoints, scores.get(id)?.maxMatchpoints];
    // Seat 1: the two 1sts tie each other and beat the 3rd.
    expect([mp(1), mp(11), mp(21)]).toEqual([
      [3, 4],
      [3, 4],
      [0, 4],
    ]);
    // Seat 2: 2nd beats 4th, loses to 1st; 4th loses both; 1st beats both.
    expect([mp(2), mp(12), mp(22)]).toEqual([
      [2, 4],
      [0, 4],
      [4, 4],
    ]);
    // Seat 3: 3rd loses to both 2nds; the 2nds tie and beat the 3rd. Seat 4: 4th, 3rd, 4th.
    expect([mp(3), mp(13), mp(23)]).toEqual([
      [0, 4],
      [3, 4],
      [3, 4],
    ]);
    expect([mp(4), mp(14), mp(24)]).toEqual([
      [1, 4],
      [4, 4],
      [1, 4],
    ]);
    expect(scores.get(1)?.percent).toBe(75);
    expect(scores.get(22)?.percent).toBe(100);
    expect(scores.get(4)?.share).toEqual({ num: 1, den: 4 });
    expect(scores.get(4)?.cardsLeft).toBe(9);
  });

  it('tournament scoring - a size with one table scores by place: 100, 66.7, 33.3, 0 at four', () => {
    const scores = byUser(seatAgainstSeat([table(1, [2, 4, 1, 3]), table(11, [2, 1, 3]), table(21, [2, 3, 1])]));
    // The table of 4 is the only one of its size.
    expect([1, 2, 3, 4].map((id) => scores.get(id)?.share)).toEqual([
      share(2, 3),
      share(0, 3),
      share(3, 3),
      share(1, 3),
    ]);
    expect([3, 1, 4, 2].map((id) => scores.get(id)?.percent)).toEqual([100, 200 / 3, 100 / 3, 0]);
    expect(scores.get(1)?.matchpoints).toBeNull();
    expect(scores.get(1)?.maxMatchpoints).toBeNull();
    // The two tables of 3 are scored against each other.
    expect([11, 12, 13, 21, 22, 23].map((id) => scores.get(id)?.matchpoints)).toEqual([1, 2, 0, 1, 0, 2]);
    expect(scores.get(23)?.maxMatchpoints).toBe(2);
    expect(scores.get(11)?.percent).toBe(50);
    // Heads-up and three-handed single tables: first 100 %, last 0 %, the middle of three 50 %.
    expect(seatAgainstSeat([table(1, [2, 1])]).map((s) => s.percent)).toEqual([0, 100]);
    expect(seatAgainstSeat([table(1, [3, 2, 1])]).map((s) => s.percent)).toEqual([0, 50, 100]);
  });

  it('tournament scoring - every group of n counterparts shares out n(n − 1) matchpoints, 2(n − 1) at most each', () => {
    fc.assert(
      fc.property(roundArb, (tables) => {
        const scores = byUser(seatAgainstSeat(tables));
        expect(scores.size).toBe(tables.reduce((sum, t) => sum + t.seats.length, 0));
        const tablesOfSize = (size: number) => tables.filter((t) => t.seats.length === size).length;
        for (const group of groups(tables)) {
          const n = group.length;
          const size = tables.find((t) => t.seats.some((s) => s.userId === group[0]?.userId))?.seats.length ?? 0;
          expect(n).toBe(tablesOfSize(size));
          const got = group.map((seat) => scores.get(seat.userId) as SeatScore);
          if (n === 1) {
            expect(got[0]?.matchpoints).toBeNull();
            continue;
          }
          expect(got.reduce((sum, s) => sum + (s.matchpoints ?? 0), 0)).toBe(n * (n - 1));
          for (const s of got) expect(s.maxMatchpoints).toBe(2 * (n - 1));
        }
        // So every seat is worth 50 % on average, a single table's too.
        const total = [...scores.values()].reduce((sum, s) => sum + s.percent, 0);
        expect(total).toBeCloseTo(50 * scores.size, 9);
      }),
      { numRuns: 300 },
    );
  });

  it('tournament scoring - 100 % exactly for beating every counterpart, 0 % for losing to all', () => {
    fc.assert(
      fc.property(roundArb, (tables) => {
        const scores = byUser(seatAgainstSeat(tables));
        for (const group of groups(tables)) {
          if (group.length < 2) continue;
          for (const seat of group) {
            const others = group.filter((o) => o !== seat);
            const percent = scores.get(seat.userId)?.percent;
            expect(percent === 100).toBe(others.every((o) => seat.place < o.place));
            expect(percent === 0).toBe(others.every((o) => seat.place > o.place));
            expect(percent).toBeGreaterThanOrEqual(0);
            expect(percent).toBeLessThanOrEqual(100);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('tournament scoring - neither the order of the tables nor the order their seats are listed in matters', () => {
    fc.assert(
      fc.property(
        roundArb.chain((tables) =>
          fc.tuple(
            fc.constant(tables),
            fc.shuffledSubarray(
              tables.map((t) => ({ seats: [...t.seats].reverse() })),
              { minLength: tables.length },
            ),
          ),
        ),
        ([tables, shuffled]) => {
          const a = byUser(seatAgainstSeat(tables));
          const b = byUser(seatAgainstSeat(shuffled));
          expect(b).toEqual(a);
        },
      ),
      { numRuns: 200 },
    );
  });
});

/** A finished round of heads-up tables `[seats, places]` (the places of the seats in seat order). */
function headsUpRound(
  number: number,
  tables: Array<[[number, number], [number, number]]>,
  byes: number[] = [],
): StoredRound {
  return {
    number,
    startedAt: number,
    finishedAt: number + 1,
    deals: [],
    byes,
    tables: tables.map(([seats, places], i) => ({
      number: i + 1,
      gameId: `${number}-${i}`,
      seats,
      results: seats.map((userId, p) => ({
        userId,
        place: places[p] as number,
        cardsLeft: places[p] === 1 ? 0 : userId,
      })),
    })),
  };
}

function entries(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    userId: i + 1,
    username: `P${i + 1}`,
    avatar: null,
    isGuest: false,
    paid: 0,
    enteredAt: i,
  }));
}

describe('tournament standings', () => {
  it('tournament standings - total percentage compared exactly, then cards left, then entry order; a bye 100 %', () => {
    // Round 1: three heads-up tables, seat 1 wins at the first two, seat 2 at the third.
    const r1 = headsUpRound(1, [
      [
        [1, 2],
        [1, 2],
      ],
      [
        [3, 4],
        [1, 2],
      ],
      [
        [5, 6],
        [2, 1],
      ],
    ]);
    const after1 = standingsOf({ entries: entries(6), roundList: [r1] });
    const score1 = new Map(after1.map((s) => [s.userId, s.score]));
    // Seat 1 group: 1 and 3 won (beat 5, tie each other) 3 of 4; 5 lost to both. Seat 2: 6 beat both.
    expect([1, 2, 3, 4, 5, 6].map((id) => score1.get(id))).toEqual([75, 25, 75, 25, 0, 100]);
    // 6 first; 1 and 3 tie on score and cards (0): entry order; 2 (2 cards) before 4 (4 cards); 5 last.
    expect(after1.map((s) => s.userId)).toEqual([6, 1, 3, 2, 4, 5]);
    expect(after1.map((s) => s.rank)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('tournament standings - a third plus two thirds ties with one exactly, and a running round does not count', () => {
    // Round 1: 1 scores 1/3 (by place, the only table of 4), 2 scores 1 (first there)…
    const of4: StoredRound = {
      number: 1,
      startedAt: 1,
      finishedAt: 2,
      deals: [],
      byes: [],
      tables: [
        {
          number: 1,
          gameId: 'a',
          seats: [1, 2, 3, 4],
          results: [
            { userId: 2, place: 1, cardsLeft: 0 },
            { userId: 3, place: 2, cardsLeft: 1 },
            { userId: 1, place: 3, cardsLeft: 1 },
            { userId: 4, place: 4, cardsLeft: 9 },
          ],
        },
      ],
    };
    // …round 2: 1 scores 2/3 (second of 4), 2 scores 0 (last): both total 100 % exactly.
    const again: StoredRound = {
      ...of4,
      number: 2,
      tables: [
        {
          number: 1,
          gameId: 'b',
          seats: [4, 3, 2, 1],
          results: [
            { userId: 3, place: 1, cardsLeft: 0 },
            { userId: 1, place: 2, cardsLeft: 1 },
            { userId: 4, place: 3, cardsLeft: 2 },
            { userId: 2, place: 4, cardsLeft: 5 },
          ],
        },
      ],
    };
    const both = standingsOf({ entries: entries(4), roundList: [of4, again] });
    const of = (id: number) => both.find((s) => s.userId === id);
    expect(of(1)?.score).toBe(of(2)?.score);
    expect(of(1)?.score).toBe(100);
    // Tied at 100 %: 1 left 2 cards in all, 2 left 5, so 1 is ahead, whatever the entry order.
    const swapped = [...entries(4)].reverse();
    expect(
      standingsOf({ entries: swapped, roundList: [of4, again] })
        .filter((s) => s.userId <= 2)
        .map((s) => s.userId),
    ).toEqual([1, 2]);
    // 3: 2/3 + 1 = 166.7 %, first.
    expect(both[0]?.userId).toBe(3);
    // A round still playing (not every table in) counts for nobody, not even its finished tables.
    const playing: StoredRound = { ...again, number: 3, finishedAt: null };
    expect(standingsOf({ entries: entries(4), roundList: [of4, playing] }).map((s) => [s.userId, s.score])).toEqual(
      standingsOf({ entries: entries(4), roundList: [of4] }).map((s) => [s.userId, s.score]),
    );
    // A bye: 100 % and no cards.
    const withBye = headsUpRound(
      1,
      [
        [
          [1, 2],
          [1, 2],
        ],
      ],
      [3],
    );
    const byes = standingsOf({ entries: entries(3), roundList: [withBye] });
    expect(byes.map((s) => [s.userId, s.score, s.cardsLeft])).toEqual([
      [1, 100, 0],
      [3, 100, 0],
      [2, 0, 2],
    ]);
  });
});
