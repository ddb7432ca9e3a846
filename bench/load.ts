// The issue-9 load run as a benchmark: 200 websocket clients in 50 main games playing random legal
// moves for 25 s against the real server (child process, real SQLite file), the same run as
// apps/server/test/load/ws-load.test.ts. Reports moves per second, the broadcast latency (a move
// sent → each other seat receiving the resulting state) and the failures the test asserts are 0.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LoadOptions, runWsLoad } from '../apps/server/test/load/ws-load.js';
import type { GameRecord, GameState } from '../packages/core/src/index.js';
import { benchServerEnv, freePort, healthy, stopChild } from './server.js';

export interface WsLoadResult {
  readonly clients: number;
  readonly games: number;
  readonly seconds: number;
  readonly movesPerSec: number;
  readonly broadcastP50Ms: number;
  readonly broadcastP95Ms: number;
  readonly broadcastP99Ms: number;
  readonly rejectedLegal: number;
  readonly unexpectedDisconnects: number;
  /** Games whose stored state or players' last views differ from the replay of their record. */
  readonly replayMismatches: number;
  /** The three failures above added up (each should be 0). */
  readonly errors: number;
  readonly rounds: 1;
}

interface Statement {
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}
interface Database {
  prepare(sql: string): Statement;
  close(): void;
}

/**
 * Opens the server's SQLite file read-only. better-sqlite3 is loaded at run time from
 * node_modules (a native addon is not bundled), by a specifier the bundler leaves alone.
 */
async function openReadOnly(file: string): Promise<Database> {
  const specifier = 'better-sqlite3';
  const module = (await import(specifier)) as { default: new (file: string, options: object) => Database };
  return new module.default(file, { readonly: true, fileMustExist: true });
}

/** A game's stored state and whole record, as `runWsLoad` checks them against the replay. */
export type StoredOf = LoadOptions['stored'];

/**
 * Reads games from the server's SQLite file `dataFile` (opened read-only on the first read);
 * `close` closes it.
 */
export function storedReader(dataFile: string): { readonly stored: StoredOf; readonly close: () => void } {
  let db: Database | undefined;
  const stored: StoredOf = async (id) => {
    db ??= await openReadOnly(dataFile);
    const row = db.prepare('select state, record_head from games where id = ?').get(id) as
      | { state: string; record_head: string }
      | undefined;
    if (row === undefined) return null;
    const entries = (
      db.prepare('select at, command from game_entries where game_id = ? order by seq').all(id) as Array<{
        at: number;
        command: string;
      }>
    ).map((e) => ({ at: Number(e.at), command: JSON.parse(e.command) }));
    const record = { ...JSON.parse(row.record_head), entries } as GameRecord;
    return { state: JSON.parse(row.state) as GameState, record };
  };
  return { stored, close: () => db?.close() };
}

/** Plays `games` 4-player games for `seconds` (mean think time `thinkMs`) against a fresh server. */
export async function benchWsLoad(
  serverMain: string,
  games: number,
  seconds: number,
  thinkMs: number,
): Promise<WsLoadResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'palace-bench-load-'));
  const dataFile = join(dataDir, 'palace.db');
  const port = await freePort();
  const server = spawn(process.execPath, [serverMain], {
    env: benchServerEnv(port, dataDir),
    stdio: 'ignore',
  });
  const reader = storedReader(dataFile);
  try {
    const base = `http://127.0.0.1:${port}`;
    await healthy(`${base}/healthz`, server);
    const report = await runWsLoad({ base, games, seconds, thinkMs, stored: reader.stored });
    return {
      clients: report.clients,
      games: report.games,
      seconds: report.seconds,
      movesPerSec: report.movesPerSec,
      broadcastP50Ms: report.broadcastP50Ms,
      broadcastP95Ms: report.broadcastP95Ms,
      broadcastP99Ms: report.broadcastP99Ms,
      rejectedLegal: report.rejectedLegal,
      unexpectedDisconnects: report.unexpectedDisconnects,
      replayMismatches: report.replayMismatches.length,
      errors: report.rejectedLegal + report.unexpectedDisconnects + report.replayMismatches.length,
      rounds: 1,
    };
  } finally {
    reader.close();
    await stopChild(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
