#!/usr/bin/env node
// The `palace` command. Runs the bundle when it has been built (`npm run build`) and is not older
// than the sources it was built from (listed in its source map), otherwise the TypeScript source
// through tsx (installed with the dev dependencies), so a stale bundle never hides new commands.
import { existsSync, readFileSync, statSync } from 'node:fs';

const bundle = new URL('../dist/palace.mjs', import.meta.url);

function isFresh() {
  const built = statSync(bundle).mtimeMs;
  try {
    const { sources } = JSON.parse(readFileSync(new URL('../dist/palace.mjs.map', import.meta.url), 'utf8'));
    return sources.every((source) => {
      const file = new URL(source, bundle);
      return !existsSync(file) || statSync(file).mtimeMs <= built;
    });
  } catch {
    return true;
  }
}

if (existsSync(bundle) && isFresh()) {
  await import(bundle.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../src/main.ts', import.meta.url).href);
}
