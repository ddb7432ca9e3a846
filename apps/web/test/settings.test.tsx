import { DEFAULT_PREFERENCES } from '@palace/protocol';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { playTick } from '../src/pages/play/sounds.js';
import {
  avatarAddressOk,
  botNameError,
  ownAvatar,
  validateDelete,
  validatePasswordChange,
} from '../src/pages/settings/settings-checks.js';
import { SettingsPage } from '../src/pages/settings/settings-page.js';
import { type User, useAuth } from '../src/stores/auth-store.js';
import { PREFS_KEY, usePrefs } from '../src/stores/prefs-store.js';
import { reducedMotion } from '../src/table/motion.js';

const ann: User = { id: 5, username: 'Ann', email: 'ann@example.com', avatar: null, isGuest: false, isBot: false };
const guest: User = { id: -3, username: 'Guest3', email: null, avatar: null, isGuest: true, isBot: false };

/** A fetch stub answering by "METHOD url"; every call is recorded. */
function stubFetch(answers: Record<string, unknown>) {
  const calls: Array<{ key: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    calls.push({ key, body: init?.body === undefined ? undefined : JSON.parse(String(init.body)) });
    const answer = answers[key];
    return answer === undefined
      ? new Response(JSON.stringify({ message: 'nope' }), { status: 404 })
      : new Response(JSON.stringify(answer), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

beforeEach(() => {
  localStorage.removeItem(PREFS_KEY);
  usePrefs.setState({ ...DEFAULT_PREFERENCES, accountId: null });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('settings - preferences store', () => {
  it('prefs - a guest keeps them in this browser and makes no request', async () => {
    const calls = stubFetch({});
    await usePrefs.getState().follow(guest);
    await usePrefs.getState().change({ sound: false });
    expect(usePrefs.getState().sound).toBe(false);
    expect(calls).toEqual([]);
    expect(JSON.parse(localStorage.getItem(PREFS_KEY) ?? '{}').state).toMatchObject({ sound: false });
  });

  it("prefs - a registered player's come from the account after sign-in, and each change is sent as it is made", async () => {
    const calls = stubFetch({
      'GET /api/settings/preferences': { ...DEFAULT_PREFERENCES, largeCards: true, sound: false },
      'PUT /api/settings/preferences': { ...DEFAULT_PREFERENCES, largeCards: true, sound: false, fourColour: true },
    });
    await usePrefs.getState().follow(ann);
    expect(usePrefs.getState()).toMatchObject({ accountId: 5, largeCards: true, sound: false });
    await usePrefs.getState().change({ fourColour: true });
    expect(calls.at(-1)).toEqual({ key: 'PUT /api/settings/preferences', body: { fourColour: true } });
    expect(usePrefs.getState().fourColour).toBe(true);
  });

  it('prefs - a refused change rejects (the page says so) and still applies in this browser', async () => {
    stubFetch({ 'GET /api/settings/preferences': DEFAULT_PREFERENCES });
    await usePrefs.getState().follow(ann);
    await expect(usePrefs.getState().change({ turnNotifications: false })).rejects.toThrow('nope');
    expect(usePrefs.getState().turnNotifications).toBe(false);
  });

  it('prefs - sound off silences the tones; reduced motion stops the card motion', () => {
    const made = vi.fn();
    vi.stubGlobal(
      'AudioContext',
      class {
        constructor() {
          made();
        }
      },
    );
    usePrefs.setState({ sound: false });
    playTick(0.3);
    expect(made).not.toHaveBeenCalled();
    usePrefs.setState({ reducedMotion: true });
    expect(reducedMotion()).toBe(true);
  });
});

describe('settings - checks', () => {
  it('checks - avatar addresses, bot names, the password change and the typed confirmation', () => {
    expect(avatarAddressOk('https://example.com/a.png')).toBe(true);
    expect(avatarAddressOk('javascript:alert(1)')).toBe(false);
    expect(avatarAddressOk(`https://example.com/${'a'.repeat(500)}`)).toBe(false);
    expect(ownAvatar('/api/avatars/Ann.svg')).toBe('');
    expect(ownAvatar('https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(botNameError('ab')).toBe('Bot name must be at least 3 characters');
    expect(botNameError('a@b.c')).toBe('Bot name must be at most 30 characters and cannot contain "@"');
    expect(botNameError(' Robo ')).toBeUndefined();
    expect(validatePasswordChange({ currentPassword: '', newPassword: '123', confirmPassword: '1234' })).toEqual({
      currentPassword: 'Enter your current password',
      newPassword: 'Password must be at least 6 characters',
      confirmPassword: "Passwords don't match",
    });
    expect(validateDelete({ password: 'x', confirmation: 'ann' }, 'Ann')).toEqual({
      confirmation: 'Type your username to confirm.',
    });
    expect(validateDelete({ password: 'x', confirmation: 'Ann' }, 'Ann')).toEqual({});
  });
});

describe('settings - page', () => {
  const page = () =>
    render(
      <MemoryRouter>
        <SettingsPage />
      </MemoryRouter>,
    );

  it('page - a guest is asked to sign up, with no forms', () => {
    useAuth.setState({ user: guest, loading: false });
    page();
    expect(screen.getByRole('heading', { name: 'Sign up to keep your settings' })).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('page - the sections and their controls carry the names players and tests find them by', async () => {
    stubFetch({ 'GET /api/bots': { bots: [] } });
    useAuth.setState({ user: ann, loading: false });
    page();
    for (const name of ['Preferences', 'Avatar', 'Password', 'Bots', 'Delete account']) {
      expect(screen.getByRole('heading', { name })).toBeTruthy();
    }
    for (const name of ['Sound', 'Turn notifications', 'Reduced motion', 'Four-colour deck', 'Large cards']) {
      expect(screen.getByRole('checkbox', { name })).toBeTruthy();
    }
    for (const name of [
      'Avatar image address',
      'Current password',
      'New password',
      'Confirm new password',
      'Bot name',
    ]) {
      expect(screen.getByLabelText(name)).toBeTruthy();
    }
    await screen.findByText('No bots yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    fireEvent.change(screen.getByLabelText('Type your username to confirm'), { target: { value: 'ann' } });
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account forever' }));
    expect(await screen.findByText('Type your username to confirm.')).toBeTruthy();
  });
});
