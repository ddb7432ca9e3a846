// Issue 21: rating a finished game happens in the same transaction that settles its tokens
// (docs/architecture.md "Ratings"); target: it adds at most 2 ms to that transaction's p95. Each
// case settles the same four-player game many times through the real store: the final version, the
// winner's prize and the four results, once without and once with the ratings effect, the two
// alternating settle by settle so the machine's noise falls on both alike. The figure is the
// difference of the two p95s (and p50s), the median of the rounds, with its spread. The garbage
// collector's pauses fall on whichever settle is running (and openskill allocates freely), so each
// settle's time is also taken without the collector's pauses inside it (`…ExGc…`, from the `gc`
// performance entries), and each arm's collector time per settle is reported.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import {
  type Database,
  KyselyAccountsStore,
  KyselyGamesStore,
  openPostgres,
  openSqlite,
} from '../adapters/storage/src/index.js';
import { newGame, nextVersion } from '../adapters/storage/test/game-fixtures.js';
import type { Effects } from '../packages/service/src/index.js';
import { type BenchLine, median, type SkipLine, spread } from './report.js';
import { freshDatabase, reachableDatabaseServer } from './scale.js';

const ROUNDS = 3;
const WARM_UP = 40;
const PLAYERS = 4;
function quantile(xs: readonly number[], q: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** When one settle began and ended (performance.now()). */
interface Timed {
  readonly began: number;
  readonly ended: number;
}

interface Measured {
  readonly settles: number;
  readonly p50WithoutMs: number;
  readonly p95WithoutMs: number;
  readonly p50WithMs: number;
  readonly p95WithMs: number;
  readonly addedP50Ms: number;
  readonly addedP95Ms: number;
  /** The same without the collector's pauses that fell inside a settle. */
  readonly addedP50ExGcMs: number;
  readonly addedP95ExGcMs: number;
  /** Collector pause time inside the settles, per settle, of each arm. */
  readonly gcMsPerSettleWithout: number;
  readonly gcMsPerSettleWith: number;
  readonly errors: number;
  readonly rounds: number;
  readonly seconds: number;
  readonly spread: ReturnType<typeof spread>;
}

/** Settles `perRound` games with and `perRound` without ratings in each of `ROUNDS` rounds on `db`. */
async function measure(db: Kysely<Database>, perRound: number): Promise<Measured> {
  const accounts = new KyselyAccountsStore(db);
  const players: number[] = [];
  // Fresh names, so a reused database (a user who may not create one) does not refuse them.
  const run = Math.floor(performance.now() * 1000) % 1_000_000;
  for (let i = 0; i < PLAYERS; i++) {
    const name = `settle${run}x${i}`;
    await accounts.addInvite(`INV-${name}`, 1, 0);
    const created = await accounts.register({
      username: name,
      email: `${name}@example.com`,
      passwordHash: 'unused',
      avatar: '',
      inviteCode: `INV-${name}`,
      gift: 100,
      at: 0,
    });
    if (!created.ok) throw new Error(`registering ${name}: ${created.error}`);
    players.push(created.value.id);
  }
  const games = new KyselyGamesStore(db);
  let errors = 0;
  let n = 0;
  /** One settle, timed: the final version with the prize and results, and the ratings when `rated`. */
  const settle = async (rated: boolean): Promise<Timed> => {
    n++;
    const first = newGame(`settle-${run}-${n}`, 1_000 + n * 10, 'main');
    const last = nextVersion(first, first.updatedAt + 1);
    if ((await games.insert(first)) !== 'saved') errors++;
    const winner = players[n % PLAYERS] ?? 0;
    const effects: Effects = {
      postings: [{ from: 0, to: winner, amount: 1, kind: 'prize', gameId: first.id }],
      results: players.map((userId) => ({ userId, won: userId === winner })),
      ratings: rated
        ? { preset: 'classic', seats: players.map((userId, i) => ({ userId, place: ((i + n) % PLAYERS) + 1 })) }
        : null,
    };
    const began = performance.now();
    const outcome = await games.save(last, 1, effects);
    const ended = performance.now();
    if (outcome !== 'saved') errors++;
    return { began, ended };
  };
  const pauses: Array<{ readonly start: number; readonly end: number }> = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      pauses.push({ start: entry.startTime, end: entry.startTime + entry.duration });
  });
  observer.observe({ entryTypes: ['gc'] });
  /** How long the collector paused inside `t`. */
  const gcIn = (t: Timed) =>
    pauses.reduce((ms, p) => ms + Math.max(0, Math.min(p.end, t.ended) - Math.max(p.start, t.began)), 0);
  for (let i = 0; i < WARM_UP; i++) await settle(i % 2 === 0);
  const began = performance.now();
  const rounds: Array<{ without: Timed[]; with: Timed[] }> = [];
  for (let round = 0; round < ROUNDS; round++) {
    const without: Timed[] = [];
    const withRating: Timed[] = [];
    for (let i = 0; i < perRound; i++) {
      // Which goes first alternates, so neither always follows the other.
      if (i % 2 === 0) {
        without.push(await settle(false));
        withRating.push(await settle(true));
      } else {
        withRating.push(await settle(true));
        without.push(await settle(false));
      }
    }
    rounds.push({ without, with: withRating });
  }
  // The last entries are delivered after the settles: wait for them before reading.
  await new Promise((resolve) => setTimeout(resolve, 50));
  observer.disconnect();
  const ms = (x: number) => Math.round(x * 1000) / 1000;
  const took = (ts: readonly Timed[]) => ts.map((t) => t.ended - t.began);
  const exGc = (ts: readonly Timed[]) => ts.map((t) => t.ended - t.began - gcIn(t));
  const added = (q: number, of: (ts: readonly Timed[]) => number[]) =>
    rounds.map((r) => quantile(of(r.with), q) - quantile(of(r.without), q));
  const addedP95 = added(0.95, took);
  const addedP50 = added(0.5, took);
  const timed = { without: rounds.flatMap((r) => r.without), with: rounds.flatMap((r) => r.with) };
  const all = { without: took(timed.without), with: took(timed.with) };
  const gcPerSettle = (ts: readonly Timed[]) => ts.reduce((sum, t) => sum + gcIn(t), 0) / ts.length;
  return {
    settles: all.with.length + all.without.length,
    p50WithoutMs: ms(quantile(all.without, 0.5)),
    p95WithoutMs: ms(quantile(all.without, 0.95)),
    p50WithMs: ms(quantile(all.with, 0.5)),
    p95WithMs: ms(quantile(all.with, 0.95)),
    addedP50Ms: ms(median(addedP50)),
    addedP95Ms: ms(median(addedP95)),
    addedP50ExGcMs: ms(median(added(0.5, exGc))),
    addedP95ExGcMs: ms(median(added(0.95, exGc))),
    gcMsPerSettleWithout: ms(gcPerSettle(timed.without)),
    gcMsPerSettleWith: ms(gcPerSettle(timed.with)),
    errors,
    rounds: ROUNDS,
    seconds: Math.round((performance.now() - began) / 100) / 10,
    spread: spread('addedP95Ms', addedP95, 3),
  };
}

