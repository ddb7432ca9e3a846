// How the soak (bench/soak.ts) reads the server's memory without the server offering it to anyone:
// the bench starts the server with an IPC channel and a one-line preload (`--import` of a data:
// URL) that answers a message with `process.memoryUsage()`; the channel exists only between the
// bench and its child, so nothing is added to the server's HTTP surface. RSS comes from
// /proc/<pid>/status (VmRSS) where there is one (it needs nothing of the server's event loop),
// else from the same answer. And the least-squares fit that says whether memory levels off.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The message the preload answers. */
const ASK = 'palace-bench-memory';
/** How long a sample may wait for the server's answer, in ms (a busy event loop, or a heap snapshot, answers late). */
const ANSWER_MS = 60_000;

/**
 * Node arguments that load the memory probe before the server's own code. With `gc`, the probe
 * runs a full collection before each answer (`--expose-gc`): a precise live heap, but a server
 * collected every sample is not the server `npm start` runs, so the default leaves it alone.
 */
export function probeArgs(gc: boolean): string[] {
  const code = [
    `process.on('message', async (m) => {`,
    `  if (m?.ask !== '${ASK}') return;`,
    `  if (typeof m.snapshot === 'string') (await import('node:v8')).writeHeapSnapshot(m.snapshot);`,
    `  else if (${gc} && typeof globalThis.gc === 'function') globalThis.gc();`,
    `  const v8 = await import('node:v8');`,
    `  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]));`,
    `  process.send({ ...process.memoryUsage(), spaces });`,
    `});`,
    // The channel must not keep a server that is shutting down alive.
    `process.channel?.unref();`,
  ].join('\n');
  return [...(gc ? ['--expose-gc'] : []), '--import', `data:text/javascript,${encodeURIComponent(code)}`];
}

/** One reading, in MB (10^6 bytes). */
export interface MemoryReading {
  readonly rssMB: number;
  readonly heapUsedMB: number;
  readonly heapTotalMB: number;
  readonly externalMB: number;
  /** The V8 heap's spaces, each one's committed size in MB (which of them grows, when `heapTotal` does). */
  readonly spacesMB: Readonly<Record<string, number>>;
}

const MB = 1e6;
const round1 = (x: number): number => Math.round(x * 10) / 10;

/** VmRSS of process `pid` in bytes, or null when /proc cannot say (not Linux). */
function procRss(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const kb = /VmRSS:\s*(\d+)\s*kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

/**
 * Asks the probe in `server` for its memory; throws if it does not answer within `ANSWER_MS`. With
 * `snapshot`, the server first writes a heap snapshot to that file (which collects garbage first).
 */
export function readMemory(server: ChildProcess, snapshot?: string): Promise<MemoryReading> {
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      server.off('message', answer);
      server.off('exit', exited);
      reject(new Error(why));
    };
    const timer = setTimeout(() => fail(`the server did not report its memory within ${ANSWER_MS} ms`), ANSWER_MS);
    const exited = () => fail('the server exited before reporting its memory');
    const answer = (message: unknown): void => {
      const usage = message as NodeJS.MemoryUsage & { spaces?: Record<string, number> };
      if (typeof usage?.heapUsed !== 'number') return;
      clearTimeout(timer);
      server.off('message', answer);
      server.off('exit', exited);
      const rss = procRss(server.pid) ?? usage.rss;
      resolve({
        rssMB: round1(rss / MB),
        heapUsedMB: round1(usage.heapUsed / MB),
        heapTotalMB: round1(usage.heapTotal / MB),
        externalMB: round1(usage.external / MB),
        spacesMB: Object.fromEntries(
          Object.entries(usage.spaces ?? {}).map(([name, bytes]) => [name.replace(/_space$/, ''), round1(bytes / MB)]),
        ),
      });
    };
    server.on('message', answer);
    server.once('exit', exited);
    if (server.exitCode !== null || server.signalCode !== null) exited();
    else if (!server.connected || !server.send(snapshot === undefined ? { ask: ASK } : { ask: ASK, snapshot })) {
      fail('the server has no IPC channel (was it spawned with one?)');
    }
  });
}

/**
 * A least-squares line: its slope (units of y per unit of x), r² (0 when y does not vary) and the
 * slope's 95 % interval. The samples are a time series, so the residuals are correlated: the
 * interval widens the ordinary standard error by the lag-1 autocorrelation of the residuals
 * (effective sample size n·(1−ρ)/(1+ρ) for ρ > 0), which the plain formula would understate.
 */
export interface Fit {
  readonly slope: number;
  readonly r2: number;
  /** The slope's 95 % interval [low, high] (NaN without at least 3 points). */
  readonly slope95: readonly [number, number];
  /** Lag-1 autocorrelation of the residuals. */
  readonly lag1: number;
}

const NO_FIT: Fit = { slope: Number.NaN, r2: 0, slope95: [Number.NaN, Number.NaN], lag1: Number.NaN };

/** The least-squares line through the points (`xs[i]`, `ys[i]`); NaN slope for fewer than 2 points. */
export function leastSquares(xs: readonly number[], ys: readonly number[]): Fit {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return NO_FIT;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < n; i++) {
    sx += xs[i] as number;
    sy += ys[i] as number;
  }
  const mx = sx / n;
  const my = sy / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] as number) - mx;
    const dy = (ys[i] as number) - my;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  if (sxx === 0) return NO_FIT;
  const slope = sxy / sxx;
  const r2 = syy === 0 ? 0 : (sxy * sxy) / (sxx * syy);
  if (n < 3) return { slope, r2, slope95: [Number.NaN, Number.NaN], lag1: Number.NaN };
  const residuals = Array.from({ length: n }, (_, i) => (ys[i] as number) - my - slope * ((xs[i] as number) - mx));
  let sse = 0;
  let lagged = 0;
  for (let i = 0; i < n; i++) {
    sse += (residuals[i] as number) ** 2;
    if (i > 0) lagged += (residuals[i] as number) * (residuals[i - 1] as number);
  }
  const lag1 = sse === 0 ? 0 : lagged / sse;
  const inflation = lag1 > 0 ? (1 + lag1) / (1 - Math.min(lag1, 0.99)) : 1;
  const se = Math.sqrt((sse / (n - 2) / sxx) * inflation);
  return { slope, r2, slope95: [slope - 1.96 * se, slope + 1.96 * se], lag1 };
}
