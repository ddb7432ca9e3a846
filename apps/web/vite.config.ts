import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Files worth compressing: text. Fonts and images are compressed formats already; source maps are for developers. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|webmanifest|json|txt)$/;
/** Below this many bytes a compressed copy saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 512;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes `file.br` and `file.gz` beside every text file of the build (issue 25), once the service
 * worker is written too (`closeBundle`, sequential, after the PWA plugin's), so the server sends
 * them with `@fastify/static`'s `preCompressed` at no cost per request: brotli at its best
 * quality (minutes of CPU once at build time instead of on every answer), gzip at 9 for clients
 * without brotli. A copy that is not smaller than its file is not written (the plain file is sent).
 * Node's own zlib: no dependency for ~30 lines.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'palace:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const files = (await readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
        await Promise.all(
          files.map(async (name) => {
            const path = join(outDir, name);
            if ((await stat(path)).size < MIN_COMPRESS_BYTES) return;
            const plain = await readFile(path);
            const [br, gzipped] = await Promise.all([
              brotli(plain, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                },
              }),
              gz(plain, { level: 9 }),
            ]);
            if (br.length < plain.length) await writeFile(`${path}.br`, br);
            if (gzipped.length < plain.length) await writeFile(`${path}.gz`, gzipped);
          }),
        );
      },
    },
  };
}

/** The faces every screen sets text in, preloaded from `index.html` (Latin subset only). */
const PRELOADED_FONTS: readonly RegExp[] = [
  // The display font: the splash and every title.
  /righteous-latin-400-normal-[^/]*\.woff2$/,
  // The body font, regular and semibold: every label and button.
  /poppins-latin-400-normal-[^/]*\.woff2$/,
  /poppins-latin-600-normal-[^/]*\.woff2$/,
];

/**
 * Preloads the fonts every screen uses from `index.html`: the browser would otherwise find each
 * file only when the first text set in it is laid out, draw that layout in a system font (looked
 * up through fontconfig: IPC on Linux) and lay it all out again when the face arrives. Preloading
 * Poppins too (not only Righteous) measured, on warm `/poker` visits at 4×, 0.86/1.10/1.03 s to the
 * first button against 1.18/1.16/1.27 (three alternating pairs; cold not slower: docs/web.md
 * "Loading"). Their hashed names are known only once the bundle is written.
 */
function preloadFonts(): Plugin {
  return {
    name: 'palace:preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const names = Object.keys(context.bundle ?? {});
        return PRELOADED_FONTS.map((pattern) => {
          const font = names.find((name) => pattern.test(name));
          if (font === undefined) throw new Error(`no font matching ${pattern} in the bundle: nothing to preload`);
          return {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head' as const,
          };
        });
      },
    },
  };
}

/** V8's file-level explicit compile hint (Chrome 136 and later; any other engine reads a comment). */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Marks every script chunk of the build with V8's file-level compile hint (issue 25): V8 then
 * compiles all of a chunk's functions while the file streams in, off the main thread, instead of
 * compiling each one on the main thread when it is first called — on every visit, as Chromium
 * compiles module scripts from source each time (it writes a module code cache on the first
 * repeat visit and does not read it back). Every chunk here is a screen, a part of one or the
 * shell, fetched when it is about to run. A repeat visit's first render of `/poker` spent about
 * 140 ms (at 4×) in lazy compilation without it; the measures are in docs/web.md "Loading". The
 * hint must be the file's first line: it is added after the bundler's own additions
 * (`generateBundle`, last), and the source map (`build.sourcemap`) moves down one line with it.
 */
function compileHints(): Plugin {
  return {
    name: 'palace:compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After Vite's own (its preload helper's dependency list goes on the first line too).
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk') continue;
          file.code = `${COMPILE_HINT}\n${file.code}`;
          const map = bundle[`${file.fileName}.map`];
          if (map?.type !== 'asset') throw new Error(`compile hints: no source map beside ${file.fileName}`);
          const json = JSON.parse(String(map.source)) as { mappings: string };
          map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
          // A worker's bundle is taken from the chunk's own map, not the file beside it: move that down too.
          if (file.map !== null) file.map.mappings = `;${file.map.mappings}`;
        }
      },
    },
  };
}