/**
 * `storage.settleRating` on the embedded SQLite file (synchronous=FULL, as served) and on
 * PostgreSQL (`PALACE_BENCH_DATABASE_URL` or the throwaway cluster; a skip that `npm run bench`
 * accepts only when PostgreSQL is not installed).
 */
export async function benchSettleRating(perRound: number): Promise<Array<BenchLine | SkipLine>> {
  const lines: Array<BenchLine | SkipLine> = [];
  const dir = mkdtempSync(join(tmpdir(), 'palace-bench-settle-'));
  const sqlite = await openSqlite(join(dir, 'palace.db'));
  try {
    lines.push({
      bench: 'storage.settleRating',
      dialect: 'sqlite',
      targetAddedP95Ms: 2,
      ...(await measure(sqlite, perRound)),
    });
  } finally {
    await sqlite.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
  const server = await reachableDatabaseServer();
  if (typeof server !== 'string') return [...lines, server('storage.settleRating')];
  const database = await freshDatabase(server);
  const pg = await openPostgres(database.url);
  try {
    lines.push({
      bench: 'storage.settleRating',
      dialect: 'postgres',
      targetAddedP95Ms: 2,
      ...(await measure(pg, perRound)),
    });
  } finally {
    await pg.destroy();
    await database.drop();
  }
  return lines;
}
