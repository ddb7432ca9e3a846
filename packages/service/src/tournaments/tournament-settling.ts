import { HOUSE, type Posting } from '../ports.js';
import { prizeSplit } from './tournament-model.js';
import type { StoredPrize, StoredTournament, TournamentData, TournamentEntry } from './tournament-ports.js';
import { type RoundScoring, seatAgainstSeat, standingsOf } from './tournament-scoring.js';

/**
 * A tournament's tokens (docs/tournaments.md): an entry's fee goes to the house in the write that
 * enters it, comes back on withdrawing or cancellation, and the pool of fees is paid out as prizes
 * in the write that finishes the tournament. Every posting carries the tournament's ledger reference.
 */

/** The ledger's reference for a tournament's postings. */
export function tournamentRef(id: string): string {
  return `tournament:${id}`;
}

/** The prize pool: every fee paid by the entrants (refunded ones are no longer entrants). */
export function prizePool(t: StoredTournament): number {
  return t.data.entries.reduce((sum, e) => sum + e.paid, 0);
}

/** The posting of `entry`'s fee to the house (none for a free entry). */
export function feePostings(id: string, entry: TournamentEntry): Posting[] {
  return entry.paid > 0
    ? [{ from: entry.userId, to: HOUSE, amount: entry.paid, kind: 'fee', gameId: tournamentRef(id) }]
    : [];
}

/** The postings that give `entries` their fees back (a withdrawal, a cancellation); none for free ones. */
export function refundPostings(id: string, entries: readonly TournamentEntry[]): Posting[] {
  return entries
    .filter((e) => e.paid > 0)
    .map((e) => ({ from: HOUSE, to: e.userId, amount: e.paid, kind: 'refund', gameId: tournamentRef(id) }));
}

/** The prizes of `pool` paid to the top of `data`'s standings (under `scoring`), and their postings. */
export function prizesOf(
  id: string,
  data: TournamentData,
  pool: number,
  scoring: RoundScoring = seatAgainstSeat,
): { readonly prizes: StoredPrize[]; readonly postings: Posting[] } {
  const standings = standingsOf(data, scoring);
  const prizes = prizeSplit(pool, data.entries.length).flatMap((amount, i) => {
    const winner = standings[i];
    return winner === undefined || amount <= 0 ? [] : [{ place: i + 1, userId: winner.userId, amount }];
  });
  const postings: Posting[] = prizes.map((p) => ({
    from: HOUSE,
    to: p.userId,
    amount: p.amount,
    kind: 'prize',
    gameId: tournamentRef(id),
  }));
  return { prizes, postings };
}
