// Issue 10 "scale-out": the same main-game workload against one server node and against two nodes
// sharing one PostgreSQL database, in the same run. Each table is two guests playing whole 2-seat
// games over /ws, one after another; with two nodes the two players of a table sit on different
// nodes, so every move crosses from one node to the other through the database. Reports games
// finished per second and the p95 of a move's round trip: the move sent → the OPPONENT's next
// `game_state` (on the other node when there are two).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { measureFor, percentile, waitUntil } from '../apps/server/test/load/ws-load.js';
import { lowestGroup, me, order } from '../apps/server/test/main-table.js';
import type { MainCard, MainGameState, ServerMessage } from '../packages/protocol/src/index.js';
import { type CpuSpent, cpuSpent, sampleCpu } from './cpu.js';
import { type SkipLine, type Spread, spread } from './report.js';
import { benchServerEnv, freePort, healthy, stopChild } from './server.js';

export interface ScaleOptions {
  /** Concurrent tables (two players each). */
  readonly tables: number;
  /** How long games are counted, in s (after every table has started its first game). */
  readonly seconds: number;
  /**
   * How long a player thinks before each action, in ms (0: it answers every state at once, so the
   * clients keep the machine saturated and the figures are throughput and queueing; above 0 the
   * load is paced like people, and the latencies are those of a machine with room to spare).
   * Each pause is drawn between half and one and a half times this.
   */
  readonly thinkMs?: number;
}

export type ScaleLine =
  | {
      readonly bench: string;
      readonly gamesPerSec: number;
      readonly p95Ms: number;
      readonly p50Ms: number;
      /**
       * The mean: with the clients answering at once, one node's p50 is bimodal (a move whose
       * opponent is served in the same turn of the event loop, or one that queues), the mean is not.
       */
      readonly meanMs: number;
      readonly movesPerSec: number;
      readonly tables: number;
      readonly seconds: number;
      /** The players' mean pause before each action, in ms (0: none, a saturating closed loop). */
      readonly thinkMs: number;
      /** The measured time in thirds: the spread is of the thirds' median latency. */
      readonly rounds: number;
      readonly spread: Spread;
      /**
       * Where the processor time went (bench/cpu.ts): the machine's busy cores on average, and ms
       * of CPU per move of the server nodes, of the load generator and of the rest (PostgreSQL).
       * Nothing is pinned: nodes, database and clients share every core.
       */
      readonly cpu: CpuSpent | null;
      readonly placement: false;
      /** `game_error` answers and sockets closed by a server during the run (both should be 0). */
      readonly errors: number;
    }
  | SkipLine;

/** The measured time is reported in this many equal parts (the spread of their median latency). */
const ROUNDS = 3;

/** How `scripts/pg-test-cluster.sh` says PostgreSQL is not installed. */
const PG_NOT_INSTALLED = 3;

/** Why no database server could be had: `missing` when PostgreSQL is not installed at all. */
class NoDatabase extends Error {
  constructor(
    message: string,
    readonly missing: boolean,
  ) {
    super(message);
  }
}

interface Pg {
  query(text: string): Promise<unknown>;
  connect(): Promise<void>;
  end(): Promise<void>;
}

/** `pg` is loaded at run time from node_modules (not bundled), by a specifier the bundler leaves alone. */
async function pgClient(url: string): Promise<Pg> {
  const specifier = 'pg';
  const module = (await import(specifier)) as { default: { Client: new (o: object) => Pg } };
  const client = new module.default.Client({ connectionString: url });
  await client.connect();
  return client;
}

/**
 * The database server: `PALACE_BENCH_DATABASE_URL`, else the throwaway cluster (started here).
 * Throws a `NoDatabase` that says what the script said when it cannot start one.
 */
