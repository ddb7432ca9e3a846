// The soak (issue 41 item 2): does the server's memory level off under a steady mixed load? The
// real server (the bundle `npm start` runs, embedded SQLite in a temp dir) plays for SOAK_MINUTES
// (default 30): 100 REST games against the AI, each polled as the web client polls (every 1.5 s
// while the AI is to move; the fault tests' driver, apps/server/test/faults/load.ts), and 40
// players in 4-player main games over /ws who offer and join the rematch when a game ends (the
// load test's driver, apps/server/test/load/ws-load.ts). Every SOAK_SAMPLE_SECONDS the server's
// RSS and heap are read (bench/soak-memory.ts) and printed as a `soak.sample` line; the final
// `soak` line has the least-squares slope of RSS and heap over the last half of the run with r²
// (goal: RSS below 10 MB per hour), and every failure: refused or failed requests, refused legal
// moves, dropped sockets, games whose stored state differs from the replay of their record, an
// acknowledged move missing from the store, error lines in the server's log, a server that died.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { Load, newWorld, Rng, type World } from '../apps/server/test/faults/load.js';
import { checkStore, emptyAcked } from '../apps/server/test/faults/store-checks.js';
import { runWsLoad } from '../apps/server/test/load/ws-load.js';
import { storedReader } from './load.js';
import { onCore, type Placement, pinSelf, placement } from './pin.js';
import type { BenchLine } from './report.js';
import { benchServerEnv, freePort, healthy, stopChild } from './server.js';
import { leastSquares, type MemoryReading, probeArgs, readMemory } from './soak-memory.js';

/** What a soak runs; each from the environment (`SOAK_*`) in run.ts. */
export interface SoakOptions {
  readonly minutes: number;
  readonly sampleSeconds: number;
  readonly restGames: number;
  /** Main-game players over /ws, four to a table. */
  readonly wsPlayers: number;
  /** Mean think time of a main-game player before a move, in ms. */
  readonly thinkMs: number;
  /** Run a full garbage collection in the server before each reading (see `probeArgs`). */
  readonly forceGc: boolean;
  /**
   * A folder where the server writes a heap snapshot at the first reading of the last half and at
   * the last one (compare them in Chrome DevTools to see what grew), or null for none.
   */
  readonly snapshots: string | null;
}

/** The web client's poll interval while the AI is to move, in ms (apps/web rest-logic.ts `POLL_PLAYING_MS`). */
const WEB_POLL_MS = 1500;
/** The goal: RSS over the last half of a run grows by less than this, in MB per hour. */
const RSS_GOAL_MB_PER_HOUR = 10;

/** One reading during the run: when (s since the load began), the memory, the moves acknowledged so far. */
interface Sample extends MemoryReading {
  readonly t: number;
  readonly movesAcked: number;
}

/** The server's log, read as it is written: error lines count as failures, warnings are counted. */
function watchLog(server: ChildProcess, errors: string[]): { warnings: number } {
  const seen = { warnings: 0 };
  if (server.stdout !== null) {
    createInterface({ input: server.stdout }).on('line', (line) => {
      let level = 0;
      let msg = line;
      try {
        const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
        level = entry.level ?? 0;
        msg = `${entry.msg ?? ''}${entry.err?.message === undefined ? '' : `: ${entry.err.message}`}`;
      } catch {
        // Not a pino line: written by something else; counted as an error below.
        level = 50;
      }
      if (level >= 50) errors.push(`server log: ${msg}`);
      else if (level >= 40) seen.warnings++;
    });
  }
  if (server.stderr !== null) {
    createInterface({ input: server.stderr }).on('line', (line) => errors.push(`server stderr: ${line}`));
  }
  server.on('error', (error) => errors.push(`server process: ${error.message}`));
  server.once('exit', (code, signal) => {
    if (signal !== 'SIGKILL') errors.push(`server exited (${signal ?? code}) during the soak`);
  });
  return seen;
}

/** REST moves the players saw acknowledged so far. */
function restMoves(world: World): number {
  let n = 0;
  for (const commands of world.acked.commands.values()) n += commands.length;
  return n;
}

const round1 = (x: number): number => Math.round(x * 10) / 10;
const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * Runs the soak against a fresh server; `onSample` gets each reading's line as it is taken.
 * Answers the final line (its `errors` count every failure; the first few are listed).
 */
