import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Tournament } from '@palace/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { serverBundle } from './faults/process.js';
import {
  chooseFaceUp,
  guest,
  Jar,
  joinGame,
  ok200,
  type Player,
  playToEnd,
  registered,
  seatOf,
} from './main-harness.js';

const AI_DELAY_MS = 400;

interface Running {
  readonly child: ChildProcess;
  readonly base: string;
  readonly output: () => string;
}

const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<Running> {
  // Port 0: the system picks a free one, read back from the "Server listening at" log line.
  // The server as `npm start` runs it: the bundle the project's global setup built once
  // (faults/process.ts; from source through tsx each start cost seconds of compiling).
  const child = spawn(process.execPath, [serverBundle()], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      AI_DELAY_MS: String(AI_DELAY_MS),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
    if (listening === null) {
      await sleep(100);
      continue;
    }
    const base = listening[1] as string;
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { child, base, output: () => output };
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`server did not become healthy:\n${output}`);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

interface State {
  status: string;
  currentTurn: string | null;
  lastUpdate: number;
  playableCards: string[];
  canPickUp: boolean;
  pileCount: number;
  players: Array<{ id: string; handCount: number }>;
  lastAction: { player: string; action: string } | null;
}

async function post<T>(base: string, path: string, body: object): Promise<T> {
  const response = await fetch(`${base}/api/rest-games${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function view(base: string, gameId: string, playerId: string): Promise<State> {
  const response = await fetch(`${base}/api/rest-games/${gameId}?playerId=${encodeURIComponent(playerId)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as State;
}

/** One move for the human: the first playable card, else pick up. */
async function move(base: string, gameId: string, playerId: string, state: State): Promise<State> {
  const card = state.playableCards[0];
  if (card !== undefined) return post<State>(base, `/${gameId}/play`, { playerId, cardId: card });
  return post<State>(base, `/${gameId}/pickup`, { playerId });
}

describe('server process', () => {
  it('server - after SIGKILL mid-game a restart continues from the last committed move, AI turn included', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'palace-restart-'));
    dirs.push(dataDir);
    let server = await startServer(dataDir);
    const created = await post<{ gameId: string; playerId: string }>(server.base, '', {
      playerName: 'Ann',
      variant: 'easy',
      isPublic: false,
    });
    const { gameId, playerId } = created;
    await post(server.base, `/${gameId}/ready`, { playerId });
    let state = await post<State>(server.base, `/${gameId}/start`, { playerId });
    expect(state.status).toBe('playing');

    // Play until a human move hands the turn to the AI, then kill the process before the AI's
    // 400 ms delay is up: the AI's pending turn exists only as a stored deadline.
    let acknowledged: State | null = null;
    for (let i = 0; i < 200 && acknowledged === null; i++) {
      state = await view(server.base, gameId, playerId);
      if (state.status !== 'playing') break;
      if (state.currentTurn !== playerId) {
        await sleep(50);
        continue;
      }
      const after = await move(server.base, gameId, playerId, state);
      if (after.status === 'playing' && after.currentTurn !== playerId) acknowledged = after;
    }
    expect(acknowledged).not.toBeNull();
    const before = acknowledged as State;
    server.child.kill('SIGKILL');
    await exited(server.child);

    server = await startServer(dataDir);
    const restored = await view(server.base, gameId, playerId);
    // The acknowledged move survived the kill. (The re-armed AI may already have moved since,
    // its deadline having passed while the server was down; then the state has moved on.)
    expect(restored.lastUpdate).toBeGreaterThanOrEqual(before.lastUpdate);
    if (restored.lastUpdate === before.lastUpdate) {
      expect(restored.players.map((p) => p.handCount)).toEqual(before.players.map((p) => p.handCount));
      expect(restored.lastAction).toEqual(before.lastAction);
      expect(restored.pileCount).toBe(before.pileCount);
    }
    // The AI's turn was re-armed at boot: it acts without any request from us.
    let resumed = restored;
    for (let i = 0; i < 100 && resumed.lastUpdate === before.lastUpdate; i++) {
      await sleep(50);
      const poll = await fetch(
        `${server.base}/api/rest-games/${gameId}/poll?playerId=${encodeURIComponent(playerId)}&lastUpdate=${before.lastUpdate}`,
      );
      if (poll.status === 200) resumed = ((await poll.json()) as { gameState: State }).gameState;
    }
    expect(resumed.lastUpdate).toBeGreaterThan(before.lastUpdate);
    expect(resumed.lastAction?.player).not.toBe(playerId);
    expect(server.output()).toContain('"rearmed":1');
  }, 60_000);

  it('tournaments - after SIGKILL mid-round a restart resumes the round: its finished table counts, the other plays on to the end', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'palace-restart-cup-'));
    dirs.push(dataDir);
    const env = { PALACE_INVITE_CODES: 'CUP-KILL' };
    let server = await startServer(dataDir, env);
    const host = await registered(server.base, 'CUP-KILL', 'host');
    const players: Player[] = [host];
    for (let i = 0; i < 3; i++) players.push(await guest(server.base));
    const created = await host.jar.post<Tournament>('/api/tournaments', {
      name: 'Kill Cup',
      maxPlayers: 4,
      tableSize: 2,
      rounds: 1,
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    for (const player of players) ok200(await player.jar.post(`/api/tournaments/${id}/enter`));
    const running = ok200(await host.jar.get<Tournament>(`/api/tournaments/${id}`));
    const [first, second] = running.roundList[0]?.tables ?? [];
    if (first === undefined || second === undefined) throw new Error('two tables expected');
    const seatsAt = async (base: string, table: { seats: Array<{ userId: number }> }) =>
      Promise.all(
        table.seats.map((seat) => {
          const player = players.find((p) => p.user.id === seat.userId) as Player;
          return seatOf(base, player);
        }),
      );
    // Table 1 plays to its end; table 2 is in play (face-up cards chosen) when the server dies.
    const one = await seatsAt(server.base, first);
    for (const seat of one) await joinGame(seat, first.gameId);
    await chooseFaceUp(one, first.gameId);
    await playToEnd(one, first.gameId, ['lowest', 'pickup']);
    const two = await seatsAt(server.base, second);
    for (const seat of two) await joinGame(seat, second.gameId);
    await chooseFaceUp(two, second.gameId);
    await Promise.all([...one, ...two].map((s) => s.socket.close()));
    const midRound = ok200(await host.jar.get<Tournament>(`/api/tournaments/${id}`));
    expect(midRound.roundList[0]?.tables.map((t) => t.finished)).toEqual([true, false]);
    server.child.kill('SIGKILL');
    await exited(server.child);

    server = await startServer(dataDir, env);
    // The same sessions, at the new address.
    for (const [n, player] of players.entries()) {
      const jar = new Jar(server.base);
      jar.session = player.jar.session;
      players[n] = { ...player, jar };
    }
    const resumed = ok200(await (players[0] as Player).jar.get<Tournament>(`/api/tournaments/${id}`));
    expect(resumed.status).toBe('running');
    expect(resumed.roundList[0]?.tables.map((t) => t.finished)).toEqual([true, false]);
    const again = await seatsAt(server.base, second);
    for (const seat of again) await joinGame(seat, second.gameId);
    await playToEnd(again, second.gameId, ['lowest', 'pickup']);
    await Promise.all(again.map((s) => s.socket.close()));
    let done = resumed;
    for (let i = 0; i < 200 && done.status !== 'finished'; i++) {
      await sleep(25);
      done = ok200(await (players[0] as Player).jar.get<Tournament>(`/api/tournaments/${id}`));
    }
    expect(done.status).toBe('finished');
    // Both tables count, seat against seat: the first seat won at each, so every seat tied its
    // counterpart at the other table (1 of 2 matchpoints, 50 %).
    const seats = done.roundList[0]?.tables.flatMap((t) => t.seats) ?? [];
    expect(seats.map((s) => [s.matchpoints, s.maxMatchpoints, s.score])).toEqual(Array(4).fill([1, 2, 50]));
    expect(done.entries.map((e) => e.score)).toEqual([50, 50, 50, 50]);
  }, 90_000);

  it('server - SIGTERM shuts down gracefully with exit code 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'palace-sigterm-'));
    dirs.push(dataDir);
    const server = await startServer(dataDir);
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);
    expect(server.output()).toContain('shutting down');
  }, 30_000);
});
