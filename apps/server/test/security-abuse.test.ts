import { openSqlite } from '@palace/adapter-storage';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../src/config.js';
import { type TestServer, useServer } from './harness.js';
import { Jar, PASSWORD, uniqueName } from './main-harness.js';

/**
 * The abuse policies of docs/product.md §D12 over the real transports: X-Forwarded-For believed only from
 * TRUST_PROXY, the per-address guest limit with bounded storage, and the configuration behind them.
 */

const TOO_MANY = { message: 'Too many attempts. Please try again later.' };
const TOO_MANY_GUESTS = { message: 'Too many new guests from your network. Please try again in a minute.' };
const TOO_MANY_GAMES = { error: 'Too many games created. Please try again later.' };

let forged = 0;
/** A new forged client address each call, as an attacker rotating the header would send. */
const forgedAddress = (): Record<string, string> => {
  forged += 1;
  return { 'x-forwarded-for': `203.0.113.${forged % 250}, 198.51.100.${forged % 250}` };
};

/** Rows of the server's SQLite file: guests, their sessions. */
async function counts(server: TestServer): Promise<{ guests: number; sessions: number }> {
  const db = await openSqlite(server.dataFile);
  try {
    const guests = await sql<{ n: number }>`select count(*) as n from users where id < 0`.execute(db);
    const sessions = await sql<{ n: number }>`select count(*) as n from sessions`.execute(db);
    return { guests: Number(guests.rows[0]?.n), sessions: Number(sessions.rows[0]?.n) };
  } finally {
    await db.destroy();
  }
}

describe('forwarded addresses (TRUST_PROXY unset)', () => {
  const served = useServer({ limits: { authPerMinute: 5, gamesPerMinute: 5 } });

  it('trust proxy - unset, a forged X-Forwarded-For buys no fresh budget: logins and games meet 429', async () => {
    const { server } = served();
    const jar = new Jar(server.base);
    for (let n = 0; n < 5; n++) {
      const got = await jar.post(
        '/api/auth/login',
        { username: uniqueName('who'), password: PASSWORD },
        forgedAddress(),
      );
      expect(got.status).toBe(401);
    }
    const limited = await jar.post('/api/auth/login', { username: 'who-else', password: PASSWORD }, forgedAddress());
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(TOO_MANY);
    for (let n = 0; n < 5; n++) {
      expect((await jar.post('/api/rest-games', { playerName: 'Ann' }, forgedAddress())).status).toBe(200);
    }
    const games = await jar.post('/api/rest-games', { playerName: 'Ann' }, forgedAddress());
    expect(games.status).toBe(429);
    expect(games.body).toEqual(TOO_MANY_GAMES);
    // Nor is a forged X-Forwarded-Proto believed: the cookie is not marked Secure.
    const https = await new Jar(server.base).post('/api/auth/guest-login', {}, { 'x-forwarded-proto': 'https' });
    expect(https.headers.getSetCookie().join(';')).not.toMatch(/Secure/i);
  });
});

describe('forwarded addresses (TRUST_PROXY=127.0.0.1)', () => {
  const served = useServer({ limits: { authPerMinute: 5, gamesPerMinute: 5 }, trustProxy: ['127.0.0.1'] });

  it('trust proxy - set to the proxy, its X-Forwarded-For is believed: each client has its own budget', async () => {
    const { server } = served();
    const jar = new Jar(server.base);
    const client = { 'x-forwarded-for': '192.0.2.10' };
    for (let n = 0; n < 5; n++)
      expect((await jar.post('/api/rest-games', { playerName: 'Ann' }, client)).status).toBe(200);
    expect((await jar.post('/api/rest-games', { playerName: 'Ann' }, client)).status).toBe(429);
    // Another client behind the same proxy goes on; so does the proxy's own address.
    expect((await jar.post('/api/rest-games', { playerName: 'Bob' }, { 'x-forwarded-for': '192.0.2.11' })).status).toBe(
      200,
    );
    expect((await jar.post('/api/rest-games', { playerName: 'Cy' })).status).toBe(200);
    // The client is the address the trusted proxy saw, not what the client itself wrote before it.
    const spoofed = { 'x-forwarded-for': '10.9.9.9, 192.0.2.10' };
    expect((await jar.post('/api/rest-games', { playerName: 'Ann' }, spoofed)).status).toBe(429);
  });
});

describe('guest limit', () => {
  const ATTEMPTS = 3_000;
  const served = useServer({ limits: { guestsPerMinute: 30 } });

  it('guest limit - 3,000 guest logins from one address: 30 get in, the rest answer 429, storage stays bounded', async () => {
    const { server } = served();
    const kept = new Jar(server.base);
    const keptGuest = (await kept.post('/api/auth/guest-login', {})).body as { id: number };
    const before = await counts(server);
    let next = 0;
    const statuses = new Map<number, number>();
    let refusal: unknown = null;
    let retryAfter: string | null = null;
    // Fifty clients at a time, 3,000 attempts in all (100 times the limit), every one a fresh browser (no cookie).
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < ATTEMPTS) {
          next += 1;
          const got = await new Jar(server.base).post('/api/auth/guest-login', {});
          statuses.set(got.status, (statuses.get(got.status) ?? 0) + 1);
          if (got.status === 429) {
            refusal = got.body;
            retryAfter = got.headers.get('retry-after');
          }
        }
      }),
    );
    // 30 a minute, one used before (two windows at most if the run crosses a minute boundary).
    const admitted = statuses.get(200) ?? 0;
    expect(admitted).toBeGreaterThanOrEqual(29);
    expect(admitted).toBeLessThanOrEqual(60);
    expect(statuses.get(429)).toBe(ATTEMPTS - admitted);
    expect(refusal).toEqual(TOO_MANY_GUESTS);
    expect(retryAfter).toMatch(/^\d+$/);
    const after = await counts(server);
    expect(after.guests - before.guests).toBe(admitted);
    expect(after.sessions - before.sessions).toBe(admitted);
    // A guest who already has a session keeps it, even now: only new guests count.
    const again = await kept.post('/api/auth/guest-login', {});
    expect(again.status).toBe(200);
    expect((again.body as { id: number }).id).toBe(keptGuest.id);
  });
});

describe('abuse config', () => {
  it('config - TRUST_PROXY takes addresses, CIDRs, range names or a hop count; GUESTS_PER_MINUTE a whole number', () => {
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,fd00::/8, loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(parseTrustProxy('  ')).toBeUndefined();
    for (const bad of ['true', '0', 'proxy.example', '10.0.0.0/33', '1.2.3.4/8/9', '::1/129']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
    }
    expect(loadConfig({ GUESTS_PER_MINUTE: '60' }).limits).toEqual({ guestsPerMinute: 60 });
    expect(() => loadConfig({ GUESTS_PER_MINUTE: '0' })).toThrow(/GUESTS_PER_MINUTE/);
  });
});
