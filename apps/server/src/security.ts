import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import { GUESTS_PER_MINUTE, TOO_MANY_ATTEMPTS } from '@palace/adapter-http';
import { CROSS_SITE_TEXT, originAllowed, SOCKET_LIMITS, type SocketLimits } from '@palace/adapter-ws';
import type { RateLimiter } from '@palace/service';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The abuse limits (issue 9; docs/architecture.md "Security and abuse limits"). Production uses
 * `DEFAULT_LIMITS`; `ServerConfig.limits` overrides some (tests lower them to reach a limit, or
 * raise the per-address ones, since every test request comes from 127.0.0.1).
 */
export interface AbuseLimits {
  /** Login attempts, and separately registrations, per client address per minute. */
  readonly authPerMinute: number;
  /** Failed logins per account (normalised login) per hour; more answer 429 unchecked. */
  readonly loginFailuresPerHour: number;
  /**
   * Games and rooms opened per client address per minute, one budget for every door (docs/product.md
   * §D12): the HTTP creates of every variant, `/ws` `create_game` and `/simple-ws` joins that open
   * a new room.
   */
  readonly gamesPerMinute: number;
  /** New guests per client address per minute (docs/product.md §D12). */
  readonly guestsPerMinute: number;
  /** Socket messages one connection may leave unanswered; one more gets an error frame. */
  readonly socketInFlight: number;
  /** Refused socket messages per 10 s after which the connection is closed (1008). */
  readonly socketFloodRefusals: number;
  /** Bytes queued for one socket client above which it is dropped as a slow consumer. */
  readonly socketBufferBytes: number;
}

export const DEFAULT_LIMITS: AbuseLimits = {
  authPerMinute: 20,
  loginFailuresPerHour: 100,
  gamesPerMinute: 30,
  guestsPerMinute: GUESTS_PER_MINUTE,
  socketInFlight: SOCKET_LIMITS.inFlight,
  socketFloodRefusals: SOCKET_LIMITS.floodRefusals,
  socketBufferBytes: SOCKET_LIMITS.maxBufferedBytes,
};

/** The sockets' share of the limits. */
export function socketLimits(limits: AbuseLimits): SocketLimits {
  return {
    inFlight: limits.socketInFlight,
    floodRefusals: limits.socketFloodRefusals,
    floodWindowMs: SOCKET_LIMITS.floodWindowMs,
    maxBufferedBytes: limits.socketBufferBytes,
  };
}

/** The key of an address's game budget: one for every door that opens a game or room (docs/product.md §D12). */
export const gamesKey = (address: string): string => `games:${address}`;

/** The refusal of a rate-limited game creation (429). */
export const TOO_MANY_GAMES = 'Too many games created. Please try again later.';

/** A per-address limit on one route: which budget it spends, and whether a request spends it. */
interface LimitedRoute {
  /** `login` and `register` each have their own per-minute count; `games` is shared by every door. */
  readonly budget: 'login' | 'register' | 'games';
  /** Whether this request opens a game (a join of an existing one does not); default: every request. */
  readonly opens?: (body: unknown) => boolean;
}

/** Creates when the body names no game to join. */
const withoutGameId = (body: unknown): boolean => {
  const gameId = (body as { gameId?: unknown } | null)?.gameId;
  return gameId === undefined || gameId === null || (typeof gameId === 'string' && gameId.trim() === '');
};

/** The HTTP doors with a per-address limit (the sockets' doors take the same game budget). */
const LIMITED_ROUTES: Readonly<Record<string, LimitedRoute>> = {
  'POST /api/auth/login': { budget: 'login' },
  'POST /api/auth/register': { budget: 'register' },
  'POST /api/games': { budget: 'games' },
  'POST /api/rest-games': { budget: 'games' },
  'POST /api/simple-game/join': { budget: 'games', opens: withoutGameId },
  'POST /api/palace/games': { budget: 'games', opens: withoutGameId },
  'POST /api/simple-palace/games': { budget: 'games' },
  'POST /api/daily/start': { budget: 'games' },
};

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A Host header fit to be written into the CSP (a name or address and a port; nothing else). */
const PLAIN_HOST = /^[A-Za-z0-9.\-[\]:]{1,255}$/;

