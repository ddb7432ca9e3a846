import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import { TOO_MANY_ATTEMPTS } from '@palace/adapter-http';
import { CROSS_SITE_TEXT, originAllowed, SOCKET_LIMITS, type SocketLimits } from '@palace/adapter-ws';
import type { FastifyInstance } from 'fastify';

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
   * Games opened per minute: per client address on the HTTP create routes of every variant and on
   * `/simple-ws` joins; per user on the `/ws` `create_game` message.
   */
  readonly gamesPerMinute: number;
  /** Frames one socket connection may send per `socketWindowMs`; one more closes it with 1008. */
  readonly socketMessages: number;
  /** The socket message budget's window, in ms. */
  readonly socketWindowMs: number;
  /** Bytes queued for one socket client above which it is dropped as a slow consumer. */
  readonly socketBufferBytes: number;
}

export const DEFAULT_LIMITS: AbuseLimits = {
  authPerMinute: 20,
  loginFailuresPerHour: 100,
  gamesPerMinute: SOCKET_LIMITS.gamesPerMinute,
  socketMessages: SOCKET_LIMITS.messages,
  socketWindowMs: SOCKET_LIMITS.windowMs,
  socketBufferBytes: SOCKET_LIMITS.maxBufferedBytes,
};

/** The sockets' share of the limits. */
export function socketLimits(limits: AbuseLimits): SocketLimits {
  return {
    messages: limits.socketMessages,
    windowMs: limits.socketWindowMs,
    gamesPerMinute: limits.gamesPerMinute,
    maxBufferedBytes: limits.socketBufferBytes,
  };
}

/** The refusal of a rate-limited game creation (429). */
export const TOO_MANY_GAMES = 'Too many games created. Please try again later.';

/** Which routes @fastify/rate-limit counts, and against which limit (per client address, per route). */
const LIMITED_ROUTES: Readonly<Record<string, 'auth' | 'games'>> = {
  'POST /api/auth/login': 'auth',
  'POST /api/auth/register': 'auth',
  'POST /api/games': 'games',
  'POST /api/rest-games': 'games',
  'POST /api/simple-game/join': 'games',
  'POST /api/palace/games': 'games',
  'POST /api/simple-palace/games': 'games',
};

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A Host header fit to be written into the CSP (a name or address and a port; nothing else). */
const PLAIN_HOST = /^[A-Za-z0-9.\-[\]:]{1,255}$/;

/**
 * The Content-Security-Policy of every answer. The web client is built by Vite with no inline
 * script (the service worker is registered by `/registerSW.js`), so scripts come from the site
 * only; React and Swagger UI set inline styles; card images and avatars may be `data:`/`blob:`;
 * the sockets connect to the same host (`ws:`/`wss:` named explicitly for browsers whose `'self'`
 * does not cover them). Nothing may frame the site, and no `<base>` or plugin content is allowed.
 * No `upgrade-insecure-requests`: the server also runs over plain http (localhost, a LAN).
 */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
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
 * limits of `LIMITED_ROUTES`. Refusals go through the routes' error handlers, so each answers in
 * its variant's shape (`{ "error" }` or `{ "message" }`). Throws at `ready` if a limited route
 * was never registered (a renamed route must not lose its limit silently).
 */
export async function installSecurity(
  app: FastifyInstance,
  options: { readonly allowedOrigins: readonly string[]; readonly limits: AbuseLimits },
): Promise<void> {
  const allowed = new Set(options.allowedOrigins);
  const { limits } = options;

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

  // Before the rate-limit plugin's own onRoute hook (hooks run in the order added), which reads it.
  const seen = new Set<string>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const key = `${method} ${route.url}`;
      const kind = LIMITED_ROUTES[key];
      if (kind === undefined) continue;
      seen.add(key);
      const max = kind === 'auth' ? limits.authPerMinute : limits.gamesPerMinute;
      route.config = { ...route.config, rateLimit: { max, timeWindow: 60_000 } };
    }
  });
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (request, context) => {
      const key = `${request.method} ${request.routeOptions.url ?? ''}`;
      const text = LIMITED_ROUTES[key] === 'games' ? TOO_MANY_GAMES : TOO_MANY_ATTEMPTS;
      return Object.assign(new Error(text), { statusCode: context.statusCode });
    },
  });
  app.addHook('onReady', async () => {
    const missing = Object.keys(LIMITED_ROUTES).filter((key) => !seen.has(key));
    if (missing.length > 0) throw new Error(`rate-limited routes not registered: ${missing.join(', ')}`);
  });
}
