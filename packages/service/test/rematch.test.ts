import type { GameState } from '@palace/core';
import { describe, expect, it } from 'vitest';
import { type MemoryGamesStore, type Rematchable, rematchOf, type StoredGame } from '../src/index.js';
import * as main from './main-support.js';
import * as pub from './public-support.js';
import * as rest from './rest-support.js';
import { card, code, kings, value } from './support.js';

// docs/product.md §D11 rematch: a finished game's players offer a rematch (a new game with the same
// settings), the others (and a public game's spectators) join it with one tap, fees as for any join.

/** Rewrites a stored two-seat game so that seat 0 plays its last card next (`last`, a 9). */
async function lastCard(store: MemoryGamesStore, id: string): Promise<void> {
  const game = await store.load(id);
  if (game === null) throw new Error(`no game ${id}`);
  const state: GameState = {
    ...game.state,
    seats: game.state.seats.map((seat, n) => ({
      ...seat,
      hand: n === 0 ? [card('last', 9)] : [card(`${seat.id}-h`, 5)],
      faceUp: [],
      faceDown: n === 0 ? [] : kings(seat.id),
    })),
    pile: [],
    deck: [],
    turn: 0,
  };
  if ((await store.save({ ...game, version: game.version + 1, state }, game.version)) !== 'saved')
    throw new Error('rig');
}

async function offerOf(store: MemoryGamesStore, id: string) {
  const game = (await store.load(id)) as StoredGame<Rematchable> | null;
  if (game === null) throw new Error(`no game ${id}`);
  return { offer: rematchOf(game.meta), version: game.version };
}

describe('rematch: the REST game', () => {
  async function finished(s: rest.Setup) {
    const game = await rest.playingPair(s);
    await lastCard(s.store, game.id);
    const over = value(await s.rest.play(game.id, game.alice, ['last']));
    expect(over.status).toBe('finished');
    return game;
  }

  it('is refused before the game is over and for a stranger, changing nothing', async () => {
    const s = rest.setup();
    const game = await rest.playingPair(s);
    const before = await offerOf(s.store, game.id);
    expect(code(await s.rest.rematch(game.id, game.alice))).toBe('rematch/not_finished');
    await lastCard(s.store, game.id);
    value(await s.rest.play(game.id, game.alice, ['last']));
    const ended = await offerOf(s.store, game.id);
    expect(code(await s.rest.rematch(game.id, 'not-a-credential'))).toBe('player/forbidden');
    expect(code(await s.rest.rematch(game.id, 'p2'))).toBe('player/forbidden');
    expect(await offerOf(s.store, game.id)).toEqual(ended);
    expect(before.offer).toBeNull();
    expect(ended.offer).toBeNull();
  });

  it('opens a new game with the same settings, shown to the other player, who joins it with one call', async () => {
    const s = rest.setup();
    const game = await finished(s);
    const seated = value(await s.rest.rematch(game.id, game.alice));
    expect(seated.gameId).not.toBe(game.id);
    expect(seated.gameState.status).toBe('waiting');
    expect(seated.gameState.players.map((p) => p.name)).toEqual(['Alice']);
    expect(seated.gameState.variant).toBe('classic');
    const old = value(await s.rest.view(game.id, game.bob));
    expect(old.rematch).toEqual({ gameId: seated.gameId, offeredBy: 'Alice' });
    const bob = value(await s.rest.rematch(game.id, game.bob));
    expect(bob.gameId).toBe(seated.gameId);
    expect(bob.playerId).not.toBe(game.bob);
    expect(bob.gameState.players.map((p) => p.name)).toEqual(['Alice', 'Bob']);
    // The new credential proves the new seat only.
    expect(code(await s.rest.ready(seated.gameId, game.bob))).toBe('player/forbidden');
    value(await s.rest.ready(seated.gameId, bob.playerId));
  });

  it('seats the AI players again, with their names and levels', async () => {
    const s = rest.setup();
    const created = value(await s.rest.create({ playerName: 'Alice', variant: 'wild', maxPlayers: 3 }));
    value(await s.rest.addAi(created.gameId, created.playerId, 'strong'));
    value(await s.rest.ready(created.gameId, created.playerId));
    value(await s.rest.start(created.gameId, created.playerId));
    await lastCard(s.store, created.gameId);
    value(await s.rest.play(created.gameId, created.playerId, ['last']));
    const seated = value(await s.rest.rematch(created.gameId, created.playerId));
    expect(seated.gameState.variant).toBe('wild');
    expect(seated.gameState.maxPlayers).toBe(3);
    expect(seated.gameState.players.map((p) => [p.name, p.isAI, p.aiLevel ?? null])).toEqual([
      ['Alice', false, null],
      ['AI Player 1', true, 'strong'],
    ]);
  });

  it('makes one game when both players ask at once', async () => {
    const s = rest.setup();
    const game = await finished(s);
    const [alice, bob] = await Promise.all([s.rest.rematch(game.id, game.alice), s.rest.rematch(game.id, game.bob)]);
    expect(value(alice).gameId).toBe(value(bob).gameId);
    const joined = value(await s.rest.view(value(alice).gameId, value(alice).playerId));
    expect(joined.players.map((p) => p.name).sort()).toEqual(['Alice', 'Bob']);
    expect((await s.store.listed('rest', 50)).map((g) => g.id)).toEqual([value(alice).gameId]);
  });
});

