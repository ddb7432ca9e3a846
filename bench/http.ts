// The poll path's cost against the floor: the real server (child process, real SQLite file)
// answering 304 to an unchanged poll, and a bare node:http server answering 304, measured by
// the same load generator in the same run.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { type Spread, spread } from './report.js';
import { benchServerEnv, freePort, healthy, stopChild } from './server.js';

const BARE_304 = `
require('node:http')
  .createServer((req, res) => { res.writeHead(304); res.end(); })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
`;

/** Measurements of each server. */
const ROUNDS = 5;

export interface Poll304Result {
  readonly reqPerSec: number;
  readonly baselineReqPerSec: number;
  readonly ratio: number;
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
  const result = await autocannon({ url, connections: 32, duration: seconds, pipelining: 1 });
  // autocannon counts a 304 as "non2xx": every class but 3xx is an error here.
  const wrong = result['1xx'] + result['2xx'] + result['4xx'] + result['5xx'];
  return { perSec: result['3xx'] / seconds, errors: wrong + result.errors + result.timeouts };
}

/**
 * Runs both servers as child processes (so the load generator does not share their event loop)
 * and alternates `ROUNDS` measurements of each; reports the best round of each.
 */
export async function benchPoll304(serverMain: string, seconds: number): Promise<Poll304Result> {
  const dataDir = mkdtempSync(join(tmpdir(), 'palace-bench-http-'));
  const children: ChildProcess[] = [];
  try {
    const serverPort = await freePort();
    const server = spawn(process.execPath, [serverMain], {
      // Logging at the level `npm start` ships with (the other bench servers log warnings only).
      env: benchServerEnv(serverPort, dataDir, { LOG_LEVEL: 'info' }),
      stdio: 'ignore',
    });
    children.push(server);
    const bareport = await freePort();
    const bare = spawn(process.execPath, ['-e', BARE_304], {
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

    // Warm both up (JIT), then alternate so drift hits both alike. On a shared, noisy machine
    // the best round of each is the least disturbed one, so the best of each is compared.
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
    const reqPerSec = Math.max(...ours);
    const baselineReqPerSec = Math.max(...floor);
    return {
      reqPerSec: Math.round(reqPerSec),
      baselineReqPerSec: Math.round(baselineReqPerSec),
      ratio: Math.round((reqPerSec / baselineReqPerSec) * 1000) / 1000,
      errors,
      rounds: ROUNDS,
      seconds: 2 * ROUNDS * seconds,
      spread: spread(
        'ratio',
        ours.map((x, i) => x / (floor[i] ?? x)),
        3,
      ),
    };
  } finally {
    await Promise.all(children.map((child) => stopChild(child)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
