import {
  BYE_SHARE,
  percentOf,
  type RoundScoring,
  type SeatScore,
  seatAgainstSeat,
  share,
  tableSizes,
} from '@palace/service';

/**
 * The two scorings `palace tournament simulate` compares (docs/tournaments.md "Measured"): the
 * tournament's own, seat against seat on duplicate deals, and the rule it replaced, place points
 * on independent deals. Place points live only here, for that comparison.
 */

/** Which scoring a simulated tournament uses (a name: plans cross to worker threads as data). */
export type SimScoring = 'seat-against-seat' | 'place-points';

/**
 * Place points, the rule before seat against seat: finishing place p at a table of n seats scores
 * n − p (the winner n − 1, the last 0), a bye 1. In the service's terms a point is a whole share,
 * so a standing's `score` is 100 × points.
 */
export const placePoints: RoundScoring = (tables) =>
  tables.flatMap((table) =>
    table.seats.map((seat): SeatScore => {
      const points = share(table.seats.length - seat.place, 1);
      return {
        userId: seat.userId,
        share: points,
        percent: percentOf(points),
        matchpoints: null,
        maxMatchpoints: null,
        cardsLeft: seat.cardsLeft,
      };
    }),
  );

export function scoringOf(name: SimScoring): RoundScoring {
  return name === 'place-points' ? placePoints : seatAgainstSeat;
}

/** A standing's score in its scoring's unit: the percentage sum as it is, place points from 100 × points. */
export function scoreIn(name: SimScoring, score: number): number {
  return name === 'place-points' ? score / 100 : score;
}

/**
 * What one tournament of the format gives out in all, in the scoring's unit: seat against seat,
 * 50 % a seated player (counterparts share 2 matchpoints a pair; a single table's places average
 * 50 %) and 100 % a bye, every round; place points, n(n − 1)/2 a table of n and 1 a bye.
 */
export function totalPerTournament(
  name: SimScoring,
  format: { readonly players: number; readonly tableSize: number; readonly rounds: number },
): number {
  const { sizes, byes } = tableSizes(format.players, format.tableSize);
  const bye = percentOf(BYE_SHARE);
  const perRound =
    name === 'place-points'
      ? sizes.reduce((sum, n) => sum + (n * (n - 1)) / 2, 0) + byes * scoreIn(name, bye)
      : sizes.reduce((sum, n) => sum + 50 * n, 0) + byes * bye;
  return perRound * format.rounds;
}
