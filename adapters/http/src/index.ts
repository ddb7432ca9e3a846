/**
 * @palace/adapter-http — Fastify route plugins: each parses with the protocol's schemas, calls
 * the service and maps its result through one status table.
 */
export { authRoutes, GUESTS_PER_MINUTE, userBody } from './auth-routes.js';
export { type BotRoutesOptions, bearerToken, botBody, botRoutes } from './bot-routes.js';
export { type DailyRoutesOptions, dailyRoutes } from './daily-routes.js';
export { easyGamesRoutes } from './easy-games.js';
export { CATEGORY_STATUS, type ErrorField, httpStatus, installErrorHandling, sendError } from './errors.js';
export { type InboxRoutesOptions, inboxRoutes } from './inbox-routes.js';
export { LoginFailures, TOO_MANY_ATTEMPTS } from './login-failures.js';
export { type MainRoutesOptions, mainRoutes } from './main-routes.js';
export { type NotificationRoutesOptions, notificationRoutes } from './notification-routes.js';
export { restPollFastPath } from './poll-fast-path.js';
export { publicGamesRoutes } from './public-games.js';
export { type RatingRoutesOptions, ratingRoutes } from './rating-routes.js';
export { recordsRoutes } from './records.js';
export { restGamesRoutes } from './rest-games.js';
export { SEAT_COOKIE_MAX_AGE_S, seatCookieName, seatToken, setSeatCookie } from './seat-cookie.js';
export { SESSION_COOKIE, sessionToken } from './session.js';
export { ACCOUNT_DELETED, PASSWORD_CHANGED, type SettingsRoutesOptions, settingsRoutes } from './settings-routes.js';
export { simpleRestRoutes } from './simple-games.js';
export { type TournamentRoutesOptions, tournamentRoutes } from './tournament-routes.js';
export { installStrictValidation } from './validation.js';