/**
 * react-router's production build in a production bundle. The package ships `dist/production`
 * beside `dist/development`, but its `exports` name only the development one for every condition
 * (remix-run/react-router issues 12532 and 14102), so a production bundle carried the development
 * code: `ENABLE_DEV_WARNINGS` on, its checks run on every navigation (a profile of a repeat visit
 * at a phone's CPU found 30–60 ms of the first screen in it; docs/web.md "Loading"). The build
 * aliases the two entries the app reaches (`react-router`, through `react-router-dom`, and
 * `react-router/dom`) to their production files; `vite dev` keeps the development build and its
 * warnings.
 */
function reactRouterProduction(): Plugin {
  return {
    name: 'palace:react-router-production',
    apply: 'build',
    config() {
      const dir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
      return {
        resolve: {
          alias: [
            { find: /^react-router$/, replacement: join(dir, 'dist/production/index.mjs') },
            { find: /^react-router\/dom$/, replacement: join(dir, 'dist/production/dom-export.mjs') },
          ],
        },
      };
    },
  };
}

/** One `segment: () => import('./path.js'),` line of src/route-loaders.ts. */
const ROUTE_LOADER = /^\s*'?([\w-]+)'?: \(\) => import\('(\.[^']+)'\),$/gm;

/**
 * The boot script (issue 25): a tiny classic script, loaded `async` by `index.html`, that starts
 * the current screen's files the moment the page arrives, instead of after the main chunk (React
 * and the app, about 90 KB compressed) has arrived and run: on a phone network that is the main
 * chunk's whole download time saved on every screen but the lobby. It holds, for each first path
 * segment of src/route-loaders.ts, the files Vite would fetch for that `import()` (the screen's
 * chunk, the chunks it imports that the main chunk does not, their styles) and adds a
 * `modulepreload` (scripts: fetched and compiled, run when the route imports them) or a `preload`
 * (styles: fetched, applied when the route adds them, so nothing is styled early) link for each.
 * It is written after bundling, when the files' hashed names are known; a route the table does
 * not describe fails the build rather than loading late. (A separate entry that `import()`s the
 * screen would do the same, but a second entry makes the bundler split every module it shares
 * with the screens out of the main chunk: 16 more requests.)
 */
