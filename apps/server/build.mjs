// Bundles the server (and the workspace TypeScript packages it imports) into dist/main.mjs.
// Third-party packages stay in node_modules: better-sqlite3 is native and swagger-ui serves its
// own files.
import { build } from 'esbuild';

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: new URL('./dist/main.mjs', import.meta.url).pathname,
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
