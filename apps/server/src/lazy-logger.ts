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
