/**
 * @palace/adapter-http — Fastify route plugins: each parses with the protocol's schemas, calls
 * the service and maps its result through one status table.
 */
export { HTTP_STATUS, installErrorHandling, sendError } from './errors.js';
export { restPollFastPath } from './poll-fast-path.js';
export { restGamesRoutes } from './rest-games.js';