function bootScript(): Plugin {
  let loadersFile = '';
  return {
    name: 'palace:boot-script',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      loadersFile = resolve(config.root, 'src/route-loaders.ts');
    },
    async generateBundle(_options, bundle) {
      type Chunk = Extract<(typeof bundle)[string], { type: 'chunk' }>;
      const chunks = Object.values(bundle).filter((file): file is Chunk => file.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      /** A chunk and every chunk it imports, transitively. */
      const closure = (chunk: Chunk, into = new Set<string>()): Set<string> => {
        if (into.has(chunk.fileName)) return into;
        into.add(chunk.fileName);
        for (const name of chunk.imports) {
          const imported = byName.get(name);
          if (imported !== undefined) closure(imported, into);
        }
        return into;
      };
      const html = bundle['index.html'];
      const main = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('index.html') === true);
      if (html?.type !== 'asset' || main === undefined) throw new Error('boot script: no index.html or main chunk');
      const inMain = closure(main);

      const source = await readFile(loadersFile, 'utf8');
      const table = [...source.matchAll(ROUTE_LOADER)];
      if (table.length === 0 || table.length !== (source.match(/=> import\(/g) ?? []).length) {
        throw new Error(
          `boot script: every entry of ${loadersFile} must read "segment: () => import('./path.js')," on one line`,
        );
      }
      const files: Record<string, string[]> = {};
      for (const [, segment = '', path = ''] of table) {
        const module = resolve(dirname(loadersFile), path).replace(/\.js$/, '');
        const page = chunks.find(
          (chunk) => chunk.isDynamicEntry && chunk.facadeModuleId?.replace(/\.tsx?$/, '') === module,
        );
        if (page === undefined) throw new Error(`boot script: no chunk for ${path} (route "${segment}")`);
        const scripts = [...closure(page)].filter((name) => !inMain.has(name));
        const styles = scripts.flatMap((name) => [...(byName.get(name)?.viteMetadata?.importedCss ?? [])]);
        files[segment] = [...scripts, ...styles].map((name) => `/${name}`);
      }
      const code =
        `(()=>{const f=${JSON.stringify(files)},s=location.pathname.split('/')[1];` +
        `if(!Object.hasOwn(f,s))return;for(const h of f[s]){const l=document.createElement('link');` +
        `if(h.endsWith('.css')){l.rel='preload';l.as='style'}else l.rel='modulepreload';` +
        `l.crossOrigin='';l.href=h;document.head.append(l)}})();\n`;
      const fileName = `assets/boot-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
      // High: an async script is otherwise fetched at low priority, after the stylesheets.
      const tag = `<script async fetchpriority="high" src="/${fileName}"></script>`;
      html.source = String(html.source).replace('</head>', `  ${tag}\n  </head>`);
    },
  };
}

/**
 * `npm run dev -w @palace/web` proxies the API and the sockets to a server on :5000.
 *
 * The installable app (issue 7): vite-plugin-pwa writes the web app manifest and a Workbox service
 * worker that precaches the app shell (HTML, scripts, styles, fonts, icons) and answers every page
 * navigation with `index.html`, so the site installs on a phone and the offline prototypes
 * (`/poker`, `/simplified`) open and play with no network at all. API calls, sockets and the API
 * docs are never cached or answered by the worker: the server stays the only source of game state.
 *
 * Loading (issue 25, docs/web.md "Loading"): every route but the lobby is its own chunk (app.tsx),
 * every text file is precompressed, every chunk carries V8's compile hint, the fonts are preloaded.
 */
export default defineConfig({
  plugins: [
    react(),
    reactRouterProduction(),
    VitePWA({
      registerType: 'autoUpdate',
      // A separate deferred script (no inline code, so a strict CSP can forbid inline scripts).
      injectRegister: 'script-defer',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Palace — the ultimate card game',
        short_name: 'Palace',
        description: 'Palace (Shithead): be the first to get rid of every card. Play friends, AI players, or offline.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#f3f4f6',
        theme_color: '#14532d',
        categories: ['games', 'entertainment'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
        shortcuts: [
          { name: 'Play against the AI (offline)', url: '/poker' },
          { name: 'Pass-and-play table (offline)', url: '/simplified' },
        ],
      },
      workbox: {
        // Every chunk (each route is one) is precached: the offline prototypes open with no network.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        navigateFallback: '/index.html',
        // Server routes a navigation may hit: never answer them with the app shell.
        navigateFallbackDenylist: [/^\/api\//, /^\/simple-ws$/, /^\/healthz$/],
        cleanupOutdatedCaches: true,
        // The page that installed the worker is served by it at once: offline works without a reload.
        clientsClaim: true,
        skipWaiting: true,
        // Static routes: the API past the worker, the hashed build files from the precache (public/sw-routes.js).
        importScripts: ['sw-routes.js'],
      },
    }),
    bootScript(),
    compileHints(),
    preloadFonts(),
    precompress(),
  ],
  // The computer's worker (src/ai/ai-worker.ts, docs/web.md "Hints and the computer in a worker"):
  // a module, and its chunk marked with the compile hint like every other script chunk.
  worker: {
    format: 'es',
    plugins: () => [compileHints()],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      treeshake: {
        // A typebox builder (`Type.Object(…)`, …) only returns a schema: a schema the client never
        // reads is dropped with its call (one it reads stays). The client validates nothing (the
        // server does), so a screen that imports a constant or a helper from a protocol module no
        // longer carries typebox (40 KB on /play and /rest-poker) and the building of the schemas
        // beside it when its chunk runs.
        manualPureFunctions: ['Type'],
        // The shared packages are pure (core by rule, protocol is schemas and constants): a module
        // none of whose exports a chunk uses is left out, so a page that needs one emoji helper
        // does not carry every wire schema and the schema library with it.
        moduleSideEffects: [
          { test: /[\\/]packages[\\/](?:core|protocol)[\\/]src[\\/]/, sideEffects: false },
          { test: /[\\/]node_modules[\\/]typebox[\\/]/, sideEffects: false },
        ],
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:5000',
      '/ws': { target: 'ws://localhost:5000', ws: true },
      '/simple-ws': { target: 'ws://localhost:5000', ws: true },
    },
  },
});
