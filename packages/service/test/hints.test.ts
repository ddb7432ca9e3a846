import { legalMoves } from '@palace/core';
import { describe, expect, it } from 'vitest';
import {
  type MainMeta,
  mainView,
  playComputer,
  Records,
  type RestMeta,
  type StoredGame,
  type User,
} from '../src/index.js';
import { chooseFaceUp, registered, type Setup, seated, setup, stored, viewOf } from './main-support.js';
import * as rest from './rest-support.js';
import { code, settle, value } from './support.js';

/** Lets the server's AI act until `user` is to move (or the game is over). */
async function untilTurnOf(s: Setup, id: string, user: User): Promise<StoredGame<MainMeta>> {
  for (let n = 0; n < 200; n++) {
    const game = await stored(s, id);
    if (game.state.phase === 'finished' || mainView(game, user.id).currentTurn === user.id) return game;
    s.clock.advance(1500);
    s.scheduler.runDue();
    await settle();
  }
  throw new Error('the turn never came');
}

/** Ann against one random computer, both having chosen face-up cards: the game is in play. */
async function againstComputer(s: Setup, input: { entryFee?: number; name?: string } = {}) {
  const ann = await registered(s, input.name ?? 'Ann', 1000);
  const id =
    input.entryFee === undefined
      ? value(await playComputer(s.main, ann, { level: 'random' })).id
      : await seated(s, [ann], { playerLimit: 2, computers: ['random'], entryFee: input.entryFee });
  for (let n = 0; n < 8; n++) {
    s.clock.advance(1500);
    s.scheduler.runDue();
    await settle();
  }
  await chooseFaceUp(s, id, ann);
  return { ann, id };
}

/** Plays game `id` to its end: `user` makes the hinted move on its first two turns, then its first legal one. */
async function playHinted(s: Setup, id: string, user: User): Promise<StoredGame<MainMeta>> {
  for (let n = 0; n < 3000; n++) {
    const game = await untilTurnOf(s, id, user);
    if (game.state.phase === 'finished') return game;
    const first = legalMoves(game.state, game.state.turn)[0];
    const move =
      n < 2
        ? value(await s.main.hint(user, id))
        : first?.type === 'play'
          ? { action: 'play', cardIds: first.cardIds }
          : { action: 'pickup', cardIds: [] };
    value(move.action === 'play' ? await s.main.play(user, id, move.cardIds) : await s.main.pickUp(user, id));
  }
  throw new Error('game did not end');
}

describe('hints - main game (docs/product.md §D14 hint)', () => {
  it("hints - on the player's turn against the computer: the strong AI's legal move, the same again, counted in meta", async () => {
    const s = setup();
    const { ann, id } = await againstComputer(s);
    let game = await stored(s, id);
    if (mainView(game, ann.id).currentTurn !== ann.id) {
      // Off turn: offered, not allowed now, refused with the turn's reason; nothing written.
      expect(mainView(game, ann.id).hints).toEqual({ allowed: false, used: 0 });
      expect(code(await s.main.hint(ann, id))).toBe('turn/not_your_turn');
      expect((await stored(s, id)).version).toBe(game.version);
      game = await untilTurnOf(s, id, ann);
    }
    expect(mainView(game, ann.id).hints).toEqual({ allowed: true, used: 0 });
    const hint = value(await s.main.hint(ann, id));
    expect(hint.reason).not.toBe('');
    const seat = game.state.seats.findIndex((x) => x.id === String(ann.id));
    const legal = legalMoves(game.state, seat).map((m) =>
      m.type === 'play' ? { action: 'play', cardIds: [...m.cardIds] } : { action: 'pickup', cardIds: [] },
    );
    expect(legal).toContainEqual({ action: hint.action, cardIds: hint.cardIds });
    // Asked again in the same position: the same hint, counted again; the engine state is untouched.
    expect(value(await s.main.hint(ann, id))).toEqual(hint);
    const after = await stored(s, id);
    expect(after.state).toEqual(game.state);
    expect(after.meta.hints).toEqual({ [String(ann.id)]: 2 });
    expect(mainView(after, ann.id).hints).toEqual({ allowed: true, used: 2 });
    // The computer's seat and a stranger are told nothing of hints.
    expect(mainView(after, null).hints).toBeUndefined();
    // The hinted move is accepted.
    value(hint.action === 'play' ? await s.main.play(ann, id, hint.cardIds) : await s.main.pickUp(ann, id));
  });

  it('hints - refused where something is at stake or it is not the asker’s: a fee, a tournament, two humans, a spectator', async () => {
    const s = setup();
    // A game with an entry fee, against the computer.
    const paid = await againstComputer(s, { entryFee: 100 });
    const paidGame = await untilTurnOf(s, paid.id, paid.ann);
    expect(code(await s.main.hint(paid.ann, paid.id))).toBe('hint/not_offered');
    expect(mainView(paidGame, paid.ann.id).hints).toBeUndefined();

    // A free game against the computer made a tournament table.
    const free = await againstComputer(s, { name: 'Dan' });
    const game = await untilTurnOf(s, free.id, free.ann);
    const tournament = { id: 1, name: 'Cup', round: 1, rounds: 1, table: 1, preset: 'classic', roundPlayers: [] };
    const table = { ...game, version: game.version + 1, meta: { ...game.meta, tournament } } as StoredGame<MainMeta>;
    expect(await s.store.save(table, game.version)).toBe('saved');
    expect(code(await s.main.hint(free.ann, free.id))).toBe('hint/not_offered');
    expect(mainView(table, free.ann.id).hints).toBeUndefined();

    // Two humans and a computer, free: nobody is offered a hint.
    const bob = await registered(s, 'Bob', 1000);
    const cid = await registered(s, 'Cid', 1000);
    const three = await seated(s, [bob, cid], { playerLimit: 3, computers: ['random'], entryFee: 0 });
    for (let n = 0; n < 8; n++) {
      s.clock.advance(1500);
      s.scheduler.runDue();
      await settle();
    }
    await chooseFaceUp(s, three, bob);
    await chooseFaceUp(s, three, cid);
    const turn = (await viewOf(s, three, bob)).currentTurn;
    const mover = turn === bob.id ? bob : cid;
    expect(code(await s.main.hint(mover, three))).toBe('hint/not_offered');
    expect((await viewOf(s, three, mover)).hints).toBeUndefined();

    // A spectator of the game against the computer (and an unknown game).
    value(await s.main.watch(bob, free.id));
    expect(code(await s.main.hint(bob, free.id))).toBe('game/not_member');
    expect(code(await s.main.hint(bob, 'nope'))).toBe('game/not_found');
  });

  it('hints - the record of a finished game lists the seats that used hints; the panel count stays in the view', async () => {
    const s = setup();
    const { ann, id } = await againstComputer(s);
    const end = await playHinted(s, id, ann);
    const used = end.meta.hints?.[String(ann.id)] ?? 0;
    expect(used).toBe(2);
    expect(mainView(end, ann.id).hints).toEqual({ allowed: false, used });
    expect(code(await s.main.hint(ann, id))).toBe('game/over');
    const file = value(await new Records(s.store).get('main', id));
    expect(file.hints).toEqual([{ seat: String(ann.id), count: used }]);
  });
});

