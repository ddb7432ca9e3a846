import type { UserBody } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { TEST_INVITES, useServer } from './harness.js';
import { Invites, Jar, ok200, PASSWORD, type Reply, SESSION_COOKIE, uniqueName } from './main-harness.js';

/** Accounts over HTTP: registration, login, guests, sessions and avatars (docs/product.md §P1.3, §P1.5, §P1.7, §D5). */

const INVITE_ONLY = 'Registration is currently limited to invited users';
const LOGIN_FAILED = 'Invalid username or password';

/** A refusal of the main API: exactly `{ message }` as JSON with the status (and text, when given). */
function expectMessage(got: Reply, status: number, message?: string): void {
  expect(got.status, `${got.status} ${got.text}`).toBe(status);
  expect(got.headers.get('content-type') ?? '').toContain('application/json');
  expect(Object.keys(got.body as object)).toEqual(['message']);
  const text = (got.body as { message: unknown }).message;
  expect(text).toBeTypeOf('string');
  expect((text as string).length).toBeGreaterThan(0);
  if (message !== undefined) expect(text).toBe(message);
}

/** The session cookie line of a response. */
function sessionCookie(got: Reply): string {
  const line = got.headers.getSetCookie().find((l) => l.startsWith(`${SESSION_COOKIE}=`));
  if (line === undefined) throw new Error(`no ${SESSION_COOKIE} cookie set`);
  return line;
}

const attributes = (line: string): string[] =>
  line
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase());

