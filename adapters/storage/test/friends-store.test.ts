import { afterEach, describe, expect, it } from 'vitest';
import { KyselyAccountsStore, KyselyFriendsStore } from '../src/index.js';
import { DIALECTS, DialectDatabases } from './dialects.js';
import { expectLedgerBalanced, registrar } from './helpers.js';

async function open(temp: DialectDatabases) {
  const db = await temp.fresh('friends');
  const accounts = new KyselyAccountsStore(db);
  const friends = new KyselyFriendsStore(db);
  const register = await registrar(accounts);
  return { db, accounts, friends, register };
}

describe.each(DIALECTS)('%s friends store', (dialect) => {
  const temp = new DialectDatabases(dialect);
  afterEach(() => temp.cleanUp(expectLedgerBalanced));

  it('friends - adding stores both directions once, however often and from whichever side', async () => {
    const { db, friends, register } = await open(temp);
    const ann = await register('ann');
    const bob = await register('Bob');
    await friends.addFriend(ann.id, bob.id, 1000);
    await friends.addFriend(ann.id, bob.id, 2000);
    await friends.addFriend(bob.id, ann.id, 3000);
    const rows = await db.selectFrom('friends').selectAll().orderBy('user_id').execute();
    expect(rows.map((r) => ({ ...r, created_at: Number(r.created_at) }))).toEqual([
      { user_id: ann.id, friend_id: bob.id, created_at: 1000 },
      { user_id: bob.id, friend_id: ann.id, created_at: 1000 },
    ]);
    expect(await friends.friends(ann.id)).toEqual([bob]);
    expect(await friends.friends(bob.id)).toEqual([ann]);
  });

  it('friends - the list is sorted by name, case-insensitively', async () => {
    const { friends, register } = await open(temp);
    const ann = await register('ann');
    const dave = await register('Dave');
    const bob = await register('Bob');
    const cyd = await register('cyd');
    for (const friend of [dave, cyd, bob]) await friends.addFriend(ann.id, friend.id, 1000);
    expect((await friends.friends(ann.id)).map((u) => u.username)).toEqual(['Bob', 'cyd', 'Dave']);
    expect(await friends.friends(cyd.id)).toEqual([ann]);
    expect(await friends.friends(999)).toEqual([]);
  });

  it('friends - removing deletes both directions and answers false when they were not friends', async () => {
    const { db, friends, register } = await open(temp);
    const ann = await register('ann');
    const bob = await register('Bob');
    const cyd = await register('cyd');
    await friends.addFriend(ann.id, bob.id, 1000);
    await friends.addFriend(ann.id, cyd.id, 1000);
    expect(await friends.removeFriend(bob.id, ann.id)).toBe(true);
    expect(await friends.friends(ann.id)).toEqual([cyd]);
    expect(await friends.friends(bob.id)).toEqual([]);
    expect(await friends.removeFriend(ann.id, bob.id)).toBe(false);
    expect(await friends.removeFriend(bob.id, cyd.id)).toBe(false);
    expect(await db.selectFrom('friends').selectAll().execute()).toHaveLength(2);
  });

  it('friends - two people adding each other at once both end up friends once (a deadlock is run again)', async () => {
    const { db, friends, register } = await open(temp);
    const users = await Promise.all(['ann', 'Bob', 'cyd', 'Dave'].map((name) => register(name)));
    // Every pair, from both sides at once: the two transactions insert the same two rows in
    // opposite orders, which PostgreSQL may only resolve by aborting one of them.
    const pairs = users.flatMap((a, i) => users.slice(i + 1).map((b) => [a.id, b.id] as const));
    await Promise.all(pairs.flatMap(([a, b]) => [friends.addFriend(a, b, 1000), friends.addFriend(b, a, 1000)]));
    expect(await db.selectFrom('friends').select('user_id').execute()).toHaveLength(pairs.length * 2);
    for (const user of users) expect(await friends.friends(user.id)).toHaveLength(users.length - 1);
  });

  it('friends - userByName finds a registered user case-insensitively, never a guest or the house', async () => {
    const { accounts, friends, register } = await open(temp);
    const bob = await register('Bob');
    const guest = await accounts.createGuest('Guest1234', 0);
    expect(await friends.userByName('BOB')).toEqual({ ...bob, isGuest: false });
    expect(await friends.userByName('  bob ')).toEqual(bob);
    expect(await friends.userByName(guest.username)).toBeNull();
    expect(await friends.userByName('guest1234')).toBeNull();
    expect(await friends.userByName('house')).toBeNull();
    expect(await friends.userByName('nobody')).toBeNull();
  });
});
