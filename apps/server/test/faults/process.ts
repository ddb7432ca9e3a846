import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

/**
 * The server as a real process for the fault tests: built once for the whole server project by
 * its global setup (esbuild, as `npm start` ships it; `serverBundle()`), spawned with `node`,
 * killed with a signal, restarted on the same data.
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const ENTRY = join(ROOT, 'apps/server/src/main.ts');
const BUNDLER = join(ROOT, 'scripts/bundle-app.mjs');

/** How long a server may take to answer `/healthz` after its spawn, in ms (a shared 2-core machine). */
const BOOT_TIMEOUT_MS = 30_000;

/** A built server bundle and the directory to remove afterwards. */
export interface Bundle {
  /** The bundled `main.mjs`. */
  readonly main: string;
  remove(): void;
}

/** The server bundle the server project's global setup built (test/global-setup.ts): its `main.mjs`. */
export function serverBundle(): string {
  return inject('serverBundle');
}

/**
 * Bundles apps/server/src/main.ts the way apps/server/build.mjs does, into a private directory
 * under node_modules/.cache (so the bundle still resolves its external packages from the
 * repository's node_modules). Not into apps/server/dist: other test files and `npm start` build
 * that same file, and a half-written bundle would fail a spawn for no reason of ours.
 */
export function buildBundle(): Bundle {
  const cache = join(ROOT, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'palace-faults-'));
  const main = join(dir, 'main.mjs');
  const script = `import { bundleApp } from ${JSON.stringify(BUNDLER)}; await bundleApp(${JSON.stringify(ENTRY)}, ${JSON.stringify(main)});`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { stdio: 'inherit' });
  return { main, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A fresh data directory and an empty web directory, removed together. */
export interface Dirs {
  readonly dataDir: string;
  readonly webDir: string;
  /** `palace.db` under `dataDir` (what config.ts makes of `DATA_DIR`). */
  readonly dataFile: string;
  remove(): void;
}

export function tempDirs(prefix: string): Dirs {
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-data-`));
  const webDir = mkdtempSync(join(tmpdir(), `${prefix}-web-`));
  return {
    dataDir,
    webDir,
    dataFile: join(dataDir, 'palace.db'),
    remove: () => {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(webDir, { recursive: true, force: true });
    },
  };
}

/** How a server process ended. */
export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** One running server process. */
export interface ServerProcess {
  readonly child: ChildProcess;
  /** `http://127.0.0.1:{port}` */
  readonly base: string;
  /** Everything the process wrote to stdout and stderr so far (pino JSON lines). */
  output(): string;
  /** Resolves when the process has exited. */
  readonly exited: Promise<Exit>;
  /** Sends `signal` and resolves once the process has exited. */
  stop(signal: NodeJS.Signals): Promise<Exit>;
}

export interface SpawnOptions {
  readonly dirs: Dirs;
  /** The port to listen on (a restart keeps its clients' addresses); default one the system picks. */
  readonly port?: number;
  /**
   * Extra environment (AI_DELAY_MS, PALACE_INVITE_CODES …); LOG_LEVEL defaults to info, and the
   * per-address limits to a load test's (every scripted client shares 127.0.0.1).
   */
  readonly env?: Readonly<Record<string, string>>;
}

/** The per-address limits of a spawned test server unless its `env` says otherwise. */
const LOAD_TEST_LIMITS = { AUTH_PER_MINUTE: '100000', GAMES_PER_MINUTE: '100000', GUESTS_PER_MINUTE: '100000' };

/**
 * Spawns `node main.mjs` on a port the system picks (read back from Fastify's "Server listening
 * at" line) and resolves once `/healthz` answers 200. Rejects with the output if it exits first.
 */
export async function spawnServer(main: string, options: SpawnOptions): Promise<ServerProcess> {
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(options.port ?? 0),
      HOST: '127.0.0.1',
      DATA_DIR: options.dirs.dataDir,
      WEB_DIR: options.dirs.webDir,
      LOG_LEVEL: 'info',
      ...LOAD_TEST_LIMITS,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer): void => {
    output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  let dead = false;
  void exited.then(() => {
    dead = true;
  });
  const stop = async (signal: NodeJS.Signals): Promise<Exit> => {
    if (!dead) child.kill(signal);
    return exited;
  };
  const deadline = Date.now() + BOOT_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (dead) throw new Error(`server exited during boot:\n${output}`);
    const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
    // main.ts logs "Palace is ready" (with `rearmed`) right after listening; the pipe may bring it
    // after /healthz already answers, so both are awaited.
    if (listening !== null && output.includes('"msg":"Palace is ready"')) {
      const base = listening[1] as string;
      try {
        if ((await fetch(`${base}/healthz`)).status === 200) {
          return { child, base, output: () => output, exited, stop };
        }
      } catch {
        // Not answering yet.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await stop('SIGKILL');
  throw new Error(`server did not answer /healthz within ${BOOT_TIMEOUT_MS} ms:\n${output}`);
}

/** A port free right now on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The `rearmed` count of the "Palace is ready" log line, or null when there is none. */
export function rearmedAtBoot(output: string): number | null {
  const match = /"rearmed":(\d+)[^\n]*"msg":"Palace is ready"/.exec(output);
  return match === null ? null : Number(match[1]);
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled server's `main.mjs` (test/faults/process.ts). */
    serverBundle: string;
  }
}
