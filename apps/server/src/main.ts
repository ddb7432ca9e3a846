import type { AddressInfo } from 'node:net';
import { buildServer } from './app.js';
import { type LogFormat, loadConfig } from './config.js';
import { readyUrl, usePrettyLogs } from './lazy-logger.js';

/** How long a graceful shutdown may take before the process exits anyway, in ms. */
const SHUTDOWN_GRACE_MS = 10_000;

const config = loadConfig(process.env);
// A person at a terminal reads plain lines; production and anything piped (a log collector, a
// test harness waiting for "Palace is ready") keep pino's JSON. LOG_FORMAT decides explicitly.
const format: LogFormat =
  config.logFormat ?? (process.stdout.isTTY === true && process.env.NODE_ENV !== 'production' ? 'pretty' : 'json');
const { app, rearmed } = await buildServer(config);
if (format === 'pretty') usePrettyLogs(app.log);
await app.listen({ port: config.port, host: config.host });
const url = readyUrl(config.host, (app.server.address() as AddressInfo).port);
if (format === 'pretty') {
  // The first lines a newcomer sees: where to open the game, in plain words.
  const where = config.databaseUrl === undefined ? config.dataFile : 'PostgreSQL (DATABASE_URL)';
  process.stdout.write(
    `\nPalace is ready at ${url}\n  games are kept in ${where}; the API is described at ${url}/api/docs\n  Ctrl+C stops the server\n\n`,
  );
} else {
  app.log.info({ dataFile: config.dataFile, rearmed, url }, 'Palace is ready');
}

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