describe('hints - REST game (docs/product.md §D14 hint)', () => {
  it('hints - alone against an AI: offered on the turn, counted, in the record; refused off turn and to strangers', async () => {
    const s = rest.setup();
    const { id, alice } = await rest.aiToMove(s);
    // The AI is to move: Alice is offered hints, but not now.
    expect(value(await s.rest.view(id, alice)).hints).toEqual({ allowed: false, used: 0 });
    expect(code(await s.rest.hint(id, alice))).toBe('turn/not_your_turn');
    expect(code(await s.rest.hint(id, 'not-a-player'))).toBe('player/forbidden');
    expect(code(await s.rest.hint('G99999', alice))).toBe('game/not_found');
    let hints = 0;
    for (let i = 0; i < 2000; i++) {
      const state = value(await s.rest.view(id, alice));
      if (state.status === 'finished') break;
      if (state.currentTurn !== alice) {
        await rest.driveAi(s);
        continue;
      }
      expect(state.hints).toEqual({ allowed: true, used: hints });
      const [first] = state.playableCards;
      if (hints === 2) {
        // Two hints are enough to count: the rest of the game is played without.
        value(first === undefined ? await s.rest.pickUp(id, alice) : await s.rest.play(id, alice, [first]));
        continue;
      }
      const hint = value(await s.rest.hint(id, alice));
      hints++;
      if (hint.action === 'play') expect(state.playableCards).toEqual(expect.arrayContaining(hint.cardIds));
      else expect(state.canPickUp).toBe(true);
      value(hint.action === 'play' ? await s.rest.play(id, alice, hint.cardIds) : await s.rest.pickUp(id, alice));
    }
    const game: StoredGame<RestMeta> = await rest.stored(s, id);
    expect(game.state.phase).toBe('finished');
    expect(game.meta.hints).toEqual({ p1: 2 });
    expect(value(await s.rest.view(id, alice)).hints).toEqual({ allowed: false, used: hints });
    expect(value(await s.rest.view(id, undefined)).hints).toBeUndefined();
    const file = value(await new Records(s.store).get('rest', id));
    expect(file.hints).toEqual([{ seat: 'p1', count: hints }]);
  });

  it('hints - two humans (with or without an AI) are offered none', async () => {
    const s = rest.setup();
    const { id, alice, bob } = await rest.pair(s);
    value(await s.rest.addAi(id, alice));
    value(await s.rest.ready(id, alice));
    const state = value(await s.rest.start(id, alice));
    const mover = state.currentTurn === alice ? alice : state.currentTurn === 'p2' ? bob : null;
    expect(state.hints).toBeUndefined();
    if (mover !== null) expect(code(await s.rest.hint(id, mover))).toBe('hint/not_offered');
    expect(code(await s.rest.hint(id, bob))).toBe('hint/not_offered');
  });
});
