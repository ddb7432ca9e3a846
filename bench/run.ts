// `npm run bench`: every benchmark of the tree, one JSON object per line on stdout.
// Targets are checked by reading these numbers, never by timed unit tests.
import { performance } from 'node:perf_hooks';
import { benchRandomPlayout } from '../packages/core/bench/playout.js';

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
