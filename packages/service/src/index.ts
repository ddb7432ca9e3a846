/**
 * @palace/service — the application layer. It runs engine commands for a game through small
 * ports (games store, clock, id/seed source, scheduler, publisher) and does no I/O of its own.
 */
export { ManualClock, ManualScheduler, MemoryGamesStore, RecordingPublisher, SequentialIds } from './fakes.js';
export {
  type Change,
  type Changed,
  GameService,
  MAX_ATTEMPTS,
  type Planner,
  type ServicePorts,
} from './game-service.js';
export type { Clock, GamesStore, IdSource, Json, Publisher, Scheduler, StoredGame } from './ports.js';
export { SERVICE_ERRORS, type ServiceError, type ServiceErrorCode, serviceError } from './service-error.js';
