#!/usr/bin/env node
// Import boundaries of the hexagon (STYLE.md): core <- service <- adapters <- apps.
// Biome's noRestrictedImports flags most of this in the editor; this script is the CI gate because
// it resolves relative paths too (a `../../` that climbs out of packages/core is caught here).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const problems = [];

function sourceFiles(dir) {
  let out = [];
  let entries = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out = out.concat(sourceFiles(path));
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const IMPORT =
  /(?:^|[^\w.])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[^\w.])import\s*\(?\s*['"]([^'"]+)['"]/g;

function importsOf(file) {
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  return [...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2]);
}

function workspaces(group) {
  try {
    return readdirSync(join(root, group)).filter((n) => statSync(join(root, group, n)).isDirectory());
  } catch {
    return [];
  }
}

function packageName(group, name) {
  try {
    return JSON.parse(readFileSync(join(root, group, name, 'package.json'), 'utf8')).name;
  } catch {
    return undefined;
  }
}

// 1. packages/core: no dependencies, nothing imported from outside its own src, no ambient effects.
const coreDir = join(root, 'packages/core');
const corePkg = JSON.parse(readFileSync(join(coreDir, 'package.json'), 'utf8'));
for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
  if (corePkg[field] && Object.keys(corePkg[field]).length > 0)
    problems.push(`packages/core/package.json: ${field} must be empty`);
}
const coreSrc = join(coreDir, 'src');
const IMPURE =
  /\b(Math\.random|Date\.now|new Date\b|performance\.now|process\.|setTimeout|setInterval|console\.|require\()/;
for (const file of sourceFiles(coreSrc)) {
  const rel = relative(root, file);
  for (const spec of importsOf(file)) {
    if (!spec.startsWith('.')) problems.push(`${rel}: core imports '${spec}' (core imports nothing outside itself)`);
    else if (!resolve(dirname(file), spec).startsWith(coreSrc + sep))
      problems.push(`${rel}: '${spec}' leaves packages/core/src`);
  }
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (!/^\s*(\/\/|\*)/.test(line) && IMPURE.test(line))
        problems.push(`${rel}:${i + 1}: impure call in core: ${line.trim()}`);
    });
}

// 2. Adapters never import each other; apps/web never imports an adapter; packages never import adapters or apps.
const adapterNames = new Map(workspaces('adapters').map((n) => [packageName('adapters', n), n]));
adapterNames.delete(undefined);
const appNames = new Set(
  workspaces('apps')
    .map((n) => packageName('apps', n))
    .filter(Boolean),
);
function checkGroup(group, forbid) {
  for (const ws of workspaces(group)) {
    const own = packageName(group, ws);
    for (const file of sourceFiles(join(root, group, ws))) {
      for (const spec of importsOf(file)) {
        const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
        if (pkg === own) continue;
        const why = forbid(pkg, spec, file);
        if (why) problems.push(`${relative(root, file)}: imports '${spec}': ${why}`);
      }
    }
  }
}
const climbsInto = (file, spec, dir) =>
  spec.startsWith('.') && resolve(dirname(file), spec).startsWith(join(root, dir) + sep);
checkGroup('adapters', (pkg, spec, file) => {
  if (adapterNames.has(pkg)) return 'adapters never import each other';
  if (appNames.has(pkg) || climbsInto(file, spec, 'apps')) return 'adapters never import apps';
  return undefined;
});
checkGroup('packages', (pkg, spec, file) => {
  if (adapterNames.has(pkg) || climbsInto(file, spec, 'adapters')) return 'packages never import adapters';
  if (appNames.has(pkg) || climbsInto(file, spec, 'apps')) return 'packages never import apps';
  return undefined;
});
checkGroup('apps', (pkg, spec, file) => {
  if (file.includes(`${sep}apps${sep}web${sep}`) && (adapterNames.has(pkg) || climbsInto(file, spec, 'adapters'))) {
    return 'the web app never imports an adapter';
  }
  return undefined;
});

// 4. No import cycle inside a package (docs/architecture.md): the relative imports of each
// workspace's src, type-only ones included, form no loop. Each cycle is reported once, as a path.
function resolveLocal(file, spec) {
  const base = resolve(dirname(file), spec);
  const stem = base.replace(/\.(js|mjs|jsx)$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, base, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

function cyclesIn(dir) {
  const files = sourceFiles(dir);
  const edges = new Map(
    files.map((file) => [
      file,
      importsOf(file)
        .filter((spec) => spec.startsWith('.'))
        .map((spec) => resolveLocal(file, spec))
        .filter((target) => target?.startsWith(dir + sep)),
    ]),
  );
  const found = [];
  const state = new Map(); // file → 'open' while on the path, 'done' after
  const path = [];
  const visit = (file) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return found;
}

for (const group of ['packages', 'adapters', 'apps']) {
  for (const ws of workspaces(group)) {
    for (const cycle of cyclesIn(join(root, group, ws, 'src'))) {
      problems.push(`import cycle in ${group}/${ws}: ${cycle.map((f) => relative(root, f)).join(' -> ')}`);
    }
  }
}

// The Node test projects share a worker's module cache between files (isolate: false in their
// vitest configs): a module mock, a fake clock or a stubbed global would leak into the next file.
const SHARED_CACHE_HAZARD = /\bvi\.(mock|doMock|useFakeTimers|stubGlobal|stubEnv)\(/;
const MODULE_MOCK = /\bvi\.(mock|doMock|stubEnv)\(/;
/** The web test files that run isolated: read from apps/web/vitest.config.ts `MOCKING_FILES`, the one list. */
const WEB_ISOLATED = (() => {
  const config = readFileSync(join(root, 'apps', 'web', 'vitest.config.ts'), 'utf8');
  const list = /MOCKING_FILES\s*=\s*\[([^\]]*)\]/.exec(config);
  if (list === null) throw new Error('apps/web/vitest.config.ts: no MOCKING_FILES list');
  return Array.from((list[1] ?? '').matchAll(/'([^']+)'/g), (m) => m[1]);
})();
for (const group of ['packages', 'adapters', 'apps']) {
  for (const ws of workspaces(group)) {
    // The web files share their cache too, but undo their fake clocks and stubbed globals after
    // each test; only a module mock is refused there, outside the isolated files
    // (apps/web/vitest.config.ts MOCKING_FILES, run by apps/web/vitest.isolated.config.ts).
    const web = group === 'apps' && ws === 'web';
    for (const file of sourceFiles(join(root, group, ws, 'test'))) {
      const rel = relative(join(root, group, ws), file);
      if (web && WEB_ISOLATED.includes(rel)) continue;
      if ((web ? MODULE_MOCK : SHARED_CACHE_HAZARD).test(readFileSync(file, 'utf8'))) {
        problems.push(
          `${relative(root, file)}: mocks, fakes a clock or stubs a global in a test project without isolation`,
        );
      }
    }
  }
}

if (problems.length > 0) {
  console.error(`Import boundaries: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('Import boundaries: ok (no import cycle inside a package)');
