import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULT_INVITE, Load, newWorld, Rng, sleep, type World } from './load.js';
import { disconnect, type MainTable, newTable, tableStep } from './main-tables.js';
import {
  type Dirs,
  freePort,
  rearmedAtBoot,
  type ServerProcess,
  serverBundle,
  spawnServer,
  tempDirs,
} from './process.js';
import { checkStore, emptyAcked, type Snapshot } from './store-checks.js';

/**
 * Kill-and-restart cycles of one run (12 until 2026-12-05; 8 since: each cycle costs a 1.4 s server
 * boot, the file was the suite's longest, and the cycles run on until a prize is won anyway)…
 */
const CYCLES = 8;
/**
 * …and more, up to this many, until a main game has been won (its prize is what the token checks
 * are about): on a loaded machine the tables play slowly and may not finish one in 8 short windows.
 */
const MAX_CYCLES = 30;
/**
 * The load runs until it has had this many more commands acknowledged (drawn from the seed), at
 * least `LOAD_MIN_MS` and at most `LOAD_MAX_MS`, before the SIGKILL: a window of work, not of time,
 * so that a busy machine (where a fixed window of 0.3–1.5 s acknowledged a few commands and the run
 * needed 25 cycles to finish a paid game) runs about as many cycles as an idle one.
 */
const ACKS_MIN = 10;
const ACKS_MAX = 40;
const LOAD_MIN_MS = 300;
const LOAD_MAX_MS = 6_000;
/** How long a resumed game may take to show its next move after the restart, in ms. */
const RESUME_MS = 15_000;
/** The AI's delay in the REST games (config AI_DELAY_MS). */
const AI_DELAY_MS = 25;
/**
 * Accounts registered before the first cycle (the production scrypt cost makes a registration
 * slower than many load windows); later ones are registered under load as the tables need them.
 */
const FIRST_ACCOUNTS = 5;
/** Override with FAULTS_SEED=n to explore; a failure prints the seed that reproduces it. */
const SEED = Number(process.env.FAULTS_SEED ?? 9_090_909);

let dirs: Dirs;
let server: ServerProcess | undefined;
/** One port for every restart, so the clients' addresses (and cookie jars) stay valid. */
let port = 0;

beforeAll(async () => {
  dirs = tempDirs('palace-sigkill');
  port = await freePort();
}, 120_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  dirs.remove();
});

/** Commands acknowledged so far, in every game. */
function ackedCount(acked: ReturnType<typeof emptyAcked>): number {
  let n = 0;
  for (const list of acked.commands.values()) n += list.length;
  return n;
}

function spawn(): Promise<ServerProcess> {
  return spawnServer(serverBundle(), {
    dirs,
    port,
    env: { AI_DELAY_MS: String(AI_DELAY_MS), PALACE_INVITE_CODES: FAULT_INVITE, PALACE_INVITE_USES: '100000' },
  });
}

/**
 * After a restart, before new load: every REST game whose AI was due moves on with nobody asking
 * (its timer re-armed from storage), and every main game in play accepts its next move.
 */
async function resume(running: ServerProcess, world: World, tables: readonly MainTable[], killed: Snapshot, rng: Rng) {
  const rearmed = rearmedAtBoot(running.output());
  expect(rearmed, 'the boot line names how many AI turns were re-armed').not.toBeNull();
  expect(rearmed).toBeGreaterThanOrEqual(killed.aiDue.length);
  for (const due of killed.aiDue.filter((g) => g.kind === 'rest')) {
    const deadline = Date.now() + RESUME_MS;
    for (;;) {
      const got = await fetch(`${running.base}/api/rest-games/${due.id}`);
      const state = (await got.json()) as { lastUpdate: number };
      if (state.lastUpdate > due.version) break;
      if (Date.now() > deadline) throw new Error(`REST game ${due.id} did not move on after the restart`);
      await sleep(20);
    }
  }
  const load = new Load(running.base, rng, world);
  for (const id of killed.activeMain) {
    const table = tables.find((t) => t.gameId === Number(id));
    if (table === undefined) throw new Error(`main game ${id} is active but no table plays it`);
    const before = world.acked.commands.get(id)?.length ?? 0;
    await tableStep(load, table); // reconnect and rejoin
    await tableStep(load, table); // the next move or face-up choice
    expect(world.acked.commands.get(id)?.length ?? 0, `main game ${id} accepted its next move`).toBeGreaterThan(before);
  }
  return { rest: killed.aiDue.filter((g) => g.kind === 'rest').length, main: killed.activeMain.length };
}

