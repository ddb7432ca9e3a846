import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * `npm run dev -w @palace/web` proxies the API and the sockets to a server on :5000.
 *
 * The installable app (issue 7): vite-plugin-pwa writes the web app manifest and a Workbox service
 * worker that precaches the app shell (HTML, scripts, styles, fonts, icons) and answers every page
 * navigation with `index.html`, so the site installs on a phone and the offline prototypes
 * (`/poker`, `/simplified`) open and play with no network at all. API calls, sockets and the API
 * docs are never cached or answered by the worker: the server stays the only source of game state.
 */
export default defineConfig({
  plugins: [
    react(),
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
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        // Devanagari glyphs never appear in the app; the browser fetches that subset only if they do.
        globIgnores: ['**/*devanagari*'],
        navigateFallback: '/index.html',
        // Server routes a navigation may hit: never answer them with the app shell.
        navigateFallbackDenylist: [/^\/api\//, /^\/simple-ws$/, /^\/healthz$/],
        cleanupOutdatedCaches: true,
        // The page that installed the worker is served by it at once: offline works without a reload.
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: {
      '/api': 'http://localhost:5000',
      '/ws': { target: 'ws://localhost:5000', ws: true },
      '/simple-ws': { target: 'ws://localhost:5000', ws: true },
    },
  },
});
