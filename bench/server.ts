// The server under load as the benchmarks start it: a child process of the bundled server with
// the limits a load test needs.
import type { ChildProcess } from 'node:child_process';
import { freePort } from '../apps/server/test/faults/process.js';

export { freePort };

/**
 * Every bench client connects from 127.0.0.1, so the per-address budgets that protect a public
 * server (games created through any door, guests minted, logins) would be what a bench measures:
 * `ws.broadcast` once reported 30 moves/s with 1,880 errors because its 2,000 guests and 500 games
 * met them. Bench servers lift them; socket budgets stay as shipped (a polite client never meets
 * them). Only bench servers get these; the defaults are unchanged for everyone else.
 */
export const LOAD_TEST_LIMITS: Readonly<Record<string, string>> = {
  GAMES_PER_MINUTE: '1000000',
  GUESTS_PER_MINUTE: '1000000',
  AUTH_PER_MINUTE: '1000000',
};

/** The environment of a bench server on `port` with its data in `dataDir` (and `extra` on top). */
export function benchServerEnv(
  port: number,
  dataDir: string,
  extra: Readonly<Record<string, string>> = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    ...LOAD_TEST_LIMITS,
    ...extra,
  };
}

/** Waits until `url` answers (15 s at most); throws if `child` exits first. */
export async function healthy(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`bench server exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`bench server at ${url} never answered`);
}

/** Kills `child` with `signal` and waits until it has exited, so the next case starts on a quiet machine. */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}
