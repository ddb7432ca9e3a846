import { MAIN_COUNTDOWN_MS } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { mainView, PRESENCE_GRACE_MS, quickMatch, type StoredGame, type User, WAITING_GONE_MS } from '../src/index.js';
import type { MainMeta } from '../src/main-game/main-meta.js';
import { movesIn, postingsOf, registered, type Setup, seated, setup, started, stored, viewOf } from './main-support.js';
import { settle, value } from './support.js';

/** Moves the fake clock by `ms` and runs what fell due (AI turns, turn clocks). */
async function pass(s: Setup, ms: number): Promise<void> {
  s.clock.advance(ms);
  s.scheduler.runDue();
  await settle();
}

/** The table's own lines (from "Palace") in the chat, oldest first. */
function tableLines(game: StoredGame<MainMeta>): string[] {
  return game.meta.chat.filter((line) => line.userId === 0).map((line) => line.message);
}

/** Whoever is to move makes their first legal move (a human's own command). */
async function moveOf(s: Setup, id: string, users: readonly User[]): Promise<User> {
  const view = mainView(await stored(s, id), null);
  const mover = users.find((u) => u.id === view.currentTurn);
  if (mover === undefined) throw new Error('nobody to move');
  const move = movesIn(mainView(await stored(s, id), mover.id), mover)[0];
  if (move === undefined) throw new Error('no move');
  value(move.type === 'play' ? await s.main.play(mover, id, move.cardIds) : await s.main.pickUp(mover, id));
  return mover;
}

/** Ann and Bob in a game in play, past the countdown; answers who is to move and who is not. */
async function inPlay() {
  const s = setup();
  const ann = await registered(s, 'Ann');
  const bob = await registered(s, 'Bob');
  const id = await started(s, [ann, bob], { playerLimit: 2 });
  s.clock.advance(MAIN_COUNTDOWN_MS);
  const turn = mainView(await stored(s, id), null).currentTurn;
  const [mover, other] = turn === ann.id ? [ann, bob] : [bob, ann];
  return { s, id, ann, bob, mover, other };
}

