// Bundles bench/run.ts with esbuild (scope-hoisted, no helper wrappers) and runs it with node,
// so the numbers are those of the engine as a host would ship it, not of a dev-time transform.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

// Inside the repository, so the bundle resolves its external packages from node_modules.
mkdirSync(new URL('../node_modules/.cache', import.meta.url).pathname, { recursive: true });
const dir = mkdtempSync(new URL('../node_modules/.cache/palace-bench-', import.meta.url).pathname);
const outfile = join(dir, 'run.mjs');
try {
  // The HTTP benchmark runs the server as `npm start` ships it.
  execFileSync(process.execPath, [new URL('../apps/server/build.mjs', import.meta.url).pathname], { stdio: 'inherit' });
  await build({
    entryPoints: [new URL('./run.ts', import.meta.url).pathname],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'warning',
    // The load generator stays a normal dependency (it spawns workers from its own files), and so
    // does the browser driver (it starts its own helper processes from its package), and so do the
    // database drivers (a native addon, and pg's optional native binding).
    external: ['autocannon', 'ws', 'playwright-core', 'better-sqlite3', 'pg'],
  });
  try {
    execFileSync(process.execPath, [outfile], {
      stdio: 'inherit',
      env: { ...process.env, PALACE_SERVER_MAIN: new URL('../apps/server/dist/main.mjs', import.meta.url).pathname },
    });
  } catch (error) {
    // The run has said why on stderr (a case with errors, failed or skipped): pass its status on
    // without a stack trace of this wrapper.
    process.exitCode = typeof error.status === 'number' && error.status !== 0 ? error.status : 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
