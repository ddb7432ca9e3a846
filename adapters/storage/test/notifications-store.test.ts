import type { User } from '@palace/service';
import { afterEach, describe, expect, it } from 'vitest';
import {
  KyselyAccountsStore,
  KyselyFriendsStore,
  KyselyNotificationsStore,
  KyselySettingsStore,
} from '../src/index.js';
import { DIALECTS, DialectDatabases } from './dialects.js';
import { expectLedgerBalanced, registrar } from './helpers.js';

async function open(temp: DialectDatabases) {
  const db = await temp.fresh('notifications');
  const accounts = new KyselyAccountsStore(db);
  const notifications = new KyselyNotificationsStore(db);
  const register = await registrar(accounts);
  return { db, accounts, notifications, register };
}

/** An invitation from `from` to `to` into game `gameId` at `at`. */
const invitation = (from: User, to: User, gameId: string, at: number) => ({
  userId: to.id,
  from,
  gameId,
  gameName: `Game ${gameId}`,
  at,
});

describe.each(DIALECTS)('%s notifications store', (dialect) => {
  const temp = new DialectDatabases(dialect);
  afterEach(() => temp.cleanUp(expectLedgerBalanced));

  it('notifications - an invitation is listed for its player, newest first, with the sender as now', async () => {
    const { notifications, register } = await open(temp);
    const [ann, bob, cy] = [await register('Ann'), await register('Bob'), await register('Cy')];
    const first = await notifications.invite(invitation(ann, bob, '11', 1000), 50);
    const second = await notifications.invite(invitation(cy, bob, '12', 2000), 50);
    // Same time: the later row first.
    const third = await notifications.invite(invitation(cy, bob, '13', 2000), 50);
    expect(new Set([first, second, third]).size).toBe(3);
    expect(await notifications.list(bob.id, 10)).toEqual([
      {
        id: third,
        userId: bob.id,
        kind: 'game_invite',
        from: { id: cy.id, username: 'Cy', avatar: '/a/Cy.svg' },
        gameId: '13',
        gameName: 'Game 13',
        at: 2000,
        read: false,
      },
      expect.objectContaining({ id: second, gameId: '12', at: 2000 }),
      expect.objectContaining({ id: first, from: { id: ann.id, username: 'Ann', avatar: '/a/Ann.svg' }, at: 1000 }),
    ]);
    expect(await notifications.list(bob.id, 2)).toHaveLength(2);
    expect(await notifications.unread(bob.id)).toBe(3);
    expect(await notifications.list(ann.id, 10)).toEqual([]);
    expect(await notifications.unread(ann.id)).toBe(0);
  });

  it('notifications - the same invitation again is one row, renewed: newer, unread, the name as now', async () => {
    const { db, notifications, register } = await open(temp);
    const [ann, bob] = [await register('Ann'), await register('Bob')];
    const id = await notifications.invite(invitation(ann, bob, '11', 1000), 50);
    await notifications.markRead(bob.id, null, 1500);
    expect(await notifications.unread(bob.id)).toBe(0);
    const again = await notifications.invite({ ...invitation(ann, bob, '11', 3000), gameName: 'Renamed' }, 50);
    expect(again).toBe(id);
    expect(await notifications.list(bob.id, 10)).toEqual([
      expect.objectContaining({ id, gameName: 'Renamed', at: 3000, read: false }),
    ]);
    expect(await db.selectFrom('notifications').select('id').execute()).toHaveLength(1);
  });

  it('notifications - only the newest `keep` stay per player; others are untouched', async () => {
    const { notifications, register } = await open(temp);
    const [ann, bob, cy] = [await register('Ann'), await register('Bob'), await register('Cy')];
    await notifications.invite(invitation(ann, cy, '99', 1), 3);
    for (let n = 1; n <= 5; n++) await notifications.invite(invitation(ann, bob, String(n), n * 100), 3);
    expect((await notifications.list(bob.id, 10)).map((n) => n.gameId)).toEqual(['5', '4', '3']);
    expect(await notifications.unread(bob.id)).toBe(3);
    expect((await notifications.list(cy.id, 10)).map((n) => n.gameId)).toEqual(['99']);
  });

  it("notifications - marking read: by id (only the player's own) or all; read_at stays the first time", async () => {
    const { db, notifications, register } = await open(temp);
    const [ann, bob, cy] = [await register('Ann'), await register('Bob'), await register('Cy')];
    const a = await notifications.invite(invitation(ann, bob, '1', 100), 50);
    const b = await notifications.invite(invitation(ann, bob, '2', 200), 50);
    const c = await notifications.invite(invitation(ann, cy, '1', 300), 50);
    await notifications.markRead(bob.id, [c], 400);
    expect(await notifications.unread(cy.id)).toBe(1);
    await notifications.markRead(bob.id, [], 400);
    expect(await notifications.unread(bob.id)).toBe(2);
    await notifications.markRead(bob.id, [a], 500);
    expect((await notifications.list(bob.id, 10)).map((n) => [n.id, n.read])).toEqual([
      [b, false],
      [a, true],
    ]);
    await notifications.markRead(bob.id, null, 600);
    expect(await notifications.unread(bob.id)).toBe(0);
    const rows = await db.selectFrom('notifications').select(['id', 'read_at']).orderBy('id').execute();
    expect(rows.map((r) => [r.id, r.read_at === null ? null : Number(r.read_at)])).toEqual([
      [a, 500],
      [b, 600],
      [c, null],
    ]);
  });

  it('notifications - deleting an account removes what it sent and received', async () => {
    const { db, notifications, register } = await open(temp);
    const [ann, bob, cy] = [await register('Ann'), await register('Bob'), await register('Cy')];
    await new KyselyFriendsStore(db).addFriend(ann.id, bob.id, 1);
    await notifications.invite(invitation(ann, bob, '1', 100), 50);
    await notifications.invite(invitation(bob, ann, '2', 100), 50);
    await notifications.invite(invitation(cy, bob, '3', 100), 50);
    const settings = new KyselySettingsStore(db);
    expect((await settings.deleteAccount(ann.id, 1000)).ok).toBe(true);
    expect((await notifications.list(bob.id, 10)).map((n) => n.from.username)).toEqual(['Cy']);
    expect(await db.selectFrom('notifications').select('id').execute()).toHaveLength(1);
  });
});
