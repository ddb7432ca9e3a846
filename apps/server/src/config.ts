import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPostgresUrl } from '@palace/adapter-storage';
import { parseOrigins } from '@palace/adapter-ws';
import type { Clock, PasswordHasher, PresenceTimes } from '@palace/service';
import type { AbuseLimits } from './security.js';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
/** `pretty`: plain lines for a person at a terminal; `json`: pino's JSON lines for log collectors. */
export type LogFormat = 'pretty' | 'json';

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** The SQLite file: `palace.db` under `DATA_DIR`. */
  readonly dataFile: string;
  /**
   * `DATABASE_URL`: a `postgres://…` URL puts storage on that PostgreSQL database (several nodes
   * may share it; see docs/deploy.md) instead of the SQLite file. Absent: the embedded SQLite.
   */
  readonly databaseUrl?: string;
  /**
   * `NODE_ID`: this server node's name among the nodes sharing a database (logs, leases, presence);
   * default the host name, process id and a random suffix, unique per start.
   */
  readonly nodeId?: string;
  readonly logLevel: LogLevel;
  /**
   * `LOG_FORMAT`: how the log is written. Absent: pretty when stdout is a terminal and `NODE_ENV` is
   * not `production`, else JSON (main.ts decides, since only it knows the terminal).
   */
  readonly logFormat?: LogFormat;
  /** The built web client, served when it exists. */
  readonly webDir: string;
  /** How long AI seats of the REST game wait before acting, in ms (spec: 1500; lower for tests). */
  readonly aiDelayMs: number;
  /**
   * How long a human seat has for its move or face-up choice before the server plays it, in ms
   * (`TURN_SECONDS`, default 60, docs/product.md §D6). Absent: the service default (`TURN_MS`).
   */
  readonly turnMs?: number;
  /** Invite codes seeded at start-up (`PALACE_INVITE_CODES=A,B`); existing codes are left alone. */
  readonly inviteCodes: readonly string[];
  /** Registrations each seeded code allows (`PALACE_INVITE_USES`, default 1). */
  readonly inviteUses: number;
  /** The support address shown on the help page (`SUPPORT_EMAIL`, docs/product.md §D1). */
  readonly supportEmail: string;
  /** The shell's "Powered by" link (`POWERED_BY_URL`; default the API docs page). */
  readonly poweredByUrl: string;
  /**
   * Origins besides the server's own host that may send state-changing requests and open the
   * sockets (`ALLOWED_ORIGINS=https://a.example,http://localhost:5173`; default none).
   */
  readonly allowedOrigins?: readonly string[];
  /**
   * Overrides of the abuse limits (`DEFAULT_LIMITS` in security.ts); tests lower them to reach a
   * limit quickly or raise the per-address ones. From the environment only the per-address ones
   * (`AUTH_PER_MINUTE`, `GAMES_PER_MINUTE`: many players behind one address, or a load test).
   */
  readonly limits?: Partial<AbuseLimits>;
  /**
   * `TRUST_PROXY`: the proxies whose `X-Forwarded-For` (and `-Proto`) is believed: addresses or
   * CIDRs (comma-separated; also proxy-addr's `loopback`, `linklocal`, `uniquelocal`), or a hop
   * count. Unset: the headers are ignored and the client is the socket's own address, so a forged
   * header cannot buy a fresh per-address budget (docs/product.md §D12).
   */
  readonly trustProxy?: TrustProxy;
  /**
   * `RECORDS_KEEP_DAYS`: a finished game's record entries (its moves) are removed once it is this
   * many whole days old; its final state, results, ratings and tokens stay, and its record is then
   * answered 410 (docs/deploy.md "Retention"). Absent (the default): every record is kept.
   */
  readonly recordsKeepDays?: number;
  /**
   * Sampled worlds per decision of a post-game review (docs/records.md "Reviews"); absent: the
   * engine's `REVIEW_BUDGET`. Tests lower it so a review takes a moment; not read from the environment.
   */
  readonly reviewWorlds?: number;
  /** Tests may swap the production scrypt cost for a cheaper hasher; not read from the environment. */
  readonly hasher?: PasswordHasher;
  /**
   * The clock the simple websocket rooms' inactivity is measured by (default the wall clock); tests
   * inject a manual one instead of waiting 30 minutes. Not read from the environment.
   */
  readonly roomClock?: Clock;
  /**
   * The clock the daily deal's days are read by (default the wall clock; docs/daily.md): tests move
   * it on a day to see a seed revealed. Not read from the environment.
   */
  readonly dailyClock?: Clock;
  /**
   * Where each new game's secret deal seed comes from (default the operating system's secure random
   * source). The browser suites pass a counter, so their games are the same deals on every run and
   * a whole game through the UI takes the same number of moves (docs/web.md "Tests"). Never read
   * from the environment: a predictable seed in production would let anyone know every deal.
   */
  readonly dealSeeds?: () => string;
  /**
   * How long the main game waits on a dropped player (default docs/product.md §D13's 20 s, and 2
   * minutes more in a waiting game); the real-server tests shorten them. Not read from the environment.
   */
  readonly presenceTimes?: PresenceTimes;
}

