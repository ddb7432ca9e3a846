import { DEFAULT_PREFERENCES } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { BotsService, MemoryBotsStore, MemorySettingsStore, SettingsService } from '../src/index.js';
import { guest, PlainHasher, seated, setup, signedUp, started } from './main-support.js';
import { value } from './support.js';

function settingsSetup() {
  const s = setup();
  const botsStore = new MemoryBotsStore(s.accounts);
  const store = new MemorySettingsStore(s.accounts, s.store, botsStore);
  const settings = new SettingsService({ settings: store, hasher: new PlainHasher(), clock: s.clock, ids: s.ids });
  const bots = new BotsService({ bots: botsStore, clock: s.clock, ids: s.ids });
  return { ...s, settings, bots, botsStore };
}

const login = (s: ReturnType<typeof settingsSetup>, username: string, password: string) =>
  s.auth.login({ username, password });

describe('SettingsService', () => {
  it('settings - preferences start at the defaults and a change keeps the rest', async () => {
    const s = settingsSetup();
    const { user } = await signedUp(s, 'Ann');
    expect(value(await s.settings.preferences(user))).toEqual(DEFAULT_PREFERENCES);
    expect(value(await s.settings.updatePreferences(user, { sound: false, largeCards: true }))).toEqual({
      ...DEFAULT_PREFERENCES,
      sound: false,
      largeCards: true,
    });
    value(await s.settings.updatePreferences(user, { fourColour: true }));
    expect(value(await s.settings.preferences(user))).toEqual({
      ...DEFAULT_PREFERENCES,
      sound: false,
      largeCards: true,
      fourColour: true,
    });
  });

  it('settings - guests and bots are refused everything', async () => {
    const s = settingsSetup();
    const { user: visitor } = await guest(s);
    const { user: owner } = await signedUp(s, 'Ann');
    const bot = s.accounts.addBot('AnnBot', '/api/avatars/AnnBot.svg');
    if (bot === null) throw new Error('no bot');
    for (const user of [visitor, bot]) {
      for (const answer of [
        await s.settings.preferences(user),
        await s.settings.updatePreferences(user, { sound: false }),
        await s.settings.setAvatar(user, ''),
        await s.settings.changePassword(user, 'x', {
          currentPassword: 'secret1',
          newPassword: 'secret2',
          confirmPassword: 'secret2',
        }),
        await s.settings.deleteAccount(user, { password: 'secret1', confirmation: user.username }),
      ]) {
        expect(answer).toMatchObject({ ok: false, error: { code: 'settings/registered_only' } });
      }
    }
    expect(value(await s.settings.preferences(owner))).toEqual(DEFAULT_PREFERENCES);
  });

  it('settings - an avatar is an http(s) address of at most 500 characters, or empty for the initials', async () => {
    const s = settingsSetup();
    const { user } = await signedUp(s, 'Ann');
    const address = 'https://example.com/me.png';
    expect(value(await s.settings.setAvatar(user, ` ${address} `)).avatar).toBe(address);
    expect((await s.accounts.user(user.id))?.avatar).toBe(address);
    expect(value(await s.settings.setAvatar(user, '')).avatar).toBe('/api/avatars/Ann.svg');
    for (const bad of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'ftp://example.com/a.png',
      'https://',
      'https://example.com/a b.png',
      `https://example.com/${'a'.repeat(480)}.png`,
    ]) {
      expect(await s.settings.setAvatar(user, bad)).toMatchObject({
        ok: false,
        error: { code: 'settings/avatar_invalid', message: 'Avatar must be an http(s) image address.' },
      });
    }
  });

  it('settings - a password change needs the current password and the registration rules', async () => {
    const s = settingsSetup();
    const { user, token } = await signedUp(s, 'Ann');
    const change = { currentPassword: 'secret1', newPassword: 'secret2', confirmPassword: 'secret2' };
    expect(await s.settings.changePassword(user, token, { ...change, currentPassword: 'wrong1' })).toMatchObject({
      error: { code: 'settings/wrong_password', message: 'Current password is incorrect.' },
    });
    expect(
      await s.settings.changePassword(user, token, { ...change, newPassword: 'short', confirmPassword: 'short' }),
    ).toMatchObject({ error: { code: 'auth/password_short' } });
    expect(await s.settings.changePassword(user, token, { ...change, confirmPassword: 'secret3' })).toMatchObject({
      error: { code: 'auth/password_mismatch' },
    });
    expect((await login(s, 'Ann', 'secret1')).ok).toBe(true);
  });

  it('settings - other sessions end on a password change, this one stays', async () => {
    const s = settingsSetup();
    const { user, token } = await signedUp(s, 'Ann');
    const other = value(await login(s, 'Ann', 'secret1')).token;
    const change = { currentPassword: 'secret1', newPassword: 'secret2', confirmPassword: 'secret2' };
    expect(value(await s.settings.changePassword(user, token, change))).toBeNull();
    expect((await s.auth.check(token)).ok).toBe(true);
    expect(await s.auth.check(other)).toMatchObject({ ok: false, error: { code: 'auth/not_signed_in' } });
    expect(await login(s, 'Ann', 'secret1')).toMatchObject({ ok: false, error: { code: 'auth/login_failed' } });
    expect((await login(s, 'Ann', 'secret2')).ok).toBe(true);
  });

  it('settings - deletion needs the username typed exactly and the password', async () => {
    const s = settingsSetup();
    const { user } = await signedUp(s, 'Ann');
    expect(await s.settings.deleteAccount(user, { password: 'secret1', confirmation: 'ann' })).toMatchObject({
      error: { code: 'settings/confirmation', message: 'Type your username to confirm.' },
    });
    expect(await s.settings.deleteAccount(user, { password: 'secret2', confirmation: 'Ann' })).toMatchObject({
      error: { code: 'settings/wrong_password' },
    });
    expect((await login(s, 'Ann', 'secret1')).ok).toBe(true);
  });

  it('settings - deletion is refused with a main game in play and changes nothing', async () => {
    const s = settingsSetup();
    const { user: ann } = await signedUp(s, 'Ann');
    const { user: bob } = await signedUp(s, 'Bob');
    await started(s, [ann, bob]);
    expect(await s.settings.deleteAccount(ann, { password: 'secret1', confirmation: 'Ann' })).toMatchObject({
      ok: false,
      error: {
        code: 'settings/game_in_play',
        message: 'You have a game in play. Finish it before deleting your account.',
      },
    });
    expect((await login(s, 'Ann', 'secret1')).ok).toBe(true);
  });

  it('settings - a seat given up while waiting does not hold the deletion back', async () => {
    const s = settingsSetup();
    const { user: ann } = await signedUp(s, 'Ann');
    const { user: bob } = await signedUp(s, 'Bob');
    const id = await seated(s, [bob, ann]);
    expect(await s.settings.deleteAccount(ann, { password: 'secret1', confirmation: 'Ann' })).toMatchObject({
      error: { code: 'settings/game_in_play' },
    });
    value(await s.main.leave(ann, id));
    expect(value(await s.settings.deleteAccount(ann, { password: 'secret1', confirmation: 'Ann' }))).toEqual([ann.id]);
  });

  it('settings - a deleted account is anonymised, signed out everywhere and off the leaderboard; its bots go too', async () => {
    const s = settingsSetup();
    const { user: ann, token } = await signedUp(s, 'Ann');
    const { user: bob } = await signedUp(s, 'Bob');
    value(await s.friends.add(bob, 'Ann'));
    const bot = value(await s.bots.create(ann, 'AnnBot'));
    value(await s.settings.updatePreferences(ann, { sound: false }));
    const deleted = value(await s.settings.deleteAccount(ann, { password: 'secret1', confirmation: 'Ann' }));
    expect(deleted).toEqual([ann.id, bot.bot.id]);
    expect(await s.auth.check(token)).toMatchObject({ ok: false });
    expect(await login(s, 'Ann', 'secret1')).toMatchObject({ ok: false, error: { code: 'auth/login_failed' } });
    expect(await s.bots.authenticate(bot.token)).toBeNull();
    expect(await s.accounts.user(ann.id)).toMatchObject({ username: `deleted-${ann.id}`, email: null, avatar: null });
    expect(await s.accounts.user(bot.bot.id)).toMatchObject({ username: `deleted-${bot.bot.id}` });
    expect(await s.friends.online(bob)).toEqual([]);
    expect((await s.tokens.leaderboard('balance')).map((l) => l.username)).toEqual(['Bob']);
    // The ledger keeps the account's rows: every balance still sums to zero with the house's.
    expect(s.bank.rows.reduce((sum, row) => sum + row.amount, 0)).toBe(0);
    expect(s.bank.rows.some((row) => row.userId === ann.id)).toBe(true);
    // The old name is free again.
    expect((await signedUp(s, 'Ann')).user.id).not.toBe(ann.id);
  });
});
