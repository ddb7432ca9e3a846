// The built web client: its files (precompressed at build time), and `index.html` for every page
// route (history fallback). See docs/web.md "Loading".
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The encodings the web client's files are precompressed in at build time, best first (apps/web/vite.config.ts). */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

type Encoding = (typeof PRECOMPRESSED)[number]['encoding'];

/**
 * The precompressed encoding to answer with for this `Accept-Encoding`, or null for the plain
 * file: brotli when it is accepted at least as much as gzip, `*` counting as gzip (as
 * `@fastify/static` reads it), `;q=0` refusing.
 */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (acceptEncoding === undefined) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((x) => x.trim());
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name !== '' && Number.isFinite(weight)) weights.set(name === '*' ? 'gzip' : name, weight);
  }
  const br = weights.get('br') ?? 0;
  const gzip = weights.get('gzip') ?? 0;
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
}

/** `index.html` as the history fallback sends it: plain, and each precompressed copy the build wrote. */
function readIndex(index: string): { readonly plain: Buffer } & Partial<Record<Encoding, Buffer>> {
  const copies: Partial<Record<Encoding, Buffer>> = {};
  for (const { encoding, suffix } of PRECOMPRESSED) {
    if (existsSync(index + suffix)) copies[encoding] = readFileSync(index + suffix);
  }
  return { plain: readFileSync(index), ...copies };
}

/**
 * Whether a path no route or file answered is one of the client's pages: anything but the API
 * (`/api`, `/api/…`) and file paths (a last segment with an extension, or under `/assets/`). Whatever
 * the request's `Accept` says: link previews, uptime probes and `curl` accept any type (docs/web.md).
 */
export function isPageRoute(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/assets/')) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !/\.[A-Za-z0-9]+$/.test(last);
}

/**
 * Serves the built web client when there is one, with history fallback: a GET or HEAD of a page
 * route (`isPageRoute`) that matches no file gets `index.html`, so deep links work, whatever its
 * `Accept` and `Accept-Encoding`. Unknown API and file paths answer 404 `{ "error": … }`.
 *
 * Every text file goes out compressed when the client accepts it (issue 25): the build writes
 * `.br` and `.gz` copies beside each one and `@fastify/static` sends the best the request's
 * `Accept-Encoding` takes (`preCompressed`), with `Vary: Accept-Encoding` on every answer it
 * chose, so a shared cache never gives a compressed file to a client that cannot read it; a
 * client that accepts neither gets the plain file. No compression happens per request.
 */
export async function webClient(app: FastifyInstance, options: { readonly root: string }): Promise<void> {
  const index = join(options.root, 'index.html');
  const hasWeb = existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      index: 'index.html',
      preCompressed: true,
      // Vite names every built asset by its content hash: it may be cached for good. Everything
      // else (index.html, the service worker, the manifest) is checked again on each visit.
      setHeaders: (reply, path) => {
        if (/[\\/]assets[\\/]/.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const indexHtml = hasWeb ? readIndex(index) : null;
  app.setNotFoundHandler((request, reply) => {
    const page =
      indexHtml !== null && (request.method === 'GET' || request.method === 'HEAD') && isPageRoute(request.url);
    // From memory, not `reply.sendFile`: a plugin registered before the static files (the socket
    // route's plain GET of `/ws`) lands here with a reply that has no `sendFile`.
    if (page && indexHtml !== null) {
      reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
      const encoding = pickEncoding(request.headers['accept-encoding']);
      const compressed = encoding === null ? undefined : indexHtml[encoding];
      if (encoding !== null && compressed !== undefined)
        return reply.header('content-encoding', encoding).send(compressed);
      return reply.send(indexHtml.plain);
    }
    return reply.code(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
}
