import { describe, expect, it } from 'vitest';
import { MAIN_WATCHERS_MAX, mainView } from '../src/index.js';
import { guest, registered, seated, setup, started, stored } from './main-support.js';
import { code, value } from './support.js';

// Watching the main game (docs/product.md §D11 watching): users without a seat are counted among a
// game's watchers, see what a stranger sees, and everyone sees the count.
describe('MainGames watching', () => {
  it('watch - a user without a seat is counted once; a player is not; leaving the watchers counts down', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann');
    const bob = await registered(s, 'Bob');
    const id = await started(s, [ann, bob]);
    const { user: carol } = await guest(s);
    const watched = value(await s.main.watch(carol, id));
    expect(mainView(watched, ann.id).watchers).toBe(1);
    // A second watch of the same user, or a player watching, changes nothing.
    const version = (await stored(s, id)).version;
    value(await s.main.watch(carol, id));
    value(await s.main.watch(ann, id));
    expect((await stored(s, id)).version).toBe(version);
    // What the watcher sees: no hand, no face-down card, as a stranger.
    const view = mainView(watched, carol.id);
    for (const player of view.players) {
      expect(player.handCards.every((c) => 'hidden' in c)).toBe(true);
      expect(player.faceDownCards.every((c) => 'hidden' in c)).toBe(true);
    }
    expect(view.playableCards).toEqual([]);
    // The watcher cannot chat or play.
    expect(code(await s.main.chat(carol, id, 'hello'))).toBe('game/not_member');
    expect(code(await s.main.pickUp(carol, id))).toBe('game/not_member');
    const left = value(await s.main.unwatch(carol, id));
    expect(left === null ? null : mainView(left, null).watchers).toBe(0);
    // Not a watcher (any more): nothing to do, nothing written.
    const after = (await stored(s, id)).version;
    expect(value(await s.main.unwatch(carol, id))).toBeNull();
    expect(value(await s.main.unwatch(ann, id))).toBeNull();
    expect((await stored(s, id)).version).toBe(after);
  });

  it('watch - a waiting or private game may be watched by its id; a cancelled or unknown one may not', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann');
    const { user: carol } = await guest(s);
    const id = await seated(s, [ann], { isPrivate: true, playerLimit: 2 });
    expect(mainView(value(await s.main.watch(carol, id)), null).watchers).toBe(1);
    expect(code(await s.main.watch(carol, 'abc'))).toBe('game/not_found');
    expect(code(await s.main.watch(carol, '424242'))).toBe('game/not_found');
    value(await s.main.leave(ann, id));
    expect(code(await s.main.watch(await registered(s, 'Dee'), id))).toBe('game/over');
  });

  it('watch - the count stops at its limit', async () => {
    const s = setup();
    const ann = await registered(s, 'Ann');
    const id = await seated(s, [ann], { playerLimit: 2 });
    const game = await stored(s, id);
    const full = Array.from({ length: MAIN_WATCHERS_MAX }, (_, n) => -1000 - n);
    await s.store.save({ ...game, version: game.version + 1, meta: { ...game.meta, watchers: full } }, game.version);
    const { user: late } = await guest(s);
    expect(mainView(value(await s.main.watch(late, id)), null).watchers).toBe(MAIN_WATCHERS_MAX);
  });
});
