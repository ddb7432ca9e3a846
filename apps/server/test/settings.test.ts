import type { Preferences, UserBody } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { useServer } from './harness.js';
import { guest, Jar, ok200, PASSWORD, registered, SocketClient } from './main-client.js';
import { chooseFaceUp, createGame, joinGame, playToEnd, seatOf } from './main-table.js';

const CODE = 'SETTINGS';
const REGISTERED_ONLY = 'Settings are for registered players. Sign up to keep your preferences.';
const WRONG_PASSWORD = 'Current password is incorrect.';

/** A refusal of the settings routes: exactly `{ message }` with `status`. */
function refused(got: { status: number; body: unknown; text: string }, status: number, message?: string): void {
  expect(got.status, got.text).toBe(status);
  expect(Object.keys(got.body as object)).toEqual(['message']);
  if (message !== undefined) expect((got.body as { message: string }).message).toBe(message);
}

const put = <T>(jar: Jar, path: string, body: unknown) => jar.request<T>('PUT', path, body);
const deleteAccount = (jar: Jar, body: unknown) => jar.request('DELETE', '/api/settings/account', body);

describe('settings routes', () => {
  const served = useServer({ inviteCodes: [CODE], inviteUses: 100 });

  it('settings - preferences round trip: the defaults, a change, the change kept', async () => {
    const { server } = served();
    const { jar } = await registered(server.base, CODE, 'Prefs');
    expect(ok200(await jar.get<Preferences>('/api/settings/preferences'))).toEqual({
      sound: true,
      turnNotifications: true,
      reducedMotion: false,
      fourColour: false,
      largeCards: false,
    });
    const changed = ok200(await put<Preferences>(jar, '/api/settings/preferences', { sound: false, fourColour: true }));
    expect(changed).toMatchObject({ sound: false, fourColour: true, turnNotifications: true });
    expect(ok200(await jar.get<Preferences>('/api/settings/preferences'))).toEqual(changed);
    refused(await put(jar, '/api/settings/preferences', {}), 400);
    refused(await put(jar, '/api/settings/preferences', { volume: 3 }), 400);
    refused(await put(jar, '/api/settings/preferences', { sound: 'off' }), 400);
  });

  it('settings - the avatar: an http(s) address, or back to the initials', async () => {
    const { server } = served();
    const { jar, user } = await registered(server.base, CODE, 'Face');
    const set = ok200(await put<UserBody>(jar, '/api/settings/avatar', { avatar: 'https://example.com/me.png' }));
    expect(set).toEqual({ ...user, avatar: 'https://example.com/me.png' });
    expect(ok200(await jar.get<UserBody>('/api/auth/check')).avatar).toBe('https://example.com/me.png');
    refused(
      await put(jar, '/api/settings/avatar', { avatar: 'javascript:alert(1)' }),
      400,
      'Avatar must be an http(s) image address.',
    );
    const initials = ok200(await put<UserBody>(jar, '/api/settings/avatar', { avatar: '' }));
    expect(initials.avatar).toBe(`/api/avatars/${encodeURIComponent(user.username)}.svg`);
  });

  it('settings - no session 401, a guest 403', async () => {
    const { server } = served();
    const nobody = new Jar(server.base);
    const visitor = (await guest(server.base)).jar;
    const calls = [
      (jar: Jar) => jar.get('/api/settings/preferences'),
      (jar: Jar) => put(jar, '/api/settings/preferences', { sound: false }),
      (jar: Jar) => put(jar, '/api/settings/avatar', { avatar: '' }),
      (jar: Jar) =>
        jar.post('/api/settings/password', {
          currentPassword: 'x',
          newPassword: 'secret2',
          confirmPassword: 'secret2',
        }),
      (jar: Jar) => deleteAccount(jar, { password: 'x', confirmation: 'x' }),
    ];
    for (const call of calls) {
      refused(await call(nobody), 401);
      refused(await call(visitor), 403, REGISTERED_ONLY);
    }
  });

  it("settings - a password change signs out the user's other sessions and closes their sockets", async () => {
    const { server } = served();
    const { jar, user } = await registered(server.base, CODE, 'Pass');
    const second = new Jar(server.base);
    ok200(await second.login(user.username));
    const socket = await SocketClient.connect(server.base, second);
    const change = { currentPassword: PASSWORD, newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' };
    refused(await jar.post('/api/settings/password', { ...change, currentPassword: 'not-it' }), 403, WRONG_PASSWORD);
    refused(await jar.post('/api/settings/password', { ...change, confirmPassword: 'other-pass' }), 400);
    expect((await second.get('/api/auth/check')).status).toBe(200);
    expect(ok200(await jar.post('/api/settings/password', change))).toEqual({
      success: true,
      message: 'Your password has been changed. Your other sessions have been signed out.',
    });
    expect((await socket.closed).code).toBe(4001);
    refused(await second.get('/api/auth/check'), 401);
    expect(ok200(await jar.get<UserBody>('/api/auth/check')).id).toBe(user.id);
    expect((await new Jar(server.base).login(user.username)).status).toBe(401);
    expect((await new Jar(server.base).login(user.username, 'brand-new-pass')).status).toBe(200);
  });

  it('settings - deletion is refused with a main game in play (409) and allowed after; the user is gone', async () => {
    const { server } = served();
    const ann = await registered(server.base, CODE, 'Gone');
    const bob = await registered(server.base, CODE, 'Stays');
    const seats = [await seatOf(server.base, ann), await seatOf(server.base, bob)];
    const gameId = await createGame(ann.jar, { name: 'Last game', playerLimit: 2 });
    for (const seat of seats) await joinGame(seat, gameId);
    await chooseFaceUp(seats, gameId);
    const confirm = { password: PASSWORD, confirmation: ann.user.username };

    refused(await deleteAccount(ann.jar, { ...confirm, confirmation: ann.user.username.toLowerCase() }), 400);
    refused(await deleteAccount(ann.jar, { ...confirm, password: 'not-it' }), 403, WRONG_PASSWORD);
    refused(
      await deleteAccount(ann.jar, confirm),
      409,
      'You have a game in play. Finish it before deleting your account.',
    );
    expect((await ann.jar.get('/api/auth/check')).status).toBe(200);

    await playToEnd(seats, gameId, ['lowest', 'pickup']);
    await seats[1]?.socket.close();
    const deleted = await deleteAccount(ann.jar, confirm);
    expect(ok200(deleted)).toEqual({ success: true, message: 'Your account has been deleted.' });
    expect(ann.jar.session).toBeUndefined();
    expect((await seats[0]?.socket.closed)?.code).toBe(4001);
    expect((await new Jar(server.base).login(ann.user.username)).status).toBe(401);
    for (const by of ['balance', 'wins']) {
      const board = ok200(await bob.jar.get<Array<{ id: number }>>(`/api/leaderboard?by=${by}&limit=100`));
      expect(board.map((l) => l.id)).not.toContain(ann.user.id);
      expect(board.map((l) => l.id)).toContain(bob.user.id);
    }
    const rated = ok200(await bob.jar.get<Array<{ id: number }>>('/api/ratings/leaderboard?preset=classic&limit=100'));
    expect(rated.map((l) => l.id)).not.toContain(ann.user.id);
    refused(await bob.jar.post('/api/friends', { username: ann.user.username }), 404);
    // The old name is free for someone new.
    expect((await new Jar(server.base).register({ username: ann.user.username, inviteCode: CODE })).status).toBe(200);
  });
});

describe('settings routes under the login-failure lock', () => {
  const served = useServer({ inviteCodes: [CODE], inviteUses: 10, limits: { loginFailuresPerHour: 2 } });

  it('settings - wrong current passwords count toward the lock of the username', async () => {
    const { server } = served();
    const { jar, user } = await registered(server.base, CODE, 'Locked');
    const wrong = { currentPassword: 'not-it', newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' };
    refused(await jar.post('/api/settings/password', wrong), 403, WRONG_PASSWORD);
    refused(await deleteAccount(jar, { password: 'not-it', confirmation: user.username }), 403, WRONG_PASSWORD);
    refused(await jar.post('/api/settings/password', { ...wrong, currentPassword: PASSWORD }), 429);
    expect((await new Jar(server.base).login(user.username)).status).toBe(429);
  });
});
