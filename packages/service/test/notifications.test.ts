import type { Result } from '@palace/core';
import { NOTIFICATIONS_SHOWN } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import {
  inviteStatus,
  MemoryNotificationsStore,
  NOTIFICATIONS_KEPT,
  NotificationsService,
  type ServiceError,
  type User,
} from '../src/index.js';
import { chooseFaceUp, guest, playToEnd, registered, seated, setup, stored } from './main-support.js';
import { value } from './support.js';

/** The main game fixtures with the notifications service over them, in memory. */
function withNotifications() {
  const s = setup();
  const inbox = new MemoryNotificationsStore();
  const notifications = new NotificationsService(
    { notifications: inbox, friends: s.accounts, accounts: s.accounts, clock: s.clock },
    s.main,
  );
  return { ...s, inbox, notifications };
}

/** The value of an accepted invitation; throws with the refusal's code otherwise. */
function accepted<T>(result: Result<T, ServiceError>): T {
  if (!result.ok) throw new Error(`refused: ${result.error.code}`);
  return result.value;
}

/** The refusal's code and message, or null when accepted. */
function refused(result: Result<unknown, ServiceError>): { code: string; message: string } | null {
  return result.ok ? null : { code: result.error.code, message: result.error.message };
}

async function friends(s: ReturnType<typeof withNotifications>, a: User, b: User): Promise<void> {
  value(await s.friends.add(a, b.username));
}

