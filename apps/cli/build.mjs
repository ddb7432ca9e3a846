// Bundles the CLI into dist/palace.mjs (see scripts/bundle-app.mjs).
import { bundleApp } from '../../scripts/bundle-app.mjs';

await bundleApp(new URL('./src/main.ts', import.meta.url), new URL('./dist/palace.mjs', import.meta.url));