describe('rematch: the main game', () => {
  async function finished(s: main.Setup, fee = 100) {
    const alice = await main.registered(s, 'Alice');
    const bob = await main.registered(s, 'Bob');
    const id = await main.started(s, [alice, bob], { entryFee: fee, isPrivate: true, gameCode: 'FRIENDS' });
    const over = await main.playToEnd(s, id, [alice, bob]);
    expect(over.state.phase).toBe('finished');
    return { id, alice, bob };
  }

  it('is refused before the end and for a user without a seat, changing nothing', async () => {
    const s = main.setup();
    const alice = await main.registered(s, 'Alice');
    const bob = await main.registered(s, 'Bob');
    const carol = await main.registered(s, 'Carol');
    const id = await main.started(s, [alice, bob]);
    expect(code(await s.main.rematch(alice, id))).toBe('rematch/not_finished');
    await main.playToEnd(s, id, [alice, bob]);
    const ended = await offerOf(s.store, id);
    expect(code(await s.main.rematch(carol, id))).toBe('game/not_member');
    expect(code(await s.main.rematch(alice, 'not-a-game'))).toBe('game/not_found');
    expect(await offerOf(s.store, id)).toEqual(ended);
    expect(ended.offer).toBeNull();
  });

  it('opens a game with the same settings, each player paying the fee once on joining', async () => {
    const s = main.setup();
    const { id, alice, bob } = await finished(s);
    const next = value(await s.main.rematch(alice, id));
    expect(next.id).not.toBe(id);
    expect(next.meta).toMatchObject({
      name: 'Test game',
      gameCode: 'FRIENDS',
      isPrivate: true,
      entryFee: 100,
      playerLimit: 2,
      hostId: alice.id,
    });
    expect(main.postingsOf(s, next.id, 'fee')).toEqual([{ from: alice.id, to: 0, amount: 100, kind: 'fee' }]);
    const old = await main.viewOf(s, id, bob);
    expect(old.rematch).toEqual({ gameId: Number(next.id), offeredBy: 'Alice' });
    const joined = value(await s.main.rematch(bob, id));
    expect(joined.id).toBe(next.id);
    expect(joined.state.seats.map((seat) => seat.name)).toEqual(['Alice', 'Bob']);
    // Asking again changes nothing and charges nothing.
    value(await s.main.rematch(alice, id));
    value(await s.main.rematch(bob, id));
    expect(main.postingsOf(s, next.id, 'fee')).toEqual([
      { from: alice.id, to: 0, amount: 100, kind: 'fee' },
      { from: bob.id, to: 0, amount: 100, kind: 'fee' },
    ]);
  });

  it('takes the offer back when its maker cannot pay, so the other player may offer', async () => {
    const s = main.setup();
    const alice = await main.registered(s, 'Alice', 100);
    const bob = await main.registered(s, 'Bob', 1000);
    const id = await main.started(s, [alice, bob], { entryFee: 100 });
    // Bob wins: Alice, who paid her 100 tokens, has none left for a rematch.
    const over = await main.playToEnd(s, id, [alice, bob], { favour: bob });
    expect(over.state.result?.winner).toBe(String(bob.id));
    expect(await s.bank.balance(alice.id)).toBe(0);
    const refused = await s.main.rematch(alice, id);
    expect(code(refused)).toBe('tokens/short');
    expect((await offerOf(s.store, id)).offer).toBeNull();
    const next = value(await s.main.rematch(bob, id));
    expect((await offerOf(s.store, id)).offer?.gameId).toBe(next.id);
    expect(code(await s.main.rematch(alice, id))).toBe('tokens/short');
  });
});

describe('rematch: public games', () => {
  async function finished(s: pub.Setup) {
    const game = await pub.playingPair(s);
    await lastCard(s.store, game.id);
    value(await s.games.play(game.id, pub.as('Alice', game.alice), ['last']));
    const carol = value(await s.games.join(game.id, pub.as('Carol')));
    expect(carol.asSpectator).toBe(true);
    return { ...game, carol: carol.token };
  }

  it('is offered by a player only; a spectator joins the one offered', async () => {
    const s = pub.setup();
    const game = await finished(s);
    expect(code(await s.games.rematch(game.id, pub.as('Carol', game.carol), () => undefined))).toBe(
      'rematch/not_player',
    );
    expect(code(await s.games.rematch(game.id, pub.as('Alice'), () => undefined))).toBe('seat/not_yours');
    expect((await offerOf(s.store, game.id)).offer).toBeNull();
    const alice = value(await s.games.rematch(game.id, pub.as('Alice', game.alice), () => undefined));
    expect(alice).toMatchObject({ username: 'Alice', asSpectator: false, isNew: true });
    const shown = value(await s.games.view(game.id, pub.as('Carol', game.carol)));
    expect(shown.gameState.rematch).toEqual({ gameId: alice.gameId, offeredBy: 'Alice' });
    const carol = value(await s.games.rematch(game.id, pub.as('Carol', game.carol), () => undefined));
    expect(carol).toMatchObject({ gameId: alice.gameId, username: 'Carol', asSpectator: false });
    const view = value(await s.games.view(alice.gameId, pub.as('Alice', alice.token)));
    expect(view.gameState.visibility).toBe('public');
    expect(view.gameState.players.map((p) => p.username)).toEqual(['Alice', 'Carol']);
  });

  it("takes a player's place back on a second tap with the new game's token", async () => {
    const s = pub.setup();
    const game = await finished(s);
    const first = value(await s.games.rematch(game.id, pub.as('Bob', game.bob), () => undefined));
    const tokens = new Map([[first.gameId, first.token]]);
    const again = value(await s.games.rematch(game.id, pub.as('Bob', game.bob), (id) => tokens.get(id)));
    expect(again).toMatchObject({ gameId: first.gameId, isNew: false, token: first.token });
    // Without it the name is someone else's in the new game.
    expect(code(await s.games.rematch(game.id, pub.as('Bob', game.bob), () => undefined))).toBe('username/taken');
  });
});
