import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { KyselyGamesStore, openSqlite } from '@palace/adapter-storage';
import { type GameRecord, replay } from '@palace/core';
import type { RestGameState, RestSeated } from '@palace/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { Client, restToEnd, sleep, startServer, type TestServer, twoPlayers } from './harness.js';

/** `npx palace` as an operator runs it: the CLI's bin, in a process of its own. */
const PALACE = fileURLToPath(new URL('../../cli/bin/palace.mjs', import.meta.url));
const exec = promisify(execFile);

/** Runs `palace …` against the data folder `dataDir`: its exit code and output. */
async function palace(dataDir: string, ...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, [PALACE, ...args], {
      env: { ...process.env, DATA_DIR: dataDir },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A started REST game and the humans who play it. */
interface Table {
  readonly gameId: string;
  readonly humans: readonly RestSeated[];
}

/** Plays `table` on `c` (each human its first playable card, or a pick-up) until it ends or `stop()`. */
async function play(c: Client, table: Table, stop: () => boolean, moved: () => void): Promise<void> {
  while (!stop()) {
    let acted = false;
    for (const human of table.humans) {
      const state: RestGameState = await c.state(table.gameId, human.playerId);
      if (state.status === 'finished') return;
      if (state.currentTurn !== human.playerId) continue;
      const [cardId] = state.playableCards;
      await c.done(table.gameId, cardId === undefined ? 'pickup' : 'play', {
        playerId: human.playerId,
        ...(cardId === undefined ? {} : { cardId }),
      });
      moved();
      acted = true;
    }
    if (!acted) await sleep(2);
  }
}

describe('backup and restore', () => {
  it('lock - a second server on the same SQLite file refuses to start while the first runs, and starts after it closed', async () => {
    const first = await startServer();
    cleanups.push(() => first.close());
    await expect(startServer({ dataFile: first.dataFile })).rejects.toThrow(
      `${first.dataFile} is in use by another Palace server or palace restore (${first.dataFile}.lock is held)`,
    );
    // The first server still serves, and once it has closed the file is free again.
    expect((await new Client(first.base).get('/healthz')).status).toBe(200);
    await first.app.close();
    const second = await startServer({ dataFile: first.dataFile });
    await second.close();
  });

  it('backup - taken while a server plays games, restored into a second server that finishes them', async () => {
    const first = await startServer();
    cleanups.push(() => first.close());
    const c = new Client(first.base);
    // Two games of two humans, and one against the AI (its turns are timers the restore must re-arm).
    const tables: Table[] = [];
    for (let i = 0; i < 2; i++) {
      const { gameId, alice, bob } = await twoPlayers(c, { start: true });
      tables.push({ gameId, humans: [alice, bob] });
    }
    {
      const ann = await c.seated(c.create({ playerName: 'Ann', variant: 'classic' }));
      await c.done(ann.gameId, 'ready', { playerId: ann.playerId });
      await c.done(ann.gameId, 'start', { playerId: ann.playerId });
      tables.push({ gameId: ann.gameId, humans: [ann] });
    }
    const backupDir = await mkdtemp(join(tmpdir(), 'palace-backup-'));
    cleanups.push(() => rm(backupDir, { recursive: true, force: true }));
    const file = join(backupDir, 'palace-backup.db');
    let stop = false;
    let moves = 0;
    const playing = tables.map((table) =>
      play(
        c,
        table,
        () => stop,
        () => {
          moves += 1;
        },
      ),
    );
    try {
      while (moves < 20) await sleep(5);
      // The backup, and a restore onto the running server's data, each a process of its own.
      const dataDir = dirname(first.dataFile);
      const other = join(backupDir, 'other.db');
      await writeFile(other, 'any file: the server is found running before the file is read');
      const before = moves;
      const [backup, refused] = await Promise.all([palace(dataDir, 'backup', file), palace(dataDir, 'restore', other)]);
      expect(backup.out).toContain('integrity_check: ok');
      expect(backup.out).toContain('Palace database');
      expect(backup.code).toBe(0);
      expect(refused.out).toContain(`A Palace server is running on ${first.dataFile}`);
      expect(refused.code).toBe(1);
      expect(moves - before, 'moves made while the backup ran').toBeGreaterThan(0);
    } finally {
      stop = true;
      await Promise.all(playing);
    }
    const lastMoves = moves;
    await first.close();

    // Restored into a fresh data folder, where no server runs yet.
    const second = await mkdtemp(join(tmpdir(), 'palace-restored-'));
    cleanups.push(() => rm(second, { recursive: true, force: true }));
    const restored = await palace(second, 'restore', file);
    expect(restored.out).toContain('Restored');
    expect(restored.code).toBe(0);

    // Each game in the copy is whole: its record replays to its stored state (one commit's view).
    const dataFile = join(second, 'palace.db');
    const db = await openSqlite(dataFile);
    const store = new KyselyGamesStore(db);
    let unfinished = 0;
    try {
      for (const table of tables) {
        const game = await store.load(table.gameId);
        if (game === null) throw new Error(`${table.gameId} is not in the backup`);
        const replayed = replay(game.record as GameRecord);
        expect(replayed.ok && replayed.value).toEqual(game.state);
        if (game.state.phase !== 'finished') unfinished += 1;
      }
    } finally {
      await db.destroy();
    }
    expect(unfinished, 'games still in play in the backup').toBeGreaterThan(0);
    expect(lastMoves).toBeGreaterThan(20);
    const server: TestServer = await startServer({ dataFile });
    cleanups.push(() => server.close());
    const c2 = new Client(server.base);
    await Promise.all(
      tables.map(async (table) => {
        const final = await restToEnd(c2, table.gameId, table.humans);
        expect(final.status).toBe('finished');
        const record = await c2.get<GameRecord>(`/api/records/rest/${table.gameId}`);
        expect(record.status).toBe(200);
        const replayed = replay(record.body);
        expect(replayed.ok && replayed.value.phase).toBe('finished');
      }),
    );
  });
});
