import { describe, expect, it } from 'vitest';
import {
  AuthService,
  GUEST_UNSEEN_MS,
  ManualClock,
  MEMORY_HOUSE,
  MemoryAccountsStore,
  type PasswordHasher,
  REGISTRATION_GIFT,
  SESSION_IDLE_MS,
  SequentialIds,
  TokensService,
} from '../src/index.js';
import { value } from './support.js';

/** A transparent stand-in for scrypt that counts its calls. */
class PlainHasher implements PasswordHasher {
  hashes = 0;
  verifies = 0;
  async hash(password: string): Promise<string> {
    this.hashes++;
    return `plain:${password}`;
  }
  async verify(password: string, stored: string): Promise<boolean> {
    this.verifies++;
    return stored === `plain:${password}`;
  }
}

function setup() {
  const accounts = new MemoryAccountsStore();
  const bank = accounts.bank;
  const hasher = new PlainHasher();
  const clock = new ManualClock();
  const ids = new SequentialIds();
  const auth = new AuthService({ accounts, tokens: bank, hasher, clock, ids });
  const tokens = new TokensService({ tokens: bank, clock });
  return { accounts, bank, hasher, clock, ids, auth, tokens };
}

/** Books a held prize of `amount` for `guestId`, as a finished main game (`gameId`) would. */
function holdPrize(s: ReturnType<typeof setup>, gameId: string, guestId: number, amount: number): void {
  s.bank.apply({ id: gameId, kind: 'main', updatedAt: s.clock.now() }, { held: { guestId, amount } });
}

const ann = { username: 'Ann', email: 'Ann@Example.com', password: 'secret1', inviteCode: 'INVITE' };

