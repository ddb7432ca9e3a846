import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { DAY_MS } from '../src/retention.js';
import { type Dirs, type ServerProcess, serverBundle, spawnServer, tempDirs } from './faults/process.js';
import { Client, expectError, finishedRestGame, sleep, twoPlayers } from './harness.js';

/** `RECORDS_KEEP_DAYS` (docs/deploy.md "Retention") on the built server, as a process. */

const REMOVED = "This game's moves are no longer kept, so its record and review cannot be shown";

let dirs: Dirs | null = null;
const running: ServerProcess[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await server.stop('SIGKILL');
  dirs?.remove();
  dirs = null;
});

/** Moves every game's last change `days` days back, as if the games had been played then. */
function age(dataFile: string, days: number): void {
  const db = new SQLite(dataFile, { fileMustExist: true });
  try {
    db.prepare('update games set updated_at = updated_at - ?').run(days * DAY_MS);
  } finally {
    db.close();
  }
}

function entriesOf(dataFile: string, gameId: string): number {
  const db = new SQLite(dataFile, { fileMustExist: true });
  try {
    return Number(db.prepare('select count(*) from game_entries where game_id = ?').pluck().get(gameId));
  } finally {
    db.close();
  }
}

describe('records retention', () => {
  it('RECORDS_KEEP_DAYS - at start the server removes old finished games’ moves: their record answers 410, the game and the running ones stay', async () => {
    const here = tempDirs('palace-retention');
    dirs = here;
    const env = { RECORDS_KEEP_DAYS: '1', AI_DELAY_MS: '5' };
    const first = await spawnServer(serverBundle(), { dirs: here, env });
    running.push(first);
    const c = new Client(first.base);
    const { seated, final } = await finishedRestGame(c);
    expect(final.status).toBe('finished');
    const open = await twoPlayers(c, { start: true });
    expect((await c.get(`/api/records/rest/${seated.gameId}`)).status).toBe(200);
    await first.stop('SIGTERM');

    // Two days later (by the clock the job reads: the games' last change), the server starts again.
    age(here.dataFile, 2);
    const second = await spawnServer(serverBundle(), { dirs: here, env });
    running.push(second);
    const c2 = new Client(second.base);
    const record = `/api/records/rest/${seated.gameId}`;
    for (let i = 0; i < 200 && (await c2.get(record)).status === 200; i++) await sleep(25);
    expectError(await c2.get(record), 410, REMOVED);
    expectError(await c2.get(`${record}/review`), 410, REMOVED);
    // The finished game itself is still there, as its players last saw it.
    const after = await c2.state(seated.gameId, seated.playerId);
    expect(after.status).toBe('finished');
    expect(after.players).toEqual(final.players);
    expect(second.output()).toMatch(/"games":1,"entries":\d+,"msg":"removed the moves of old finished games"/);
    // A game still in play keeps every move, however old (its record is published whole at its end).
    expect((await c2.get(`/api/records/rest/${open.gameId}`)).status).toBe(409);
    expect((await c2.state(open.gameId, open.alice.playerId)).status).toBe('playing');
    await second.stop('SIGTERM');
    expect(entriesOf(here.dataFile, seated.gameId)).toBe(0);
    // Two seats, two ready, the start and the two face-up choices at least.
    expect(entriesOf(here.dataFile, open.gameId)).toBeGreaterThanOrEqual(5);
  });

  it('RECORDS_KEEP_DAYS - unset keeps every record; a whole number of days from 1; anything else refuses to start', () => {
    expect(loadConfig({}).recordsKeepDays).toBeUndefined();
    expect(loadConfig({ RECORDS_KEEP_DAYS: '' }).recordsKeepDays).toBeUndefined();
    expect(loadConfig({ RECORDS_KEEP_DAYS: '90' }).recordsKeepDays).toBe(90);
    for (const bad of ['0', '-3', '1.5', 'ninety', '30d']) {
      expect(() => loadConfig({ RECORDS_KEEP_DAYS: bad })).toThrow(
        `RECORDS_KEEP_DAYS must be a whole number of days of at least 1 (or unset: keep every record), got "${bad}"`,
      );
    }
  });
});
