#!/usr/bin/env node
// Writes scripts/test-durations.json from Vitest's cache of the last whole run (each file's
// duration in seconds), for the test sequencer to order a fresh clone's first run as a warm run is
// ordered (scripts/test-sequencer.ts). Run it after a whole `npm test` when files were added or
// their times moved a lot: `node scripts/save-test-durations.mjs` (a file run alone since then
// keeps its time alone, shorter than in a whole run: run the whole suite just before).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const cacheDir = join(root, 'node_modules/.vite/vitest');
const caches = readdirSync(cacheDir).map((dir) => join(cacheDir, dir, 'results.json'));
if (caches.length !== 1) throw new Error(`expected one Vitest results cache under ${cacheDir}, found ${caches.length}`);
const { results } = JSON.parse(readFileSync(caches[0], 'utf8'));
const durations = Object.fromEntries(
  results
    // Files still here (the cache keeps removed ones), with a duration.
    .filter(([key, result]) => existsSync(join(root, key.slice(key.indexOf(':') + 1))) && result.duration > 0)
    .map(([key, result]) => [key, Math.round(result.duration / 100) / 10])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
const out = join(root, 'scripts/test-durations.json');
writeFileSync(out, `${JSON.stringify(durations, null, 2)}\n`);
console.log(`${Object.keys(durations).length} files' durations written to ${out}`);
