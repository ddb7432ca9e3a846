import { describe, expect, it } from 'vitest';
import { expectError, own, seatNamed, twoPlayers, unknownCredential, useServer } from './harness.js';

/** Refusals over HTTP: 404, 403, 409 and 400, each changing nothing; and lower-case game ids. */

const NO_GAME = 'NOGAME';

describe('rest games over HTTP', () => {
  const served = useServer();

  it('rest games - an unknown game answers 404 for GET, poll, join and every action', async () => {
    const { c } = served();
    const someone = unknownCredential();
    for (const id of [NO_GAME, NO_GAME.toLowerCase()]) {
      expectError(await c.view(id), 404, 'Game not found');
      expectError(await c.view(id, someone), 404, 'Game not found');
      expectError(await c.poll(id, someone, 0), 404, 'Game not found');
      expectError(await c.join(id, { playerName: 'Carol' }), 404, 'Game not found');
      expectError(await c.join(id, { playerName: 'Carol', playerId: someone }), 404, 'Game not found');
      for (const action of ['ready', 'start', 'ai', 'pickup', 'hint']) {
        expectError(await c.act(id, action, { playerId: someone }), 404, 'Game not found');
      }
      expectError(await c.act(id, 'play', { playerId: someone, cardId: 'c1' }), 404, 'Game not found');
      expectError(await c.act(id, 'chat', { playerId: someone, message: 'hi' }), 404, 'Game not found');
    }
  });

  it('rest games - an unknown playerId or a public seat id is refused with 403 and changes nothing', async () => {
    const { c } = served();
    const waiting = await twoPlayers(c);
    const playing = await twoPlayers(c, { start: true });
    for (const { gameId, alice, bob } of [waiting, playing]) {
      const before = await c.state(gameId);
      const alicesView = await c.state(gameId, alice.playerId);
      const bobsView = await c.state(gameId, bob.playerId);
      const bobPublic = seatNamed(alicesView, 'Bob').id;
      const alicePublic = seatNamed(bobsView, 'Alice').id;
      expect(bobPublic).not.toBe(bob.playerId);
      expect(alicePublic).not.toBe(alice.playerId);
      for (const playerId of [unknownCredential(), bobPublic, alicePublic]) {
        const forbidden = 'You are not a player in this game';
        expectError(await c.view(gameId, playerId), 403, forbidden);
        expectError(await c.poll(gameId, playerId, 0), 403, forbidden);
        expectError(await c.poll(gameId, playerId, before.lastUpdate), 403, forbidden);
        expectError(await c.join(gameId, { playerName: 'Mallory', playerId }), 403, forbidden);
        for (const action of ['ready', 'start', 'ai', 'pickup', 'hint']) {
          expectError(await c.act(gameId, action, { playerId }), 403, forbidden);
        }
        // A card Bob really holds once the game is dealt.
        const bobsHand = own(bobsView, bob.playerId).hand;
        const cardId = Array.isArray(bobsHand) && bobsHand[0] !== undefined ? bobsHand[0].id : 'c1';
        expectError(await c.act(gameId, 'play', { playerId, cardId }), 403, forbidden);
        expectError(await c.act(gameId, 'chat', { playerId, message: 'I am Bob' }), 403, forbidden);
      }
      const after = await c.state(gameId);
      expect(after.lastUpdate).toBe(before.lastUpdate);
      expect(after).toEqual(before);
      expect(await c.state(gameId, alice.playerId)).toEqual(alicesView);
    }
  });

  it('rest games - 409 for not your turn, start when not ready, join after start and join a full game', async () => {
    const { c } = served();
    // Not your turn: the player who is not current may neither play nor pick up.
    const { gameId, alice, bob } = await twoPlayers(c, { start: true });
    const state = await c.state(gameId);
    const waiter = (await c.state(gameId, alice.playerId)).currentTurn === alice.playerId ? bob : alice;
    const waiterView = await c.state(gameId, waiter.playerId);
    expect(waiterView.currentTurn).not.toBe(waiter.playerId);
    expect(waiterView.playableCards).toEqual([]);
    const hand = own(waiterView, waiter.playerId).hand;
    if (!Array.isArray(hand) || hand[0] === undefined) throw new Error('own hand should be cards');
    const notYourTurn = 'Wait for your turn to play';
    expectError(await c.act(gameId, 'play', { playerId: waiter.playerId, cardId: hand[0].id }), 409, notYourTurn);
    expectError(await c.act(gameId, 'pickup', { playerId: waiter.playerId }), 409, notYourTurn);
    // Two people at the table: no hints for either (docs/product.md §D14 hint), 403.
    const noHints = 'Hints are offered only in unrated games against the computer with nothing at stake';
    for (const who of [alice, bob]) expectError(await c.act(gameId, 'hint', { playerId: who.playerId }), 403, noHints);
    // After the start: no joining, no ready, no AI.
    expectError(await c.join(gameId, { playerName: 'Carol' }), 409, 'The game has already started');
    expectError(await c.act(gameId, 'ready', { playerId: alice.playerId }), 409, 'The game has already started');
    expectError(await c.act(gameId, 'ai', { playerId: alice.playerId }), 409);
    expectError(await c.act(gameId, 'start', { playerId: alice.playerId }), 409);
    expect((await c.state(gameId)).lastUpdate).toBe(state.lastUpdate);

    // Start when not ready, with two players and alone (no AI is seated by a refused start).
    const waiting = await twoPlayers(c);
    const notReady = 'You must be ready to start the game';
    expectError(await c.act(waiting.gameId, 'start', { playerId: waiting.bob.playerId }), 409, notReady);
    await c.done(waiting.gameId, 'ready', { playerId: waiting.alice.playerId });
    expectError(await c.act(waiting.gameId, 'start', { playerId: waiting.bob.playerId }), 409, notReady);
    expect((await c.state(waiting.gameId)).status).toBe('waiting');
    const lone = await c.seated(c.create({ playerName: 'Lone' }));
    expectError(await c.act(lone.gameId, 'start', { playerId: lone.playerId }), 409, notReady);
    const loneState = await c.state(lone.gameId);
    expect(loneState.players).toHaveLength(1);
    expect(loneState.lastUpdate).toBe(lone.gameState.lastUpdate);

    // A full game.
    const small = await c.seated(c.create({ playerName: 'Host', maxPlayers: 2 }));
    await c.seated(c.join(small.gameId, { playerName: 'Guest' }));
    const full = await c.state(small.gameId);
    expectError(await c.join(small.gameId, { playerName: 'Carol' }), 409, 'This game is full');
    expectError(await c.act(small.gameId, 'ai', { playerId: small.playerId }), 409, 'This game is full');
    expect(await c.state(small.gameId)).toEqual(full);
  });

  it('rest games - bad input is refused with 400 and changes nothing', async () => {
    const { server, c } = served();
    // Creating.
    expectError(await c.create({}), 400, 'playerName is required');
    expectError(await c.create({ playerName: '' }), 400, 'Player name is required');
    expectError(await c.create({ playerName: '   ' }), 400, 'Player name is required');
    expectError(await c.create({ playerName: 'x'.repeat(21) }), 400, 'Player name must be at most 20 characters');
    expectError(await c.create({ playerName: 'Ann', variant: 'poker' }), 400);
    expectError(await c.create({ playerName: 'Ann', maxPlayers: 7 }), 400);
    expectError(await c.create({ playerName: 'Ann', maxPlayers: 1 }), 400);
    expectError(await c.create({ playerName: 'Ann', maxPlayers: 2.5 }), 400);
    expectError(await c.post('/api/rest-games', '{"playerName":'), 400, 'The request body is not valid JSON');
    const plain = await fetch(`${server.base}/api/rest-games`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'Ann',
    });
    const plainBody = (await plain.json()) as unknown;
    expect(plain.status).toBeGreaterThanOrEqual(400);
    expect(plain.status).toBeLessThan(500);
    expect(Object.keys(plainBody as object)).toEqual(['error']);

    // Joining and acting.
    const { gameId, alice, bob } = await twoPlayers(c, { start: true, variant: 'easy' });
    const before = await c.state(gameId);
    expectError(await c.join(gameId, { playerName: '  ' }), 400, 'Player name is required');
    expectError(await c.join(gameId, {}), 400, 'Player name is required');
    expectError(await c.post(`/api/rest-games/${gameId}/join`, '{'), 400, 'The request body is not valid JSON');
    expectError(await c.act(gameId, 'ready', {}), 400, 'playerId is required');
    expectError(await c.act(gameId, 'hint', {}), 400, 'playerId is required');
    expectError(await c.post(`/api/rest-games/${gameId}/play`, 'not json'), 400, 'The request body is not valid JSON');
    expectError(await c.get(`/api/rest-games/${gameId}/poll?playerId=${alice.playerId}&lastUpdate=abc`), 400);

    const current = before.currentTurn === seatNamed(before, 'Alice').id ? alice : bob;
    expectError(await c.act(gameId, 'play', { playerId: current.playerId }), 400, 'Please select a card to play');
    expectError(await c.act(gameId, 'play', { playerId: current.playerId, cardIds: [] }), 400);
    expectError(
      await c.act(gameId, 'play', { playerId: current.playerId, cardId: 'no-such-card' }),
      400,
      'Card not found',
    );
    // The pile is empty at the start: nothing to pick up.
    expectError(await c.act(gameId, 'pickup', { playerId: current.playerId }), 400, 'There are no cards to pick up');

    expectError(await c.act(gameId, 'chat', { playerId: alice.playerId, message: '' }), 400, 'Message cannot be empty');
    expectError(
      await c.act(gameId, 'chat', { playerId: alice.playerId, message: ' \n\t ' }),
      400,
      'Message cannot be empty',
    );
    expectError(
      await c.act(gameId, 'chat', { playerId: alice.playerId, message: 'x'.repeat(501) }),
      400,
      'Message must be at most 500 characters',
    );
    expectError(await c.act(gameId, 'chat', { playerId: alice.playerId }), 400, 'message is required');
    expect(await c.state(gameId)).toEqual(before);

    // The limit itself is allowed.
    const longest = await c.done(gameId, 'chat', { playerId: alice.playerId, message: 'y'.repeat(500) });
    expect(longest.chatMessages.at(-1)?.text).toBe('y'.repeat(500));
  });

  it('rest games - lower-case game ids are accepted and created ids are six upper-case characters', async () => {
    const { c } = served();
    const alice = await c.seated(c.create({ playerName: 'Alice' }));
    expect(alice.gameId).toMatch(/^[A-Z0-9]{6}$/);
    expect(alice.gameState.id).toBe(alice.gameId);
    const lower = alice.gameId.toLowerCase();
    const bob = await c.seated(c.join(lower, { playerName: 'Bob' }));
    expect(bob.gameId).toBe(alice.gameId);
    expect(bob.gameState.players.map((p) => p.name)).toEqual(['Alice', 'Bob']);
    const viewed = await c.state(lower, bob.playerId);
    expect(viewed.id).toBe(alice.gameId);
    const polled = await c.poll(lower, alice.playerId, 0);
    expect(polled.status).toBe(200);
    expect(polled.body?.gameState.id).toBe(alice.gameId);
    const ready = await c.done(lower, 'ready', { playerId: alice.playerId });
    expect(own(ready, alice.playerId).isReady).toBe(true);
    const more = await c.seated(c.create({ playerName: 'Carol' }));
    expect(more.gameId).toMatch(/^[A-Z0-9]{6}$/);
    expect(more.gameId).not.toBe(alice.gameId);
  });
});