/** Fastify's `trustProxy`: the trusted addresses/CIDRs, or the number of proxy hops. */
export type TrustProxy = readonly string[] | number;

const LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** The default web build: `apps/web/dist`, found from this file (source or bundle alike). */
const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Reads the configuration from the environment: `PORT` (default 5000), `HOST` (default 0.0.0.0),
 * `DATA_DIR` (default ./data, holding palace.db), `DATABASE_URL` (a postgres:// URL: storage on
 * PostgreSQL, shared by several nodes; default unset, the SQLite file), `NODE_ID` (this node's name
 * in a cluster; default host-pid-random), `LOG_LEVEL` (default info), `LOG_FORMAT` (pretty or json;
 * default pretty on a terminal outside production), `WEB_DIR` (default
 * apps/web/dist), `AI_DELAY_MS` (default 1500, the spec's AI delay; tests shorten it),
 * `TURN_SECONDS` (default 60: a human seat's turn clock, a whole number of seconds from 1),
 * `PALACE_INVITE_CODES` (comma-separated codes seeded at start), `PALACE_INVITE_USES` (default 1),
 * `SUPPORT_EMAIL` and `POWERED_BY_URL` (shown by the web client), `ALLOWED_ORIGINS` (comma-separated
 * origins besides the server's own allowed to post and to open the sockets; default none),
 * `AUTH_PER_MINUTE` (default 20), `GAMES_PER_MINUTE` (default 30, every door that opens a game or
 * room together) and `GUESTS_PER_MINUTE` (default 30), the per-address limits, and `TRUST_PROXY`
 * (the proxies whose `X-Forwarded-For` is believed; default none), and `RECORDS_KEEP_DAYS` (whole
 * days a finished game's moves are kept; default unset, kept forever).
 * Throws with a clear message on a malformed value, so a bad deploy fails at start.
 */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): ServerConfig {
  const port = Number(env.PORT ?? '5000');
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number from 0 to 65535, got "${env.PORT}"`);
  }
  const logLevel = (env.LOG_LEVEL ?? 'info') as LogLevel;
  if (!LEVELS.includes(logLevel)) {
    throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  const logFormat = (env.LOG_FORMAT ?? '') as LogFormat | '';
  if (!['', 'pretty', 'json'].includes(logFormat)) {
    throw new Error(`LOG_FORMAT must be pretty or json (or unset: pretty on a terminal), got "${logFormat}"`);
  }
  const aiDelayMs = Number(env.AI_DELAY_MS ?? '1500');
  if (!Number.isInteger(aiDelayMs) || aiDelayMs < 0) {
    throw new Error(`AI_DELAY_MS must be a whole number of ms, got "${env.AI_DELAY_MS}"`);
  }
  const turnSeconds = Number(env.TURN_SECONDS ?? '60');
  if (!Number.isInteger(turnSeconds) || turnSeconds < 1) {
    throw new Error(`TURN_SECONDS must be a whole number of seconds of at least 1, got "${env.TURN_SECONDS}"`);
  }
  const inviteUses = Number(env.PALACE_INVITE_USES ?? '1');
  if (!Number.isInteger(inviteUses) || inviteUses < 1) {
    throw new Error(`PALACE_INVITE_USES must be a whole number of at least 1, got "${env.PALACE_INVITE_USES}"`);
  }
  const inviteCodes = (env.PALACE_INVITE_CODES ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');
  const limits: { authPerMinute?: number; gamesPerMinute?: number; guestsPerMinute?: number } = {};
  for (const [name, key] of [
    ['AUTH_PER_MINUTE', 'authPerMinute'],
    ['GAMES_PER_MINUTE', 'gamesPerMinute'],
    ['GUESTS_PER_MINUTE', 'guestsPerMinute'],
  ] as const) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`${name} must be a whole number of at least 1, got "${raw}"`);
    limits[key] = value;
  }
  const databaseUrl = env.DATABASE_URL ?? '';
  if (databaseUrl !== '' && !isPostgresUrl(databaseUrl)) {
    throw new Error(
      'DATABASE_URL must be a postgres:// (or postgresql://) URL; leave it unset for the embedded SQLite',
    );
  }
  const trustProxy = parseTrustProxy(env.TRUST_PROXY ?? '');
  const keepDays = env.RECORDS_KEEP_DAYS ?? '';
  const recordsKeepDays = keepDays === '' ? undefined : Number(keepDays);
  if (recordsKeepDays !== undefined && (!Number.isInteger(recordsKeepDays) || recordsKeepDays < 1)) {
    throw new Error(
      `RECORDS_KEEP_DAYS must be a whole number of days of at least 1 (or unset: keep every record), got "${keepDays}"`,
    );
  }
  const dataDir = env.DATA_DIR !== undefined && env.DATA_DIR !== '' ? env.DATA_DIR : './data';
  return {
    port,
    host: env.HOST !== undefined && env.HOST !== '' ? env.HOST : '0.0.0.0',
    dataFile: join(isAbsolute(dataDir) ? dataDir : resolve(dataDir), 'palace.db'),
    ...(databaseUrl === '' ? {} : { databaseUrl }),
    ...(env.NODE_ID === undefined || env.NODE_ID === '' ? {} : { nodeId: env.NODE_ID }),
    logLevel,
    ...(logFormat === '' ? {} : { logFormat }),
    aiDelayMs,
    turnMs: turnSeconds * 1000,
    inviteCodes,
    inviteUses,
    supportEmail:
      env.SUPPORT_EMAIL !== undefined && env.SUPPORT_EMAIL !== '' ? env.SUPPORT_EMAIL : 'support@palace.local',
    poweredByUrl: env.POWERED_BY_URL !== undefined && env.POWERED_BY_URL !== '' ? env.POWERED_BY_URL : '/api/docs',
    allowedOrigins: parseOrigins(env.ALLOWED_ORIGINS ?? ''),
    limits,
    ...(trustProxy === undefined ? {} : { trustProxy }),
    ...(recordsKeepDays === undefined ? {} : { recordsKeepDays }),
    webDir: env.WEB_DIR !== undefined && env.WEB_DIR !== '' ? resolve(env.WEB_DIR) : DEFAULT_WEB_DIR,
  };
}

/** proxy-addr's names for address ranges, accepted in `TRUST_PROXY` beside addresses and CIDRs. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Reads `TRUST_PROXY`: empty means none; a whole number is a hop count; otherwise comma-separated
 * addresses, CIDRs (`10.0.0.0/8`, `fd00::/8`) or range names. Throws on anything else (`true`
 * included: believing every sender would undo the point of the setting).
 */
export function parseTrustProxy(raw: string): TrustProxy | undefined {
  const text = raw.trim();
  if (text === '') return undefined;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1) throw new Error('TRUST_PROXY must be a hop count of at least 1, or proxy addresses or CIDRs');
    return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const prefixOk =
      bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32) && extra === undefined);
    if (!RANGE_NAMES.has(entry) && (family === 0 || !prefixOk)) {
      throw new Error(
        `TRUST_PROXY must be a hop count or comma-separated proxy addresses or CIDRs (or loopback, linklocal, uniquelocal), got "${entry}"`,
      );
    }
  }
  return entries;
}