describe('accounts over HTTP', () => {
  // Behind a proxy on this machine: its X-Forwarded-Proto is believed (TRUST_PROXY).
  const served = useServer({ trustProxy: ['127.0.0.1'] });
  let invites: Invites | undefined;
  const invite = (): string => {
    invites ??= new Invites(TEST_INVITES);
    return invites.next();
  };

  it('auth routes - register with an invite signs in with a 100-token gift and a Lax HttpOnly cookie', async () => {
    const { server } = served();
    const jar = new Jar(server.base);
    const username = uniqueName('Reg');
    const got = await jar.register({ username, email: `${username.toUpperCase()}@Example.com `, inviteCode: invite() });
    expect(got.status, got.text).toBe(200);
    expect(got.body).toEqual({
      id: expect.any(Number),
      username,
      email: `${username.toLowerCase()}@example.com`,
      avatar: `/api/avatars/${encodeURIComponent(username)}.svg`,
      isGuest: false,
      isBot: false,
    });
    expect(got.body.id).toBeGreaterThan(0);
    expect(got.text).not.toContain(PASSWORD);
    expect(got.text.toLowerCase()).not.toContain('hash');

    const cookie = sessionCookie(got);
    const flags = attributes(cookie);
    expect(flags).toContain('httponly');
    expect(flags).toContain('samesite=lax');
    expect(flags).toContain('path=/');
    expect(flags).not.toContain('secure');
    // Kept for the 30-day idle period.
    expect(flags).toContain(`max-age=${30 * 24 * 60 * 60}`);
    // A 256-bit random token.
    expect(jar.session?.length ?? 0).toBeGreaterThanOrEqual(43);

    expect(await jar.balance()).toBe(100);
    const history = await jar.history();
    expect(history.map((l) => [l.kind, l.amount, l.gameId])).toEqual([['gift', 100, null]]);
    expect(ok200(await jar.get<UserBody>('/api/auth/check'))).toEqual(got.body);

    // An avatar given at registration is kept.
    const other = new Jar(server.base);
    const withAvatar = await other.register({
      username: uniqueName('Pic'),
      avatar: 'https://example.com/me.png',
      inviteCode: invite(),
    });
    expect(withAvatar.status, withAvatar.text).toBe(200);
    expect(withAvatar.body.avatar).toBe('https://example.com/me.png');
  });

  it('auth routes - registration without, with a used or with an unknown invite code is refused (403)', async () => {
    const { server } = served();
    const used = invite();
    ok200(await new Jar(server.base).register({ username: uniqueName('First'), inviteCode: used }));
    const cases: Array<Record<string, unknown>> = [{}, { inviteCode: '' }, { inviteCode: '   ' }, { inviteCode: null }];
    cases.push({ inviteCode: used }, { inviteCode: 'NO-SUCH-CODE' }, { inviteCode: used.toLowerCase() });
    for (const extra of cases) {
      const jar = new Jar(server.base);
      const got = await jar.register({ username: uniqueName('Late'), ...extra });
      expectMessage(got, 403, INVITE_ONLY);
      expect(got.headers.getSetCookie()).toEqual([]);
      expect(jar.session).toBeUndefined();
    }
  });

  it('auth routes - each validation rule of docs/product.md §P1.5 answers 400 with its message and uses no invite', async () => {
    const { server } = served();
    const code = invite();
    const jar = new Jar(server.base);
    const name = uniqueName('Valid');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ username: 'ab' }, 'Username must be at least 3 characters'],
      [{ username: '  ab  ' }, 'Username must be at least 3 characters'],
      [{ username: 'has@sign' }, 'Username must be at most 30 characters and cannot contain "@"'],
      [{ username: 'x'.repeat(31) }, 'Username must be at most 30 characters and cannot contain "@"'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ email: 'a@b' }, 'Please enter a valid email address'],
      [{ password: '12345', confirmPassword: '12345' }, 'Password must be at least 6 characters'],
      [{ confirmPassword: 'something-else' }, "Passwords don't match"],
    ];
    for (const [change, message] of cases) {
      const got = await jar.post('/api/auth/register', {
        username: name,
        email: `${name}@example.com`,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        inviteCode: code,
        ...change,
      });
      expectMessage(got, 400, message);
      expect(jar.session).toBeUndefined();
    }
    // Missing or mistyped fields are refused by the schema, still as { message }.
    for (const body of [
      {},
      { username: name, password: PASSWORD },
      { username: name, email: `${name}@example.com` },
      { username: 5, email: `${name}@example.com`, password: PASSWORD },
    ]) {
      expectMessage(await jar.post('/api/auth/register', body), 400);
    }
    expectMessage(await jar.post('/api/auth/register', '{"username":'), 400);
    // None of that used the code up.
    const got = await jar.register({ username: name, inviteCode: code });
    expect(got.status, got.text).toBe(200);
  });

  it('auth routes - a taken username (any case) or e-mail is refused and leaves the invite unused', async () => {
    const { server } = served();
    const name = uniqueName('Taken');
    ok200(await new Jar(server.base).register({ username: name, inviteCode: invite() }));
    const code = invite();
    const jar = new Jar(server.base);
    expectMessage(
      await jar.register({ username: name.toUpperCase(), email: 'someone@example.com', inviteCode: code }),
      409,
      'That username is already taken',
    );
    expectMessage(
      await jar.register({ username: ` ${name.toLowerCase()} `, email: 'someone2@example.com', inviteCode: code }),
      409,
      'That username is already taken',
    );
    expectMessage(
      await jar.register({
        username: uniqueName('Other'),
        email: `${name.toUpperCase()}@EXAMPLE.com`,
        inviteCode: code,
      }),
      409,
      'An account with that email address already exists',
    );
    expect(jar.session).toBeUndefined();
    // The refused attempts rolled back: the code still opens an account.
    expect((await jar.register({ username: uniqueName('Fresh'), inviteCode: code })).status).toBe(200);
  });

  it('auth routes - login by username (any case) or e-mail; a wrong password and an unknown user look the same', async () => {
    const { server } = served();
    const name = uniqueName('Login');
    const user = ok200(await new Jar(server.base).register({ username: name, inviteCode: invite() }));

    const byName = new Jar(server.base);
    const first = await byName.login(name);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual(user);
    const flags = attributes(sessionCookie(first));
    expect(flags).toContain('httponly');
    expect(flags).toContain('samesite=lax');
    expect(ok200(await byName.get<UserBody>('/api/auth/check')).id).toBe(user.id);

    expect(ok200(await new Jar(server.base).login(name.toUpperCase())).id).toBe(user.id);
    expect(ok200(await new Jar(server.base).login(`${name.toUpperCase()}@EXAMPLE.COM`)).id).toBe(user.id);

    const wrong = new Jar(server.base);
    const badPassword = await wrong.login(name, 'not-the-password');
    const unknown = await wrong.login('nobody-here', PASSWORD);
    const unknownMail = await wrong.login('nobody@example.com', PASSWORD);
    for (const got of [badPassword, unknown, unknownMail]) {
      expectMessage(got, 401, LOGIN_FAILED);
      expect(got.headers.getSetCookie()).toEqual([]);
    }
    expect(wrong.session).toBeUndefined();
    // The spec's login form rules, enforced by the server too.
    expectMessage(await wrong.login('ab', PASSWORD), 400, 'Username or email must be at least 3 characters');
    expectMessage(await wrong.login(name, '12345'), 400, 'Password must be at least 6 characters');
    expectMessage(await wrong.post('/api/auth/login', { username: name }), 400);
    expectMessage(await wrong.post('/api/auth/login', {}), 400);
  });

  it('auth routes - check answers 401 { message } when signed out and the user when signed in', async () => {
    const { server } = served();
    const jar = new Jar(server.base);
    expectMessage(await jar.get('/api/auth/check'), 401, 'Not signed in');
    expectMessage(
      await jar.get('/api/auth/check', { cookie: `${SESSION_COOKIE}=${'x'.repeat(43)}` }),
      401,
      'Not signed in',
    );
    expectMessage(await jar.get('/api/auth/check', { cookie: `${SESSION_COOKIE}=` }), 401, 'Not signed in');
    const user = ok200(await jar.register({ username: uniqueName('Check'), inviteCode: invite() }));
    const checked = await jar.get<UserBody>('/api/auth/check');
    expect(checked.status).toBe(200);
    expect(checked.body).toEqual(user);
    // Every main route needing a session answers the same way without one.
    const stranger = new Jar(server.base);
    for (const path of ['/api/games/recent', '/api/tokens/balance', '/api/tokens/history', '/api/friends/online']) {
      expectMessage(await stranger.get(path), 401, 'Not signed in');
    }
  });

  it('auth routes - logout deletes the session: the old cookie no longer signs in', async () => {
    const { server } = served();
    const jar = new Jar(server.base);
    ok200(await jar.register({ username: uniqueName('Out'), inviteCode: invite() }));
    const old = jar.session as string;
    const out = await jar.logout();
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, message: 'You have been successfully logged out.' });
    const cleared = sessionCookie(out);
    expect(cleared.startsWith(`${SESSION_COOKIE}=;`)).toBe(true);
    expect(jar.session).toBeUndefined();
    expectMessage(await jar.get('/api/auth/check'), 401);
    expectMessage(await jar.get('/api/auth/check', { cookie: `${SESSION_COOKIE}=${old}` }), 401);
    expectMessage(await jar.get('/api/tokens/balance', { cookie: `${SESSION_COOKIE}=${old}` }), 401);
    // Logging out while signed out is harmless.
    expect((await jar.logout()).status).toBe(200);
  });

  it('auth routes - login rotates the token and ends the session the request came with', async () => {
    const { server } = served();
    const name = uniqueName('Rotate');
    const jar = new Jar(server.base);
    ok200(await jar.register({ username: name, inviteCode: invite() }));
    const first = jar.session as string;
    ok200(await jar.login(name));
    const second = jar.session as string;
    expect(second).not.toBe(first);
    expectMessage(await jar.get('/api/auth/check', { cookie: `${SESSION_COOKIE}=${first}` }), 401);
    expect((await jar.get('/api/auth/check')).status).toBe(200);
    // A login from another browser is a separate session: both stay valid.
    const elsewhere = new Jar(server.base);
    ok200(await elsewhere.login(name));
    expect(elsewhere.session).not.toBe(second);
    expect((await jar.get('/api/auth/check')).status).toBe(200);
    expect((await elsewhere.get('/api/auth/check')).status).toBe(200);
  });

  it('auth routes - guest login with no body or {} gives a negative id and a GuestNNNN name', async () => {
    const { server } = served();
    const seen = new Set<number>();
    for (const body of [undefined, {}, undefined, {}]) {
      const jar = new Jar(server.base);
      const got = await jar.guestLogin(body);
      expect(got.status, got.text).toBe(200);
      expect(got.body.id).toBeLessThan(0);
      expect(Number.isInteger(got.body.id)).toBe(true);
      expect(got.body.username).toMatch(/^Guest[1-9][0-9]{3}$/);
      expect(got.body.isGuest).toBe(true);
      expect(got.body.email).toBeNull();
      const flags = attributes(sessionCookie(got));
      expect(flags).toContain('httponly');
      expect(flags).toContain('samesite=lax');
      expect(ok200(await jar.get<UserBody>('/api/auth/check'))).toEqual(got.body);
      expect(await jar.balance()).toBe(0);
      expect(await jar.history()).toEqual([]);
      seen.add(got.body.id);
    }
    expect(seen.size).toBe(4);
    // The same browser asking again stays the same guest.
    const again = new Jar(server.base);
    const one = ok200(await again.guestLogin());
    expect(ok200(await again.guestLogin({})).id).toBe(one.id);
  });

  it('auth routes - the avatar route draws the initials as SVG', async () => {
    const { server } = served();
    const jar = new Jar(server.base);
    const got = await jar.get('/api/avatars/alice.svg');
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toContain('image/svg+xml');
    expect(got.text.startsWith('<svg')).toBe(true);
    expect(got.text).toContain('>AL</text>');
    const escaped = await jar.get(`/api/avatars/${encodeURIComponent('<b>x')}.svg`);
    expect(escaped.status).toBe(200);
    expect(escaped.text).not.toContain('<b>');
    expect((await jar.get('/api/avatars/alice.png')).status).toBe(404);
    // The avatar a registration gets by default is served.
    const name = uniqueName('zoe');
    const user = ok200(await new Jar(server.base).register({ username: name, inviteCode: invite() }));
    const own = await jar.get(user.avatar as string);
    expect(own.status).toBe(200);
    expect(own.text).toContain('>ZO</text>');
  });

  it('auth routes - behind an HTTPS proxy (X-Forwarded-Proto: https) the cookie is Secure', async () => {
    const { server } = served();
    const https = { 'x-forwarded-proto': 'https' };
    const guestJar = new Jar(server.base);
    const guestAnswer = await guestJar.post('/api/auth/guest-login', {}, https);
    expect(guestAnswer.status).toBe(200);
    expect(attributes(sessionCookie(guestAnswer))).toContain('secure');
    const jar = new Jar(server.base);
    const got = await jar.register({ username: uniqueName('Tls'), inviteCode: invite() }, https);
    expect(got.status, got.text).toBe(200);
    const flags = attributes(sessionCookie(got));
    expect(flags).toContain('secure');
    expect(flags).toContain('httponly');
    expect(flags).toContain('samesite=lax');
    const out = await jar.post('/api/auth/logout', undefined, https);
    expect(attributes(sessionCookie(out))).toContain('secure');
  });
});
