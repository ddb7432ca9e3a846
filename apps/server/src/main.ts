import { buildServer } from './app.js';
import { loadConfig } from './config.js';

/** How long a graceful shutdown may take before the process exits anyway, in ms. */
const SHUTDOWN_GRACE_MS = 10_000;

const config = loadConfig(process.env);
const { app, rearmed } = await buildServer(config);
await app.listen({ port: config.port, host: config.host });
app.log.info({ dataFile: config.dataFile, rearmed }, 'Palace is ready');

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