/**
 * The Content-Security-Policy of every answer. The web client is built by Vite with no inline
 * script (the service worker is registered by `/registerSW.js`), so scripts come from the site
 * only; React and Swagger UI set inline styles; card images and avatars may be `data:`/`blob:`,
 * and an avatar a player chose in Settings is an image address on any https site (docs/api.md
 * "Settings"; images only — no script, style or connection goes to another site);
 * the sockets connect to the same host (`ws:`/`wss:` named explicitly for browsers whose `'self'`
 * does not cover them). Nothing may frame the site, and no `<base>` or plugin content is allowed.
 * No `upgrade-insecure-requests`: the server also runs over plain http (localhost, a LAN).
 */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", sameHostSockets],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

function sameHostSockets(request: IncomingMessage, _response: ServerResponse): string {
  const host = request.headers.host;
  return host !== undefined && PLAIN_HOST.test(host) ? `ws://${host} wss://${host}` : "'self'";
}

/**
 * The headers of the one answer written outside Fastify (the REST game's idle-poll 304, see
 * `restPollFastPath`): it has no body, so a strict fixed set is enough.
 */
export const RAW_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/** One year, in seconds: how long a browser that reached the site over HTTPS keeps to HTTPS. */
const HSTS = 'max-age=31536000';

/**
 * Installs the HTTP security layer on the root instance, before any route: security headers
 * (helmet, with the CSP above; HSTS only on answers to HTTPS requests, so plain-http localhost
 * keeps working), CSRF protection (state-changing requests take only `application/json` bodies,
 * since the `text/plain` parser is removed and Fastify answers 415 for any type without a parser,
 * and a cross-site Origin or `Sec-Fetch-Site: cross-site` answers 403) and the per-address rate
 * limits of `LIMITED_ROUTES` (counted by `limiter`: in memory on one node, in the database when
 * several share it; the address is the socket's own unless `trustProxy` names the proxy it came
 * through). Refusals go through the routes' error handlers, so each answers in its variant's shape
 * (`{ "error" }` or `{ "message" }`), with `Retry-After`. Throws at `ready` if a limited route was
 * never registered (a renamed route must not lose its limit silently).
 */
export async function installSecurity(
  app: FastifyInstance,
  options: {
    readonly allowedOrigins: readonly string[];
    readonly limits: AbuseLimits;
    readonly limiter: RateLimiter;
  },
): Promise<void> {
  const allowed = new Set(options.allowedOrigins);
  const { limits, limiter } = options;

  // Only JSON bodies: the form-like type a cross-site page can send without a preflight goes.
  app.removeContentTypeParser('text/plain');

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    hsts: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (STATE_CHANGING.has(request.method) && !originAllowed(request.headers, allowed)) {
      throw Object.assign(new Error(CROSS_SITE_TEXT), { statusCode: 403 });
    }
  });

  const perMinute = { login: limits.authPerMinute, register: limits.authPerMinute, games: limits.gamesPerMinute };
  const seen = new Set<string>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const key = `${method} ${route.url}`;
      const limited = LIMITED_ROUTES[key];
      if (limited === undefined) continue;
      seen.add(key);
      // After validation (the body decides whether a join opens a game), before the handler.
      const check = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
        if (limited.opens !== undefined && !limited.opens(request.body)) return;
        const budgetKey = limited.budget === 'games' ? gamesKey(request.ip) : `${limited.budget}:${request.ip}`;
        const taken = await limiter.take(budgetKey, perMinute[limited.budget], 60_000);
        if (taken.allowed) return;
        reply.header('retry-after', Math.ceil(taken.retryAfterMs / 1000));
        const text = limited.budget === 'games' ? TOO_MANY_GAMES : TOO_MANY_ATTEMPTS;
        throw Object.assign(new Error(text), { statusCode: 429 });
      };
      const existing = route.preHandler;
      route.preHandler =
        existing === undefined ? [check] : [check, ...(Array.isArray(existing) ? existing : [existing])];
    }
  });
  app.addHook('onReady', async () => {
    const missing = Object.keys(LIMITED_ROUTES).filter((key) => !seen.has(key));
    if (missing.length > 0) throw new Error(`rate-limited routes not registered: ${missing.join(', ')}`);
  });
}
