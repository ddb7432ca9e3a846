// The main game's fan-out under load: many concurrent 4-player games over /ws, played by scripted
// clients with a think time, against the real server (child process, real SQLite file). For each
// move, the latency is from sending it until every player of that game has received the new
// game_state. The clients live in this process, the server in its own; given a placement
// (bench/pin.ts; run.ts asks for one with BENCH_WS_PIN=1) the server runs alone on one core and this
// process (the 2,000 clients) on another.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { onCore, type Placement, pinSelf } from './pin.js';
import { benchServerEnv, freePort, healthy, stopChild } from './server.js';

export interface WsBroadcastResult {
  readonly games: number;
  readonly players: number;
  readonly moves: number;
  readonly movesPerSec: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly p99Ms: number;
  /**
   * Everything that went wrong: guest logins and game creations not answered 200/201 (their table
   * is not played), `game_error` answers, and sockets that failed to open or were closed by the server.
   */
  readonly errors: number;
  /** Measured seconds (one round). */
  readonly seconds: number;
  /** What the first failed set-up said, when one failed. */
  readonly firstError?: string;
}

interface State {
  readonly id: number;
  readonly status: string;
  readonly currentTurn: number | null;
  readonly playableCards: readonly string[];
  readonly canPickUp: boolean;
  readonly players: ReadonlyArray<{ id: number; handCards: ReadonlyArray<{ id: string; hidden?: boolean }> }>;
}

interface Table {
  id: number;
  pending: { t0: number; waiting: Set<number> } | null;
}

const PLAYERS_PER_GAME = 4;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function guest(base: string): Promise<{ cookie: string; id: number }> {
  const res = await fetch(`${base}/api/auth/guest-login`, { method: 'POST' });
  if (res.status !== 200) throw new Error(`guest login answered ${res.status}: ${await res.text()}`);
  const user = (await res.json()) as { id: number };
  return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '', id: user.id };
}

/**
 * Plays `games` 4-player games for `seconds` after set-up against a fresh server; `thinkMs` is the
 * mean pause before a move. `cores`: the server's core and this process's, or null (unpinned).
 */
export async function benchWsBroadcast(
  serverMain: string,
  games: number,
  seconds: number,
  thinkMs: number,
  cores: Placement | null,
): Promise<WsBroadcastResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'palace-bench-ws-'));
  const port = await freePort();
  // BENCH_PROFILE=dir writes a CPU profile of the server there.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const server = spawn(...onCore(cores?.server ?? null, process.execPath, [...profile, serverMain]), {
    env: benchServerEnv(port, dataDir),
    stdio: 'ignore',
  });
  let unpin: (() => void) | null = null;
  const sockets: WebSocket[] = [];
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  let measuring = false;
  let stopped = false;
  try {
    const base = `http://127.0.0.1:${port}`;
    await healthy(`${base}/healthz`, server);
    if (cores !== null) unpin = pinSelf(cores.load);
    const tables: Table[] = [];

    const seat = async (table: Table, index: number, me: { cookie: string; id: number }) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { cookie: me.cookie } });
      sockets.push(socket);
      let opened = false;
      // A socket error is followed by its close, counted there.
      socket.on('error', () => undefined);
      socket.on('close', () => {
        if (opened && !stopped) errors++;
      });
      let chosen = false;
      let moving = false;
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as { type: string; game?: State };
        if (message.type === 'game_error') {
          errors++;
          // The move in flight was refused: no state follows it, so the table moves on without it.
          if (table.pending !== null) table.pending = null;
          return;
        }
        if (message.type !== 'game_state' || message.game === undefined) return;
        const game = message.game;
        const pending = table.pending;
        if (pending?.waiting.delete(index) && pending.waiting.size === 0) {
          if (measuring) latencies.push(performance.now() - pending.t0);
          table.pending = null;
        }
        if (!chosen && game.status === 'waiting') {
          const hand = game.players.find((p) => p.id === me.id)?.handCards ?? [];
          // The game starts once every seated player has chosen: wait until the table is full.
          if (hand.length >= 6 && game.players.length === PLAYERS_PER_GAME) {
            chosen = true;
            socket.send(
              JSON.stringify({
                type: 'select_faceup_cards',
                gameId: table.id,
                cardIds: hand.slice(0, 3).map((c) => c.id),
              }),
            );
          }
        }
        if (game.status !== 'active' || game.currentTurn !== me.id || moving || stopped) return;
        moving = true;
        setTimeout(
          () => {
            moving = false;
            if (stopped) return;
            const move =
              game.playableCards.length > 0
                ? { type: 'play_card', gameId: table.id, cardIds: [game.playableCards[0]] }
                : { type: 'pickup_cards', gameId: table.id };
            table.pending = {
              t0: performance.now(),
              waiting: new Set(Array.from({ length: PLAYERS_PER_GAME }, (_, i) => i)),
            };
            socket.send(JSON.stringify(move));
          },
          thinkMs * (0.5 + Math.random()),
        );
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      opened = true;
      socket.send(JSON.stringify({ type: 'join_game', gameId: table.id }));
    };

    // Set up in batches so set-up itself does not swamp the server. A table whose set-up fails
    // counts as an error and is not played (the line's `games` says how many were).
    for (let start = 0; start < games; start += 25) {
      await Promise.all(
        Array.from({ length: Math.min(25, games - start) }, async () => {
          try {
            const players = await Promise.all(Array.from({ length: PLAYERS_PER_GAME }, () => guest(base)));
            const host = players[0] as { cookie: string; id: number };
            const created = await fetch(`${base}/api/games`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie: host.cookie },
              body: JSON.stringify({ name: 'Bench game', playerLimit: PLAYERS_PER_GAME, entryFee: 100 }),
            });
            if (!created.ok) throw new Error(`game creation answered ${created.status}: ${await created.text()}`);
            const table: Table = { id: ((await created.json()) as { id: number }).id, pending: null };
            tables.push(table);
            for (const [index, player] of players.entries()) await seat(table, index, player);
          } catch (error) {
            errors++;
            firstError ??= error instanceof Error ? error.message : String(error);
          }
        }),
      );
    }
    // Let every game start and settle into its rhythm, then measure.
    await new Promise((r) => setTimeout(r, 2 * thinkMs + 1000));
    measuring = true;
    const began = performance.now();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    measuring = false;
    const elapsed = (performance.now() - began) / 1000;
    stopped = true;
    const sorted = [...latencies].sort((a, b) => a - b);
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      games: tables.length,
      players: tables.length * PLAYERS_PER_GAME,
      moves: sorted.length,
      movesPerSec: Math.round(sorted.length / elapsed),
      p50Ms: round(percentile(sorted, 50)),
      p95Ms: round(percentile(sorted, 95)),
      p99Ms: round(percentile(sorted, 99)),
      errors,
      ...(firstError === undefined ? {} : { firstError }),
      seconds: Math.round(elapsed * 10) / 10,
    };
  } finally {
    unpin?.();
    stopped = true;
    for (const socket of sockets) socket.terminate();
    // SIGTERM lets the server write its CPU profile.
    await stopChild(server, process.env.BENCH_PROFILE ? 'SIGTERM' : 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