export async function benchSoak(
  serverMain: string,
  options: SoakOptions,
  onSample: (line: Record<string, unknown>) => void,
): Promise<BenchLine> {
  const seconds = options.minutes * 60;
  const dataDir = mkdtempSync(join(tmpdir(), 'palace-bench-soak-'));
  const dataFile = join(dataDir, 'palace.db');
  const port = await freePort();
  const cores: Placement | null = placement();
  const server = spawn(
    ...onCore(cores?.server ?? null, process.execPath, [...probeArgs(options.forceGc), serverMain]),
    {
      env: benchServerEnv(port, dataDir),
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  const errors: string[] = [];
  const log = watchLog(server, errors);
  const reader = storedReader(dataFile);
  const world = newWorld(emptyAcked(), options.restGames);
  let load: Load | null = null;
  let unpin: (() => void) | null = null;
  try {
    const base = `http://127.0.0.1:${port}`;
    await healthy(`${base}/healthz`, server);
    const before = await readMemory(server);
    // The load generator on its own core from here (the server has the other).
    if (cores !== null) unpin = pinSelf(cores.load);
    const began = performance.now();
    const rest = new Load(base, new Rng(41), world, WEB_POLL_MS);
    load = rest;
    const actors = world.rest.map((slot, i) => rest.run(`rest game ${i}`, () => rest.restStep(slot)));
    let wsMoves = 0;
    // Stops the main games when the sampling stops (the end, or a dead server).
    const stopWs = new AbortController();
    const wsFailure = { message: null as string | null };
    const ws = runWsLoad({
      base,
      games: Math.max(1, Math.round(options.wsPlayers / 4)),
      seconds,
      thinkMs: options.thinkMs,
      stored: reader.stored,
      rematch: true,
      abort: stopWs.signal,
      onMove: () => {
        wsMoves++;
      },
    }).catch((error: unknown) => {
      // Set-up failed (guests, games that never started): the soak stops at the next sample.
      wsFailure.message = error instanceof Error ? error.message : String(error);
      return null;
    });
    const failuresSoFar = () => errors.length + rest.errors.length + world.refusals.length;

    const samples: Sample[] = [];
    for (let i = 1; i * options.sampleSeconds <= seconds; i++) {
      const wait = began + i * options.sampleSeconds * 1000 - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (server.exitCode !== null || server.signalCode !== null || wsFailure.message !== null) break;
      const half = i === Math.ceil(seconds / 2 / options.sampleSeconds);
      const end = (i + 1) * options.sampleSeconds > seconds;
      const snapshot =
        options.snapshots !== null && (half || end)
          ? resolve(options.snapshots, `soak-${half ? 'half' : 'end'}.heapsnapshot`)
          : undefined;
      const reading = await readMemory(server, snapshot);
      const sample: Sample = {
        t: Math.round((performance.now() - began) / 1000),
        ...reading,
        movesAcked: restMoves(world) + wsMoves,
      };
      samples.push(sample);
      onSample({ bench: 'soak.sample', ...sample, failuresSoFar: failuresSoFar() });
    }
    const measured = (performance.now() - began) / 1000;
    stopWs.abort();
    rest.killed = true;
    await Promise.all(actors);
    const report = await ws;
    if (wsFailure.message !== null) errors.push(`main games: ${wsFailure.message}`);
    await stopChild(server);
    try {
      checkStore(dataFile, world.acked);
    } catch (error) {
      errors.push(`store check: ${error instanceof Error ? error.message : String(error)}`);
    }

    const all = [
      ...errors,
      ...rest.errors,
      ...world.refusals.map((r) => `refused: ${r}`),
      ...(report?.rejections ?? []).map((r) => `main game refused: ${r}`),
      ...(report?.replayMismatches ?? []),
    ];
    const disconnects = report?.unexpectedDisconnects ?? 0;
    const restAcked = restMoves(world);
    const wsAcked = report?.moves ?? wsMoves;
    const lastHalf = samples.filter((s) => s.t >= seconds / 2);
    const hours = lastHalf.map((s) => s.t / 3600);
    const rssFit = leastSquares(
      hours,
      lastHalf.map((s) => s.rssMB),
    );
    const heapFit = leastSquares(
      hours,
      lastHalf.map((s) => s.heapUsedMB),
    );
    const heapTotalFit = leastSquares(
      hours,
      lastHalf.map((s) => s.heapTotalMB),
    );
    const first = samples[0];
    const last = samples.at(-1);
    return {
      bench: 'soak',
      minutes: options.minutes,
      seconds: Math.round(measured),
      restGames: options.restGames,
      wsPlayers: (report?.clients ?? 0) || options.wsPlayers,
      thinkMs: options.thinkMs,
      restPollMs: WEB_POLL_MS,
      movesAcked: restAcked + wsAcked,
      restMovesAcked: restAcked,
      wsMovesAcked: wsAcked,
      movesPerSec: round1((restAcked + wsAcked) / measured),
      mainGamesFinished: report?.finished ?? 0,
      errors: all.length + disconnects,
      ...(all.length === 0 ? {} : { firstErrors: all.slice(0, 5) }),
      unexpectedDisconnects: disconnects,
      serverWarnings: log.warnings,
      rssBeforeLoadMB: before.rssMB,
      heapBeforeLoadMB: before.heapUsedMB,
      rssStartMB: first?.rssMB ?? null,
      rssHalfMB: lastHalf[0]?.rssMB ?? null,
      rssEndMB: last?.rssMB ?? null,
      rssMaxMB: samples.length === 0 ? null : Math.max(...samples.map((s) => s.rssMB)),
      heapStartMB: first?.heapUsedMB ?? null,
      heapHalfMB: lastHalf[0]?.heapUsedMB ?? null,
      heapEndMB: last?.heapUsedMB ?? null,
      rssSlopeMBPerHour: round1(rssFit.slope),
      rssR2: round3(rssFit.r2),
      rssSlope95MBPerHour: rssFit.slope95.map(round1),
      rssResidualLag1: round3(rssFit.lag1),
      rssGoalMet: rssFit.slope < RSS_GOAL_MB_PER_HOUR,
      heapSlopeMBPerHour: round1(heapFit.slope),
      heapR2: round3(heapFit.r2),
      heapTotalSlopeMBPerHour: round1(heapTotalFit.slope),
      spacesStartMB: first?.spacesMB ?? null,
      spacesEndMB: last?.spacesMB ?? null,
      rssGoalMBPerHour: RSS_GOAL_MB_PER_HOUR,
      fit: `least squares over the last half (t >= ${seconds / 2} s, ${lastHalf.length} samples)`,
      sampleSeconds: options.sampleSeconds,
      samples: samples.length,
      rss: 'VmRSS of /proc/<pid>/status (else memoryUsage().rss)',
      heap: `memoryUsage().heapUsed over an IPC channel${options.forceGc ? ', after a forced full GC' : ', no forced GC'}`,
      ...(options.snapshots === null ? {} : { heapSnapshots: options.snapshots }),
      placement: cores ?? false,
      rounds: 1,
    };
  } finally {
    if (load !== null) load.killed = true;
    unpin?.();
    reader.close();
    await stopChild(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
