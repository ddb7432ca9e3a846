// Imported by the generated service worker (vite.config.ts, `workbox.importScripts`); docs/web.md
// "Loading". Static routes (the Service Worker Static Routing API), which the browser follows
// without running this worker's script: the server's API (`/api/*`) goes straight to the network
// (the worker never answers it, but each request used to wait for the worker's thread to dispatch
// its fetch event, behind the page's twenty-odd asset requests on a repeat visit), and the build's
// hashed files (`/assets/*`) come straight from the precache (their key is their URL: a hashed
// name needs no revision; a file it does not hold is fetched from the network). A browser without
// the routing API keeps the fetch handler for all of them.
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function') return;
  event.waitUntil(
    event
      .addRoutes([
        { condition: { urlPattern: '/api/*' }, source: 'network' },
        { condition: { urlPattern: '/assets/*', requestMethod: 'get' }, source: 'cache' },
      ])
      .catch(() => undefined),
  );
});
