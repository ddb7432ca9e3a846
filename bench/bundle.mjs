// Bundles bench/run.ts with esbuild (scope-hoisted, no helper wrappers) and runs it with node,
// so the numbers are those of the engine as a host would ship it, not of a dev-time transform.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';

const dir = mkdtempSync(join(tmpdir(), 'palace-bench-'));
const outfile = join(dir, 'run.mjs');
try {
  await build({
    entryPoints: [new URL('./run.ts', import.meta.url).pathname],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'warning',
  });
  execFileSync(process.execPath, [outfile], { stdio: 'inherit' });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
