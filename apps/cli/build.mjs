// Bundles the CLI (and the workspace TypeScript packages it imports) into dist/palace.mjs.
// Third-party packages stay in node_modules (better-sqlite3 is native).
import { build } from 'esbuild';

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: new URL('./dist/palace.mjs', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-node-modules',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@palace/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
