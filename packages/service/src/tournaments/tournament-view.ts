import type { Tournament, TournamentSummary } from '@palace/protocol';
import { iso } from '../main-game/main-view.js';
import { prizeSplit } from './tournament-model.js';
import type { StoredTournament } from './tournament-ports.js';
import { type RoundScoring, roundScores, seatAgainstSeat, standingsOf } from './tournament-scoring.js';
import { prizePool } from './tournament-settling.js';

function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : iso(ms);
}

/** A line of the tournament list. */
export function tournamentSummary(t: StoredTournament): TournamentSummary {
  const { data } = t;
  return {
    id: Number(t.id),
    name: data.name,
    preset: data.preset,
    status: t.status,
    entrants: data.entries.length,
    maxPlayers: data.maxPlayers,
    tableSize: data.tableSize,
    rounds: data.rounds,
    currentRound: data.roundList.length,
    entryFee: data.entryFee,
    prizePool: prizePool(t),
    startsAt: isoOrNull(data.startsAt),
    createdBy: data.createdBy.username,
    createdAt: iso(t.createdAt),
  };
}

/**
 * The whole tournament as anyone sees it (docs/api.md "Tournaments"): entrants in standings order,
 * rounds with their tables, each seat's score once its round is over, and deal commitments (each
 * seed only once its round is over), the tournament seed once it is over, and the prizes (as they
 * would be paid, before the end). `viewerId`: whether they entered and where they sit now.
 * `scoring`: the tournament's rule but in `palace tournament simulate`'s comparison.
 */
export function tournamentView(
  t: StoredTournament,
  viewerId: number | null,
  scoring: RoundScoring = seatAgainstSeat,
): Tournament {
  const { data } = t;
  const entries = new Map(data.entries.map((e) => [e.userId, e]));
  const nameOf = (userId: number): string => entries.get(userId)?.username ?? `Player ${userId}`;
  const over = t.status === 'finished' || t.status === 'cancelled';
  const current = data.roundList[data.roundList.length - 1];
  const myTable =
    viewerId === null || current === undefined || current.finishedAt !== null
      ? null
      : (current.tables.find((table) => table.seats.includes(viewerId)) ?? null);
  const standings = standingsOf(data, scoring);
  const prizes =
    data.prizes.length > 0 || t.status === 'finished'
      ? data.prizes.map((p) => ({ place: p.place, amount: p.amount, userId: p.userId, username: nameOf(p.userId) }))
      : prizeSplit(prizePool(t), Math.max(data.entries.length, 1)).map((amount, i) => ({
          place: i + 1,
          amount,
          userId: null,
          username: null,
        }));
  return {
    ...tournamentSummary(t),
    startedAt: isoOrNull(data.startedAt),
    finishedAt: isoOrNull(data.finishedAt),
    commitment: data.commitment,
    seed: over ? data.seed : null,
    entries: standings.map((s) => {
      const entry = entries.get(s.userId);
      return {
        rank: s.rank,
        userId: s.userId,
        username: nameOf(s.userId),
        avatar: entry?.avatar ?? null,
        isGuest: entry?.isGuest ?? false,
        score: s.score,
        cardsLeft: s.cardsLeft,
      };
    }),
    roundList: data.roundList.map((round) => {
      const scores = roundScores(round, scoring);
      return {
        number: round.number,
        finished: round.finishedAt !== null,
        startedAt: iso(round.startedAt),
        finishedAt: isoOrNull(round.finishedAt),
        deals: round.deals.map((d) => ({
          tableSize: d.tableSize,
          commitment: d.commitment,
          seed: round.finishedAt === null ? null : d.seed,
        })),
        tables: round.tables.map((table) => ({
          number: table.number,
          gameId: Number(table.gameId),
          finished: table.results !== null,
          seats: table.seats.map((userId) => {
            const result = table.results?.find((r) => r.userId === userId);
            const score = scores.get(userId);
            return {
              userId,
              username: nameOf(userId),
              place: result?.place ?? null,
              cardsLeft: result?.cardsLeft ?? null,
              matchpoints: score?.matchpoints ?? null,
              maxMatchpoints: score?.maxMatchpoints ?? null,
              score: score?.percent ?? null,
            };
          }),
        })),
        byes: round.byes.map((userId) => ({ userId, username: nameOf(userId) })),
      };
    }),
    prizes,
    entered: viewerId !== null && entries.has(viewerId),
    myTable: myTable === null ? null : Number(myTable.gameId),
  };
}