describe('NotificationsService', () => {
  it('invite - a seated player invites a friend into a waiting game; the friend sees it, newest first, unread', async () => {
    const s = withNotifications();
    const ann = await registered(s, 'Ann');
    const bob = await registered(s, 'Bob');
    const cy = await registered(s, 'Cy');
    await friends(s, ann, bob);
    await friends(s, cy, bob);
    const friday = await seated(s, [ann], { name: 'Friday game', playerLimit: 3 });
    const late = await seated(s, [cy], { name: 'Late game' });
    expect(await s.notifications.invite(ann, bob.id, friday)).toEqual({
      ok: true,
      value: { message: 'Invitation sent to Bob' },
    });
    s.clock.advance(1000);
    accepted(await s.notifications.invite(cy, bob.id, Number(late)));
    expect(await s.notifications.unread(bob)).toBe(2);
    const page = await s.notifications.list(bob);
    expect(page.unread).toBe(2);
    expect(page.items.map((n) => [n.from.username, n.gameName, n.gameStatus, n.read])).toEqual([
      ['Cy', 'Late game', 'open', false],
      ['Ann', 'Friday game', 'open', false],
    ]);
    expect(page.items[1]).toMatchObject({
      kind: 'game_invite',
      userId: bob.id,
      from: { id: ann.id, username: 'Ann', avatar: ann.avatar },
      gameId: friday,
      at: s.clock.now() - 1000,
    });
    // Nothing for the inviters.
    expect(await s.notifications.list(ann)).toEqual({ unread: 0, items: [] });
  });

  it('invite - sending the same invitation again renews it (one notification, unread, on top)', async () => {
    const s = withNotifications();
    const [ann, bob, cy] = [await registered(s, 'Ann'), await registered(s, 'Bob'), await registered(s, 'Cy')];
    await friends(s, ann, bob);
    await friends(s, cy, bob);
    const one = await seated(s, [ann], { playerLimit: 3 });
    const two = await seated(s, [cy], { playerLimit: 3 });
    accepted(await s.notifications.invite(ann, bob.id, one));
    s.clock.advance(10);
    accepted(await s.notifications.invite(cy, bob.id, two));
    expect(await s.notifications.markRead(bob, null)).toBe(0);
    s.clock.advance(10);
    accepted(await s.notifications.invite(ann, bob.id, one));
    const page = await s.notifications.list(bob);
    expect(page.unread).toBe(1);
    expect(page.items.map((n) => [n.from.username, n.read, n.at])).toEqual([
      ['Ann', false, s.clock.now()],
      ['Cy', true, s.clock.now() - 10],
    ]);
  });

  it('invite - refused unless friends, seated, and the game waits with a free seat; nothing is stored', async () => {
    const s = withNotifications();
    const [ann, bob, cy, dee] = [
      await registered(s, 'Ann'),
      await registered(s, 'Bob'),
      await registered(s, 'Cy'),
      await registered(s, 'Dee'),
    ];
    await friends(s, ann, bob);
    await friends(s, ann, cy);
    await friends(s, ann, dee);
    const g = (await guest(s)).user;
    const waiting = await seated(s, [ann], { playerLimit: 3 });
    expect(refused(await s.notifications.invite(g, bob.id, waiting))).toEqual({
      code: 'invite/registered_only',
      message: 'Register to invite friends to a game',
    });
    expect(refused(await s.notifications.invite({ ...ann, isBot: true }, bob.id, waiting))?.code).toBe(
      'invite/registered_only',
    );
    expect(refused(await s.notifications.invite(ann, ann.id, waiting))).toEqual({
      code: 'invite/self',
      message: 'You cannot invite yourself',
    });
    expect(refused(await s.notifications.invite(ann, 999_999, waiting))).toEqual({
      code: 'invite/unknown_player',
      message: 'No player with that id',
    });
    expect(refused(await s.notifications.invite(ann, g.id, waiting))?.code).toBe('invite/unknown_player');
    // Ids no table holds are nobody (PostgreSQL's integer ends at 2^31 - 1).
    for (const id of [2 ** 31, 1e20, 0.5]) {
      expect(refused(await s.notifications.invite(ann, id, waiting))?.code).toBe('invite/unknown_player');
    }
    expect(refused(await s.notifications.invite(bob, cy.id, waiting))).toEqual({
      code: 'invite/not_friends',
      message: 'You can only invite your friends',
    });
    for (const id of ['999999', 'abc', -3, 0]) {
      expect(refused(await s.notifications.invite(ann, bob.id, id))).toEqual({
        code: 'invite/game_not_found',
        message: 'Game not found',
      });
    }
    // Bob is Ann's friend but sits in none of her games: he cannot invite Ann's friends into it.
    await friends(s, bob, cy);
    expect(refused(await s.notifications.invite(bob, cy.id, waiting))).toEqual({
      code: 'invite/not_seated',
      message: 'You can only invite friends to a game you are in',
    });
    // Cy joins; inviting her again says she is in; the third seat taken by Dee makes it full.
    value(await s.main.join(cy, waiting));
    expect(refused(await s.notifications.invite(ann, cy.id, waiting))).toEqual({
      code: 'invite/already_seated',
      message: 'Your friend is already in this game',
    });
    value(await s.main.join(dee, waiting));
    expect(refused(await s.notifications.invite(ann, bob.id, waiting))).toEqual({
      code: 'invite/full',
      message: 'This game is full',
    });
    // In play, then over.
    for (const user of [ann, cy, dee]) await chooseFaceUp(s, waiting, user);
    expect((await stored(s, waiting)).state.phase).toBe('playing');
    expect(refused(await s.notifications.invite(ann, bob.id, waiting))).toEqual({
      code: 'invite/started',
      message: 'This game has already started',
    });
    await playToEnd(s, waiting, [ann, cy, dee]);
    expect(refused(await s.notifications.invite(ann, bob.id, waiting))).toEqual({
      code: 'invite/over',
      message: 'This game is over',
    });
    // A player who left a waiting game no longer sits in it.
    const left = await seated(s, [ann, cy], { playerLimit: 3 });
    value(await s.main.leave(cy, left));
    expect(refused(await s.notifications.invite(cy, ann.id, left))?.code).toBe('invite/not_seated');
    expect(await s.notifications.list(bob)).toEqual({ unread: 0, items: [] });
  });

  it('list - each invitation says where its game stands for the invited player now', async () => {
    const s = withNotifications();
    const [ann, bob, cy, dee] = [
      await registered(s, 'Ann'),
      await registered(s, 'Bob'),
      await registered(s, 'Cy'),
      await registered(s, 'Dee'),
    ];
    for (const other of [bob, cy, dee]) await friends(s, ann, other);
    const game = await seated(s, [ann], { playerLimit: 3 });
    for (const other of [bob, cy, dee]) accepted(await s.notifications.invite(ann, other.id, game));
    const status = async (user: User) => (await s.notifications.list(user)).items[0]?.gameStatus;
    expect(await status(bob)).toBe('open');
    value(await s.main.join(bob, game));
    expect(await status(bob)).toBe('seated');
    value(await s.main.join(cy, game));
    expect([await status(cy), await status(dee)]).toEqual(['seated', 'full']);
    for (const user of [ann, bob, cy]) await chooseFaceUp(s, game, user);
    expect([await status(bob), await status(dee)]).toEqual(['seated', 'started']);
    await playToEnd(s, game, [ann, bob, cy]);
    expect([await status(bob), await status(dee)]).toEqual(['over', 'over']);
    expect(inviteStatus(null, bob.id)).toBe('over');
  });

  it('read - marking some or all read; another player cannot mark mine; guests have nothing', async () => {
    const s = withNotifications();
    const [ann, bob, cy] = [await registered(s, 'Ann'), await registered(s, 'Bob'), await registered(s, 'Cy')];
    await friends(s, ann, bob);
    await friends(s, ann, cy);
    accepted(await s.notifications.invite(ann, bob.id, await seated(s, [ann], { playerLimit: 3 })));
    const second = await seated(s, [cy], { playerLimit: 3 });
    await friends(s, cy, bob);
    accepted(await s.notifications.invite(cy, bob.id, second));
    const ids = (await s.notifications.list(bob)).items.map((n) => n.id);
    expect(ids).toHaveLength(2);
    expect(await s.notifications.markRead(cy, ids)).toBe(0);
    expect(await s.notifications.unread(bob)).toBe(2);
    expect(await s.notifications.markRead(bob, [ids[0] ?? 0, 12345])).toBe(1);
    expect((await s.notifications.list(bob)).items.map((n) => n.read)).toEqual([true, false]);
    expect(await s.notifications.markRead(bob, [])).toBe(1);
    expect(await s.notifications.markRead(bob, [2 ** 31, 1e20])).toBe(1);
    expect(await s.notifications.markRead(bob, null)).toBe(0);
    const g = (await guest(s)).user;
    expect(await s.notifications.markRead(g, null)).toBe(0);
    expect(await s.notifications.unread(g)).toBe(0);
    expect(await s.notifications.list(g)).toEqual({ unread: 0, items: [] });
  });

  it('list - bounded: the newest 20 are listed and the newest 50 kept', async () => {
    const s = withNotifications();
    const bob = await registered(s, 'Bob');
    const hosts: User[] = [];
    for (let n = 0; n < NOTIFICATIONS_KEPT + 5; n++) {
      const host = await registered(s, `Host${n}`);
      await friends(s, host, bob);
      hosts.push(host);
      accepted(await s.notifications.invite(host, bob.id, await seated(s, [host])));
      s.clock.advance(1);
    }
    const page = await s.notifications.list(bob);
    expect(page.items).toHaveLength(NOTIFICATIONS_SHOWN);
    expect(page.items[0]?.from.username).toBe(`Host${NOTIFICATIONS_KEPT + 4}`);
    expect(page.unread).toBe(NOTIFICATIONS_KEPT);
    expect(await s.inbox.list(bob.id, 1000)).toHaveLength(NOTIFICATIONS_KEPT);
  });
});
