// `npm test` runs this before Vitest: the browser tests drive Debian's Chromium at /usr/bin/chromium
// and their screenshots need the colour emoji font. When either is missing it installs them with
// apt-get if this user may (root, or sudo without a password), and otherwise stops at once with the
// exact command to run. Silent and instant when both are there (then it bundles the CLI, below). The one install path: `.ci/run`
// relies on it through `npm test`.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** What the tests need: the file each package provides (apps/server/test/e2e/browser.ts uses the first). */
const NEEDS = [
  { pkg: 'chromium', file: '/usr/bin/chromium' },
  { pkg: 'fonts-noto-color-emoji', file: '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf' },
];

/** The packages whose file is missing. */
function missing() {
  return NEEDS.filter((need) => !existsSync(need.file)).map((need) => need.pkg);
}

/** Whether `command` can be run from PATH. */
function found(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** `[]` for root, `['sudo', '-n']` when sudo needs no password, null when this user may not install. */
function privilege() {
  if (process.getuid?.() === 0) return [];
  if (found('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0) return ['sudo', '-n'];
  return null;
}

function stop(lines) {
  process.stderr.write(`\n${lines.join('\n')}\n\n`);
  process.exit(1);
}

const packages = missing();
if (packages.length > 0) {
  const list = packages.join(' ');
  const named = packages.join(' and ');
  if (!found('apt-get')) {
    stop([
      `npm test: the browser tests need Debian's ${named}, and this machine has no apt-get.`,
      'Install Chromium so that /usr/bin/chromium runs it, and a colour emoji font, then run npm test again.',
    ]);
  }
  const prefix = privilege();
  if (prefix === null) {
    stop([
      `npm test: the browser tests need Debian's ${named}, and this user may not install packages.`,
      'Run this, then npm test again:',
      '',
      `  sudo apt-get update && sudo apt-get install -y ${list}`,
      '',
      `(as root without sudo: apt-get update && apt-get install -y ${list})`,
    ]);
  }
  process.stderr.write(`npm test: installing ${named} for the browser tests (apt-get)…\n`);
  // Through `env`, because sudo drops the caller's environment (apt-get must not ask questions).
  const apt = (args) => {
    const [command, ...rest] = [...prefix, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args];
    execFileSync(command, rest, { stdio: ['ignore', 'ignore', 'inherit'] });
  };
  try {
    apt(['update', '-qq']);
    apt(['install', '-y', '-qq', ...packages]);
  } catch (error) {
    stop([`npm test: apt-get could not install ${list}: ${error instanceof Error ? error.message : error}`]);
  }
  const still = missing();
  if (still.length > 0) stop([`npm test: apt-get ran, yet ${still.join(' ')} is still missing.`]);
  process.stderr.write(`npm test: installed ${named}.\n`);
}

// The suites that run `palace` as a command (apps/cli/test, the server's backup and bot tests) run
// it through apps/cli/bin/palace.mjs, which starts the bundle when it is as new as its sources and
// otherwise compiles the TypeScript through tsx on every start (seconds of CPU each, dozens of
// times a run). Bundling once here (esbuild, under a second) makes every start the bundle's.
execFileSync(process.execPath, [new URL('../apps/cli/build.mjs', import.meta.url).pathname], { stdio: 'inherit' });
