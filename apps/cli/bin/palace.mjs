#!/usr/bin/env node
// The `palace` command. Runs the bundle when it has been built (`npm run build`), otherwise the
// TypeScript source through tsx (installed with the dev dependencies).
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/palace.mjs', import.meta.url);
if (existsSync(bundle)) {
  await import(bundle.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../src/main.ts', import.meta.url).href);
}
