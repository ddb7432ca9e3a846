// The poll path's cost against the floor: the real server (child process, real SQLite file)
// answering 304 to an unchanged poll, and a bare node:http server answering 304, measured by
// the same load generator in the same run, round by round side by side. Where `taskset` exists
// each server runs alone on one core and the load generator (this process) on another (bench/pin.ts):
// unpinned, server and load share both cores and the ratio moved between 0.55 and 0.90 from run
// to run (issue 23).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { onCore, type Placement, pinSelf, placement } from './pin.js';
import { median, type Spread, spread } from './report.js';
import { benchServerEnv, freePort, healthy, stopChild } from './server.js';

const BARE_304 = `
require('node:http')
  .createServer((req, res) => { res.writeHead(304); res.end(); })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
`;

/** Measured rounds of each server (each a pair: the bare server's, then ours); the median counts. */
const ROUNDS = Number(process.env.BENCH_POLL_ROUNDS ?? 3);
/** Concurrent keep-alive connections of the load generator. */
const CONNECTIONS = 50;

export interface Poll304Result {
  /** Our 304s per second: the median round. */
  readonly reqPerSec: number;
  /** The bare server's: the median round. */
  readonly baselineReqPerSec: number;
  /** The median of the rounds' ratios (ours / bare, each pair measured back to back). */
  readonly ratio: number;
  /** The servers' core and the load generator's (`taskset`), or false: everything unpinned. */
  readonly placement: Placement | false;
  readonly connections: number;
  /** Answers other than 304, connection errors and time-outs, both servers, every round. */
  readonly errors: number;
  readonly rounds: number;
  /** Measured seconds (both servers, every counted round). */
  readonly seconds: number;
  /** The ratio of each round pair (the bare server's round, then ours). */
  readonly spread: Spread;
}

/** Requests per second of 304 answers, and the answers that were anything else (or none). */
async function load(url: string, seconds: number): Promise<{ perSec: number; errors: number }> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, pipelining: 1 });
  // autocannon counts a 304 as "non2xx": every class but 3xx is an error here.
  const wrong = result['1xx'] + result['2xx'] + result['4xx'] + result['5xx'];
  return { perSec: result['3xx'] / seconds, errors: wrong + result.errors + result.timeouts };
}

/**
 * Runs both servers as child processes (so the load generator does not share their event loop),
 * pinned to one core with the load generator on another where it can, and alternates `ROUNDS`
 * measurements of each; reports the median round of each and the median of the rounds' ratios.
 */
export async function benchPoll304(serverMain: string, seconds: number): Promise<Poll304Result> {
  const dataDir = mkdtempSync(join(tmpdir(), 'palace-bench-http-'));
  const children: ChildProcess[] = [];
  const cores = placement();
  let unpin: (() => void) | null = null;
  try {
    const serverPort = await freePort();
    const server = spawn(...onCore(cores?.server ?? null, process.execPath, [serverMain]), {
      // Logging at the level `npm start` ships with (the other bench servers log warnings only).
      env: benchServerEnv(serverPort, dataDir, { LOG_LEVEL: 'info' }),
      stdio: 'ignore',
    });
    children.push(server);
    const bareport = await freePort();
    const bare = spawn(...onCore(cores?.server ?? null, process.execPath, ['-e', BARE_304]), {
      env: { ...process.env, PORT: String(bareport) },
      stdio: 'ignore',
    });
    children.push(bare);
    const base = `http://127.0.0.1:${serverPort}`;
    await healthy(`${base}/healthz`, server);
    await healthy(`http://127.0.0.1:${bareport}/`, bare);

    const created = await fetch(`${base}/api/rest-games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ playerName: 'Bench', isPublic: false }),
    });
    const { gameId, playerId, gameState } = (await created.json()) as {
      gameId: string;
      playerId: string;
      gameState: { lastUpdate: number };
    };
    const path = `/api/rest-games/${gameId}/poll?playerId=${encodeURIComponent(playerId)}&lastUpdate=${gameState.lastUpdate}`;
    const serverUrl = `${base}${path}`;
    const bareUrl = `http://127.0.0.1:${bareport}${path}`;

    // The load generator on its own core from here (fetch above ran anywhere).
    if (cores !== null) unpin = pinSelf(cores.load);
    // Warm both up (JIT), then alternate so drift hits both alike; each round's ratio compares
    // two measurements taken back to back, and the median round is reported.
    let errors = created.ok ? 0 : 1;
    errors += (await load(serverUrl, 2)).errors;
    errors += (await load(bareUrl, 2)).errors;
    const ours: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const bareRound = await load(bareUrl, seconds);
      const ourRound = await load(serverUrl, seconds);
      floor.push(bareRound.perSec);
      ours.push(ourRound.perSec);
      errors += bareRound.errors + ourRound.errors;
    }
    const ratios = ours.map((x, i) => x / (floor[i] ?? Number.NaN));
    return {
      reqPerSec: Math.round(median(ours)),
      baselineReqPerSec: Math.round(median(floor)),
      ratio: Math.round(median(ratios) * 1000) / 1000,
      placement: cores ?? false,
      connections: CONNECTIONS,
      errors,
      rounds: ROUNDS,
      seconds: 2 * ROUNDS * seconds,
      spread: spread('ratio', ratios, 3),
    };
  } finally {
    unpin?.();
    await Promise.all(children.map((child) => stopChild(child)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
