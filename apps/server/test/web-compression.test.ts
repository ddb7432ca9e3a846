import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding } from '../src/web-client.js';
import { startServer, type TestServer } from './harness.js';

/** A raw answer: status, headers and the bytes as sent (node:http neither asks for nor undoes compression). */
interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

function get(base: string, path: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const varies = (answer: RawAnswer): boolean =>
  /(^|,)\s*accept-encoding\s*(,|$)/i.test(String(answer.headers.vary ?? ''));

/**
 * The web client goes out compressed (issue 25): the build writes `.br` and `.gz` beside each text
 * file, the server sends the one the client accepts with `Content-Encoding` and `Vary`, and a
 * client that accepts none gets the plain bytes. API answers over 1 KB are compressed on the fly.
 */
describe('web client - compressed answers', () => {
  const PAGE = `<!doctype html><html><body><div id="root">${'<p>palace splash</p>'.repeat(60)}</div></body></html>`;
  const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
  let webDir = '';
  let server: TestServer | undefined;
  let base = '';

  beforeAll(async () => {
    // A build as apps/web/vite.config.ts writes it: each text file with its two compressed copies.
    webDir = mkdtempSync(join(tmpdir(), 'palace-web-compression-'));
    mkdirSync(join(webDir, 'assets'));
    for (const [name, text] of [
      ['index.html', PAGE],
      ['assets/app-1a2b3c.js', SCRIPT],
    ] as const) {
      writeFileSync(join(webDir, name), text);
      writeFileSync(join(webDir, `${name}.br`), brotliCompressSync(text));
      writeFileSync(join(webDir, `${name}.gz`), gzipSync(text));
    }
    // Too small to be worth a compressed copy: the build writes none.
    writeFileSync(join(webDir, 'registerSW.js'), 'navigator.serviceWorker.register("/sw.js");\n');
    server = await startServer({ webDir });
    base = server.base;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('web compression - a script goes out as brotli, or gzip, as the client accepts, and plain to a client that accepts neither', async () => {
    const br = await get(base, '/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(varies(br)).toBe(true);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 3);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

    const gz = await get(base, '/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(varies(gz)).toBe(true);
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }]) {
      const plain = await get(base, '/assets/app-1a2b3c.js', headers);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      // The plain answer varies too: a shared cache must not hand it to a client that takes brotli.
      expect(varies(plain)).toBe(true);
      expect(plain.body.toString()).toBe(SCRIPT);
    }

    // A file with no compressed copy is sent as it is.
    const small = await get(base, '/registerSW.js', { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toContain('serviceWorker');
  });

  it('web compression - index.html is compressed at / and on every deep link (the history fallback), plain without Accept-Encoding', async () => {
    for (const path of ['/', '/play', '/rest-poker/ABC123']) {
      const br = await get(base, path, { accept: 'text/html', 'accept-encoding': 'br, gzip' });
      expect(br.status, path).toBe(200);
      expect(br.headers['content-type'], path).toContain('text/html');
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(varies(br), path).toBe(true);
      expect(brotliDecompressSync(br.body).toString(), path).toBe(PAGE);

      const gz = await get(base, path, { accept: 'text/html', 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding'], path).toBe('gzip');
      expect(gunzipSync(gz.body).toString(), path).toBe(PAGE);

      const plain = await get(base, path, { accept: 'text/html' });
      expect(plain.status, path).toBe(200);
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(varies(plain), path).toBe(true);
      expect(plain.body.toString(), path).toBe(PAGE);
    }
  });

  it('web pages - every client gets the page, whatever its Accept and Accept-Encoding (curl, link previews, probes)', async () => {
    const clients: Array<Record<string, string>> = [
      { accept: '*/*', 'accept-encoding': 'gzip' },
      { accept: '*/*', 'accept-encoding': 'br' },
      { accept: '*/*' },
      { 'accept-encoding': 'gzip, deflate, br' },
      { accept: 'application/json' },
      {},
    ];
    for (const path of ['/', '/play', '/play/12', '/rest-poker/ABC123', '/lobby?x=1', '/no-such-page']) {
      for (const headers of clients) {
        const answer = await get(base, path, headers);
        const what = `${path} ${JSON.stringify(headers)}`;
        expect(answer.status, what).toBe(200);
        expect(answer.headers['content-type'], what).toContain('text/html');
        const encoding = answer.headers['content-encoding'];
        const body =
          encoding === 'br'
            ? brotliDecompressSync(answer.body)
            : encoding === 'gzip'
              ? gunzipSync(answer.body)
              : answer.body;
        expect(body.toString(), what).toBe(PAGE);
      }
    }
    // API paths and files that do not exist keep their JSON 404, whatever the client asks for.
    for (const path of ['/api/unknown', '/api', '/assets/missing-1a2b.js', '/missing.png']) {
      for (const headers of [{ accept: '*/*', 'accept-encoding': 'gzip' }, { accept: 'text/html' }]) {
        const answer = await get(base, path, headers);
        expect(answer.status, path).toBe(404);
        expect(JSON.parse(answer.body.toString()), path).toEqual({ error: `Not found: GET ${path}` });
      }
    }
  });

  it('web compression - API answers over 1 KB are compressed for a client that accepts it; small ones and other clients get plain JSON', async () => {
    const doc = await get(base, '/api/docs/json', { 'accept-encoding': 'br, gzip' });
    expect(doc.status).toBe(200);
    expect(doc.headers['content-encoding']).toBe('br');
    const text = brotliDecompressSync(doc.body).toString();
    expect(JSON.parse(text)).toHaveProperty('openapi');
    expect(doc.body.length).toBeLessThan(text.length / 5);

    const plain = await get(base, '/api/docs/json', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(text);

    const health = await get(base, '/healthz', { 'accept-encoding': 'br, gzip' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok' });
  });

  it('pickEncoding - brotli first, gzip for `*`, q=0 refuses, nothing for identity', () => {
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('')).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('*')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('BR;Q=1, GZIP;q=1')).toBe('br');
    expect(pickEncoding('br;q=0, gzip;q=0')).toBeNull();
  });
});