describe('server process - SIGKILL', () => {
  it(`crash - ${CYCLES} or more SIGKILLs under load lose no acknowledged move, token or claim, and every game resumes`, async () => {
    console.log(`faults: seed ${SEED} (FAULTS_SEED=${SEED} reproduces this run)`);
    const rng = new Rng(SEED);
    const acked = emptyAcked();
    const world = newWorld(acked, 2);
    const tables = [newTable('pair'), newTable('guest'), newTable('pair')];
    let killed: Snapshot | null = null;
    const rows: string[] = [];
    for (let cycle = 1; cycle <= CYCLES || (cycle <= MAX_CYCLES && (killed?.prizes ?? 0) === 0); cycle++) {
      const running = await spawn();
      server = running;
      if (cycle === 1) {
        const setup = new Load(running.base, rng, world);
        for (let i = 0; i < FIRST_ACCOUNTS; i++) await setup.newAccount(false);
      }
      for (const table of tables) disconnect(table);
      for (const slot of world.rest) slot.state = null;
      const resumed = killed === null ? { rest: 0, main: 0 } : await resume(running, world, tables, killed, rng);

      const load = new Load(running.base, rng, world);
      const actors = [
        ...tables.map((table, i) => load.run(`main table ${i}`, () => tableStep(load, table))),
        ...world.rest.map((slot, i) => load.run(`rest game ${i}`, () => load.restStep(slot))),
        load.run('token reads', () => load.readStep()),
      ];
      const ackTarget = rng.int(ACKS_MIN, ACKS_MAX);
      const ackedBefore = ackedCount(acked);
      const began = Date.now();
      await sleep(LOAD_MIN_MS);
      while (ackedCount(acked) - ackedBefore < ackTarget && Date.now() - began < LOAD_MAX_MS) await sleep(5);
      const loadMs = Date.now() - began;
      // The kill lands while something is in flight (an actor may be between two requests).
      for (let i = 0; i < 1000 && load.inFlight === 0; i++) await sleep(1);
      const inFlight = load.inFlight;
      load.killed = true;
      const exit = await running.stop('SIGKILL');
      expect(exit.signal).toBe('SIGKILL');
      await Promise.all(actors);
      expect(load.errors, `seed ${SEED}, cycle ${cycle}`).toEqual([]);

      killed = checkStore(dirs.dataFile, acked);
      rows.push(
        `cycle ${cycle}: load ${loadMs} ms (${ackedCount(acked) - ackedBefore} of ${ackTarget} commands), ${inFlight} in flight at the kill; resumed ${resumed.rest} REST + ${resumed.main} main; ` +
          `stored ${killed.entries} entries, ${killed.ackedCommands} acknowledged commands found, ${killed.users} accounts, ` +
          `${killed.movements} movements, ${killed.prizes} prizes, ${killed.claims} claims; ` +
          `${killed.aiDue.length} AI turns and ${killed.activeMain.length} main games pending`,
      );
    }
    console.log(rows.join('\n'));
    expect(world.refusals, 'no legal move was refused').toEqual([]);
    // The load did reach what the checks are about.
    expect(killed?.ackedCommands ?? 0).toBeGreaterThan(100);
    expect(killed?.prizes ?? 0).toBeGreaterThan(0);
  }, 400_000);
});
