import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { hostname } from 'node:os';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  authRoutes,
  bearerToken,
  botRoutes,
  dailyRoutes,
  inboxRoutes,
  installErrorHandling,
  installStrictValidation,
  notificationRoutes,
  ratingRoutes,
  recordsRoutes,
  restPollFastPath,
  sessionToken,
  settingsRoutes,
  tournamentRoutes,
} from '@palace/adapter-http';
import {
  gameAnnouncer,
  KyselyAccountsStore,
  KyselyBotsStore,
  KyselyDailyStore,
  KyselyFriendsStore,
  KyselyGamesStore,
  KyselyInboxStore,
  KyselyLeases,
  KyselyNotificationsStore,
  KyselyRateCounters,
  KyselyRatingsStore,
  KyselyRetention,
  KyselyReviewsStore,
  KyselySettingsStore,
  KyselyTokensStore,
  KyselyTournamentsStore,
  lockFileOf,
  lockSqlite,
  openPostgres,
  openSqlite,
} from '@palace/adapter-storage';
import { Connections } from '@palace/adapter-ws';
import { REVIEW_BUDGET } from '@palace/core';
import { ClientConfig, Health } from '@palace/protocol';
import {
  AuthService,
  BotsService,
  DailyService,
  FriendsService,
  GUEST_PURGE_MS,
  InboxService,
  JOB_RESCUE_MS,
  MemoryRateCounters,
  NotificationsService,
  RateLimiter,
  RatingsService,
  Records,
  Rescues,
  Reviews,
  type ServicePorts,
  SettingsService,
  TokensService,
  TournamentsService,
  TURN_MS,
} from '@palace/service';
import Fastify, { type FastifyInstance } from 'fastify';
import { Cluster, type ClusterVariant } from './cluster.js';
import type { ServerConfig } from './config.js';
import { lazyChildLogger } from './lazy-logger.js';
import { ScryptHasher } from './passwords.js';
import { cryptoIds, LocalPublisher, systemClock, TimerScheduler } from './ports.js';
import { RetentionJob } from './retention.js';
import { DEFAULT_LIMITS, gamesKey, installSecurity, RAW_SECURITY_HEADERS, socketLimits } from './security.js';
import { buildVariants, lifecycles, mountVariants } from './variants/registry.js';
import { webClient } from './web-client.js';

export interface Server {
  readonly app: FastifyInstance;
  /** This node's name among the nodes sharing the database (`NODE_ID`, or made up at start). */
  readonly nodeId: string;
  /** Games whose pending AI turns or turn clocks were re-armed from storage at boot. */
  readonly rearmed: number;
  /**
   * Plays out abandoned games and expires waiting games nobody joined, in every variant, now
   * (docs/product.md §D6); the server also does it every minute. Answers how many games changed.
   */
  sweepIdle(): Promise<number>;
  /**
   * Closes the simple websocket rooms idle for 30 minutes (by `config.roomClock`) now; the server
   * also does it every minute. Answers how many rooms it closed.
   */
  closeIdleRooms(): Promise<number>;
}

/** How often abandoned and expired games are looked for, in ms. */
const IDLE_SWEEP_MS = 60_000;

/** Fastify's default keep-alive timeout, in ms (longer than common load balancers' 60 s). */
const KEEP_ALIVE_MS = 72_000;

/** Swagger UI and the OpenAPI document (`/api/docs/json`) live here. */
export const DOCS_PATH = '/api/docs';

/**
 * The composition root: opens storage, builds the real ports and the services, and mounts the
 * HTTP adapter, the API docs, `/healthz` and the web client on one Fastify instance. Nothing
 * listens yet; `app.close()` stops timers and closes the database.
 */
