/**
 * @palace/service — the application layer. It runs engine commands for a game through small
 * ports (games store, clock, id/seed source, scheduler, publisher) and does no I/O of its own.
 */

export type {
  AccountsStore,
  ClaimRefusal,
  FriendsStore,
  Leader,
  LeaderOrder,
  LedgerLine,
  NewAccount,
  PasswordHasher,
  RegisterRefusal,
  TokensStore,
  User,
} from './accounts/account-ports.js';
export { CLAIM_WINDOW_MS } from './accounts/account-ports.js';
export {
  type AuthPorts,
  AuthService,
  createInviteCode,
  GUEST_PURGE_MS,
  GUEST_UNSEEN_MS,
  REGISTRATION_GIFT,
  type RegisterInput,
  SESSION_IDLE_MS,
  type Signed,
} from './accounts/auth-service.js';
export {
  BOTS_PER_OWNER,
  type Bot,
  type BotRefusal,
  type BotsPorts,
  BotsService,
  type BotsStore,
  type BotWithToken,
  type NewBot,
} from './accounts/bots.js';
export {
  type Applied,
  type ContactInput,
  InboxService,
  type InboxStore,
  MemoryInboxStore,
  SUPPORT_THANKS,
  type SupportMessage,
  WAITLIST_AGAIN,
  WAITLIST_THANKS,
  type WaitlistApplication,
  type WaitlistInput,
} from './accounts/inbox.js';
export { MemoryAccountsStore } from './accounts/memory-accounts.js';
export { MemoryBotsStore } from './accounts/memory-bots.js';
export { MemoryNotificationsStore } from './accounts/memory-notifications.js';
export { MemorySettingsStore } from './accounts/memory-settings.js';
export { MEMORY_HOUSE, MemoryBank } from './accounts/memory-tokens.js';
export {
  inviteStatus,
  type MainGameReader,
  type NewInvitation,
  NOTIFICATIONS_KEPT,
  type Notification,
  type NotificationSender,
  type NotificationsPage,
  type NotificationsPorts,
  NotificationsService,
  type NotificationsStore,
  type StoredNotification,
} from './accounts/notifications.js';
export {
  type AccountDeletion,
  type PasswordChange,
  type SettingsPorts,
  SettingsService,
  type SettingsStore,
} from './accounts/settings.js';
export {
  FriendsService,
  HISTORY_LIMIT,
  LEADERBOARD_LIMIT,
  type Presence,
  type Profile,
  TokensService,
} from './accounts/tokens-service.js';
export { aiLevelField, DEFAULT_AI_LEVEL } from './ai-levels.js';
export * from './daily/index.js';
export { EASY_KIND, EasyGames } from './easy-game/easy-games.js';
export type { EasyMeta } from './easy-game/easy-meta.js';
export { easyView } from './easy-game/easy-view.js';
export {
  ManualClock,
  ManualScheduler,
  MemoryGamesStore,
  MemoryLeases,
  RecordingPublisher,
  SequentialIds,
} from './fakes.js';
export {
  expiredKind,
  JOB_RESCUE_MS,
  LEASE_MS,
  RESCUE_GRACE_MS,
  RESCUE_RETRY_MS,
  SEEN_WRITE_MS,
} from './game-jobs.js';
export {
  type Change,
  type Changed,
  GameService,
  type GameServiceOptions,
  MAX_ATTEMPTS,
  type Planner,
  type ServicePorts,
} from './game-service.js';
export { COMPUTER_ID_BASE } from './main-game/main-computers.js';
export { MAIN_KIND, MainGames, type MainListener } from './main-game/main-games.js';
export {
  type CreateInput,
  type MainChatEntry,
  type MainDailyMeta,
  type MainMeta,
  type MainTournamentMeta,
  mainGameId,
} from './main-game/main-meta.js';
export {
  COMPUTER_GAME_NAME,
  PLAY_NOW_SIZE,
  playComputer,
  QUICK_MATCH_NAME,
  type QuickMatched,
  quickMatch,
} from './main-game/main-play-now.js';
export { presenceText, TABLE_LINE_USER } from './main-game/main-presence.js';
export { mainChatMessage, mainView } from './main-game/main-view.js';
export { MAIN_WATCHERS_MAX } from './main-game/main-watchers.js';
export type {
  Clock,
  Effects,
  Finished,
  GamesStore,
  IdSource,
  Json,
  Leases,
  Posting,
  PostingKind,
  Publisher,
  RatingsEffect,
  SaveOutcome,
  Scheduler,
  SeatClock,
  StoredGame,
  UnfinishedGame,
} from './ports.js';
export { withoutEntries } from './ports.js';
export {
  PRESENCE_GRACE_MS,
  PRESENCE_TIMES,
  type PresenceTimes,
  type SeatNotice,
  type SeatPresence,
  seatPresence,
  WAITING_GONE_MS,
} from './presence-clock.js';
export { PUBLIC_KIND, PublicGames } from './public-game/public-games.js';
export type {
  PublicActor,
  PublicAnswer,
  PublicEntered,
  PublicMeta,
  PublicViewed,
} from './public-game/public-meta.js';
export { publicView } from './public-game/public-view.js';
export {
  MemoryRateCounters,
  type RateCounters,
  RateLimiter,
  type Taken,
} from './rate-limits.js';
export {
  type AiLevelRow,
  type AiLevelTableOptions,
  aiLevelTable,
  RATED_AI_LEVELS,
} from './ratings/ai-strength.js';
export {
  DISPLAY_BASE,
  DISPLAY_SCALE,
  mainRatedPreset,
  newSkill,
  PROVISIONAL_GAMES,
  type RatedPreset,
  type RatedSeat,
  rateGame,
  type Skill,
  shownRating,
} from './ratings/rating-model.js';
export {
  RATING_HISTORY_LIMIT,
  RATING_LEADERS_LIMIT,
  type RatedPlayer,
  type RatingHistoryLine,
  RatingsService,
  type RatingsStore,
  type ShownRating,
  type StoredRating,
} from './ratings/ratings-service.js';
export { type RecordFile, type RecordRefusal, Records } from './records.js';
export {
  offerRematch,
  type RematchAsker,
  type Rematchable,
  type RematchOffer,
  type RematchSpec,
  type RematchView,
  rematchOf,
  rematchView,
} from './rematch.js';
export { Rescues } from './rescues.js';
export { RestGames, type RestPolled, type RestSeated } from './rest-game/rest-games.js';
export type { RestMeta } from './rest-game/rest-meta.js';
export { REVIEW_QUEUE_LIMIT, type ReviewAnswer, Reviews, type ReviewsOptions, type ReviewsStore } from './reviews.js';
export {
  ABANDON_MS,
  NO_SEAT_CLOCK,
  STRIKES_TO_AWAY,
  seatClockOf,
  TURN_MS,
  WAITING_EXPIRY_MS,
} from './seat-clock.js';
export { credentialSeat, proveSeat, type SeatKeys, seatNamed, userSeat, userSeatId } from './seat-proofs.js';
export {
  aiRng,
  aiSeat,
  checkName,
  freeAiName,
  freeSeatId,
  type NameRule,
  nameKey,
  normalizeId,
} from './seating.js';
export {
  errorCategory,
  SERVICE_ERRORS,
  type ServiceError,
  type ServiceErrorCode,
  serviceError,
} from './service-error.js';
export { SimpleGames } from './simple-game/simple-games.js';
export {
  SIMPLE_REST,
  SIMPLE_WS,
  type SimpleActor,
  type SimpleChanged,
  type SimpleKind,
  type SimpleListener,
  type SimpleMeta,
  type SimpleSeated,
} from './simple-game/simple-meta.js';
export { CHAT_KEEP, type ChatLine, STATUS_LINES, SYSTEM_SENDER } from './status-lines.js';
export * from './tournaments/index.js';
export {
  type Acted,
  type GameListener,
  type Plan,
  type Prove,
  VariantGames,
  type VariantLifecycle,
} from './variant-games.js';
