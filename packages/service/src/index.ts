/**
 * @palace/service — the application layer. It runs engine commands for a game through small
 * ports (games store, clock, id/seed source, scheduler, publisher) and does no I/O of its own.
 */

export type { AccountsStore, NewAccount, PasswordHasher, RegisterRefusal, User } from './accounts/account-ports.js';
export {
  type AuthPorts,
  AuthService,
  initialsAvatar,
  REGISTRATION_GIFT,
  type RegisterInput,
  SESSION_IDLE_MS,
  type Signed,
} from './accounts/auth-service.js';
export { MemoryAccountsStore, type MemoryLedgerEntry } from './accounts/memory-accounts.js';
export { ManualClock, ManualScheduler, MemoryGamesStore, RecordingPublisher, SequentialIds } from './fakes.js';
export {
  type Change,
  type Changed,
  GameService,
  type GameServiceOptions,
  MAX_ATTEMPTS,
  type Planner,
  type ServicePorts,
} from './game-service.js';
export type { Clock, GamesStore, IdSource, Json, Publisher, Scheduler, StoredGame } from './ports.js';
export { normalizeId, RestGames, type RestPolled, type RestSeated } from './rest-game/rest-games.js';
export type { RestMeta } from './rest-game/rest-meta.js';
export { SERVICE_ERRORS, type ServiceError, type ServiceErrorCode, serviceError } from './service-error.js';
