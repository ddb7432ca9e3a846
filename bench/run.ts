// `npm run bench`: every benchmark of the tree, one JSON object per line on stdout.
// Targets are checked by reading these numbers, never by timed unit tests.
import { performance } from 'node:perf_hooks';
import { quantile, runLadder, wilson95 } from '../packages/core/bench/ai-ladder.js';
import { benchRandomPlayout } from '../packages/core/bench/playout.js';
import { AI_POLICIES, PRESETS } from '../packages/core/src/index.js';
import { benchPoll304 } from './http.js';
import { benchWsLoad } from './load.js';
import { benchScale } from './scale.js';
import { benchWsBroadcast } from './ws.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
/** `BENCH_ONLY=core|ai|http|ws|load|scale` runs one group. */
const only = process.env.BENCH_ONLY;
const runs = (group: string) => only === undefined || only === '' || only === group;

for (const players of runs('core') ? [2, 4, 8] : []) {
  const r = benchRandomPlayout(players, seconds, () => performance.now());
  console.log(
    JSON.stringify({
      bench: 'core.randomPlayout',
      players,
      gamesPerSec: Math.round(r.games / r.seconds),
      movesPerSec: Math.round(r.moves / r.seconds),
      movesPerGame: Math.round((r.moves / r.games) * 10) / 10,
    }),
  );
}

// The strong AI against greedy: heads-up classic, seat-swapped duplicate deals (target: ≥ 60% wins,
// p95 ≤ 50 ms per decision). Its decision times are those of the same games. BENCH_LADDER_GAMES is
// even (two games per deal); the tuning runs behind docs/architecture.md used 4,000 games.
if (runs('ai')) {
  const deals = Math.max(1, Math.round(Number(process.env.BENCH_LADDER_GAMES ?? 100) / 2));
  const match = { rules: PRESETS.classic.rules, a: AI_POLICIES.strong, b: AI_POLICIES.greedy };
  // Warm up the JIT before timing (these games are not counted).
  runLadder({ ...match, deals: 2, seed: 'bench-warm' });
  const r = runLadder({
    ...match,
    deals,
    seed: 'ladder',
    now: () => performance.now(),
  });
  const ms = (x: number) => Math.round(x * 100) / 100;
  console.log(
    JSON.stringify({
      bench: 'ai.strong',
      msPerDecisionP50: ms(quantile(r.aDecisionMs, 0.5)),
      p95: ms(quantile(r.aDecisionMs, 0.95)),
      decisions: r.aDecisions,
      searchedP95: ms(quantile(r.aSearchedMs, 0.95)),
    }),
  );
  const [lo, hi] = wilson95(r.aWins, r.games);
  const rate = (x: number) => Math.round(x * 1000) / 1000;
  console.log(
    JSON.stringify({
      bench: 'ai.ladder',
      strongVsGreedyWinRate: rate(r.aWins / r.games),
      ci95: [rate(lo), rate(hi)],
      games: r.games,
    }),
  );
}

// The server bundle is built by bench/bundle.mjs before this runs.
const serverMain = process.env.PALACE_SERVER_MAIN ?? 'apps/server/dist/main.mjs';
if (runs('http')) console.log(JSON.stringify({ bench: 'http.poll304', ...(await benchPoll304(serverMain, seconds)) }));

// Many concurrent 4-player games over /ws (target: 500 games, p95 ≤ 50 ms on this machine).
const wsGames = Number(process.env.BENCH_WS_GAMES ?? 500);
const thinkMs = Number(process.env.BENCH_WS_THINK_MS ?? 1000);
if (runs('ws')) {
  const ws = await benchWsBroadcast(serverMain, wsGames, Math.max(10, seconds * 4), thinkMs);
  console.log(JSON.stringify({ bench: 'ws.broadcast', ...ws, thinkMs }));
}

// Issue 9 "Load": 200 clients in 50 games playing random legal moves for 25 s (bench/load.ts).
if (runs('load')) {
  const games = Number(process.env.BENCH_LOAD_GAMES ?? 50);
  const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 25);
  const think = Number(process.env.BENCH_LOAD_THINK_MS ?? 200);
  console.log(JSON.stringify({ bench: 'ws.load', ...(await benchWsLoad(serverMain, games, loadSeconds, think)) }));
}

// Issue 10 scale-out: the same main-game workload on one node and on two nodes sharing PostgreSQL
// (bench/scale.ts; PALACE_BENCH_DATABASE_URL, else the throwaway cluster of scripts/pg-test-cluster.sh).
if (runs('scale')) {
  const tables = Number(process.env.BENCH_SCALE_TABLES ?? 100);
  const scaleSeconds = Number(process.env.BENCH_SCALE_SECONDS ?? 20);
  for (const line of await benchScale(serverMain, { tables, seconds: scaleSeconds })) console.log(JSON.stringify(line));
}
