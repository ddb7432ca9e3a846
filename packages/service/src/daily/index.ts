/** The daily deal's public surface (docs/daily.md), re-exported by the package's index. */

export { type DailyInput, dailyGameName } from '../main-game/main-daily.js';
export { addDays, DAY_MS, dayEnd, dayOf, dayStart, streaks } from './daily-day.js';
export { type DailyOutcome, dailyOutcome } from './daily-outcome.js';
export type {
  DailyAttemptRow,
  DailyFinish,
  DailyPorts,
  DailySecret,
  DailyStore,
} from './daily-ports.js';
export { compareResults, type DailyEntry, type DailyScore, dailyScores } from './daily-scoring.js';
export { type DailyGames, type DailyOptions, DailyService } from './daily-service.js';
export { MemoryDailyStore } from './memory-daily.js';
