import { initialsAvatar } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { claimBanner, claimFromQuery, validateLogin, validateRegister } from '../src/lib/validation.js';
import { isActive, menuEntries } from '../src/shell/nav.js';
import { initials } from '../src/stores/auth-store.js';

describe('validation', () => {
  it('validation - login needs 3 characters of name or e-mail and a 6-character password', () => {
    expect(validateLogin({ username: ' ab ', password: '12345' })).toEqual({
      username: 'Username or email must be at least 3 characters',
      password: 'Password must be at least 6 characters',
    });
    expect(validateLogin({ username: 'abc', password: '123456' })).toEqual({});
  });

  it('validation - registration reports each rule of docs/product.md §P1.5 on its own field', () => {
    expect(
      validateRegister({ username: 'ab', email: 'x@', password: '123', confirmPassword: '12', inviteCode: '' }),
    ).toEqual({
      username: 'Username must be at least 3 characters',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
      confirmPassword: "Passwords don't match",
    });
    expect(
      validateRegister({
        username: 'Ann',
        email: 'ann@example.com',
        password: 'secret',
        confirmPassword: 'secret',
        inviteCode: '',
      }),
    ).toEqual({});
  });

  it('validation - a prize claim needs gameId and guestId; the banner names the amount or "prize"', () => {
    expect(claimFromQuery(new URLSearchParams('gameId=12'))).toBeNull();
    const withAmount = claimFromQuery(new URLSearchParams('gameId=12&guestId=-3&amount=400'));
    expect(withAmount).toEqual({ gameId: '12', guestId: '-3', amount: 400 });
    expect(withAmount && claimBanner(withAmount)).toBe(
      'Congratulations on your win! Create an account to claim your 400 tokens!',
    );
    const bare = claimFromQuery(new URLSearchParams('gameId=12&guestId=-3'));
    expect(bare && claimBanner(bare)).toBe('Congratulations on your win! Create an account to claim your prize!');
  });

  it('validation - avatars: the generated address and the two-letter fallback', () => {
    expect(initialsAvatar(' Ann Lee ')).toBe('/api/avatars/Ann%20Lee.svg');
    expect(initials('webster')).toBe('WE');
  });
});

describe('shell navigation', () => {
  it('nav - six entries; the last is Profile when signed in and Sign Up otherwise', () => {
    expect(menuEntries(true).map((e) => e.label)).toEqual([
      'Home',
      'Tokens',
      'Play',
      'Tournaments',
      'Friends',
      'Profile',
    ]);
    expect(menuEntries(false).at(-1)).toMatchObject({ to: '/auth', label: 'Sign Up' });
    expect(menuEntries(true).find((e) => e.to === '/play')?.pill).toBe('New');
  });

  it('nav - the active route: Home only on /, the others also on their sub-paths', () => {
    const [home, , play] = menuEntries(true);
    if (home === undefined || play === undefined) throw new Error('entries');
    expect(isActive(home, '/')).toBe(true);
    expect(isActive(home, '/play')).toBe(false);
    expect(isActive(play, '/play/12')).toBe(true);
    expect(isActive(play, '/player')).toBe(false);
  });
});
