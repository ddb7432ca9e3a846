import { describe, expect, it } from 'vitest';
import { useServer } from './harness.js';
import { guest, Jar, ok200, PASSWORD, registered, SESSION_COOKIE, SocketClient, uniqueName } from './main-harness.js';
import { freshRoom, SimpleSocket } from './simple-socket-client.js';

/** Auth abuse: rate limits (429), the per-account failure lock, uniform failures, session and cookie hygiene. */

const TOO_MANY = { message: 'Too many attempts. Please try again later.' };
/** One client address per test (the server trusts x-forwarded-for from 127.0.0.1, as behind its proxy). */
let addresses = 0;
const fromAddress = (): Record<string, string> => {
  addresses += 1;
  return { 'x-forwarded-for': `198.51.100.${addresses}` };
};

function setCookie(headers: Headers): string {
  const line = headers.getSetCookie().find((l) => l.startsWith(`${SESSION_COOKIE}=`));
  if (line === undefined) throw new Error('no session cookie set');
  return line;
}

describe('auth abuse', () => {
  const served = useServer({
    limits: { authPerMinute: 5, loginFailuresPerHour: 4, gamesPerMinute: 3 },
    trustProxy: ['127.0.0.1'],
  });

  it('auth limits - the 6th login or registration in a minute from one address answers 429; other addresses go on', async () => {
    const { server } = served();
    const jar = new Jar(server.base);
    const ip = fromAddress();
    // Five wrong logins of five names (no account is locked): the per-address limit counts requests.
    for (let n = 0; n < 5; n++) {
      const got = await jar.post('/api/auth/login', { username: uniqueName('who'), password: PASSWORD }, ip);
      expect(got.status).toBe(401);
    }
    const limited = await jar.post('/api/auth/login', { username: uniqueName('who'), password: PASSWORD }, ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual(TOO_MANY);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another address is not limited; registration has its own count.
    expect((await jar.post('/api/auth/login', { username: 'nobody1', password: PASSWORD }, fromAddress())).status).toBe(
      401,
    );
    const reg = fromAddress();
    for (let n = 0; n < 5; n++) {
      const got = await jar.register({ username: uniqueName('r'), inviteCode: 'NOT-A-CODE' }, reg);
      expect(got.status).toBe(403);
    }
    const regLimited = await jar.register({ username: uniqueName('r'), inviteCode: 'INVITE-20' }, reg);
    expect(regLimited.status).toBe(429);
    expect(regLimited.body).toEqual(TOO_MANY);
  });

  it('auth failures - an unknown user and a wrong password get the same answer', async () => {
    const { server } = served();
    const player = await registered(server.base, 'INVITE-1', 'same');
    const jar = new Jar(server.base);
    const wrong = await jar.post(
      '/api/auth/login',
      { username: player.user.username, password: 'wrong-password' },
      fromAddress(),
    );
    const unknown = await jar.post(
      '/api/auth/login',
      { username: uniqueName('ghost'), password: 'wrong-password' },
      fromAddress(),
    );
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.text).toBe(wrong.text);
    expect(wrong.headers.getSetCookie()).toEqual([]);
    expect(unknown.headers.getSetCookie()).toEqual([]);
  });

  it('auth failures - after 4 failures an account is locked from every address, even with the right password; others are not', async () => {
    const { server } = served();
    const victim = await registered(server.base, 'INVITE-2', 'victim');
    const bystander = await registered(server.base, 'INVITE-3', 'bystander');
    const name = victim.user.username;
    const jar = new Jar(server.base);
    for (let n = 0; n < 4; n++) {
      // Spread over addresses (each under its own limit), and spelled differently: one account.
      const spelled = n % 2 === 0 ? name.toUpperCase() : ` ${name} `;
      const got = await jar.post('/api/auth/login', { username: spelled, password: 'wrong-password' }, fromAddress());
      expect(got.status).toBe(401);
    }
    const locked = await jar.post('/api/auth/login', { username: name, password: PASSWORD }, fromAddress());
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual(TOO_MANY);
    expect(locked.headers.getSetCookie()).toEqual([]);
    // An unknown name is locked the same way (the lock tells nothing about who exists).
    const ghost = uniqueName('ghost');
    for (let n = 0; n < 4; n++)
      await jar.post('/api/auth/login', { username: ghost, password: 'wrong' + 'xxxxx' }, fromAddress());
    const ghostLocked = await jar.post('/api/auth/login', { username: ghost, password: PASSWORD }, fromAddress());
    expect(ghostLocked.status).toBe(429);
    expect(ghostLocked.text).toBe(locked.text);
    // The bystander signs in; the victim's existing session still works.
    expect(
      (
        await new Jar(server.base).post(
          '/api/auth/login',
          { username: bystander.user.username, password: PASSWORD },
          fromAddress(),
        )
      ).status,
    ).toBe(200);
    expect((await victim.jar.get('/api/auth/check')).status).toBe(200);
  });

  it('session - login rotates the session (a new cookie value; the old one is dead) and logout kills it', async () => {
    const { server } = served();
    const player = await registered(server.base, 'INVITE-4', 'rotate');
    const before = player.jar.session;
    expect(before).toBeDefined();
    ok200(
      await player.jar.post('/api/auth/login', { username: player.user.username, password: PASSWORD }, fromAddress()),
    );
    const after = player.jar.session;
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    const old = new Jar(server.base);
    old.session = before;
    expect((await old.get('/api/auth/check')).status).toBe(401);
    // A guest session is rotated too when the guest signs in.
    const visitor = await guest(server.base);
    const guestToken = visitor.jar.session;
    ok200(
      await visitor.jar.post('/api/auth/login', { username: player.user.username, password: PASSWORD }, fromAddress()),
    );
    expect(visitor.jar.session).not.toBe(guestToken);
    // Logout: the cookie is cleared, and the token no longer opens anything (HTTP or socket).
    const token = player.jar.session;
    const out = await player.jar.logout();
    expect(out.status).toBe(200);
    expect(setCookie(out.headers)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    const stale = new Jar(server.base);
    stale.session = token;
    expect((await stale.get('/api/auth/check')).status).toBe(401);
    expect((await stale.get('/api/tokens/balance')).status).toBe(401);
    const socket = await SocketClient.open(server.base, stale);
    expect((await socket.next('connection_established')).userId).toBeNull();
    await socket.close();
  });

  it('session cookie - HttpOnly, SameSite=Lax, Path=/, a max age; Secure only behind HTTPS (x-forwarded-proto)', async () => {
    const { server } = served();
    const plain = await new Jar(server.base).guestLogin();
    const cookie = setCookie(plain.headers);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).toMatch(/; Max-Age=\d+/i);
    expect(cookie).not.toMatch(/; Secure/i);
    const tls = await new Jar(server.base).post('/api/auth/guest-login', undefined, { 'x-forwarded-proto': 'https' });
    expect(setCookie(tls.headers)).toMatch(/; Secure/i);
    expect(setCookie(tls.headers)).toMatch(/; HttpOnly/i);
  });

  it('game limits - one budget per address for every door: the 4th game from any door is refused', async () => {
    const { server } = served();
    const jar = new Jar(server.base);
    const player = await guest(server.base);
    const doors: Array<[string, unknown, 'error' | 'message', Jar]> = [
      ['/api/rest-games', { playerName: 'Ann' }, 'error', jar],
      ['/api/palace/games', { username: 'Ann', visibility: 'public' }, 'error', jar],
      ['/api/simple-palace/games', { playerName: 'Ann' }, 'error', jar],
      ['/api/simple-game/join', { username: 'Ann' }, 'message', jar],
      ['/api/games', { name: 'Limited game' }, 'message', player.jar],
    ];
    // Three games from three doors spend the address's budget; then every door refuses.
    const ip = fromAddress();
    for (const [path, body] of doors.slice(0, 3)) {
      const got = await jar.post(path, body, ip);
      expect(got.status, `${path}: ${got.text}`).toBe(200);
    }
    for (const [path, body, field, client] of doors) {
      const limited = await client.post(path, body, ip);
      expect(limited.status, path).toBe(429);
      expect(limited.body).toEqual({ [field]: 'Too many games created. Please try again later.' });
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    const main = await SocketClient.open(server.base, player.jar, ip);
    await main.next('connection_established');
    expect((await main.refused({ type: 'create_game', game: { name: 'Socket game', playerLimit: 2 } })).message).toBe(
      'You are opening games too fast. Please wait a minute.',
    );
    const simple = await SimpleSocket.connect(server.base, ip);
    expect(await simple.refused({ type: 'join_game', roomId: freshRoom(), username: 'Ann' })).toBe(
      'You are opening games too fast. Please wait a minute.',
    );
    // Joining what exists opens nothing and is not counted: a public game, a simple REST game, a room.
    const other = fromAddress();
    const publicGame = (await jar.post('/api/palace/games', { username: 'Host', visibility: 'public' }, other))
      .body as {
      gameId: string;
    };
    const simpleGame = (await jar.post('/api/simple-game/join', { username: 'Host' }, other)).body as {
      gameId: string;
    };
    const room = freshRoom();
    const host = await SimpleSocket.connect(server.base, other);
    await host.join(room, 'Host');
    expect(
      (await new Jar(server.base).post('/api/palace/games', { username: 'Bob', gameId: publicGame.gameId }, ip)).status,
    ).toBe(200);
    expect(
      (await new Jar(server.base).post('/api/simple-game/join', { username: 'Bob', gameId: simpleGame.gameId }, ip))
        .status,
    ).toBe(200);
    await simple.join(room, 'Bob');
    // The socket doors count toward the same budget as the HTTP ones.
    const third = fromAddress();
    const s = await SimpleSocket.connect(server.base, third);
    await s.join(freshRoom(), 'Cy');
    const m = await SocketClient.open(server.base, (await guest(server.base)).jar, third);
    await m.next('connection_established');
    m.send({ type: 'create_game', game: { name: 'Socket game', playerLimit: 2 } });
    await m.next('game_create_success');
    expect((await jar.post('/api/rest-games', { playerName: 'Cy' }, third)).status).toBe(200);
    expect((await jar.post('/api/rest-games', { playerName: 'Cy' }, third)).status).toBe(429);
    await Promise.all([main.close(), simple.close(), host.close(), s.close(), m.close()]);
  });
});
