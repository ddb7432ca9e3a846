import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, MEMORY_HOUSE } from '../src/index.js';
import { guest, registered, setup } from './main-support.js';
import { code, value } from './support.js';

describe('TokensService', () => {
  it('tokens - balance and history of a player, newest first; a guest has none', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann', 500);
    s.clock.advance(1000);
    s.bank.post([{ from: ann.id, to: MEMORY_HOUSE, amount: 150, kind: 'fee', gameId: '7' }], s.clock.now());
    expect(await s.tokens.balance(ann)).toBe(350);
    const history = await s.tokens.history(ann);
    expect(history.map(({ kind, amount, gameId }) => ({ kind, amount, gameId }))).toEqual([
      { kind: 'fee', amount: -150, gameId: '7' },
      { kind: 'gift', amount: 500, gameId: null },
    ]);
    expect(history[0]?.at).toBe(s.clock.now());
    for (let n = 0; n < HISTORY_LIMIT + 5; n++) {
      s.bank.post([{ from: MEMORY_HOUSE, to: ann.id, amount: 1, kind: 'refund', gameId: null }], s.clock.now());
    }
    expect(await s.tokens.history(ann)).toHaveLength(HISTORY_LIMIT);
    const g = (await guest(s)).user;
    expect(await s.tokens.balance(g)).toBe(0);
    expect(await s.tokens.history(g)).toEqual([]);
  });

  it('tokens - the leaderboard lists registered players only, best first by balance or by wins', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann', 300);
    const bob = await registered(s, 'Bob', 500);
    const cy = await registered(s, 'Cy', 300);
    await guest(s);
    s.bank.apply(
      { id: '1', kind: 'main', updatedAt: s.clock.now() },
      {
        results: [
          { userId: ann.id, won: true },
          { userId: bob.id, won: false },
        ],
      },
    );
    const byBalance = await s.tokens.leaderboard('balance');
    expect(byBalance.map((l) => l.username)).toEqual(['Bob', 'Ann', 'Cy']);
    expect(byBalance[1]).toEqual({
      id: ann.id,
      username: 'Ann',
      avatar: ann.avatar,
      balance: 300,
      wins: 1,
      gamesPlayed: 1,
    });
    expect((await s.tokens.leaderboard('wins')).map((l) => l.id)).toEqual([ann.id, bob.id, cy.id]);
    expect(await s.tokens.leaderboard('balance', 1)).toHaveLength(1);
  });

  it('tokens - a claim without a held prize is refused', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann');
    expect(await s.tokens.claim(ann, '99', -1)).toEqual({
      ok: false,
      error: { code: 'prize/none', message: 'There is no prize to claim for this game' },
    });
  });

  it('tokens - a profile has the balance, wins and finished games; a guest has no balance', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann', 300);
    const g = (await guest(s)).user;
    expect(await s.tokens.profile(ann)).toEqual({ balance: 300, wins: 0, gamesPlayed: 0 });
    s.bank.apply(
      { id: '1', kind: 'main', updatedAt: s.clock.now() },
      {
        results: [
          { userId: ann.id, won: true },
          { userId: g.id, won: false },
        ],
      },
    );
    s.bank.apply({ id: '2', kind: 'main', updatedAt: s.clock.now() }, { results: [{ userId: ann.id, won: false }] });
    expect(await s.tokens.profile(ann)).toEqual({ balance: 300, wins: 1, gamesPlayed: 2 });
    expect(await s.tokens.profile(g)).toEqual({ balance: 0, wins: 0, gamesPlayed: 1 });
  });
});

describe('FriendsService', () => {
  it('friends - add by username in any case; both see each other with the presence given', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann');
    const bob = await registered(s, 'Bob');
    const cy = await registered(s, 'Cy');
    expect(value(await s.friends.add(ann, ' bOB '))).toEqual(bob);
    expect(value(await s.friends.add(ann, 'CY'))).toEqual(cy);
    s.presence.set(bob.id, 'online');
    s.presence.set(cy.id, 'away');
    expect(await s.friends.online(ann)).toEqual([
      { ...bob, status: 'online' },
      { ...cy, status: 'away' },
    ]);
    expect(await s.friends.online(bob)).toEqual([{ ...ann, status: 'offline' }]);
    s.presence.set(ann.id, 'online');
    expect((await s.friends.online(bob))[0]?.status).toBe('online');
  });

  it('friends - yourself, unknown names and guests are refused', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann');
    const g = await guest(s);
    expect(await s.friends.add(ann, 'ann')).toEqual({
      ok: false,
      error: { code: 'friends/self', message: 'You cannot add yourself as a friend' },
    });
    expect(await s.friends.add(ann, 'Nobody')).toEqual({
      ok: false,
      error: { code: 'friends/unknown', message: 'No player with that username' },
    });
    // A guest cannot be found by name, nor add anyone.
    expect(code(await s.friends.add(ann, g.user.username))).toBe('friends/unknown');
    expect(await s.friends.add(g.user, 'Ann')).toEqual({
      ok: false,
      error: { code: 'friends/guest', message: 'Register to add friends' },
    });
    expect(code(await s.friends.remove(g.user, ann.id))).toBe('friends/guest');
    expect(await s.friends.online(g.user)).toEqual([]);
    expect(await s.friends.online(ann)).toEqual([]);
  });

  it('friends - remove ends the friendship both ways; removing a non-friend is refused', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann');
    const bob = await registered(s, 'Bob');
    expect(await s.friends.remove(ann, bob.id)).toEqual({
      ok: false,
      error: { code: 'friends/unknown', message: 'No player with that username' },
    });
    value(await s.friends.add(ann, 'Bob'));
    expect(await s.friends.remove(bob, ann.id)).toEqual({ ok: true, value: null });
    expect(await s.friends.online(ann)).toEqual([]);
    expect(await s.friends.online(bob)).toEqual([]);
    expect(code(await s.friends.remove(ann, bob.id))).toBe('friends/unknown');
    expect(code(await s.friends.remove(ann, 12345))).toBe('friends/unknown');
  });
});
