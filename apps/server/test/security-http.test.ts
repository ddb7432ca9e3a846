import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { type Answer, useServer } from './harness.js';
import { guest, Jar, ok200 } from './main-harness.js';

/** Security headers, CSP, CSRF (JSON-only bodies, cross-site Origin refused) and the body limit. */

const INDEX = '<!doctype html><html><head><title>Palace</title></head><body><div id="root"></div></body></html>';
const FOREIGN = 'https://evil.example';
const FRIEND = 'https://friend.example';

/** A raw request: `body` sent as it is, with exactly `headers`. */
async function raw(base: string, method: string, path: string, headers: Record<string, string>, body?: string) {
  const response = await fetch(`${base}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('application/json') ? JSON.parse(text) : undefined;
  return { status: response.status, body: json as unknown, text, headers: response.headers } satisfies Answer;
}

/** The CSP's directives by name. */
function directives(csp: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name !== undefined && name !== '') map.set(name, values);
  }
  return map;
}

function expectSecurityHeaders(headers: Headers, host: string): void {
  const csp = directives(headers.get('content-security-policy'));
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('connect-src')).toEqual(["'self'", `ws://${host}`, `wss://${host}`]);
  expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'https:']));
  expect(csp.has('upgrade-insecure-requests')).toBe(false);
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  // Plain http: no HSTS (it would pin a localhost or LAN address to https).
  expect(headers.get('strict-transport-security')).toBeNull();
}

