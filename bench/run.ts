// `npm run bench`: every benchmark of the tree, one JSON object per line on stdout.
// Targets are checked by reading these numbers, never by timed unit tests.
import { performance } from 'node:perf_hooks';
import { benchRandomPlayout } from '../packages/core/bench/playout.js';
import { benchPoll304 } from './http.js';
import { benchWsBroadcast } from './ws.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
/** `BENCH_ONLY=core|http|ws` runs one group. */
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
