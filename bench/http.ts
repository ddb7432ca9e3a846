// The poll path's cost against the floor: the real server (child process, real SQLite file)
// answering 304 to an unchanged poll, and a bare node:http server answering 304, measured by
// the same load generator in the same run.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../apps/server/test/faults/process.js';

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
}

export { freePort };

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

/** Requests per second of 304 answers; throws if any answer was not a 304. */
async function load(url: string, seconds: number): Promise<number> {
  const result = await autocannon({ url, connections: 32, duration: seconds, pipelining: 1 });
  const other = result.requests.sent - result['3xx'];
  if (result['3xx'] === 0 || result.errors > 0 || other > result.connections) {
    throw new Error(
      `unexpected answers from ${url}: 3xx=${result['3xx']} 2xx=${result['2xx']} non2xx=${result.non2xx} errors=${result.errors}`,
    );
  }
  return result['3xx'] / seconds;
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
      env: { ...process.env, PORT: String(serverPort), HOST: '127.0.0.1', DATA_DIR: dataDir },
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
    await load(serverUrl, 2);
    await load(bareUrl, 2);
    const ours: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      floor.push(await load(bareUrl, seconds));
      ours.push(await load(serverUrl, seconds));
    }
    const reqPerSec = Math.max(...ours);
    const baselineReqPerSec = Math.max(...floor);
    return {
      reqPerSec: Math.round(reqPerSec),
      baselineReqPerSec: Math.round(baselineReqPerSec),
      ratio: Math.round((reqPerSec / baselineReqPerSec) * 1000) / 1000,
    };
  } finally {
    for (const child of children) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
