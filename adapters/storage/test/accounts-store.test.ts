import { AuthService, ManualClock, type PasswordHasher, SequentialIds } from '@palace/service';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { HOUSE_ID, KyselyAccountsStore, KyselyTokensStore } from '../src/index.js';
import { DIALECTS, DialectDatabases } from './dialects.js';
import { expectLedgerBalanced, value } from './helpers.js';

const plain: PasswordHasher = {
  hash: async (password) => `plain:${password}`,
  verify: async (password, stored) => stored === `plain:${password}`,
};

async function open(temp: DialectDatabases) {
  const db = await temp.fresh('accounts');
  const accounts = new KyselyAccountsStore(db);
  const tokens = new KyselyTokensStore(db);
  const clock = new ManualClock();
  const auth = new AuthService({ accounts, tokens, hasher: plain, clock, ids: new SequentialIds() });
  return { db, accounts, tokens, clock, auth };
}

const ann = { username: 'Ann', email: 'ann@example.com', password: 'secret1', inviteCode: 'INV' };

describe.each(DIALECTS)('%s accounts store', (dialect) => {
  const temp = new DialectDatabases(dialect);
  afterEach(() => temp.cleanUp(expectLedgerBalanced));

  it('accounts - registration books the gift as two ledger rows and the balances add up to zero', async () => {
    const { db, tokens, auth } = await open(temp);
    await auth.seedInvites(['INV'], 1);
    const signed = await auth.register(ann);
    if (!signed.ok) throw new Error(signed.error.code);
    const id = signed.value.user.id;
    expect(id).toBe(1);
    expect(await tokens.balance(id)).toBe(100);
    expect(await tokens.balance(HOUSE_ID)).toBe(-100);
    const rows = await db
      .selectFrom('ledger')
      .select(['user_id', 'amount', 'kind', 'movement'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.user_id, r.amount, r.kind])).toEqual([
      [HOUSE_ID, -100, 'gift'],
      [id, 100, 'gift'],
    ]);
    expect(rows[0]?.movement).toBe(rows[1]?.movement);
    const total = await db
      .selectFrom('users')
      .select((eb) => eb.fn.sum<number>('balance').as('sum'))
      .executeTakeFirst();
    expect(Number(total?.sum)).toBe(0);
  });

  it('accounts - a refused registration changes nothing, not even the invite', async () => {
    const { db, auth } = await open(temp);
    await auth.seedInvites(['INV'], 2);
    expect((await auth.register(ann)).ok).toBe(true);
    expect(await auth.register({ ...ann, username: 'ANN', email: 'x@example.com' })).toMatchObject({
      ok: false,
      error: { code: 'auth/username_taken' },
    });
    expect(await auth.register({ ...ann, username: 'Bob', email: 'ANN@example.com' })).toMatchObject({
      ok: false,
      error: { code: 'auth/email_taken' },
    });
    const invite = await db.selectFrom('invite_codes').select('uses_left').where('code', '=', 'INV').executeTakeFirst();
    expect(invite?.uses_left).toBe(1);
    expect(await db.selectFrom('ledger').select('id').execute()).toHaveLength(2);
    expect((await auth.register({ ...ann, username: 'Bob', email: 'bob@example.com' })).ok).toBe(true);
    expect(await auth.register({ ...ann, username: 'Cyd', email: 'cy@example.com' })).toMatchObject({
      error: { code: 'auth/invite_required' },
    });
  });

  it('accounts - racing registrations: one name is taken once, one invite use is spent once', async () => {
    const { db, auth } = await open(temp);
    await auth.seedInvites(['MANY'], 100);
    const same = await Promise.all(
      Array.from({ length: 20 }, (_, i) => auth.register({ ...ann, email: `a${i}@example.com`, inviteCode: 'MANY' })),
    );
    expect(same.filter((r) => r.ok)).toHaveLength(1);
    await auth.seedInvites(['ONCE'], 1);
    const different = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        auth.register({ username: `user${i}`, email: `u${i}@example.com`, password: 'secret1', inviteCode: 'ONCE' }),
      ),
    );
    expect(different.filter((r) => r.ok)).toHaveLength(1);
    const uses = await db.selectFrom('invite_codes').select(['code', 'uses_left']).orderBy('code').execute();
    expect(uses).toEqual([
      { code: 'MANY', uses_left: 99 },
      { code: 'ONCE', uses_left: 0 },
    ]);
  });

  it('accounts - racing registrations of one name or e-mail with different invites: one account, the rest taken', async () => {
    const { db, auth } = await open(temp);
    const codes = Array.from({ length: 12 }, (_, i) => `R${i}`);
    await auth.seedInvites(codes, 1);
    // Different invites, so nothing but the unique keys orders these transactions.
    const byName = await Promise.all(
      codes
        .slice(0, 6)
        .map((inviteCode, i) =>
          auth.register({ ...ann, username: i % 2 ? 'ANN' : 'ann', email: `n${i}@x.org`, inviteCode }),
        ),
    );
    expect(byName.filter((r) => r.ok)).toHaveLength(1);
    expect(byName.filter((r) => !r.ok).map((r) => !r.ok && r.error.code)).toEqual(Array(5).fill('auth/username_taken'));
    const byMail = await Promise.all(
      codes
        .slice(6)
        .map((inviteCode, i) => auth.register({ ...ann, username: `mail${i}`, email: 'same@x.org', inviteCode })),
    );
    expect(byMail.filter((r) => r.ok)).toHaveLength(1);
    expect(byMail.filter((r) => !r.ok).map((r) => !r.ok && r.error.code)).toEqual(Array(5).fill('auth/email_taken'));
    // The refused ones kept their invites; the two accounts got their gift once each.
    const unused = await db.selectFrom('invite_codes').select('code').where('uses_left', '=', 1).execute();
    expect(unused).toHaveLength(10);
    expect(await db.selectFrom('users').select('id').where('id', '>', 0).execute()).toHaveLength(2);
  });

  it('accounts - login by name or e-mail, guests with negative ids, sessions by digest that expire', async () => {
    const { db, auth, clock } = await open(temp);
    await auth.seedInvites(['INV'], 1);
    await auth.register(ann);
    const byMail = await auth.login({ username: 'ANN@example.com', password: 'secret1' });
    const byName = await auth.login({ username: 'ann', password: 'secret1' });
    expect(byMail.ok && byName.ok).toBe(true);
    expect(await auth.login({ username: 'ann', password: 'wrong12' })).toMatchObject({
      error: { code: 'auth/login_failed' },
    });
    const g1 = value(await auth.guestLogin());
    const g2 = value(await auth.guestLogin());
    expect([g1.user.id, g2.user.id]).toEqual([-1, -2]);
    expect(await auth.login({ username: g1.user.username, password: 'secret1' })).toMatchObject({ ok: false });
    const checked = await auth.check(g1.token);
    expect(checked.ok && checked.value).toEqual(g1.user);
    const stored = await db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).toContain(`digest(${g1.token})`);
    expect(stored.some((s) => s.token_hash === g1.token)).toBe(false);
    clock.advance(31 * 24 * 60 * 60 * 1000);
    expect((await auth.check(g1.token)).ok).toBe(false);
    await auth.logout(g2.token);
    // Left: the sessions of the registration and of the two logins; g1's expired, g2's ended.
    expect((await sql<{ n: number }>`select count(*) as n from sessions`.execute(db)).rows[0]?.n).toBe(3);
  });

  it('accounts - registering or logging in from a guest session carries the guest over and closes its session', async () => {
    const { db, auth } = await open(temp);
    await auth.seedInvites(['INV'], 1);
    const guest = value(await auth.guestLogin());
    const signed = await auth.register(ann, guest.token);
    if (!signed.ok) throw new Error(signed.error.code);
    expect((await auth.check(guest.token)).ok).toBe(false);
    const second = value(await auth.guestLogin());
    expect((await auth.login({ username: 'ann', password: 'secret1' }, second.token)).ok).toBe(true);
    const links = await db
      .selectFrom('guest_links')
      .select(['guest_id', 'user_id'])
      .orderBy('guest_id', 'desc')
      .execute();
    expect(links).toEqual([
      { guest_id: guest.user.id, user_id: signed.value.user.id },
      { guest_id: second.user.id, user_id: signed.value.user.id },
    ]);
  });
});
