import { REST_AI_DELAY_MS } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { aiToMove, card, code, pair, playingPair, rig, settle, setup, value, versionOf } from './rest-support.js';

/** RestGames: the game status, play and pick-up refusals, and lastAction after every kind of move. */
describe('RestGames', () => {
  it('rest games - status follows the phase: waiting, then playing, then finished with the winner', async () => {
    const s = setup();
    const { id, alice, bob } = await pair(s);
    expect(value(await s.rest.view(id, alice)).status).toBe('waiting');
    value(await s.rest.ready(id, alice));
    expect(value(await s.rest.start(id, alice)).status).toBe('playing');
    await rig(s, id, { seats: [{ hand: [card('last', 9)], faceDown: [] }, {}], turn: 0 });
    const won = value(await s.rest.play(id, alice, ['last']));
    expect(won).toMatchObject({ status: 'finished', winner: alice, winnerName: 'Alice', currentTurn: null });
    expect(value(await s.rest.view(id, bob))).toMatchObject({ status: 'finished', winner: 'p1', winnerName: 'Alice' });
    expect(value(await s.rest.view(id, undefined)).winner).toBe('p1');
    expect(code(await s.rest.pickUp(id, bob))).toBe('game/over');
  });

  it('rest games - play and pick-up refusals carry the engine codes and write nothing', async () => {
    const s = setup();
    const { id, alice, bob } = await pair(s);
    expect(code(await s.rest.play(id, alice, ['blind-0']))).toBe('game/not_playing');
    expect(code(await s.rest.pickUp(id, alice))).toBe('game/not_playing');
    value(await s.rest.ready(id, alice));
    value(await s.rest.start(id, alice));
    await rig(s, id, {
      seats: [
        { hand: [card('h4', 4), card('h5', 5), card('h6', 6)], faceUp: [card('u9', 9)] },
        { hand: [card('b8', 8)] },
      ],
      deck: [card('d1', 12)],
      turn: 0,
    });
    const version = await versionOf(s, id);
    expect(code(await s.rest.play(id, bob, ['b8']))).toBe('turn/not_your_turn');
    expect(code(await s.rest.pickUp(id, bob))).toBe('turn/not_your_turn');
    expect(code(await s.rest.pickUp(id, alice))).toBe('pick_up/empty');
    expect(code(await s.rest.play(id, alice, []))).toBe('play/empty');
    expect(code(await s.rest.play(id, alice, ['nope']))).toBe('play/unknown_card');
    expect(code(await s.rest.play(id, alice, ['b8']))).toBe('play/unknown_card');
    expect(code(await s.rest.play(id, alice, ['h4', 'h4']))).toBe('play/duplicate_card');
    expect(code(await s.rest.play(id, alice, ['h4', 'h5']))).toBe('play/mixed_ranks');
    expect(code(await s.rest.play(id, alice, ['u9']))).toBe('play/hand_first');
    expect(code(await s.rest.play(id, alice, ['blind-0']))).toBe('play/face_up_first');
    expect(await versionOf(s, id)).toBe(version);

    await rig(s, id, { seats: [{ hand: [card('h4', 4)] }, {}], pile: [card('pa', 14)], deck: [card('d1', 12)] });
    expect(code(await s.rest.play(id, alice, ['h4']))).toBe('play/too_low');
  });

  it('rest games - lastAction after a play names the cards; a 10 in classic burns', async () => {
    const s = setup();
    const { id, alice, bob } = await pair(s);
    value(await s.rest.ready(id, alice));
    value(await s.rest.start(id, alice));
    await rig(s, id, {
      seats: [{ hand: [card('ten', 10), card('six', 6, 'clubs'), card('k', 13)] }, { hand: [card('b3', 3)] }],
      pile: [card('p9', 9, 'spades')],
      deck: [card('d1', 12), card('d2', 12)],
      turn: 0,
    });
    s.clock.advance(1000);
    const burned = value(await s.rest.play(id, alice, ['ten']));
    expect(burned.lastAction).toEqual({
      player: alice,
      playerName: 'Alice',
      action: 'play',
      cards: [{ id: 'ten', value: '10', suit: '♥', color: 'red' }],
      burned: true,
      timestamp: s.clock.now(),
    });
    expect(burned.pileCount).toBe(0);
    // A burn gives the same player another turn.
    expect(burned.currentTurn).toBe(alice);
    expect(value(await s.rest.view(id, bob)).lastAction?.player).toBe('p1');
    expect(value(await s.rest.view(id, undefined)).lastAction?.player).toBe('p1');

    const plain = value(await s.rest.play(id, alice, ['six']));
    expect(plain.lastAction).toMatchObject({
      action: 'play',
      cards: [{ id: 'six', value: '6', suit: '♣', color: 'black' }],
      burned: false,
    });
    expect(plain.currentTurn).toBe('p2');
  });

  it('rest games - four of a kind burns too', async () => {
    const s = setup();
    const { id, alice } = await playingPair(s);
    await rig(s, id, {
      seats: [{ hand: [card('5s', 5, 'spades'), card('k', 13)] }, { hand: [card('b3', 3)] }],
      pile: [card('5h', 5), card('5d', 5, 'diamonds'), card('5c', 5, 'clubs')],
      deck: [card('d1', 12)],
    });
    const state = value(await s.rest.play(id, alice, ['5s']));
    expect(state.lastAction).toMatchObject({ action: 'play', burned: true });
    expect(state.pileCount).toBe(0);
  });

  it('rest games - lastAction after a pick-up is a pickup with no cards', async () => {
    const s = setup();
    const { id, alice, bob } = await playingPair(s);
    await rig(s, id, {
      seats: [{ hand: [card('h3', 3)] }, { hand: [card('b3', 3)] }],
      pile: [card('pa', 14), card('pk', 13)],
      turn: 0,
    });
    s.clock.advance(10);
    const state = value(await s.rest.pickUp(id, alice));
    expect(state.lastAction).toEqual({
      player: alice,
      playerName: 'Alice',
      action: 'pickup',
      cards: [],
      burned: false,
      timestamp: s.clock.now(),
    });
    expect(state.players[0]?.handCount).toBe(3);
    expect(state.pileCount).toBe(0);
    expect(state.currentTurn).toBe('p2');
    expect(value(await s.rest.view(id, bob)).currentTurn).toBe(bob);
  });

  it('rest games - lastAction after a failed blind flip is a pickup showing the flipped card', async () => {
    const s = setup();
    const { id, alice } = await playingPair(s);
    await rig(s, id, {
      seats: [{ faceDown: [card('fd3', 3, 'clubs'), card('fdk', 13), card('fdq', 12)] }, { hand: [card('b3', 3)] }],
      pile: [card('pa', 14, 'spades')],
      turn: 0,
    });
    const before = value(await s.rest.view(id, alice));
    expect(before.playableCards).toEqual(['blind-0', 'blind-1', 'blind-2']);
    const state = value(await s.rest.play(id, alice, ['blind-0']));
    expect(state.lastAction).toMatchObject({
      player: alice,
      action: 'pickup',
      cards: [{ id: 'fd3', value: '3', suit: '♣', color: 'black' }],
      burned: false,
    });
    const own = state.players[0];
    // The flipped card and the whole pile go into the hand.
    expect(own?.handCount).toBe(2);
    expect(own?.hand).toEqual(
      expect.arrayContaining([
        { id: 'pa', value: 'A', suit: '♠', color: 'black' },
        { id: 'fd3', value: '3', suit: '♣', color: 'black' },
      ]),
    );
    expect(own?.faceDown).toEqual([
      { id: 'blind-0', hidden: true },
      { id: 'blind-1', hidden: true },
    ]);
    expect(state.currentTurn).toBe('p2');
  });

  it('rest games - lastAction after a successful blind flip is a play of that card', async () => {
    const s = setup();
    const { id, alice } = await playingPair(s);
    await rig(s, id, {
      seats: [{ faceDown: [card('fdk', 13, 'diamonds'), card('fdq', 12)] }, { hand: [card('b3', 3)] }],
      pile: [card('p5', 5)],
      turn: 0,
    });
    const state = value(await s.rest.play(id, alice, ['blind-0']));
    expect(state.lastAction).toMatchObject({
      action: 'play',
      cards: [{ id: 'fdk', value: 'K', suit: '♦', color: 'red' }],
      burned: false,
    });
  });

  it('rest games - lastAction follows an AI move driven by the scheduler; polls see it', async () => {
    const s = setup();
    const { id, alice, state } = await aiToMove(s);
    expect(state.currentTurn).toBe('p2');
    const version = state.lastUpdate;
    expect(s.scheduler.dueAt(id)).toBe(s.clock.now() + REST_AI_DELAY_MS);
    s.clock.advance(REST_AI_DELAY_MS - 1);
    expect(s.scheduler.runDue()).toBe(0);
    await settle();
    expect(await s.rest.poll(id, alice, version)).toEqual({ ok: true, value: null });
    s.clock.advance(1);
    expect(s.scheduler.runDue()).toBe(1);
    await settle();
    const polled = value(await s.rest.poll(id, alice, version));
    expect(polled?.lastUpdate).toBe(version + 1);
    const last = polled?.gameState.lastAction;
    expect(last).toMatchObject({ player: 'p2', playerName: 'AI Player 1', timestamp: s.clock.now() });
    expect(['play', 'pickup']).toContain(last?.action);
    if (last?.action === 'play') expect(last.cards.length).toBeGreaterThan(0);
  });
});