describe('main games - presence at the table (docs/product.md §D13)', () => {
  it('main games - a player who drops on their turn is reconnecting for 20 s, then the computer plays for them; a join brings them back', async () => {
    const { s, id, mover } = await inPlay();
    await s.main.disconnected(mover, id);
    let view = await viewOf(s, id, null);
    expect(view.players.find((p) => p.id === mover.id)).toMatchObject({ connection: 'reconnecting', away: false });
    expect(view.players.find((p) => p.id === mover.id)?.droppedAt).toBe(s.clock.now());
    // The turn clock now runs out at the end of the grace, not after the whole turn.
    expect(view.turnDeadline).toBe(s.clock.now() + PRESENCE_GRACE_MS);
    const before = (await stored(s, id)).version;
    await pass(s, PRESENCE_GRACE_MS - 1);
    expect((await stored(s, id)).version).toBe(before);
    await pass(s, 1);
    const game = await stored(s, id);
    view = mainView(game, null);
    expect(view.players.find((p) => p.id === mover.id)).toMatchObject({ connection: 'away', away: true });
    expect(view.currentTurn).not.toBe(mover.id);
    expect(tableLines(game)).toEqual([
      `${mover.username} lost connection — reconnecting…`,
      `${mover.username} is away — the computer plays for them`,
    ]);
    // Back: a join (the client's reconnection) takes the seat back.
    value(await s.main.join(mover, id));
    const back = await stored(s, id);
    expect(mainView(back, null).players.find((p) => p.id === mover.id)).toMatchObject({
      connection: 'connected',
      away: false,
      droppedAt: null,
    });
    expect(tableLines(back).at(-1)).toBe(`${mover.username} is back`);
  });

  it('main games - a player back within the grace keeps their seat; no computer move, their clock as it was', async () => {
    const { s, id, mover } = await inPlay();
    const deadline = (await viewOf(s, id, null)).turnDeadline;
    await s.main.disconnected(mover, id);
    await pass(s, PRESENCE_GRACE_MS / 2);
    value(await s.main.join(mover, id));
    const view = await viewOf(s, id, null);
    expect(view.players.find((p) => p.id === mover.id)).toMatchObject({ connection: 'connected', away: false });
    expect(view.currentTurn).toBe(mover.id);
    expect(view.turnDeadline).toBe(deadline);
    await pass(s, PRESENCE_GRACE_MS);
    expect((await viewOf(s, id, null)).currentTurn).toBe(mover.id);
  });

  it('main games - a player who dropped while another moves is played at once when their turn comes', async () => {
    const { s, id, ann, bob, mover, other } = await inPlay();
    await s.main.disconnected(other, id);
    await pass(s, PRESENCE_GRACE_MS + 5_000);
    // Not their turn: nothing was due from them, so nothing happened yet.
    expect((await viewOf(s, id, null)).players.find((p) => p.id === other.id)?.connection).toBe('reconnecting');
    let game = await stored(s, id);
    for (let n = 0; n < 50 && mainView(game, null).currentTurn === mover.id; n++) {
      await moveOf(s, id, [ann, bob]);
      game = await stored(s, id);
    }
    expect(game.state.phase).toBe('playing');
    // Their turn: the grace is long over, so the computer takes the seat at once (not in 60 s).
    expect(mainView(game, null).currentTurn).toBe(other.id);
    await pass(s, 0);
    game = await stored(s, id);
    expect(mainView(game, null).players.find((p) => p.id === other.id)?.connection).toBe('away');
    expect(tableLines(game).at(-1)).toBe(`${other.username} is away — the computer plays for them`);
  });

  it('main games - leaving a game in play hands the seat to the computer at once, with one line', async () => {
    const { s, id, mover } = await inPlay();
    value(await s.main.leave(mover, id));
    let game = await stored(s, id);
    expect(mainView(game, null).players.find((p) => p.id === mover.id)).toMatchObject({
      hasLeft: true,
      away: true,
      connection: 'away',
    });
    expect(tableLines(game)).toEqual([`${mover.username} left — the computer plays for them`]);
    // The AI's short delay, not the turn clock: the seat has moved long before TURN_MS.
    await pass(s, 2_000);
    game = await stored(s, id);
    // The turn clock is 60 s: only the computer could have moved for the leaver this soon.
    expect(mainView(game, null).lastAction?.playerId).toBe(mover.id);
    expect(mainView(game, null).currentTurn).not.toBe(mover.id);
  });

  it('main games - a waiting game whose creator dropped leaves the lobby, then closes after 2 minutes away, fees refunded', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann', 1000);
    const bob = await registered(s, 'Bob', 1000);
    const cid = await registered(s, 'Cid', 1000);
    const id = await seated(s, [ann, bob], { playerLimit: 3, entryFee: 100 });
    const listed = async (viewer: User) => (await s.main.lobby(viewer.id)).some((g) => g.id === Number(id));
    expect(await listed(cid)).toBe(true);
    await s.main.disconnected(ann, id);
    s.clock.advance(6_000);
    expect(await listed(cid)).toBe(false);
    // Its players still see it; quick match does not offer it.
    expect(await listed(bob)).toBe(true);
    const matched = value(await quickMatch(s.main, cid, { playerLimit: 3, entryFee: 100 }));
    expect(matched.created).toBe(true);
    await pass(s, WAITING_GONE_MS - 6_001);
    expect((await stored(s, id)).meta.cancelled).toBe(false);
    await pass(s, 1);
    const closed = await stored(s, id);
    expect(closed.meta.cancelled).toBe(true);
    expect(postingsOf(s, id).map((p) => [p.kind, p.amount])).toEqual([
      ['fee', 100],
      ['fee', 100],
      ['refund', 100],
      ['refund', 100],
    ]);
    expect(await s.bank.balance(ann.id)).toBe(1000);
    expect(await s.bank.balance(bob.id)).toBe(1000);
  });

  it('main games - a waiting game keeps its seat for a player back in time; a seat gone for good is freed and refunded', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann', 1000);
    const bob = await registered(s, 'Bob', 1000);
    const id = await seated(s, [ann, bob], { playerLimit: 3, entryFee: 100 });
    await s.main.disconnected(bob, id);
    await pass(s, WAITING_GONE_MS - 1);
    value(await s.main.join(bob, id));
    expect((await stored(s, id)).state.seats.map((seat) => seat.name)).toEqual(['Ann', 'Bob']);
    // Meanwhile Ann's face-up choice was made for her at her clock; Bob's, dropped, was not.
    expect((await stored(s, id)).state.seats.map((seat) => seat.ready)).toEqual([true, false]);
    await s.main.disconnected(bob, id);
    await pass(s, WAITING_GONE_MS);
    const after = await stored(s, id);
    expect(after.state.seats.map((seat) => seat.name)).toEqual(['Ann']);
    expect(after.meta.cancelled).toBe(false);
    expect(await s.bank.balance(bob.id)).toBe(1000);
  });
});
