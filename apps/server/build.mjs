// Bundles the server into dist/main.mjs (see scripts/bundle-app.mjs).
import { bundleApp } from '../../scripts/bundle-app.mjs';

await bundleApp(new URL('./src/main.ts', import.meta.url), new URL('./dist/main.mjs', import.meta.url));