function databaseServer(): string {
  const given = process.env.PALACE_BENCH_DATABASE_URL ?? '';
  if (given !== '') return given;
  // From the repository root (`npm run bench` runs there; this file runs bundled under node_modules/.cache).
  const script = join(process.cwd(), 'scripts/pg-test-cluster.sh');
  let printed: string;
  try {
    printed = execFileSync('bash', [script, 'start'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const failed = error as { status?: number | null; stderr?: string; message: string };
    const said = (failed.stderr ?? '').trim().split('\n').filter(Boolean).slice(-2).join(' / ');
    throw new NoDatabase(
      `scripts/pg-test-cluster.sh start exited with ${failed.status ?? 'a signal'}: ${said || failed.message}`,
      failed.status === PG_NOT_INSTALLED,
    );
  }
  const url = /PALACE_TEST_DATABASE_URL=(\S+)/.exec(printed)?.[1];
  if (url === undefined) throw new NoDatabase(`scripts/pg-test-cluster.sh printed no URL: ${printed}`, false);
  return url;
}

/**
 * The database server's URL once it answers, or what to print instead for each case: a `skipped`
 * line that says why — only PostgreSQL not being installed is a skip `npm run bench` accepts; a
 * server that would not start, or does not answer, counts as an error.
 */
export async function reachableDatabaseServer(): Promise<string | ((bench: string) => SkipLine)> {
  try {
    const server = databaseServer();
    await (await pgClient(server)).end();
    return server;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    const missing = error instanceof NoDatabase && error.missing;
    return (bench) => ({
      bench,
      skipped: missing ? `PostgreSQL is not installed (${reason})` : `no PostgreSQL server: ${reason}`,
      ...(missing ? { missing: 'PostgreSQL' } : {}),
      errors: missing ? 0 : 1,
    });
  }
}

/** A fresh database on the server of `url` (its URL), or `url` itself when its user may not create one. */
export async function freshDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `palace_bench_${randomBytes(5).toString('hex')}`;
  const admin = await pgClient(url);
  try {
    await admin.query(`create database ${name}`);
  } catch {
    return { url, drop: async () => undefined };
  } finally {
    await admin.end();
  }
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return {
    url: fresh.toString(),
    drop: async () => {
      const again = await pgClient(url);
      try {
        await again.query(`drop database if exists ${name} with (force)`);
      } finally {
        await again.end();
      }
    },
  };
}

interface Player {
  readonly socket: WebSocket;
  readonly id: number;
  /** The progress of the last state this player acted on (it acts once per state). */
  actedOn: string;
  /** The game this player chose face-up cards in last (another state may come before the choice lands). */
  choseIn: number | null;
}

interface Table {
  readonly players: [Player, Player];
  gameId: number | null;
  /** The move in flight: when it left and who sent it. */
  pending: { t0: number; readonly mover: 0 | 1 } | null;
}

/** What changes with every accepted move or choice. */
function progress(state: MainGameState): string {
  return JSON.stringify([
    state.id,
    state.status,
    state.currentTurn,
    state.playedCards.length,
    state.deck.length,
    state.players.map((p) => [p.handCount, p.faceUpCards.length, p.faceDownCards.length, p.isReady]),
  ]);
}

/** The face-up choice or the move due from `userId`, or null. */
function due(state: MainGameState, userId: number): Record<string, unknown> | null {
  if (state.players.length < 2) return null;
  const gameId = state.id;
  if (state.mustChooseFaceUp) {
    const hand = me(state, userId).handCards.filter((c): c is MainCard => 'value' in c);
    const cardIds = [...hand]
      .sort((a, b) => order(b.value) - order(a.value))
      .slice(0, 3)
      .map((c) => c.id);
    return { type: 'select_faceup_cards', gameId, cardIds };
  }
  if (state.status !== 'active' || state.currentTurn !== userId) return null;
  const group = lowestGroup(state, userId);
  if (group.length > 0) return { type: 'play_card', gameId, cardIds: group };
  return state.canPickUp ? { type: 'pickup_cards', gameId } : null;
}

async function guest(base: string): Promise<{ cookie: string; id: number }> {
  const res = await fetch(`${base}/api/auth/guest-login`, { method: 'POST' });
  if (res.status !== 200) throw new Error(`guest login answered ${res.status}: ${await res.text()}`);
  const user = (await res.json()) as { id: number };
  return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '', id: user.id };
}

