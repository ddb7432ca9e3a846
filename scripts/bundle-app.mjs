// Bundles an app entry (and the workspace TypeScript packages it imports) into one ESM file for
// Node 20. Third-party packages stay in node_modules: better-sqlite3 is native, swagger-ui serves
// its own files.
import { build } from 'esbuild';

/** `entry` and `outfile` are file URLs or paths. */
export async function bundleApp(entry, outfile) {
  await build({
    entryPoints: [entry instanceof URL ? entry.pathname : entry],
    outfile: outfile instanceof URL ? outfile.pathname : outfile,
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
}
