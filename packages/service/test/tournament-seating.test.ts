import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prizeSplit, type StoredRound, seatRound, standingsOf, type TournamentData, tableSizes } from '../src/index.js';

/** A tournament's data with `n` entrants (ids 1..n) and the rounds given. */
function dataOf(n: number, tableSize: number, seed: string, roundList: StoredRound[] = []) {
  const entries = Array.from({ length: n }, (_, i) => ({
    userId: i + 1,
    username: `P${i + 1}`,
    avatar: null,
    isGuest: false,
    paid: 0,
    enteredAt: i,
  }));
  return { entries, roundList, tableSize, seed } satisfies Pick<
    TournamentData,
    'entries' | 'roundList' | 'tableSize' | 'seed'
  >;
}

/** Plays a seated round with finishing places from `order` (a permutation source). */
function played(number: number, seating: { tables: number[][]; byes: number[] }, rank: (id: number) => number) {
  return {
    number,
    startedAt: number,
    finishedAt: number + 1,
    deals: [],
    byes: seating.byes,
    tables: seating.tables.map((seats, i) => {
      const ordered = [...seats].sort((a, b) => rank(a) - rank(b));
      return {
        number: i + 1,
        gameId: `${number}-${i}`,
        seats,
        results: ordered.map((userId, p) => ({ userId, place: p + 1, cardsLeft: p * 3 })),
      };
    }),
  } satisfies StoredRound;
}

describe('tournament seating', () => {
  it('tournaments - every round seats each entrant exactly once, at tables of 2 to the table size', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 32 }),
        fc.integer({ min: 2, max: 4 }),
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (n, k, seed, rounds, salt) => {
          const rounds_: StoredRound[] = [];
          for (let r = 1; r <= rounds; r++) {
            const seating = seatRound(dataOf(n, k, seed, rounds_), r);
            const seated = seating.tables.flat();
            // No player at two tables, nobody left out but the byes.
            expect(new Set(seated).size).toBe(seated.length);
            expect([...seated, ...seating.byes].sort((a, b) => a - b)).toEqual(
              Array.from({ length: n }, (_, i) => i + 1),
            );
            for (const table of seating.tables) {
              expect(table.length).toBeGreaterThanOrEqual(2);
              expect(table.length).toBeLessThanOrEqual(k);
            }
            // Sizes as even as possible, and a bye only at heads-up tables with an odd count.
            const sizes = seating.tables.map((t) => t.length);
            expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
            expect(seating.byes.length).toBe(k === 2 ? n % 2 : 0);
            rounds_.push(played(r, seating, (id) => (id * 7919 + salt + r) % 1009));
          }
          // Nobody gets a second bye while someone has had none.
          const byes = rounds_.flatMap((r) => r.byes);
          if (byes.length <= n) expect(new Set(byes).size).toBe(byes.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('tournaments - round 1 is fixed by the committed seed: the same seed seats the same tables', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 32 }), fc.integer({ min: 2, max: 4 }), fc.string(), (n, k, seed) => {
        const a = seatRound(dataOf(n, k, seed), 1);
        expect(seatRound(dataOf(n, k, seed), 1)).toEqual(a);
      }),
    );
  });

  it('tournaments - Swiss rounds seat the leaders together and avoid repeat tables where they can', () => {
    // 16 players at tables of 4: the top four of round 1's standings (seat against seat) meet in round 2.
    const data = dataOf(16, 4, 'swiss');
    const r1 = seatRound(data, 1);
    const round1 = played(1, r1, (id) => (id * 2 + 8) % 17);
    const top = standingsOf({ ...data, roundList: [round1] })
      .slice(0, 4)
      .map((s) => s.userId);
    // (Not simply the table winners: places count against the same seat at the other tables.)
    const winners = round1.tables.map((t) => t.results[0]?.userId);
    expect([...top].sort()).not.toEqual([...winners].sort());
    // (They sat at four different tables, so no swap is needed to keep them apart from old tablemates.)
    expect(new Set(top.map((id) => r1.tables.findIndex((t) => t.includes(id)))).size).toBe(4);
    const r2 = seatRound({ ...data, roundList: [round1] }, 2);
    expect([...(r2.tables[0] ?? [])].sort((a, b) => a - b)).toEqual([...top].sort((a, b) => a - b));
    // 8 players at heads-up tables, ranked so that the natural pairing repeats round 1's: it is avoided.
    const eight = dataOf(8, 2, 'pairs');
    const first = {
      tables: [
        [1, 2],
        [3, 4],
        [5, 6],
        [7, 8],
      ],
      byes: [],
    };
    const roundA = played(1, first, (id) => (id % 2 === 1 ? 0 : 1) * 100 + id);
    const second = seatRound({ ...eight, roundList: [roundA] }, 2);
    const met = new Set(first.tables.map((t) => t.join(':')));
    for (const table of second.tables) expect(met.has([...table].sort((a, b) => a - b).join(':'))).toBe(false);
  });

  it('tournaments - table sizes, standings ties and the prize split', () => {
    expect(tableSizes(4, 4)).toEqual({ sizes: [4], byes: 0 });
    expect(tableSizes(5, 4)).toEqual({ sizes: [3, 2], byes: 0 });
    expect(tableSizes(7, 3)).toEqual({ sizes: [3, 2, 2], byes: 0 });
    expect(tableSizes(9, 2)).toEqual({ sizes: [2, 2, 2, 2], byes: 1 });
    expect(tableSizes(32, 4).sizes).toEqual(Array(8).fill(4));
    expect(prizeSplit(0, 8)).toEqual([]);
    expect(prizeSplit(500, 5)).toEqual([500]);
    expect(prizeSplit(1000, 6)).toEqual([500, 300, 200]);
    expect(prizeSplit(1050, 7)).toEqual([525, 315, 210]);
    // Rounding leftovers go to the winner: the pool is paid out whole.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 32_000 }), fc.integer({ min: 4, max: 32 }), (pool, n) => {
        const split = prizeSplit(pool, n);
        expect(split.reduce((a, b) => a + b, 0)).toBe(pool);
        for (let i = 1; i < split.length; i++) expect(split[i]).toBeLessThanOrEqual(split[i - 1] ?? 0);
      }),
    );
    // Score first (seat against seat: 2 beat 4's seat, 3 beat 1's), then fewest cards left, then entry order.
    const data = dataOf(4, 2, 's');
    const round: StoredRound = {
      number: 1,
      startedAt: 0,
      finishedAt: 1,
      deals: [],
      byes: [],
      tables: [
        {
          number: 1,
          gameId: 'a',
          seats: [1, 2],
          results: [
            { userId: 2, place: 1, cardsLeft: 0 },
            { userId: 1, place: 2, cardsLeft: 5 },
          ],
        },
        {
          number: 2,
          gameId: 'b',
          seats: [3, 4],
          results: [
            { userId: 3, place: 1, cardsLeft: 0 },
            { userId: 4, place: 2, cardsLeft: 2 },
          ],
        },
      ],
    };
    expect(standingsOf({ ...data, roundList: [round] }).map((s) => [s.userId, s.score])).toEqual([
      [2, 100],
      [3, 100],
      [4, 0],
      [1, 0],
    ]);
  });
});
