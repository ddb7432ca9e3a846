// The main game's fan-out under load: many concurrent 4-player games over /ws, played by scripted
// clients with a think time, against the real server (child process, real SQLite file). For each
// move, the latency is from sending it until every player of that game has received the new
// game_state. The clients live in this process, the server in its own.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { freePort, healthy } from './http.js';

export interface WsBroadcastResult {
  readonly games: number;
  readonly players: number;
  readonly moves: number;
  readonly movesPerSec: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly p99Ms: number;
  readonly errors: number;
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
  const user = (await res.json()) as { id: number };
  return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '', id: user.id };
}

/** Plays `games` 4-player games for `seconds` after set-up; `thinkMs` is the mean pause before a move. */
export async function benchWsBroadcast(
  serverMain: string,
  games: number,
  seconds: number,
  thinkMs: number,
): Promise<WsBroadcastResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'palace-bench-ws-'));
  const port = await freePort();
  // BENCH_PROFILE=dir writes a CPU profile of the server there.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const server = spawn(process.execPath, [...profile, serverMain], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const sockets: WebSocket[] = [];
  const latencies: number[] = [];
  let errors = 0;
  let measuring = false;
  let stopped = false;
  try {
    const base = `http://127.0.0.1:${port}`;
    await healthy(`${base}/healthz`, server);
    const tables: Table[] = [];

    const seat = async (table: Table, index: number, me: { cookie: string; id: number }) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { cookie: me.cookie } });
      sockets.push(socket);
      let chosen = false;
      let moving = false;
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as { type: string; game?: State };
        if (message.type === 'game_error') errors++;
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
      socket.send(JSON.stringify({ type: 'join_game', gameId: table.id }));
    };

    // Set up in batches so set-up itself does not swamp the server.
    for (let start = 0; start < games; start += 25) {
      await Promise.all(
        Array.from({ length: Math.min(25, games - start) }, async () => {
          const players = await Promise.all(Array.from({ length: PLAYERS_PER_GAME }, () => guest(base)));
          const host = players[0] as { cookie: string; id: number };
          const created = await fetch(`${base}/api/games`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: host.cookie },
            body: JSON.stringify({ name: 'Bench game', playerLimit: PLAYERS_PER_GAME, entryFee: 100 }),
          });
          const table: Table = { id: ((await created.json()) as { id: number }).id, pending: null };
          tables.push(table);
          for (const [index, player] of players.entries()) await seat(table, index, player);
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
    };
  } finally {
    stopped = true;
    for (const socket of sockets) socket.terminate();
    server.kill(process.env.BENCH_PROFILE ? 'SIGTERM' : 'SIGKILL');
    if (process.env.BENCH_PROFILE) await new Promise((r) => setTimeout(r, 3000));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
