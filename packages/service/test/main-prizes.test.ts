import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLAIM_WINDOW_MS, MEMORY_HOUSE, mainView, type User } from '../src/index.js';
import { guest, playToEnd, postingsOf, registered, setup, signedUp, started, stored } from './main-support.js';
import { value } from './support.js';

/**
 * MainGames' tokens (docs/product.md §D12 pot): the pot is the fees paid, the winner takes it, a
 * guest's pot waits 7 days for one account's claim, and no sequence of games makes tokens.
 */
describe('MainGames prizes', () => {
  it('main prizes - a registered winner gets the pot (the fees paid) once; every player gets a result', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann');
    const bob = await registered(s, 'Bob');
    // Three places, two taken: the pot is the two fees paid, not the fee times the limit (docs/product.md §D12 pot).
    const id = await started(s, [ann, bob], { entryFee: 200, playerLimit: 3 });
    const startedAt = (await stored(s, id)).meta.startedAt ?? 0;
    const end = await playToEnd(s, id, [ann, bob], { favour: bob });
    const view = mainView(end, ann.id);
    expect(view.status).toBe('completed');
    expect(view.winnerId).toBe(bob.id);
    expect(view.lastAction).toMatchObject({
      type: 'game_over',
      playerId: bob.id,
      guestWinner: false,
      prizeAmount: 400,
    });
    expect(postingsOf(s, id, 'prize')).toEqual([{ from: MEMORY_HOUSE, to: bob.id, amount: 400, kind: 'prize' }]);
    expect(await s.bank.balance(bob.id)).toBe(1000 - 200 + 400);
    expect(await s.bank.balance(ann.id)).toBe(800);
    expect(await s.bank.stats(bob.id)).toEqual({ wins: 1, gamesPlayed: 1 });
    expect(await s.bank.stats(ann.id)).toEqual({ wins: 0, gamesPlayed: 1 });
    // Nothing more happens in a finished game.
    expect(await s.main.pickUp(ann, id)).toMatchObject({ ok: false, error: { code: 'game/over' } });
    expect(await s.main.join(ann, id)).toMatchObject({ ok: false, error: { code: 'game/over' } });
    expect(postingsOf(s, id, 'prize')).toHaveLength(1);
    expect(await s.main.lobby(ann.id)).toEqual([]);
    const finishedAt = end.meta.finishedAt ?? 0;
    expect(finishedAt).toBe(end.updatedAt);
    const recent = {
      id: Number(id),
      name: 'Test game',
      hostName: 'Ann',
      hostAvatar: ann.avatar,
      timestamp: new Date(finishedAt).toISOString(),
      duration: finishedAt - startedAt,
    };
    expect(recent.duration).toBeGreaterThan(0);
    expect(await s.main.recent(bob.id)).toEqual([{ ...recent, result: 'won' }]);
    expect(await s.main.recent(ann.id)).toEqual([{ ...recent, result: 'lost' }]);
    expect(await s.tokens.claim(bob, id, -1)).toMatchObject({ ok: false, error: { code: 'prize/none' } });
  });

  it('main prizes - a guest winner’s prize is held until an account that adopted the guest claims it, once', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann');
    const bob = await registered(s, 'Bob');
    const g = await guest(s);
    const id = await started(s, [ann, g.user], { entryFee: 150, playerLimit: 2 });
    const end = await playToEnd(s, id, [ann, g.user], { favour: g.user });
    expect(mainView(end, g.user.id)).toMatchObject({
      status: 'completed',
      winnerId: g.user.id,
      // Only Ann paid: the pot is her fee (docs/product.md §D12 pot).
      prizeAmount: 150,
      lastAction: { type: 'game_over', playerId: g.user.id, guestWinner: true, prizeAmount: 150 },
    });
    expect(postingsOf(s, id, 'prize')).toEqual([]);
    expect((await s.main.recent(g.user.id)).map((r) => r.result)).toEqual(['won']);
    expect((await s.main.recent(ann.id)).map((r) => r.result)).toEqual(['lost']);

    expect(await s.tokens.claim(g.user, id, g.user.id)).toEqual({
      ok: false,
      error: { code: 'prize/register', message: 'Create an account to claim your prize' },
    });
    expect(await s.tokens.claim(bob, id, g.user.id)).toMatchObject({
      ok: false,
      error: { code: 'prize/not_yours', message: 'This prize belongs to another player' },
    });
    // The guest registers from its session: the account takes the guest over.
    const signed = await signedUp(s, 'Winner', g.token);
    expect(await s.tokens.claim(signed.user, id, -42)).toMatchObject({ ok: false, error: { code: 'prize/none' } });
    expect(await s.tokens.claim(signed.user, id, g.user.id)).toEqual({
      ok: true,
      value: { message: "You've claimed 150 tokens!", amount: 150 },
    });
    expect(await s.bank.balance(signed.user.id)).toBe(100 + 150);
    expect(await s.tokens.claim(signed.user, id, g.user.id)).toMatchObject({
      ok: false,
      error: { code: 'prize/claimed', message: 'This prize has already been claimed' },
    });
    expect(postingsOf(s, id, 'claim')).toEqual([
      { from: MEMORY_HOUSE, to: signed.user.id, amount: 150, kind: 'claim' },
    ]);
  });

  it('main prizes - a guest prize waits 7 days for its claim; an account claims one guest identity only', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann');
    /** A game Ann pays 100 for and guest `g` wins. */
    const lose = async (g: { readonly user: User }) => {
      const id = await started(s, [ann, g.user], { entryFee: 100, playerLimit: 2 });
      await playToEnd(s, id, [ann, g.user], { favour: g.user });
      return id;
    };
    const first = await guest(s);
    const won1 = await lose(first);
    const won2 = await lose(first);
    const second = await guest(s);
    const won3 = await lose(second);
    // Both guests are carried into one account (registered from the first, then signed in from the second).
    const account = await signedUp(s, 'Farmer', first.token);
    await s.bank.adoptGuest(second.user.id, account.user.id);
    expect(value(await s.tokens.claim(account.user, won1, first.user.id)).amount).toBe(100);
    // The other guest's prize is refused: one guest identity per account.
    expect(await s.tokens.claim(account.user, won3, second.user.id)).toEqual({
      ok: false,
      error: { code: 'prize/other_guest', message: "This account has already claimed another guest's prizes" },
    });
    // The same guest's second prize, after 7 days and a minute: too late.
    s.clock.advance(CLAIM_WINDOW_MS + 60_000);
    expect(await s.tokens.claim(account.user, won2, first.user.id)).toEqual({
      ok: false,
      error: { code: 'prize/expired', message: 'This prize can no longer be claimed' },
    });
    expect(await s.bank.balance(account.user.id)).toBe(100 + 100);
    expect(postingsOf(s, won3, 'claim')).toEqual([]);
  });

  it('main prizes - property: over any games between guests and accounts, players never hold more than the gifts', async () => {
    const person = fc.integer({ min: 0, max: 5 });
    const action = fc.oneof(
      fc.record({
        kind: fc.constant('game' as const),
        a: person,
        b: person,
        fee: fc.constantFrom(0, 100, 150, 300),
        limit: fc.integer({ min: 2, max: 3 }),
        aWins: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('adopt' as const), guest: fc.integer({ min: 0, max: 2 }), account: fc.nat(2) }),
      fc.record({ kind: fc.constant('claims' as const) }),
      fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 0, max: 9 }) }),
    );
    const gifts = fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 3, maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(gifts, fc.array(action, { minLength: 1, maxLength: 12 }), async (given, actions) => {
        const s = setup('economy');
        const accounts: User[] = [];
        for (const [n, tokens] of given.entries()) accounts.push(await registered(s, `Acct${n}`, tokens));
        const guests = [await guest(s), await guest(s), await guest(s)];
        /** Guests carried into an account: their browser is that account now, they play no more. */
        const adopted = new Set<number>();
        const finished: Array<{ id: string; winner: User }> = [];
        /** Which guest identity each account has claimed from. */
        const claimedFrom = new Map<number, number>();
        const people = (): User[] => [...accounts, ...guests.map((g) => g.user)];
        const giftTotal = given.reduce((a, b) => a + b, 0);
        const check = async (what: string) => {
          let held = 0;
          for (const user of people()) {
            const balance = await s.bank.balance(user.id);
            expect(balance, `${user.username} after ${what}`).toBeGreaterThanOrEqual(0);
            held += balance;
          }
          expect(held + (await s.bank.balance(MEMORY_HOUSE)), `the books after ${what}`).toBe(0);
          expect(held, `players' tokens after ${what}`).toBeLessThanOrEqual(giftTotal);
        };
        for (const act of actions) {
          if (act.kind === 'game') {
            const [a, b] = [people()[act.a], people()[act.b]] as [User, User];
            if (a.id === b.id || adopted.has(a.id) || adopted.has(b.id)) continue;
            const short = async (u: User) => !u.isGuest && (await s.bank.balance(u.id)) < act.fee;
            if ((await short(a)) || (await short(b))) continue;
            const id = await started(s, [a, b], { playerLimit: act.limit, entryFee: act.fee });
            const end = await playToEnd(s, id, [a, b], { favour: act.aWins ? a : b });
            const winner = act.aWins ? a : b;
            const paid = act.fee * [a, b].filter((u) => !u.isGuest).length;
            expect(mainView(end, null)).toMatchObject({ winnerId: winner.id, prizeAmount: paid });
            finished.push({ id, winner });
          } else if (act.kind === 'adopt') {
            const g = guests[act.guest];
            const account = accounts[act.account];
            if (g === undefined || account === undefined || adopted.has(g.user.id)) continue;
            value(await s.auth.login({ username: account.username, password: 'secret1' }, g.token));
            adopted.add(g.user.id);
          } else if (act.kind === 'claims') {
            for (const account of accounts) {
              for (const game of finished) {
                if (!game.winner.isGuest) continue;
                const answer = await s.tokens.claim(account, game.id, game.winner.id);
                if (!answer.ok) continue;
                // A claim is paid once, to one account, from one guest identity per account.
                expect(claimedFrom.get(account.id) ?? game.winner.id).toBe(game.winner.id);
                claimedFrom.set(account.id, game.winner.id);
                expect(postingsOf(s, game.id, 'claim')).toHaveLength(1);
              }
            }
          } else {
            s.clock.advance(act.days * 24 * 60 * 60 * 1000);
          }
          await check(act.kind);
        }
      }),
      { numRuns: 25 },
    );
  }, 60_000);
});