describe('AuthService', () => {
  it('auth - registration with a valid invite creates the user, books the 100-token gift and signs in', async () => {
    const s = setup();
    await s.auth.seedInvites(['INVITE'], 1);
    const signed = await s.auth.register({ ...ann, confirmPassword: 'secret1' });
    if (!signed.ok) throw new Error(signed.error.code);
    expect(signed.value.user).toEqual({
      id: 1,
      username: 'Ann',
      email: 'ann@example.com',
      avatar: '/api/avatars/Ann.svg',
      isGuest: false,
      isBot: false,
    });
    const at = s.clock.now();
    expect(s.bank.rows).toEqual([
      { id: 1, userId: MEMORY_HOUSE, amount: -REGISTRATION_GIFT, kind: 'gift', gameId: null, at },
      { id: 2, userId: 1, amount: REGISTRATION_GIFT, kind: 'gift', gameId: null, at },
    ]);
    expect(await s.bank.balance(1)).toBe(REGISTRATION_GIFT);
    expect((await s.auth.check(signed.value.token)).ok).toBe(true);
    // Only the token's digest is stored.
    expect(s.accounts.sessionHashes()).toEqual([`digest(${signed.value.token})`]);
  });

  it('auth - registration without a valid unused invite is refused with the invite-only message', async () => {
    const s = setup();
    expect(await s.auth.register({ ...ann, inviteCode: '' })).toMatchObject({
      ok: false,
      error: { code: 'auth/invite_required', message: 'Registration is currently limited to invited users' },
    });
    expect(await s.auth.register(ann)).toMatchObject({ ok: false, error: { code: 'auth/invite_required' } });
    await s.auth.seedInvites(['INVITE'], 1);
    expect((await s.auth.register(ann)).ok).toBe(true);
    // The single use is spent.
    const again = await s.auth.register({ ...ann, username: 'Bob', email: 'bob@example.com' });
    expect(again).toMatchObject({ ok: false, error: { code: 'auth/invite_required' } });
    // One gift only: the house's debit and Ann's credit.
    expect(s.bank.rows.filter((r) => r.kind === 'gift' && r.amount > 0)).toHaveLength(1);
    expect(await s.bank.balance(2)).toBe(0);
  });

  it('auth - registration validates with the spec messages, before any hashing', async () => {
    const s = setup();
    await s.auth.seedInvites(['INVITE'], 10);
    const cases: Array<[Partial<typeof ann> & { confirmPassword?: string }, string]> = [
      [{ username: ' ab ' }, 'Username must be at least 3 characters'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ email: 'a@b' }, 'Please enter a valid email address'],
      [{ password: '12345' }, 'Password must be at least 6 characters'],
      [{ confirmPassword: 'secret2' }, "Passwords don't match"],
      [{ username: 'x'.repeat(31) }, 'Username must be at most 30 characters and cannot contain "@"'],
    ];
    for (const [change, message] of cases) {
      const result = await s.auth.register({ ...ann, ...change });
      expect(result.ok ? 'accepted' : result.error.message, JSON.stringify(change)).toBe(message);
    }
    expect(s.hasher.hashes).toBe(0);
  });

  it('auth - duplicate usernames (any case) and e-mails are refused', async () => {
    const s = setup();
    await s.auth.seedInvites(['INVITE'], 10);
    expect((await s.auth.register(ann)).ok).toBe(true);
    expect(await s.auth.register({ ...ann, username: 'ANN', email: 'other@example.com' })).toMatchObject({
      ok: false,
      error: { code: 'auth/username_taken', message: 'That username is already taken' },
    });
    expect(await s.auth.register({ ...ann, username: 'Annie', email: 'ANN@example.com' })).toMatchObject({
      ok: false,
      error: { code: 'auth/email_taken' },
    });
  });

  it('auth - login by username (any case) or e-mail; one message for unknown user and wrong password', async () => {
    const s = setup();
    await s.auth.seedInvites(['INVITE'], 1);
    await s.auth.register(ann);
    for (const username of ['Ann', 'ann', 'ann@example.com', 'ANN@EXAMPLE.COM']) {
      const signed = await s.auth.login({ username, password: 'secret1' });
      expect(signed.ok ? signed.value.user.username : signed.error.code, username).toBe('Ann');
    }
    const wrong = await s.auth.login({ username: 'Ann', password: 'secret2' });
    const unknown = await s.auth.login({ username: 'Nobody', password: 'secret1' });
    expect(wrong).toEqual({ ok: false, error: { code: 'auth/login_failed', message: 'Invalid username or password' } });
    expect(unknown).toEqual(wrong);
    // The unknown user still cost a password check (no timing shortcut).
    expect(s.hasher.verifies).toBe(6);
    expect(await s.auth.login({ username: 'An', password: 'secret1' })).toMatchObject({
      error: { message: 'Username or email must be at least 3 characters' },
    });
    expect(await s.auth.login({ username: 'Ann', password: 'short' })).toMatchObject({
      error: { message: 'Password must be at least 6 characters' },
    });
  });

  it('auth - every login opens a new session; logout ends only that one', async () => {
    const s = setup();
    await s.auth.seedInvites(['INVITE'], 1);
    await s.auth.register(ann);
    const first = await s.auth.login({ username: 'Ann', password: 'secret1' });
    const second = await s.auth.login({ username: 'Ann', password: 'secret1' });
    if (!first.ok || !second.ok) throw new Error('login failed');
    expect(first.value.token).not.toBe(second.value.token);
    await s.auth.logout(first.value.token);
    expect(await s.auth.check(first.value.token)).toMatchObject({ ok: false, error: { code: 'auth/not_signed_in' } });
    expect((await s.auth.check(second.value.token)).ok).toBe(true);
    expect((await s.auth.check(undefined)).ok).toBe(false);
    expect((await s.auth.check('forged')).ok).toBe(false);
  });

  it('auth - sessions expire after 30 idle days, and each use extends them', async () => {
    const s = setup();
    const { token } = value(await s.auth.guestLogin());
    s.clock.advance(SESSION_IDLE_MS - 1);
    expect((await s.auth.check(token)).ok).toBe(true);
    s.clock.advance(SESSION_IDLE_MS - 1);
    expect((await s.auth.check(token)).ok).toBe(true);
    s.clock.advance(SESSION_IDLE_MS);
    expect((await s.auth.check(token)).ok).toBe(false);
  });

  it('auth - guests get negative ids and the name Guest plus 1000-9999', async () => {
    const s = setup();
    const a = value(await s.auth.guestLogin());
    const b = value(await s.auth.guestLogin());
    expect(a.user).toEqual({ id: -1, username: 'Guest1000', email: null, avatar: null, isGuest: true, isBot: false });
    expect(b.user.id).toBe(-2);
    expect(b.user.username).toMatch(/^Guest[1-9]\d{3}$/);
    expect(s.bank.rows).toEqual([]);
    expect(await s.bank.balance(a.user.id)).toBe(0);
    const checked = await s.auth.check(a.token);
    expect(checked.ok && checked.value.isGuest).toBe(true);
  });

  it('auth - invite codes are new each time and seeded codes are not duplicated', async () => {
    const s = setup();
    const a = await s.auth.createInvite(2);
    const b = await s.auth.createInvite();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Z0-9-]+$/);
    await s.auth.seedInvites([a], 5);
    expect((await s.auth.register({ ...ann, inviteCode: a })).ok).toBe(true);
    expect((await s.auth.register({ ...ann, username: 'Bob', email: 'b@example.com', inviteCode: a })).ok).toBe(true);
    // Seeding did not reset the code's two uses.
    expect((await s.auth.register({ ...ann, username: 'Cy', email: 'c@example.com', inviteCode: a })).ok).toBe(false);
  });

  it('auth - registering with a guest session carries the guest into the account and closes that session', async () => {
    const s = setup();
    await s.auth.seedInvites(['INVITE'], 1);
    const guest = value(await s.auth.guestLogin());
    holdPrize(s, '42', guest.user.id, 400);
    const signed = await s.auth.register(ann, guest.token);
    if (!signed.ok) throw new Error(signed.error.code);
    expect(signed.value.user.isGuest).toBe(false);
    expect(signed.value.token).not.toBe(guest.token);
    expect(await s.auth.check(guest.token)).toMatchObject({ ok: false, error: { code: 'auth/not_signed_in' } });
    expect((await s.auth.check(signed.value.token)).ok).toBe(true);
    expect(s.accounts.sessionHashes()).toEqual([`digest(${signed.value.token})`]);
    // The guest's prize is now Ann's to claim.
    const claimed = await s.tokens.claim(signed.value.user, '42', guest.user.id);
    expect(claimed).toEqual({ ok: true, value: { message: "You've claimed 400 tokens!", amount: 400 } });
    expect(await s.bank.balance(signed.value.user.id)).toBe(REGISTRATION_GIFT + 400);
  });

  it('auth - logging in with a guest session carries the guest into the account and closes that session', async () => {
    const s = setup();
    await s.auth.seedInvites(['INVITE'], 2);
    const registered = await s.auth.register(ann);
    const bob = await s.auth.register({ ...ann, username: 'Bob', email: 'bob@example.com' });
    if (!registered.ok || !bob.ok) throw new Error('register failed');
    const guest = value(await s.auth.guestLogin());
    holdPrize(s, '7', guest.user.id, 300);
    const signed = await s.auth.login({ username: 'ann', password: 'secret1' }, guest.token);
    if (!signed.ok) throw new Error(signed.error.code);
    expect(signed.value.user.id).toBe(registered.value.user.id);
    expect((await s.auth.check(guest.token)).ok).toBe(false);
    // Bob never played as that guest; Ann did.
    expect(await s.tokens.claim(bob.value.user, '7', guest.user.id)).toMatchObject({
      ok: false,
      error: { code: 'prize/not_yours' },
    });
    expect((await s.tokens.claim(signed.value.user, '7', guest.user.id)).ok).toBe(true);
    expect(await s.bank.balance(signed.value.user.id)).toBe(REGISTRATION_GIFT + 300);
  });

  it('auth - signing in from a registered session adopts nobody and closes the old session', async () => {
    const s = setup();
    await s.auth.seedInvites(['INVITE'], 1);
    const first = await s.auth.register(ann);
    if (!first.ok) throw new Error(first.error.code);
    const second = await s.auth.login({ username: 'Ann', password: 'secret1' }, first.value.token);
    if (!second.ok) throw new Error(second.error.code);
    expect((await s.auth.check(first.value.token)).ok).toBe(false);
    expect((await s.auth.check(second.value.token)).ok).toBe(true);
  });

  it('auth - guest login with a live guest session returns the same guest and session', async () => {
    const s = setup();
    const first = value(await s.auth.guestLogin());
    const again = value(await s.auth.guestLogin(first.token));
    expect(again).toEqual(first);
    expect((await s.auth.check(first.token)).ok).toBe(true);
    // No guest was created in between: the next one is -2.
    expect(value(await s.auth.guestLogin()).user.id).toBe(-2);
  });

  it('auth - guest login with a registered or unknown session creates a new guest', async () => {
    const s = setup();
    await s.auth.seedInvites(['INVITE'], 1);
    const signed = await s.auth.register(ann);
    if (!signed.ok) throw new Error(signed.error.code);
    const guest = value(await s.auth.guestLogin(signed.value.token));
    expect(guest.user).toMatchObject({ id: -1, isGuest: true });
    expect(guest.token).not.toBe(signed.value.token);
    const checked = await s.auth.check(guest.token);
    expect(checked.ok && checked.value.id).toBe(-1);
    const forged = value(await s.auth.guestLogin('forged'));
    expect(forged.user.id).toBe(-2);
    expect(forged.token).not.toBe('forged');
  });

  it('auth - a new guest is written only when the gate allows; a guest with a session passes without asking', async () => {
    const s = setup();
    let asked = 0;
    const closed = async () => {
      asked++;
      return false;
    };
    expect(await s.auth.guestLogin(undefined, closed)).toMatchObject({
      ok: false,
      error: { code: 'auth/too_many_guests' },
    });
    expect(s.accounts.userCount).toBe(0);
    const first = value(await s.auth.guestLogin());
    expect(value(await s.auth.guestLogin(first.token, closed))).toEqual(first);
    expect(asked).toBe(1);
  });

  it('auth - guests unseen for 30 days go with their sessions and friends; a prize holder and a returning guest stay', async () => {
    const s = setup();
    const gone = value(await s.auth.guestLogin());
    const winner = value(await s.auth.guestLogin());
    const back = value(await s.auth.guestLogin());
    await s.accounts.addFriend(gone.user.id, back.user.id);
    holdPrize(s, 'G1', winner.user.id, 400);
    s.clock.advance(GUEST_UNSEEN_MS - 1000);
    expect((await s.auth.check(back.token)).ok).toBe(true);
    expect(await s.auth.purgeGuests()).toBe(0);
    s.clock.advance(1001);
    expect(await s.auth.purgeGuests()).toBe(1);
    expect(await s.accounts.user(gone.user.id)).toBeNull();
    expect(await s.accounts.friends(back.user.id)).toEqual([]);
    expect(await s.accounts.user(winner.user.id)).not.toBeNull();
    s.clock.advance(GUEST_UNSEEN_MS);
    expect(await s.auth.purgeGuests()).toBe(1);
    expect(s.accounts.userCount).toBe(1);
  });
});
