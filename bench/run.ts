// `npm run bench`: every benchmark of the tree, one JSON object per line on stdout.
// Targets are checked by reading these numbers, never by timed unit tests.
import { performance } from 'node:perf_hooks';
import { benchRandomPlayout } from '../packages/core/bench/playout.js';
import { benchPoll304 } from './http.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);

for (const players of [2, 4, 8]) {
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
console.log(JSON.stringify({ bench: 'http.poll304', ...(await benchPoll304(serverMain, seconds)) }));
