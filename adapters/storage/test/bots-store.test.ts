import type { NewBot } from '@palace/service';
import { afterEach, describe, expect, it } from 'vitest';
import { KyselyAccountsStore, KyselyBotsStore, KyselyFriendsStore } from '../src/index.js';
import { DIALECTS, DialectDatabases } from './dialects.js';
import { expectLedgerBalanced, registrar } from './helpers.js';

async function open(temp: DialectDatabases) {
  const db = await temp.fresh('bots');
  const accounts = new KyselyAccountsStore(db);
  const bots = new KyselyBotsStore(db);
  const register = await registrar(accounts);
  const bot = (ownerId: number, username: string, tokenHash: string, at = 1000): NewBot => ({
    ownerId,
    username,
    avatar: `/a/${username}.svg`,
    tokenHash,
    at,
    limit: 3,
  });
  return { db, accounts, bots, register, bot };
}

describe.each(DIALECTS)('%s bots store', (dialect) => {
  const temp = new DialectDatabases(dialect);
  afterEach(() => temp.cleanUp(expectLedgerBalanced));

  it('bots - a bot is a user with an owner, no e-mail, no password, no gift, found by its token hash only', async () => {
    const { db, accounts, bots, register, bot } = await open(temp);
    const ann = await register('Ann');
    const created = await bots.create(bot(ann.id, 'AnnBot', 'hash-1'));
    expect(created).toEqual({
      ok: true,
      value: {
        id: expect.any(Number),
        username: 'AnnBot',
        avatar: '/a/AnnBot.svg',
        createdAt: 1000,
        tokenCreatedAt: 1000,
      },
    });
    if (!created.ok) return;
    const id = created.value.id;
    const user = { id, username: 'AnnBot', email: null, avatar: '/a/AnnBot.svg', isGuest: false, isBot: true };
    expect(await bots.botByToken('hash-1')).toEqual(user);
    expect(await bots.botByToken('hash-2')).toBeNull();
    expect(await accounts.user(id)).toEqual(user);
    expect(await accounts.user(ann.id)).toMatchObject({ isBot: false });
    // No password: the login lookup never finds a bot.
    expect(await accounts.credentials('annbot')).toBeNull();
    expect(await new KyselyFriendsStore(db).userByName('ANNBOT')).toEqual(user);
    const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ bot_owner_id: ann.id, email: null, password_hash: null, username_key: 'annbot' });
    expect(Number(row.balance)).toBe(0);
    expect(await db.selectFrom('ledger').selectAll().where('user_id', '=', id).execute()).toEqual([]);
  });

  it('bots - names are unique against every user case-insensitively, and an owner has at most the limit', async () => {
    const { bots, register, bot } = await open(temp);
    const ann = await register('Ann');
    const bob = await register('Bob');
    expect(await bots.create(bot(ann.id, 'BOB', 'h0'))).toEqual({ ok: false, error: 'auth/username_taken' });
    for (const n of [1, 2, 3]) expect((await bots.create(bot(ann.id, `Ann${n}`, `h${n}`, n))).ok).toBe(true);
    expect(await bots.create(bot(ann.id, 'Ann4', 'h4'))).toEqual({ ok: false, error: 'bots/limit' });
    expect(await bots.create(bot(bob.id, 'ann1', 'h5'))).toEqual({ ok: false, error: 'auth/username_taken' });
    expect((await bots.create(bot(bob.id, 'Bob1', 'h6'))).ok).toBe(true);
    expect((await bots.bots(ann.id)).map((b) => [b.username, b.createdAt])).toEqual([
      ['Ann1', 1],
      ['Ann2', 2],
      ['Ann3', 3],
    ]);
    expect((await bots.bots(bob.id)).map((b) => b.username)).toEqual(['Bob1']);
    expect(await bots.bots(999)).toEqual([]);
  });

  it('bots - racing creations of one owner never pass the limit', async () => {
    const { bots, register, bot } = await open(temp);
    const ann = await register('Ann');
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => bots.create(bot(ann.id, `Racer${n}`, `race-${n}`))),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(3);
    expect(answers.filter((a) => !a.ok).map((a) => (a.ok ? '' : a.error))).toEqual([
      'bots/limit',
      'bots/limit',
      'bots/limit',
    ]);
    expect(await bots.bots(ann.id)).toHaveLength(3);
  });

  it('bots - a new token replaces the old, a revocation removes it; only the owner may do either', async () => {
    const { db, bots, register, bot } = await open(temp);
    const ann = await register('Ann');
    const bob = await register('Bob');
    const created = await bots.create(bot(ann.id, 'AnnBot', 'old'));
    if (!created.ok) throw new Error(created.error);
    const id = created.value.id;
    expect(await bots.setToken(bob.id, id, 'stolen', 2000)).toBeNull();
    expect(await bots.setToken(ann.id, ann.id, 'not-a-bot', 2000)).toBeNull();
    expect(await bots.botByToken('old')).toMatchObject({ id });
    expect(await bots.setToken(ann.id, id, 'new', 2000)).toMatchObject({ id, createdAt: 1000, tokenCreatedAt: 2000 });
    expect(await bots.botByToken('old')).toBeNull();
    expect(await bots.botByToken('new')).toMatchObject({ id, isBot: true });
    expect(await bots.setToken(ann.id, id, null, 3000)).toMatchObject({ id, tokenCreatedAt: null });
    expect(await bots.botByToken('new')).toBeNull();
    expect(await db.selectFrom('bot_tokens').selectAll().execute()).toEqual([]);
    expect(await bots.setToken(ann.id, id, 'again', 4000)).toMatchObject({ tokenCreatedAt: 4000 });
    expect(await bots.botByToken('again')).toMatchObject({ id });
  });
});