/** Plays the workload against `bases` (the players of table t on bases[t % n] and bases[(t + 1) % n]). */
async function playTables(bases: readonly string[], options: ScaleOptions, pids: readonly number[]) {
  /** Each measured move: when its answer came (ms, performance.now) and how long it took. */
  const latencies: Array<readonly [number, number]> = [];
  let measuring = false;
  let stopping = false;
  let games = 0;
  let moves = 0;
  let errors = 0;
  const tables: Table[] = [];

  // A player sends only in answer to a state it received, so it never has more than a message or
  // two unanswered: the sockets' in-flight budget never meets it. Only `thinkMs` paces the actions.
  const sendNow = (player: Player, message: Record<string, unknown>, sent?: () => void): void => {
    if (stopping || player.socket.readyState !== WebSocket.OPEN) return;
    sent?.();
    player.socket.send(JSON.stringify(message));
  };
  const thinkMs = options.thinkMs ?? 0;
  /** An action after the player's pause (none when `thinkMs` is 0); a move's time starts when it is sent. */
  const act = (player: Player, message: Record<string, unknown>, sent?: () => void): void => {
    if (thinkMs <= 0) sendNow(player, message, sent);
    else setTimeout(() => sendNow(player, message, sent), thinkMs * (0.5 + Math.random()));
  };

  const create = (table: Table): void =>
    sendNow(table.players[0], { type: 'create_game', game: { name: 'Scale table', playerLimit: 2 } });

  const onFrame = (table: Table, index: 0 | 1, frame: ServerMessage): void => {
    const player = table.players[index];
    if (frame.type === 'game_error') {
      errors++;
      if (process.env.BENCH_SCALE_DEBUG === '1')
        console.error(`table ${table.gameId}, seat ${index}: ${frame.message}`);
      return;
    }
    if (frame.type === 'game_create_success') {
      table.gameId = Number(frame.gameId);
      sendNow(table.players[1], { type: 'join_game', gameId: table.gameId });
      return;
    }
    if (frame.type !== 'game_state' || frame.game.id !== table.gameId) return;
    const state = frame.game;
    const pending = table.pending;
    if (pending !== null && pending.mover !== index) {
      if (measuring) latencies.push([performance.now(), performance.now() - pending.t0]);
      table.pending = null;
    }
    if (state.status === 'completed') {
      if (index === 0 && !stopping) {
        if (measuring) games++;
        table.gameId = null;
        create(table);
      }
      return;
    }
    const key = progress(state);
    const message = due(state, player.id);
    if (message === null || key === player.actedOn) return;
    const isMove = message.type !== 'select_faceup_cards';
    if (!isMove && player.choseIn === state.id) return;
    player.actedOn = key;
    if (!isMove) player.choseIn = state.id;
    act(player, message, () => {
      if (!isMove) return;
      table.pending = { t0: performance.now(), mover: index };
      if (measuring) moves++;
    });
  };

  const open = async (base: string, table: Table, index: 0 | 1): Promise<Player> => {
    const who = await guest(base);
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`, { headers: { cookie: who.cookie } });
    const player: Player = { socket, id: who.id, actedOn: '', choseIn: null };
    socket.on('message', (data) => onFrame(table, index, JSON.parse(String(data)) as ServerMessage));
    socket.on('close', () => {
      if (!stopping) errors++;
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return player;
  };

  for (let start = 0; start < options.tables; start += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, options.tables - start) }, async (_, k) => {
        const t = start + k;
        // The players are filled in as their sockets open (no frame before that needs them).
        const table: Table = { players: [] as unknown as [Player, Player], gameId: null, pending: null };
        table.players[0] = await open(bases[t % bases.length] as string, table, 0);
        table.players[1] = await open(bases[(t + 1) % bases.length] as string, table, 1);
        tables.push(table);
        create(table);
      }),
    );
  }
  await waitUntil(
    () => !tables.some((t) => t.gameId === null),
    60_000,
    'the tables did not all start a game within 60 s',
  );
  let cpuBefore: ReturnType<typeof sampleCpu> = null;
  let cpuAfter: ReturnType<typeof sampleCpu> = null;
  let began = 0;
  const elapsed = await measureFor(options.seconds, (on) => {
    if (on) {
      cpuBefore = sampleCpu(pids);
      began = performance.now();
    } else cpuAfter = sampleCpu(pids);
    measuring = on;
  });
  stopping = true;
  for (const table of tables) for (const player of table.players) player.socket.terminate();
  const ascending = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);
  const sorted = ascending(latencies.map(([, ms]) => ms));
  const third = (elapsed * 1000) / ROUNDS;
  const thirds = Array.from({ length: ROUNDS }, (_, k) =>
    percentile(
      ascending(
        latencies.filter(([at]) => at - began >= k * third && at - began < (k + 1) * third).map(([, ms]) => ms),
      ),
      50,
    ),
  );
  const round = (x: number, places = 1) => Math.round(x * 10 ** places) / 10 ** places;
  return {
    gamesPerSec: round(games / elapsed, 2),
    p95Ms: round(percentile(sorted, 95)),
    p50Ms: round(percentile(sorted, 50)),
    meanMs: round(sorted.reduce((sum, ms) => sum + ms, 0) / Math.max(1, sorted.length)),
    movesPerSec: Math.round(moves / elapsed),
    seconds: round(elapsed, 1),
    thinkMs,
    rounds: ROUNDS,
    spread: spread('p50Ms', thirds, 1),
    cpu: cpuSpent(cpuBefore, cpuAfter, moves, availableParallelism()),
    placement: false as const,
    errors,
  };
}

/** Runs the workload on `nodes` server processes sharing a fresh database of `server`. */
async function measure(serverMain: string, server: string, nodes: number, options: ScaleOptions) {
  const database = await freshDatabase(server);
  const dataDir = mkdtempSync(join(tmpdir(), 'palace-bench-scale-'));
  const children: ReturnType<typeof spawn>[] = [];
  try {
    const bases: string[] = [];
    for (let n = 1; n <= nodes; n++) {
      const port = await freePort();
      const profile = process.env.BENCH_PROFILE_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}/n${nodes}-${n}`]
        : [];
      const child = spawn(process.execPath, [...profile, serverMain], {
        env: benchServerEnv(port, dataDir, { DATABASE_URL: database.url, NODE_ID: `bench-${n}` }),
        stdio: 'ignore',
      });
      children.push(child);
      bases.push(`http://127.0.0.1:${port}`);
      await healthy(`${bases[n - 1]}/healthz`, child);
    }
    return await playTables(
      bases,
      options,
      children.map((child) => child.pid ?? 0),
    );
  } finally {
    await Promise.all(children.map((child) => stopChild(child, process.env.BENCH_PROFILE_DIR ? 'SIGTERM' : 'SIGKILL')));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `scale.oneNode` and `scale.twoNodes` (players answering at once: throughput, the machine
 * saturated), then `scale.oneNode.paced` and `scale.twoNodes.paced` (`paced`: players thinking
 * before each action, the latency of a move when the machine has room), or a `skipped` line each
 * that says why. Only PostgreSQL not being installed is a skip that `npm run bench` accepts
 * (`missing`); a cluster that would not start, or a `PALACE_BENCH_DATABASE_URL` that cannot be
 * reached, fails the run.
 */
export async function benchScale(
  serverMain: string,
  options: ScaleOptions,
  paced: ScaleOptions | null,
): Promise<ScaleLine[]> {
  const cases: Array<readonly [string, 1 | 2, ScaleOptions]> = [
    ['scale.oneNode', 1, { ...options, thinkMs: 0 }],
    ['scale.twoNodes', 2, { ...options, thinkMs: 0 }],
  ];
  if (paced !== null) cases.push(['scale.oneNode.paced', 1, paced], ['scale.twoNodes.paced', 2, paced]);
  const server = await reachableDatabaseServer();
  if (typeof server !== 'string') return cases.map(([bench]) => server(bench));
  const lines: ScaleLine[] = [];
  for (const [bench, nodes, given] of cases) {
    const r = await measure(serverMain, server, nodes, given);
    lines.push({ bench, ...r, tables: given.tables });
  }
  return lines;
}
