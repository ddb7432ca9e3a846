import type { SimpleGameState } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { SIMPLE_WS } from '../src/index.js';
import {
  AI_DELAY_MS,
  as,
  driveAi,
  handOf,
  pair,
  type Setup,
  setup,
  startPair,
  stored,
  systemLines,
  viewOf,
} from './simple-support.js';
import { code, value } from './support.js';

/** SimpleGames with in-memory fakes: seats by name and token, face-up choice, AI, chat lines, leaving. */

const ORDER = ['3', '4', '5', '6', '7', '8', '9', 'J', 'Q', 'K', 'A', '2', '10'];

/** The viewer's cheapest playable card, or null. */
function cheapest(state: SimpleGameState): string | null {
  const me = state.players.find((p) => p.username === state.you);
  const rank = new Map([...(me?.hand ?? []), ...(me?.faceUp ?? [])].map((c) => [c.id, ORDER.indexOf(c.value)]));
  const sorted = [...state.playableCards].sort((a, b) => (rank.get(a) ?? 99) - (rank.get(b) ?? 99));
  return sorted[0] ?? null;
}

describe('SimpleGames', () => {
  it('simple games - a join without an id makes a new game with a fresh seat token (REST)', async () => {
    const s = setup();
    const alice = value(await s.games.join(undefined, as(' Alice ')));
    expect(alice).toMatchObject({ gameId: 'G00001', username: 'Alice', token: 'secret-1', isNew: true });
    expect(alice.gameState).toMatchObject({ id: 'G00001', status: 'setup', you: 'Alice', mustSelectFaceUp: true });
    expect(handOf(alice.gameState)).toHaveLength(6);
    const bob = value(await s.games.join(' g00001 ', as('Bob')));
    expect(bob).toMatchObject({ gameId: 'G00001', username: 'Bob', token: 'secret-2', isNew: true });
    // Only digests are kept.
    expect((await stored(s, 'G00001')).meta.keys).toEqual({ p1: 'digest(secret-1)', p2: 'digest(secret-2)' });
  });

  it('simple games - the same name with its token takes the seat back; without it the name is taken', async () => {
    const s = setup();
    const { id, alice, bob } = await pair(s);
    const before = await stored(s, id);
    const back = value(await s.games.join(id, as('ALICE ', alice.token)));
    expect(back).toMatchObject({ username: 'Alice', token: alice.token, isNew: false });
    expect(handOf(back.gameState)).toEqual(handOf(await viewOf(s, id, alice)));
    expect((await stored(s, id)).version).toBe(before.version);
    expect(code(await s.games.join(id, as('alice')))).toBe('username/taken');
    expect(code(await s.games.join(id, as('Alice', bob.token)))).toBe('username/taken');
    expect(code(await s.games.join(id, as('Alice', 'made-up')))).toBe('username/taken');
  });

  it('simple games - names are required and at most 20 characters; a REST join never creates a named game', async () => {
    const s = setup();
    expect(code(await s.games.join(undefined, as('')))).toBe('username/required');
    expect(code(await s.games.join(undefined, as('  ')))).toBe('username/required');
    expect(code(await s.games.join(undefined, as('x'.repeat(21))))).toBe('username/too_long');
    expect(value(await s.games.join(undefined, as(` ${'x'.repeat(20)} `))).username).toHaveLength(20);
    expect(code(await s.games.join('NOGAME', as('Alice')))).toBe('game/not_found');
    expect(await s.store.load('NOGAME')).toBeNull();
  });

  it('simple games - a websocket room is created by its first join under the id the client chose', async () => {
    const s = setup(SIMPLE_WS);
    const alice = value(await s.games.join('game1700000000000', as('Alice')));
    expect(alice.gameId).toBe('game1700000000000');
    const bob = value(await s.games.join('game1700000000000', as('Bob')));
    expect(bob.gameState.players.map((p) => p.username)).toEqual(['Alice', 'Bob']);
    expect(code(await s.games.join(undefined, as('Carol')))).toBe('room/id_invalid');
    expect(code(await s.games.join('bad id!', as('Carol')))).toBe('room/id_invalid');
    expect(code(await s.games.join('x'.repeat(65), as('Carol')))).toBe('room/id_invalid');
  });

  it('simple games - a closed room refuses joins and actions; an idle one counts as closed', async () => {
    const s = setup(SIMPLE_WS, { idleMs: 60_000 });
    const alice = value(await s.games.join('room1', as('Alice')));
    const actor = as('Alice', alice.token);
    const closed = value(await s.games.close('room1'));
    expect(closed.meta.closed).toBe(true);
    expect(value(await s.games.close('room1')).version).toBe(closed.version);
    expect(code(await s.games.join('room1', as('Bob')))).toBe('room/closed');
    expect(code(await s.games.join('room1', actor))).toBe('room/closed');
    expect(code(await s.games.chat('room1', actor, 'hello'))).toBe('room/closed');
    expect(code(await s.games.addAi('room1', actor))).toBe('room/closed');

    const other = value(await s.games.join('room2', as('Alice')));
    s.clock.advance(59_999);
    expect(s.games.isClosed(await stored(s, 'room2'))).toBe(false);
    // A change resets the idle time.
    value(await s.games.chat('room2', as('Alice', other.token), 'still here'));
    s.clock.advance(59_999);
    expect(value(await s.games.join('room2', as('Bob'))).isNew).toBe(true);
    s.clock.advance(60_000);
    expect(s.games.isClosed(await stored(s, 'room2'))).toBe(true);
    expect(code(await s.games.join('room2', as('Carol')))).toBe('room/closed');
    expect(code(await s.games.chat('room2', as('Alice', other.token), 'hello?'))).toBe('room/closed');
  });

  it('simple games - selectOne toggles a card and confirms all three on the third pick', async () => {
    const s = setup(SIMPLE_WS);
    const alice = value(await s.games.join('room', as('Alice')));
    const bob = value(await s.games.join('room', as('Bob')));
    const actor = as('Alice', alice.token);
    const [a, b, c, d] = handOf(alice.gameState) as [string, string, string, string];
    const own = (state: SimpleGameState) => state.players.find((p) => p.username === 'Alice');
    let state = s.games.viewOf(value(await s.games.selectOne('room', actor, a)).game, 'p1');
    expect(own(state)?.selecting).toEqual([a]);
    // Others do not see what Alice is picking.
    expect(own(await viewOf(s, 'room', as('Bob', bob.token)))?.selecting).toEqual([]);
    state = s.games.viewOf(value(await s.games.selectOne('room', actor, a)).game, 'p1');
    expect(own(state)?.selecting).toEqual([]);
    value(await s.games.selectOne('room', actor, b));
    value(await s.games.selectOne('room', actor, d));
    value(await s.games.selectOne('room', actor, d));
    expect(code(await s.games.selectOne('room', actor, 'c999'))).toBe('face_up/not_in_hand');
    value(await s.games.selectOne('room', actor, a));
    expect(own(await viewOf(s, 'room', actor))?.selectedFaceUp).toBe(false);
    state = s.games.viewOf(value(await s.games.selectOne('room', actor, c)).game, 'p1');
    expect(own(state)).toMatchObject({ selectedFaceUp: true, isReady: true, selecting: [] });
    expect(
      own(state)
        ?.faceUp.map((card) => card.id)
        .sort(),
    ).toEqual([a, b, c].sort());
    expect(state.mustSelectFaceUp).toBe(false);
    expect((await stored(s, 'room')).meta.selecting).toEqual({});
    expect(code(await s.games.selectOne('room', actor, d))).toBe('face_up/already_chosen');
  });

  it('simple games - selectFaceUp takes exactly 3 hand cards at once, and the choice is final', async () => {
    const s = setup();
    const { id, alice } = await pair(s);
    const hand = handOf(await viewOf(s, id, alice));
    expect(code(await s.games.selectFaceUp(id, alice, hand.slice(0, 2)))).toBe('face_up/count');
    expect(code(await s.games.selectFaceUp(id, alice, hand.slice(0, 4)))).toBe('face_up/count');
    expect(code(await s.games.selectFaceUp(id, alice, [hand[0] ?? '', hand[0] ?? '', hand[1] ?? '']))).toBe(
      'face_up/count',
    );
    value(await s.games.selectFaceUp(id, alice, hand.slice(0, 3)));
    expect(code(await s.games.selectFaceUp(id, alice, hand.slice(3, 6)))).toBe('face_up/already_chosen');
  });

  it('simple games - AI players join as "AI Player {n}" and the scheduler plays them to the end', async () => {
    const s = setup();
    const alice = value(await s.games.join(undefined, as('Alice')));
    const id = alice.gameId;
    const actor = as('Alice', alice.token);
    expect(code(await s.games.addAi(id, as('Alice')))).toBe('seat/not_yours');
    const first = value(await s.games.addAi(id, actor));
    expect(first.aiName).toBe('AI Player 1');
    expect(value(await s.games.addAi(id, actor)).aiName).toBe('AI Player 2');
    expect(s.scheduler.dueAt(id)).toBe(s.clock.now() + AI_DELAY_MS);
    // An AI seat has no token: nobody can act for it.
    expect(code(await s.games.chat(id, as('AI Player 1', alice.token), 'hi'))).toBe('seat/not_yours');
    value(await s.games.selectFaceUp(id, actor, handOf(alice.gameState).slice(0, 3)));
    expect((await viewOf(s, id, actor)).status).toBe('setup');
    await driveAi(s);
    await driveAi(s);
    let state = await viewOf(s, id, actor);
    expect(state.status).toBe('playing');
    let aiMoves = 0;
    for (let step = 0; step < 3_000 && state.status !== 'finished'; step++) {
      if (state.currentTurn === 'Alice') {
        const card = cheapest(state);
        value(card === null ? await s.games.pickUp(id, actor) : await s.games.play(id, actor, [card]));
      } else {
        const before = state.lastUpdate;
        await driveAi(s);
        if ((await viewOf(s, id, actor)).lastUpdate > before) aiMoves++;
      }
      state = await viewOf(s, id, actor);
    }
    expect(state.status).toBe('finished');
    expect(aiMoves).toBeGreaterThan(0);
    expect(state.standings?.map((p) => p.place)).toEqual([1, 2, 3]);
    expect(state.standings?.[0]?.username).toBe(state.winner);
    expect(systemLines(state).at(-1)).toBe(`Game over! ${state.winner} wins!`);
    expect(s.scheduler.dueAt(id)).toBeUndefined();
  });

  it('simple games - the status lines of docs/product.md §P2.4, word for word, and players’ chat lines', async () => {
    const s = setup();
    const { id, alice, bob } = await pair(s);
    value(await s.games.addAi(id, alice));
    await driveAi(s);
    value(await s.games.chat(id, bob, '  hello there  '));
    expect(code(await s.games.chat(id, bob, ' \n '))).toBe('chat/empty');
    expect(code(await s.games.chat(id, bob, 'x'.repeat(501)))).toBe('chat/too_long');
    for (const actor of [alice, bob]) {
      value(await s.games.selectFaceUp(id, actor, handOf(await viewOf(s, id, actor)).slice(0, 3)));
    }
    const state = await viewOf(s, id, alice);
    expect(systemLines(state)).toEqual([
      'Alice joined the game',
      'Game has started. Select 3 cards to place face-up.',
      'Bob joined the game',
      'AI Player 1 (AI) joined the game',
      'All players are ready. Game has started!',
      `It's ${state.currentTurn}'s turn`,
    ]);
    expect(state.chat.filter((line) => !line.isSystem)).toEqual([
      { sender: 'Bob', text: 'hello there', timestamp: s.clock.now(), isSystem: false },
    ]);
    expect(state.chat.filter((line) => line.isSystem).every((line) => line.sender === 'System')).toBe(true);
  });

  it('simple games - a turn passing writes "It\'s {player}\'s turn"', async () => {
    const s = setup();
    const { id, alice, bob } = await startPair(s);
    const state = await viewOf(s, id, alice);
    const mover = state.currentTurn === 'Alice' ? alice : bob;
    const view = await viewOf(s, id, mover);
    const card = cheapest(view);
    if (card === null) throw new Error('the first player can always play');
    const after = s.games.viewOf(value(await s.games.play(id, mover, [card])).game, null);
    expect(systemLines(after).at(-1)).toBe(`It's ${after.currentTurn}'s turn`);
  });

  it('simple games - leaving during setup frees the seat, and its token proves nothing any more', async () => {
    const s = setup(SIMPLE_WS);
    const alice = value(await s.games.join('room', as('Alice')));
    const bob = value(await s.games.join('room', as('Bob')));
    const bobActor = as('Bob', bob.token);
    value(await s.games.selectOne('room', bobActor, handOf(bob.gameState)[0] ?? ''));
    const left = value(await s.games.leave('room', bobActor));
    const outside = s.games.viewOf(left.game, left.seat);
    expect(outside.you).toBeNull();
    expect(outside.players.map((p) => p.username)).toEqual(['Alice']);
    expect(systemLines(outside).at(-1)).toBe('Bob left the game');
    expect(left.game.meta.keys).toEqual({ p1: `digest(${alice.token})` });
    expect(left.game.meta.selecting).toEqual({});
    expect(code(await s.games.chat('room', bobActor, 'still me'))).toBe('seat/not_yours');
    expect(code(await s.games.leave('room', bobActor))).toBe('seat/not_yours');
    expect(value(await s.games.view('room', bobActor)).you).toBeNull();
    // The name is free: a join with the old token is a new seat with a new token.
    const again = value(await s.games.join('room', bobActor));
    expect(again.isNew).toBe(true);
    expect(again.token).not.toBe(bob.token);
    expect(code(await s.games.chat('room', bobActor, 'old token'))).toBe('seat/not_yours');
  });

  it('simple games - leaving in play keeps the seat, and its token takes it back', async () => {
    const s = setup();
    const { id, bob } = await startPair(s);
    const left = s.games.viewOf(value(await s.games.leave(id, bob)).game, null);
    expect(left.players.find((p) => p.username === 'Bob')?.hasLeft).toBe(true);
    expect(systemLines(left).at(-1)).toBe('Bob left the game');
    expect(code(await s.games.join(id, as('Bob')))).toBe('username/taken');
    const back = value(await s.games.join(id, bob));
    expect(back.isNew).toBe(false);
    expect(back.gameState.players.find((p) => p.username === 'Bob')?.hasLeft).toBe(false);
  });

  it('simple games - a seated name must prove itself to view; no name or an unknown one sees a stranger’s view', async () => {
    const s: Setup = setup();
    const { id, alice } = await pair(s);
    expect(code(await s.games.view(id, as('Bob')))).toBe('seat/not_yours');
    expect(code(await s.games.view(id, as('Bob', alice.token)))).toBe('seat/not_yours');
    for (const viewer of [null, as(''), as('Zed'), as('Zed', alice.token)]) {
      const seen = value(await s.games.view(id, viewer));
      expect(seen.you).toBeNull();
      expect(seen.playableCards).toEqual([]);
      for (const player of seen.players) expect(player.hand.every((c) => 'hidden' in c)).toBe(true);
    }
    expect(code(await s.games.view('NOGAME', null))).toBe('game/not_found');
  });
});