export async function buildServer(config: ServerConfig): Promise<Server> {
  // One process at a time uses a SQLite file: the server holds its lock until it closes, and
  // `palace restore` refuses while it does (docs/deploy.md "Backups").
  const lock = config.databaseUrl === undefined ? lockSqlite(config.dataFile) : null;
  if (config.databaseUrl === undefined && lock === null) {
    throw new Error(
      `${config.dataFile} is in use by another Palace server or palace restore (${lockFileOf(config.dataFile)} is held)`,
    );
  }
  const db = await (config.databaseUrl === undefined
    ? openSqlite(config.dataFile)
    : openPostgres(config.databaseUrl)
  ).catch((error: unknown) => {
    lock?.release();
    throw error;
  });
  // This node's name among the nodes sharing the database (leases, presence, announcements).
  const nodeId = config.nodeId ?? `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const scheduler = new TimerScheduler(systemClock);
  // Every variant's game service adds its rescue of overdue jobs here (run below).
  const rescues = new Rescues();
  // A node killed mid-job leaves its game's lease behind until it expires: a restart drops what
  // cannot be held any more (its own, by a stable NODE_ID; on SQLite, one server per file, all).
  const leases = new KyselyLeases(db);
  await leases.forgetStale(config.databaseUrl === undefined ? null : nodeId);
  const ports: ServicePorts = {
    // On PostgreSQL each stored change is announced to the other nodes inside its transaction.
    store: new KyselyGamesStore(db, config.databaseUrl === undefined ? undefined : gameAnnouncer(nodeId)),
    clock: systemClock,
    ids: config.dealSeeds === undefined ? cryptoIds : { ...cryptoIds, seed: config.dealSeeds },
    scheduler,
    publisher: new LocalPublisher(),
    // A game's AI turns, turn clocks and sweeps run on one node at a time (the game's lease).
    leases,
    nodeId,
    rescues,
  };
  const turnMs = config.turnMs ?? TURN_MS;
  const tokensStore = new KyselyTokensStore(db);
  const hasher = config.hasher ?? new ScryptHasher();
  const auth = new AuthService({
    accounts: new KyselyAccountsStore(db),
    tokens: tokensStore,
    hasher,
    clock: systemClock,
    ids: cryptoIds,
  });
  await auth.seedInvites(config.inviteCodes, config.inviteUses);
  const bots = new BotsService({ bots: new KyselyBotsStore(db), clock: systemClock, ids: cryptoIds });
  const limits = { ...DEFAULT_LIMITS, ...config.limits };
  // The abuse limits' counts: this node's memory with SQLite (one server owns the file), the
  // database when several nodes share PostgreSQL, so a limit holds across them (docs/product.md §D12).
  const limiter = new RateLimiter(
    config.databaseUrl === undefined ? new MemoryRateCounters() : new KyselyRateCounters(db),
    systemClock,
  );
  /** One game budget per client address for every door that opens a game or a room. */
  const gameBudget = async (address: string): Promise<boolean> =>
    (await limiter.take(gamesKey(address), limits.gamesPerMinute, 60_000)).allowed;
  const allowedOrigins = config.allowedOrigins ?? [];
  const cluster = await Cluster.start({
    db,
    databaseUrl: config.databaseUrl,
    nodeId,
    onError: (error, what) => app.log.warn({ err: error }, `${what} failed`),
  });
  const connections = new Connections(limits.socketBufferBytes, {
    presence: cluster.presence,
    announce: (message) => cluster.announce(message),
    onError: (error) => app.log.warn({ err: error }, 'presence write failed'),
  });
  const tokens = new TokensService({ tokens: tokensStore, clock: systemClock });
  const friends = new FriendsService({ friends: new KyselyFriendsStore(db), clock: systemClock }, (id) =>
    connections.presence(id),
  );
  const inbox = new InboxService({ inbox: new KyselyInboxStore(db), clock: systemClock });
  // Every game variant's service, from the registry (src/variants/registry.ts).
  const variants = buildVariants({
    ports,
    config,
    turnMs,
    tokens: tokensStore,
    socketBufferBytes: limits.socketBufferBytes,
    announceRoom: (message) => cluster.announce(message),
    roomClock: config.roomClock ?? systemClock,
  });
  const idlePoll = restPollFastPath(variants.rest.games, Object.entries(RAW_SECURITY_HEADERS).flat());

  const app = Fastify({
    logger: { level: config.logLevel },
    // The client address (every per-address limit) comes from X-Forwarded-For only when the
    // request came through a proxy named in TRUST_PROXY; otherwise it is the socket's own.
    trustProxy:
      config.trustProxy === undefined
        ? false
        : typeof config.trustProxy === 'number'
          ? trustHops(config.trustProxy)
          : [...config.trustProxy],
    bodyLimit: 1024 * 1024,
    // Long path parameters reach the route's schema (a 400 in the variant's error shape), not the
    // router's bare 414.
    routerOptions: { maxParamLength: 1000 },
    childLoggerFactory: lazyChildLogger,
    // Shutdown: requests arriving once closing has begun get a complete 503 (never a reset), idle
    // keep-alive sockets are closed at once, and requests in flight run to their answer.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Idle polls are answered before the framework (see restPollFastPath); the rest is Fastify's.
    serverFactory: (handler) => {
      const server = createServer((request, response) => {
        // The fast path writes the same headers itself, in one list.
        if (idlePoll(request, response)) return;
        if (request.url?.startsWith('/api/rest-games/')) {
          for (const [name, value] of Object.entries(RAW_SECURITY_HEADERS)) response.setHeader(name, value);
        }
        handler(request, response);
      });
      server.keepAliveTimeout = KEEP_ALIVE_MS;
      return server;
    },
  });

  app.addHook('onClose', async () => {
    scheduler.close();
    await db.destroy();
    lock?.release();
  });
  // Before the database closes: the node stops listening and its users go offline at once.
  app.addHook('preClose', async () => cluster.close());
  // A request still running when `app.close()` starts keeps its answer, but its keep-alive socket
  // would then sit idle until KEEP_ALIVE_MS and hold the close (and SIGTERM) that long: answers
  // sent while closing say `Connection: close`, so Node ends each socket after its answer.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });

  installErrorHandling(app);
  // No type coercion: bodies are checked as sent, query and path text read strictly (docs/api.md "Validation").
  installStrictValidation(app);
  await installSecurity(app, { allowedOrigins, limits, limiter });
  // The web client's files, compressed at build time: registered before the compression below,
  // which hooks only the routes registered after it, so no file is compressed again per request.
  await app.register(webClient, { root: config.webDir });
  // Answers over 1 KB go out compressed to a client that accepts it (issue 25; measured in
  // docs/web.md "Loading": a 4-seat REST game state, 3.5 KB, is 0.8 KB in brotli for about 0.15 ms
  // of CPU, 14 ms less on a 1.6 Mbit/s phone link; the OpenAPI document, 219 KB, is 7 KB). The
  // REST game's idle polls (304, no body) never reach Fastify (serverFactory): untouched. No
  // request decompression: no client of ours sends compressed bodies.
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Palace API',
        version: '0.1.0',
        description:
          'Palace (Shithead) card game server. The server-backed REST game, public games and the easy variant ' +
          'answer refusals as `{ "error": "…" }`; the main API (accounts, games, tokens, friends) and the ' +
          'simple REST game as `{ "message": "…" }`, with a 4xx status. The main game plays over the ' +
          'websocket at `/ws`, the simple websocket game at `/simple-ws` (see docs/api.md).',
      },
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PATH });

  app.get(
    '/healthz',
    { logLevel: 'warn', schema: { tags: ['server'], summary: 'Liveness', response: { 200: Health } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/api/config',
    {
      schema: {
        tags: ['server'],
        summary: 'What the web client shows from the configuration',
        response: { 200: ClientConfig },
      },
    },
    async () => ({ supportEmail: config.supportEmail, poweredByUrl: config.poweredByUrl }),
  );
  await app.register(authRoutes, {
    auth,
    onSignOut: (userId) => connections.signOut(userId),
    limiter,
    loginFailures: { max: limits.loginFailuresPerHour, windowMs: 3_600_000 },
    guestsPerMinute: limits.guestsPerMinute,
  });
  await app.register(inboxRoutes, { auth, inbox });
  await app.register(settingsRoutes, {
    auth,
    settings: new SettingsService({
      settings: new KyselySettingsStore(db),
      hasher,
      clock: systemClock,
      ids: cryptoIds,
    }),
    limiter,
    loginFailures: { max: limits.loginFailuresPerHour, windowMs: 3_600_000 },
    onSignOut: (userId) => connections.signOut(userId),
  });
  await app.register(botRoutes, { auth, bots, onSignOut: (botId) => connections.signOut(botId) });
  await app.register(ratingRoutes, { auth, ratings: new RatingsService(new KyselyRatingsStore(db)) });
  // Tournaments (docs/tournaments.md): their tables are main games; their jobs run in the rescues.
  const tournaments = new TournamentsService(
    {
      store: new KyselyTournamentsStore(db),
      clock: systemClock,
      ids: cryptoIds,
      scheduler,
      tokens: tokensStore,
      rescues,
    },
    variants.main.games,
  );
  await app.register(tournamentRoutes, { auth, tournaments, bots });
  // Friends' invitations into main games and the bell's list (docs/product.md §D13 friend-invitations).
  const notifications = new NotificationsService(
    {
      notifications: new KyselyNotificationsStore(db),
      friends: new KyselyFriendsStore(db),
      accounts: new KyselyAccountsStore(db),
      clock: systemClock,
    },
    variants.main.games,
  );
  await app.register(notificationRoutes, { auth, notifications });
  await mountVariants(app, variants, {
    auth,
    tokens,
    friends,
    connections,
    allowedOrigins,
    socketLimits: socketLimits(limits),
    gameBudget,
    authenticate: async (request) => {
      // A bot signs in by its token (docs/bots.md); everyone else by the session cookie.
      const bearer = bearerToken(request.headers);
      if (bearer !== null) return bots.authenticate(bearer);
      const user = await auth.check(sessionToken(request.headers));
      return user.ok ? user.value : null;
    },
  });
  // The daily deal (docs/daily.md): its games are main games; its day is read by `dailyClock`.
  const daily = new DailyService(
    {
      store: new KyselyDailyStore(db),
      games: ports.store,
      clock: config.dailyClock ?? systemClock,
      ids: cryptoIds,
      hmac: (key, message) => createHmac('sha256', key).update(message).digest('hex'),
    },
    variants.main.games,
    { failed: (error) => app.log.warn({ err: error }, 'settling a daily attempt failed') },
  );
  await app.register(dailyRoutes, { auth, daily });
  // — finished games' records (every kind) —
  // A tournament table's record waits for the last table of its round (they share its deal), a
  // daily game's for the end of its day (its record holds the day's seed).
  const records = new Records(
    ports.store,
    async (game) => (await tournaments.sealed(game)) || (await daily.sealed(game)),
  );
  // A daily game's review opens when the game ends: a review holds no seed (docs/daily.md "Review").
  const reviewable = new Records(ports.store, (game) => tournaments.sealed(game));
  // Reviews are computed by one job per node, a decision at a time between other work (docs/records.md "Reviews").
  const reviews = new Reviews(reviewable, new KyselyReviewsStore(db), {
    pause: () => new Promise((resume) => setImmediate(resume)),
    now: () => systemClock.now(),
    ...(config.reviewWorlds === undefined ? {} : { budget: { ...REVIEW_BUDGET, worlds: config.reviewWorlds } }),
    failed: (key, error) => app.log.error({ err: error }, `the review of ${key} failed`),
  });
  await app.register(recordsRoutes, { records, reviews });

  let rearmed = 0;
  for (const variant of lifecycles(variants)) rearmed += await variant.rearm();
  // Tournaments due or running when the node stopped move on (a round's missing tables are created).
  await tournaments.sweep();
  cluster.attach({
    variants: new Map<string, ClusterVariant>(lifecycles(variants).map((variant) => [variant.kind, variant])),
    connections,
    rooms: variants.simpleWs.rooms,
    main: variants.main.games,
    simpleWs: variants.simpleWs.games,
  });
  const sweepIdle = async (): Promise<number> => {
    let changed = 0;
    for (const variant of lifecycles(variants)) changed += await variant.sweepIdle();
    return changed;
  };
  const sweep = setInterval(() => {
    sweepIdle().catch((error: unknown) => app.log.error({ err: error }, 'sweeping idle games failed'));
  }, IDLE_SWEEP_MS);
  sweep.unref();
  // AI turns and turn clocks whose timers lived on a node that died are picked up here.
  const rescue = setInterval(() => {
    rescues.run().catch((error: unknown) => app.log.error({ err: error }, 'rescuing overdue game jobs failed'));
  }, JOB_RESCUE_MS);
  rescue.unref();
  // Guests unseen for 30 days go (docs/product.md §D12), and expired rate counts: at start, then hourly.
  const housekeeping = async (): Promise<void> => {
    const guests = await auth.purgeGuests();
    const counts = await limiter.prune();
    if (guests > 0) app.log.info({ guests, counts }, 'purged unseen guests');
  };
  const purge = setInterval(() => {
    housekeeping().catch((error: unknown) => app.log.error({ err: error }, 'purging unseen guests failed'));
  }, GUEST_PURGE_MS);
  purge.unref();
  await housekeeping();
  // Finished games' moves older than RECORDS_KEEP_DAYS go, hourly and now (docs/deploy.md "Retention").
  const keepDays = config.recordsKeepDays;
  const retention =
    keepDays === undefined
      ? null
      : new RetentionJob({
          retention: new KyselyRetention(db),
          leases,
          nodeId,
          keepDays,
          now: () => systemClock.now(),
          removed: (outcome) => app.log.info(outcome, 'removed the moves of old finished games'),
          failed: (error) => app.log.error({ err: error }, 'removing old records failed'),
        });
  void retention?.run().catch(() => undefined);
  // Stopped before the close begins, so no rescue or purge starts on a database being closed.
  app.addHook('preClose', async () => {
    clearInterval(rescue);
    clearInterval(purge);
    await retention?.stop();
  });
  app.addHook('onClose', async () => clearInterval(sweep));
  return { app, nodeId, rearmed, sweepIdle, closeIdleRooms: () => variants.simpleWs.rooms.closeIdle() };
}

/**
 * A hop count as Fastify's trust function (what proxy-addr makes of a number): the `hops` nearest
 * addresses in the forwarding chain are trusted proxies, the one beyond them is the client.
 */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}
