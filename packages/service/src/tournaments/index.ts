/** Tournaments' public surface (docs/tournaments.md), re-exported by the package's index. */
export { MemoryTournamentsStore } from './memory-tournaments.js';
export {
  type CheckedTournament,
  checkTournament,
  prizeSplit,
  type Seating,
  seatRound,
  type TournamentInput,
  tableSizes,
} from './tournament-model.js';
export type {
  ActiveTournament,
  StoredDeal,
  StoredPrize,
  StoredRound,
  StoredTable,
  StoredTournament,
  TableResult,
  TournamentData,
  TournamentEntry,
  TournamentsStore,
} from './tournament-ports.js';
export {
  BYE_SHARE,
  type FinishedTable,
  outcomesOf,
  percentOf,
  type RoundScoring,
  roundScores,
  type SeatOutcome,
  type SeatScore,
  type Share,
  type Standing,
  seatAgainstSeat,
  share,
  standingsOf,
} from './tournament-scoring.js';
export { prizePool, tournamentRef } from './tournament-settling.js';
export { tournamentSummary, tournamentView } from './tournament-view.js';
export {
  type SimulatedEntrant,
  type TournamentsOptions,
  type TournamentsPorts,
  TournamentsService,
  tournamentId,
} from './tournaments-service.js';
