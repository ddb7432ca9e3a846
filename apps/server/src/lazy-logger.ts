// The server's log output: per-request loggers that cost nothing until they log, and the plain
// ("pretty") lines a person reads at a terminal instead of pino's JSON (LOG_FORMAT).
import type { FastifyBaseLogger } from 'fastify';

/** pino's numeric levels. */
const VALUES: Readonly<Record<string, number>> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};

type Bindings = Record<string, unknown>;
type Options = { level?: string };
type LogFn = (...args: unknown[]) => void;

/**
 * A request logger that creates its pino child only when something is actually logged at an
 * enabled level. Fastify makes one child per request; for routes that log nothing at their level
 * (polls, health checks) that child was most of the framework's cost per request. The first
 * enabled call creates the real child, so bindings (the request id) are unchanged in the output.
 */
class LazyLogger {
  private real: FastifyBaseLogger | undefined;
  private readonly threshold: number;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: Options,
  ) {
    this.threshold = VALUES[options.level ?? parent.level] ?? VALUES.info ?? 30;
  }

  get level(): string {
    return this.options.level ?? this.parent.level;
  }

  private log(method: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal', args: unknown[]): void {
    if ((VALUES[method] ?? 0) < this.threshold) return;
    this.real ??= this.parent.child(this.bindings, this.options);
    (this.real[method] as LogFn)(...args);
  }

  trace(...args: unknown[]): void {
    this.log('trace', args);
  }
  debug(...args: unknown[]): void {
    this.log('debug', args);
  }
  info(...args: unknown[]): void {
    this.log('info', args);
  }
  warn(...args: unknown[]): void {
    this.log('warn', args);
  }
  error(...args: unknown[]): void {
    this.log('error', args);
  }
  fatal(...args: unknown[]): void {
    this.log('fatal', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: Options): FastifyBaseLogger {
    this.real ??= this.parent.child(this.bindings, this.options);
    return this.real.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: per-request loggers that cost nothing until they log. */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, options: Options): FastifyBaseLogger {
  return new LazyLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}

/** pino's level numbers as the pretty log labels them (info, the usual one, has no label). */
const LABELS: Readonly<Record<number, string>> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: '',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
/** Fields of a pino line that the pretty log shows in its own way, or not at all. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'err', 'responseTime']);
/** Requests whose start the pretty log remembers until their end (a bound, should one never end). */
export const OPEN_REQUESTS = 1000;

interface PinoLine {
  readonly level?: number;
  readonly time?: number;
  readonly msg?: string;
  readonly reqId?: string;
  readonly req?: { readonly method?: string; readonly url?: string };
  readonly res?: { readonly statusCode?: number };
  readonly responseTime?: number;
  readonly err?: { readonly message?: string; readonly stack?: string };
  readonly [field: string]: unknown;
}

/**
 * Turns pino's JSON lines into lines a person reads: `14:02:05 GET /api/games 200 3 ms`,
 * `14:02:09 WARN presence write failed: …`. A request is one line at its end (its method and path
 * remembered from its start); Fastify's "Server listening at …" lines are left out, since the ready
 * line says where to open the game in plain words. Anything that is not a JSON object passes as is.
 * Answers the text to write ('' for a line left out).
 */
export function prettyLogLines(): (line: string) => string {
  const requests = new Map<string, string>();
  return (line) => {
    let entry: PinoLine;
    try {
      entry = JSON.parse(line) as PinoLine;
    } catch {
      return line;
    }
    if (typeof entry !== 'object' || entry === null) return line;
    const msg = entry.msg ?? '';
    if (msg.startsWith('Server listening at ')) return '';
    const request = entry.reqId === undefined ? undefined : requests.get(entry.reqId);
    if (msg === 'incoming request' && entry.reqId !== undefined && entry.req !== undefined) {
      if (requests.size >= OPEN_REQUESTS) requests.delete(requests.keys().next().value ?? '');
      requests.set(entry.reqId, `${entry.req.method ?? '?'} ${entry.req.url ?? '?'}`);
      return '';
    }
    const time = new Date(entry.time ?? Date.now()).toTimeString().slice(0, 8);
    const label = LABELS[entry.level ?? 30] ?? `LEVEL ${entry.level}`;
    let text: string;
    if (msg === 'request completed' && entry.res !== undefined) {
      if (entry.reqId !== undefined) requests.delete(entry.reqId);
      const ms = entry.responseTime === undefined ? '' : ` ${Math.round(entry.responseTime)} ms`;
      text = `${request ?? 'request'} ${entry.res.statusCode ?? '?'}${ms}`;
    } else {
      text = msg;
      if (entry.err?.message !== undefined) text += `: ${entry.err.message}`;
      for (const [key, value] of Object.entries(entry)) {
        if (SHOWN.has(key) || value === undefined) continue;
        text += ` ${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`;
      }
      if (request !== undefined) text += ` (${request})`;
      // A stack helps only when something broke.
      if ((entry.level ?? 30) >= 50 && entry.err?.stack !== undefined) text += `\n${entry.err.stack}`;
    }
    return `${time} ${label === '' ? '' : `${label} `}${text}\n`;
  };
}

/** pino's hooks are kept under this registered symbol (pino.symbols.hooksSym, the same in every pino). */
const PINO_HOOKS = Symbol.for('pino.hooks');
type PinoHooks = { readonly streamWrite?: (line: string) => string };

/**
 * Makes `logger` (Fastify's pino, and every child it has or will have: they read it through their
 * prototype) write pretty lines instead of JSON, through pino's documented `streamWrite` hook.
 */
export function usePrettyLogs(logger: FastifyBaseLogger): void {
  const holder = logger as unknown as Record<symbol, PinoHooks | undefined>;
  const pretty = prettyLogLines();
  holder[PINO_HOOKS] = { ...holder[PINO_HOOKS], streamWrite: pretty };
}

/**
 * Where a person opens the game: `http://localhost:5000` when the server listens on every address
 * (0.0.0.0 or ::), else the host it was given (an IPv6 one in brackets), with the port it listens on.
 */
export function readyUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}
