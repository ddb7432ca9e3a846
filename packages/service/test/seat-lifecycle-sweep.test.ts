import { describe, expect, it } from 'vitest';
import { ABANDON_MS, expiredKind, MAIN_KIND, WAITING_EXPIRY_MS } from '../src/index.js';
import { chooseFaceUp, postingsOf, registered, seated, setup, started, stored } from './main-support.js';
import { nextTimer } from './seat-lifecycle-support.js';
import { code, value } from './support.js';

const FEE = 100;

describe('seat lifecycle - abandoned and expired games', () => {
  it('seat lifecycle - a game nobody was seen in for 10 minutes is played out by the AI; the prize is paid once', async () => {
    const s = setup();
    const alice = await registered(s, 'Alice');
    const bob = await registered(s, 'Bob');
    const id = await started(s, [alice, bob], { entryFee: FEE });
    expect((await stored(s, id)).state.phase).toBe('playing');

    s.clock.advance(ABANDON_MS - 1);
    expect(await s.main.sweepIdle()).toBe(0);
    s.clock.advance(1);
    expect(await s.main.sweepIdle()).toBe(1);
    const abandoned = await stored(s, id);
    expect([...abandoned.seatClock.away].sort()).toEqual([String(alice.id), String(bob.id)].sort());
    expect(abandoned.seatClock.turnDueAt).toBeNull();
    expect(await s.main.sweepIdle()).toBe(0);

    for (let n = 0; n < 3000 && (await stored(s, id)).state.phase !== 'finished'; n++) {
      expect(await nextTimer(s, id)).not.toBeNull();
    }
    const over = await stored(s, id);
    expect(over.state.phase).toBe('finished');
    expect(postingsOf(s, id, 'prize')).toHaveLength(1);
    expect(postingsOf(s, id, 'prize')[0]?.amount).toBe(2 * FEE);
    const balances = [await s.bank.balance(alice.id), await s.bank.balance(bob.id)].sort((a, b) => a - b);
    expect(balances).toEqual([1000 - FEE, 1000 + FEE]);
    expect(await s.main.sweepIdle()).toBe(0);
  });

  it('seat lifecycle - a player seen (a socket message, a rejoin) keeps the game theirs', async () => {
    const s = setup();
    const alice = await registered(s, 'Alice');
    const bob = await registered(s, 'Bob');
    const id = await started(s, [alice, bob], { entryFee: FEE });
    s.clock.advance(ABANDON_MS - 1000);
    s.main.touch(id);
    s.clock.advance(1000);
    expect(await s.main.sweepIdle()).toBe(0);
    s.clock.advance(ABANDON_MS);
    expect(await s.main.sweepIdle()).toBe(1);
    // Alice comes back: her seat is hers again; Bob's stays away.
    value(await s.main.join(alice, id));
    expect((await stored(s, id)).seatClock.away).toEqual([String(bob.id)]);
  });

  it('seat lifecycle - a waiting main game nobody joins expires: every fee refunded once, gone from the lobby', async () => {
    const s = setup();
    const alice = await registered(s, 'Alice');
    const bob = await registered(s, 'Bob');
    const carol = await registered(s, 'Carol');
    const id = await seated(s, [alice, bob, carol], { entryFee: FEE });
    // Bob and Carol are ready: were Alice to leave first, the two left would start the game.
    await chooseFaceUp(s, id, bob);
    await chooseFaceUp(s, id, carol);
    expect(await s.bank.balance(alice.id)).toBe(1000 - FEE);
    expect((await s.main.lobby(null)).map((g) => String(g.id))).toEqual([id]);

    s.clock.advance(WAITING_EXPIRY_MS - 1000);
    value(await s.main.chat(bob, id, 'anyone?'));
    s.clock.advance(1000);
    expect(await s.main.sweepIdle()).toBe(0);
    s.clock.advance(WAITING_EXPIRY_MS);
    expect(await s.main.sweepIdle()).toBe(1);
    expect(await s.main.sweepIdle()).toBe(0);

    for (const user of [alice, bob, carol]) expect(await s.bank.balance(user.id)).toBe(1000);
    const postings = postingsOf(s, id);
    expect(postings.filter((p) => p.kind === 'fee')).toHaveLength(3);
    expect(postings.filter((p) => p.kind === 'refund')).toHaveLength(3);
    expect(code(await s.main.get(id))).toBe('game/not_found');
    expect(code(await s.main.join(alice, id))).toBe('game/not_found');
    expect(await s.main.lobby(null)).toEqual([]);
    const kept = await stored(s, id);
    expect(kept.kind).toBe(expiredKind(MAIN_KIND));
    expect(kept.state.phase).toBe('waiting');
    expect(kept.state.seats).toEqual([]);
  });

  it('seat lifecycle - a game in play is never expired, however long nobody changed it', async () => {
    const s = setup();
    const alice = await registered(s, 'Alice');
    const bob = await registered(s, 'Bob');
    const id = await started(s, [alice, bob], { entryFee: FEE });
    s.clock.advance(WAITING_EXPIRY_MS * 2);
    expect(await s.main.sweepIdle()).toBe(1);
    const game = await stored(s, id);
    expect(game.kind).toBe(MAIN_KIND);
    expect(postingsOf(s, id, 'refund')).toEqual([]);
  });
});