describe('security over http', () => {
  const served = useServer({ indexHtml: INDEX, allowedOrigins: [FRIEND], trustProxy: ['127.0.0.1'] });

  it('security headers - a page, an API answer, an error, /api/docs and the idle poll carry them', async () => {
    const { server, c } = served();
    const host = new URL(server.base).host;
    const page = await raw(server.base, 'GET', '/lobby', { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root">');
    expectSecurityHeaders(page.headers, host);
    const api = await c.get('/api/config');
    expect(api.status).toBe(200);
    expectSecurityHeaders(api.headers, host);
    const missing = await c.get('/api/no-such-thing');
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing.headers, host);
    // Swagger UI: its page and scripts come from the site, under the same policy.
    const docs = await raw(server.base, 'GET', '/api/docs/static/index.html', {});
    expect(docs.status).toBe(200);
    expectSecurityHeaders(docs.headers, host);
    const scripts = [...docs.text.matchAll(/<script[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toMatch(/src="/);
    expect((await c.get('/api/docs/json')).status).toBe(200);
    // The idle REST poll is answered outside Fastify, with the fixed strict set.
    const { gameId, playerId, gameState } = (await c.create({ playerName: 'Ann' })).body;
    const query = `playerId=${encodeURIComponent(playerId)}&lastUpdate=${gameState.lastUpdate}`;
    const poll = await raw(server.base, 'GET', `/api/rest-games/${gameId}/poll?${query}`, {});
    expect(poll.status).toBe(304);
    expect(poll.headers.get('x-content-type-options')).toBe('nosniff');
    expect(directives(poll.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('security headers - HSTS only for requests that came over https (x-forwarded-proto)', async () => {
    const { server } = served();
    const https = await raw(server.base, 'GET', '/api/config', { 'x-forwarded-proto': 'https' });
    expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const http = await raw(server.base, 'GET', '/api/config', {});
    expect(http.headers.get('strict-transport-security')).toBeNull();
  });

  it('csrf - text/plain, form and other non-JSON bodies are refused with 415 in the route shape and change nothing', async () => {
    const { server, c } = served();
    const lobbyBefore = (await c.get<unknown[]>('/api/rest-games/lobby')).body.length;
    const player = await guest(server.base);
    const kinds = [
      ['text/plain', '{"playerName":"Ann"}'],
      ['application/x-www-form-urlencoded', 'playerName=Ann'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="playerName"\r\n\r\nAnn\r\n--x--',
      ],
      ['text/plain', ''],
    ] as const;
    for (const [type, body] of kinds) {
      for (const [path, field] of [
        ['/api/rest-games', 'error'],
        ['/api/palace/games', 'error'],
        ['/api/simple-palace/games', 'error'],
        ['/api/simple-game/join', 'message'],
        ['/api/auth/login', 'message'],
        ['/api/games', 'message'],
      ] as const) {
        const got = await raw(server.base, 'POST', path, { 'content-type': type, ...player.jar.cookieHeader() }, body);
        expect(got.status, `${type} ${path}: ${got.text}`).toBe(415);
        expect(got.body).toEqual({ [field]: 'Send the request body as application/json' });
      }
    }
    // No body but a type: still refused (nothing but JSON is read, ever).
    expect((await raw(server.base, 'POST', '/api/auth/logout', { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await c.get<unknown[]>('/api/rest-games/lobby')).body).toHaveLength(lobbyBefore);
    expect((await player.jar.get<unknown[]>('/api/games')).body).toEqual([]);
  });

  it('csrf - a cross-site Origin or Sec-Fetch-Site: cross-site is refused with 403 in the route shape and changes nothing', async () => {
    const { server, c } = served();
    const player = await guest(server.base);
    const json = { 'content-type': 'application/json', ...player.jar.cookieHeader() };
    const foreign: Array<Record<string, string>> = [
      { origin: FOREIGN },
      { origin: 'null' },
      { origin: 'not a url' },
      // Same name, another port: another origin.
      { origin: server.base.replace(/:\d+$/, ':1') },
      { origin: server.base.replace('127.0.0.1', 'localhost') },
      { 'sec-fetch-site': 'cross-site' },
      { origin: server.base, 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const rest = await raw(server.base, 'POST', '/api/rest-games', { ...json, ...headers }, '{"playerName":"Ann"}');
      expect(rest.status, JSON.stringify(headers)).toBe(403);
      expect(rest.body).toEqual({ error: 'Cross-site requests are not allowed' });
      const main = await raw(server.base, 'POST', '/api/games', { ...json, ...headers }, '{"name":"Evil game"}');
      expect(main.status).toBe(403);
      expect(main.body).toEqual({ message: 'Cross-site requests are not allowed' });
      const out = await raw(server.base, 'POST', '/api/auth/logout', { ...player.jar.cookieHeader(), ...headers });
      expect(out.status).toBe(403);
      const del = await raw(server.base, 'DELETE', '/api/friends/1', { ...player.jar.cookieHeader(), ...headers });
      expect(del.status).toBe(403);
    }
    // Nothing happened: still signed in, no game.
    expect((await player.jar.get('/api/auth/check')).status).toBe(200);
    expect((await player.jar.get<unknown[]>('/api/games')).body).toEqual([]);
    // Reading is not refused (a GET changes nothing).
    expect((await raw(server.base, 'GET', '/api/config', { origin: FOREIGN })).status).toBe(200);
    // The same origin, an allowed origin, same-site/same-origin fetch metadata, and no Origin at all act.
    const accepted: Array<Record<string, string>> = [
      { origin: server.base, 'sec-fetch-site': 'same-origin' },
      { origin: FRIEND, 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const headers of accepted) {
      const got = await raw(server.base, 'POST', '/api/rest-games', { ...json, ...headers }, '{"playerName":"Ann"}');
      expect(got.status, `${JSON.stringify(headers)}: ${got.text}`).toBe(200);
    }
    expect((await c.create({ playerName: 'Bob' })).status).toBe(200);
  });

  it('csrf - bodiless POSTs with no content type keep working (easy ai-move, logout, guest login)', async () => {
    const { server, c } = served();
    const created = await c.post<{ gameId: string; playerId: string }>('/api/simple-palace/games', {
      playerName: 'Ann',
    });
    expect(created.status).toBe(200);
    const aiMove = await raw(server.base, 'POST', `/api/simple-palace/games/${created.body.gameId}/ai-move`, {});
    // Read and answered by the route (no AI is due in a waiting game), not refused as a body.
    expect(aiMove.status).toBe(409);
    expect(Object.keys(aiMove.body as object)).toEqual(['error']);
    const jar = new Jar(server.base);
    ok200(await jar.guestLogin());
    const out = await raw(server.base, 'POST', '/api/auth/logout', { ...jar.cookieHeader(), origin: server.base });
    expect(out.status).toBe(200);
  });

  it('body limit - a body over 1 MiB answers 413 in the route shape', async () => {
    const { server } = served();
    const big = JSON.stringify({ playerName: 'Ann', pad: 'x'.repeat(1024 * 1024) });
    const rest = await raw(server.base, 'POST', '/api/rest-games', { 'content-type': 'application/json' }, big);
    expect(rest.status).toBe(413);
    expect(rest.body).toEqual({ error: 'The request body is too large' });
    const simple = await raw(server.base, 'POST', '/api/simple-game/join', { 'content-type': 'application/json' }, big);
    expect(simple.status).toBe(413);
    expect(simple.body).toEqual({ message: 'The request body is too large' });
  });
});

describe('security config', () => {
  it('config - ALLOWED_ORIGINS and the per-address limits are read from the environment, and checked', () => {
    const config = loadConfig({
      ALLOWED_ORIGINS: 'https://friend.example, http://localhost:5173/',
      AUTH_PER_MINUTE: '50',
      GAMES_PER_MINUTE: '90',
    });
    expect(config.allowedOrigins).toEqual(['https://friend.example', 'http://localhost:5173']);
    expect(config.limits).toEqual({ authPerMinute: 50, gamesPerMinute: 90 });
    expect(loadConfig({}).allowedOrigins).toEqual([]);
    expect(loadConfig({}).limits).toEqual({});
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'friend.example' })).toThrow(/ALLOWED_ORIGINS/);
    expect(() => loadConfig({ AUTH_PER_MINUTE: '0' })).toThrow(/AUTH_PER_MINUTE/);
    expect(() => loadConfig({ GAMES_PER_MINUTE: 'lots' })).toThrow(/GAMES_PER_MINUTE/);
  });
});
