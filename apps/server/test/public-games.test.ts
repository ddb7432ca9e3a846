import type { PublicGameState } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { expectError, startServer, useServer } from './harness.js';
import { Browser, chooseFaceUp, moveIfDue, type Player, seatOf } from './public-client.js';

/** The public-games variant over HTTP: a whole game, spectators, identity, every refusal, restarts. */

/** Every string in a JSON value. */
function strings(json: unknown): string[] {
  if (typeof json === 'string') return [json];
  if (Array.isArray(json)) return json.flatMap(strings);
  if (json !== null && typeof json === 'object') return Object.values(json).flatMap(strings);
  return [];
}

/** Alice creates a public game in her browser and Bob joins it from his. */
async function alicePlusBob(base: string): Promise<{ gameId: string; alice: Player; bob: Player }> {
  const alice: Player = { browser: new Browser(base), username: 'Alice' };
  const bob: Player = { browser: new Browser(base), username: 'Bob' };
  const { gameId } = await alice.browser.entered({ username: 'Alice', visibility: 'public' });
  const joined = await bob.browser.entered({ username: 'Bob', gameId });
  expect(joined).toEqual({ gameId, asSpectator: false, username: 'Bob' });
  return { gameId, alice, bob };
}

/** Plays the humans' turns (the AI plays its own on the server) until the game is over. */
async function playToTheEnd(gameId: string, players: readonly Player[], watcher: Browser): Promise<PublicGameState> {
  for (let i = 0; i < 5000; i++) {
    const state = await watcher.state(gameId);
    if (state.status === 'finished') return state;
    if (!(await moveIfDue(gameId, players, state))) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('the game did not end');
}

describe('public games over HTTP', () => {
  const served = useServer();

  it('public games - a whole game: create, list, join, AI, start, face-up, play to a winner, with a spectator', async () => {
    const { server } = served();
    const { gameId, alice, bob } = await alicePlusBob(server.base);
    expect(gameId).toMatch(/^[0-9A-Z]{6}$/);

    // The seat cookie: HttpOnly, SameSite=Strict, scoped to the variant's API root, no token in any body.
    const [cookie] = alice.browser.setCookies;
    expect(cookie).toMatch(/^palace_seat_[0-9a-f]{20}=[^;]+;/);
    expect(cookie).toContain('Path=/api/palace/games;');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    const token = (cookie as string).split(';')[0]?.split('=')[1] as string;

    const listed = await new Browser(server.base).list();
    expect(listed.status).toBe(200);
    const entry = listed.body.games.find((g) => g.id === gameId);
    expect(entry).toMatchObject({ id: gameId, playerCount: 2, status: 'waiting', players: ['Alice', 'Bob'] });
    expect(entry?.createdAt).toBeTypeOf('number');

    const ai = await alice.browser.done(gameId, 'ai', { username: 'Alice' });
    expect(ai.message).toBe('AI Player 1 joined the game');
    expect(ai.gameState.chat.map((c) => c.text)).toEqual([
      'Alice joined the game',
      'Bob joined the game',
      'AI Player 1 (AI) joined the game',
    ]);

    const started = await bob.browser.done(gameId, 'start', { username: 'Bob' });
    expect(started.message).toBe('Game has started. Select 3 cards to place face-up.');
    expect(started.gameState.status).toBe('setup');
    expect(started.gameState.mustSelectFaceUp).toBe(true);
    expect(seatOf(started.gameState, 'Bob').hand).toHaveLength(6);

    // A latecomer watches: no own cards, nobody's private cards.
    const carol = new Browser(server.base);
    const watching = await carol.entered({ username: 'Carol', gameId: gameId.toLowerCase() });
    expect(watching).toEqual({ gameId, asSpectator: true, username: 'Carol' });
    const aliceCards = seatOf(await alice.browser.state(gameId, 'Alice'), 'Alice').hand.map((c) => c.id);
    const bobCards = seatOf(await bob.browser.state(gameId, 'Bob'), 'Bob').hand.map((c) => c.id);
    const seen = await carol.view(gameId, 'Carol');
    expect(seen.body.asSpectator).toBe(true);
    expect(seen.body.gameState.spectators).toEqual(['Carol']);
    expect(seen.body.gameState.you).toBeNull();
    const carolSees = new Set(strings(seen.body));
    for (const id of [...aliceCards, ...bobCards]) expect(carolSees.has(id)).toBe(false);
    for (const player of seen.body.gameState.players) {
      expect(player.hand.every((c) => 'hidden' in c && c.hidden)).toBe(true);
      expect(player.faceDown.every((c) => c.hidden)).toBe(true);
    }
    expect(seen.text).not.toContain(token);

    expect((await chooseFaceUp(gameId, alice)).message).toBe('Face-up cards chosen. Waiting for the other players.');
    await chooseFaceUp(gameId, bob);
    const playing = await carol.waitFor(gameId, 'Carol', (s) => s.status === 'playing');
    const lines = playing.chat.map((c) => c.text);
    const begun = lines.indexOf('All players are ready. Game has started!');
    expect(begun).toBeGreaterThanOrEqual(0);
    // The first turn is announced next (an AI moving first may already have added more lines).
    expect(lines[begun + 1]).toMatch(/^It's (Alice|Bob|AI Player 1)'s turn$/);
    if (lines.length === begun + 2) expect(lines[begun + 1]).toBe(`It's ${playing.currentTurn}'s turn`);
    expect(playing.players.every((p) => p.isReady && p.faceUp.length === 3)).toBe(true);

    const finished = await playToTheEnd(gameId, [alice, bob], carol);
    expect(finished.winner).toMatch(/^(Alice|Bob|AI Player 1)$/);
    expect(finished.chat.at(-1)).toMatchObject({ sender: 'System', text: `Game over! ${finished.winner} wins!` });
    expect(finished.standings?.[0]).toMatchObject({ username: finished.winner, place: 1, cardsLeft: 0 });
    expect(finished.players.map((p) => p.username)).toEqual(['Alice', 'Bob', 'AI Player 1']);
    expect((await alice.browser.list()).body.games.some((g) => g.id === gameId)).toBe(false);
  }, 30_000);

  it('public games - the pile comes top first and the answer of a play says what happened', async () => {
    const { server } = served();
    const { gameId, alice, bob } = await alicePlusBob(server.base);
    await alice.browser.done(gameId, 'start', { username: 'Alice' });
    await chooseFaceUp(gameId, alice);
    await chooseFaceUp(gameId, bob);
    let state = await alice.browser.state(gameId);
    const players = [alice, bob];
    const pileIds: string[] = [];
    // Play until two cards lie on the pile, remembering the order they went down.
    for (let i = 0; i < 50 && state.pileSize < 2; i++) {
      const mover = players.find((p) => p.username === state.currentTurn) as Player;
      const own = await mover.browser.state(gameId, mover.username);
      const [cardId] = own.playableCards;
      if (cardId === undefined) {
        await mover.browser.done(gameId, 'pickup', { username: mover.username });
        pileIds.length = 0;
      } else {
        const played = await mover.browser.done(gameId, 'play', { username: mover.username, cardIds: [cardId] });
        expect(played.message).toMatch(/^You played /);
        pileIds.push(cardId);
        if (played.gameState.pileSize === 0) pileIds.length = 0;
      }
      state = await alice.browser.state(gameId);
    }
    expect(state.pile.map((c) => c.id)).toEqual([...pileIds].reverse());
  });

  it('public games - refusals: status and exact text, and nothing changes', async () => {
    const { server } = served();
    const stranger = new Browser(server.base);
    expectError(await stranger.enter({ visibility: 'public' }), 400, 'Username is required');
    expectError(await stranger.enter({ username: '   ', visibility: 'public' }), 400, 'Username is required');
    expectError(
      await stranger.enter({ username: 'Al', visibility: 'public' }),
      400,
      'Username must be between 3 and 15 characters',
    );
    expectError(
      await stranger.enter({ username: 'A'.repeat(16), gameId: 'ABCDEF' }),
      400,
      'Username must be between 3 and 15 characters',
    );
    expectError(await stranger.enter({ username: 'Bob', gameId: '  ' }), 400, 'Game ID is required');
    expectError(await stranger.enter({ username: 'Bob', gameId: 'ZZZZZZ' }), 404, 'Game not found');
    expectError(await stranger.view('ZZZZZZ'), 404, 'Game not found');
    expectError(await stranger.act('ZZZZZZ', 'start', { username: 'Bob' }), 404, 'Game not found');
    // Schema violations are 400s with an { error } body, never a 500.
    expectError(await stranger.enter({ username: 5 }), 400);
    expectError(await stranger.enter({ username: 'Bob', visibility: 'secret' }), 400);
    expectError(await stranger.enter('{"username":'), 400, 'The request body is not valid JSON');

    const { gameId, alice, bob } = await alicePlusBob(server.base);
    expectError(
      await stranger.enter({ username: 'alice', gameId }),
      409,
      'That username is already taken in this game',
    );
    expectError(await stranger.view(gameId, 'Alice'), 403, 'You are not playing as that user in this game');
    expectError(
      await stranger.act(gameId, 'ai', { username: 'Alice' }),
      403,
      'You are not playing as that user in this game',
    );
    // Bob's cookie proves Bob, not Alice.
    expectError(await bob.browser.act(gameId, 'start', { username: 'Alice' }), 403);
    expectError(await alice.browser.act(gameId, 'start', {}), 400, 'Username is required');
    expectError(await alice.browser.act(gameId, 'play', { username: 'Alice', cardIds: [{}] }), 400);
    expectError(await alice.browser.act(gameId, 'play', { username: 'Alice', cardIds: { first: 'c1' } }), 400);
    expectError(await alice.browser.act(gameId, 'ready', { username: 'Alice' }), 400, 'selectedCards is required');
    expectError(
      await alice.browser.act(gameId, 'chat', { username: 'Alice', message: '  ' }),
      400,
      'Message cannot be empty',
    );
    expectError(
      await alice.browser.act(gameId, 'chat', { username: 'Alice', message: 'x'.repeat(501) }),
      400,
      'Message must be at most 500 characters',
    );
    expectError(
      await alice.browser.act(gameId, 'ready', { username: 'Alice', selectedCards: ['c1', 'c2', 'c3'] }),
      409,
      'Face-up cards cannot be chosen now',
    );

    await alice.browser.done(gameId, 'leave', { username: 'Alice' });
    expectError(
      await bob.browser.act(gameId, 'start', { username: 'Bob' }),
      409,
      'At least 2 players are needed to start',
    );
    const carol: Player = { browser: new Browser(server.base), username: 'Carol' };
    await carol.browser.entered({ username: 'Carol', gameId });
    const started = await carol.browser.done(gameId, 'start', { username: 'Carol' });
    expect(started.gameState.players.map((p) => p.username)).toEqual(['Bob', 'Carol']);

    const hand = seatOf(await bob.browser.state(gameId, 'Bob'), 'Bob').hand.map((c) => c.id);
    expectError(
      await bob.browser.act(gameId, 'ready', { username: 'Bob', selectedCards: hand.slice(0, 2) }),
      400,
      'You must select exactly 3 cards',
    );
    expectError(
      await bob.browser.act(gameId, 'ready', { username: 'Bob', selectedCards: [hand[0], hand[1], 'nope'] }),
      400,
      'Choose your face-up cards from your hand',
    );

    const dan = new Browser(server.base);
    expect((await dan.entered({ username: 'Dan', gameId })).asSpectator).toBe(true);
    for (const [action, body] of [
      ['ai', {}],
      ['start', {}],
      ['pickup', {}],
      ['play', { cardIds: ['c1'] }],
      ['ready', { selectedCards: ['c1', 'c2', 'c3'] }],
    ] as const) {
      expectError(await dan.act(gameId, action, { username: 'Dan', ...body }), 403, 'Spectators cannot play');
    }
    // Spectators may chat.
    const chatted = await dan.done(gameId, 'chat', { username: 'Dan', message: 'Good luck!' });
    expect(chatted.gameState.chat.at(-1)).toMatchObject({ sender: 'Dan', text: 'Good luck!', isSystem: false });

    await chooseFaceUp(gameId, { browser: bob.browser, username: 'Bob' });
    await chooseFaceUp(gameId, carol);
    const state = await bob.browser.state(gameId, 'Bob');
    expect(state.status).toBe('playing');
    const waiter = state.currentTurn === 'Bob' ? carol : { browser: bob.browser, username: 'Bob' };
    const mover = state.currentTurn === 'Bob' ? { browser: bob.browser, username: 'Bob' } : carol;
    expectError(
      await waiter.browser.act(gameId, 'pickup', { username: waiter.username }),
      409,
      'Wait for your turn to play',
    );
    expectError(
      await mover.browser.act(gameId, 'pickup', { username: mover.username }),
      400,
      'There are no cards to pick up',
    );
    expectError(
      await mover.browser.act(gameId, 'play', { username: mover.username, cardIds: [] }),
      400,
      'Please select a card to play',
    );
    expectError(
      await mover.browser.act(gameId, 'ai', { username: mover.username }),
      409,
      'The game has already started',
    );
    // Nothing above changed the game.
    expect((await bob.browser.state(gameId, 'Bob')).lastUpdate).toBe(state.lastUpdate);
  });

  it('public games - leaving a waiting game frees the seat; the cookie proves nothing afterwards; the name can join again', async () => {
    const { server } = served();
    const { gameId, alice, bob } = await alicePlusBob(server.base);
    const left = await bob.browser.done(gameId, 'leave', { username: 'Bob' });
    expect(left.message).toBe('You left the game');
    expect(left.gameState.players.map((p) => p.username)).toEqual(['Alice']);
    expect(left.gameState.chat.at(-1)?.text).toBe('Bob left the game');
    expectError(await bob.browser.act(gameId, 'ai', { username: 'Bob' }), 403);
    // The name is free again: anyone may take it.
    const eve = new Browser(server.base);
    expect(await eve.entered({ username: 'bob', gameId })).toEqual({ gameId, asSpectator: false, username: 'bob' });
    expect((await alice.browser.state(gameId, 'Alice')).players.map((p) => p.username)).toEqual(['Alice', 'bob']);
  });

  it('public games - resume: joining again with the seat cookie takes the held seat back; without it the name is taken', async () => {
    const { server } = served();
    const { gameId, bob } = await alicePlusBob(server.base);
    // The cookie is scoped to /api/palace/games, so the browser sends it with the spec's join call.
    expect(await bob.browser.entered({ username: 'Bob', gameId: gameId.toLowerCase() })).toEqual({
      gameId,
      asSpectator: false,
      username: 'Bob',
    });
    expect((await bob.browser.state(gameId, 'Bob')).players).toHaveLength(2);
    expectError(
      await new Browser(server.base).enter({ username: 'Bob', gameId }),
      409,
      'That username is already taken in this game',
    );
    // A private game is not listed but can be joined by id.
    const dave = new Browser(server.base);
    const hidden = await dave.entered({ username: 'Dave', visibility: 'private' });
    expect((await dave.list()).body.games.some((g) => g.id === hidden.gameId)).toBe(false);
    expect((await bob.browser.entered({ username: 'Bob', gameId: hidden.gameId })).asSpectator).toBe(false);
  });

  it('public games - the OpenAPI document lists the routes under the Public games tag', async () => {
    const { c } = served();
    const docs = await c.get<{ paths: Record<string, Record<string, { tags?: string[] }>> }>('/api/docs/json');
    expect(docs.status).toBe(200);
    for (const path of ['/api/palace/games', '/api/palace/games/{id}', '/api/palace/games/{id}/ready']) {
      const operations = Object.values(docs.body.paths[path] ?? {});
      expect(operations.length, path).toBeGreaterThan(0);
      for (const op of operations) expect(op.tags).toEqual(['Public games']);
    }
  });
});

describe('public games across a restart', () => {
  it('public games - a game continues on a new server opened on the same data file: cookies still good, the AI re-armed', async () => {
    // A slow AI on the first server, so its turn is still pending when the server closes.
    const first = await startServer({ aiDelayMs: 1500 });
    const players: Player[] = [];
    let gameId = '';
    let before: PublicGameState;
    try {
      const seated = await alicePlusBob(first.base);
      gameId = seated.gameId;
      players.push(seated.alice, seated.bob);
      const { alice } = seated;
      await alice.browser.done(gameId, 'ai', { username: 'Alice' });
      await alice.browser.done(gameId, 'start', { username: 'Alice' });
      await chooseFaceUp(gameId, seated.alice);
      await chooseFaceUp(gameId, seated.bob);
      await alice.browser.done(gameId, 'chat', { username: 'Alice', message: 'see you after the restart' });
      // The humans play until the AI is to move.
      let state = await alice.browser.waitFor(gameId, 'Alice', (s) => s.status === 'playing', 10_000);
      for (let i = 0; i < 200 && state.currentTurn !== 'AI Player 1'; i++) {
        if (!(await moveIfDue(gameId, players, state))) await new Promise((resolve) => setTimeout(resolve, 20));
        state = await alice.browser.state(gameId, 'Alice');
        expect(state.status).toBe('playing');
      }
      expect(state.currentTurn).toBe('AI Player 1');
      before = state;
    } finally {
      // Stops the server (and its AI timer); its data file stays for the second server.
      await first.app.close();
    }
    const second = await startServer({ dataFile: first.dataFile });
    try {
      for (const player of players) player.browser.base = second.base;
      const alice = players[0] as Player;
      const after = await alice.browser.state(gameId, 'Alice');
      if (after.lastUpdate === before.lastUpdate) {
        expect(after).toEqual(before);
      } else {
        // The AI's turn is re-armed for the time stored with it: when the restart took longer than
        // its delay (a busy machine), it has already moved. Nothing before it was lost.
        expect(after.lastUpdate).toBeGreaterThan(before.lastUpdate);
        expect(after.chat.slice(0, before.chat.length)).toEqual(before.chat);
        expect(after.players.map((p) => p.username)).toEqual(before.players.map((p) => p.username));
      }
      expect(after.chat.map((c) => c.text)).toContain('see you after the restart');
      // The AI's pending turn was re-armed from storage: it moves on the new server.
      const moved = await alice.browser.waitFor(gameId, 'Alice', (s) => s.lastUpdate > before.lastUpdate, 10_000);
      // A play grows the pile or burns it; a pick-up empties it. (Not the chat: an AI that burns
      // keeps its turn, and a kept turn writes no status line.)
      expect([moved.pileSize, moved.burnedCount]).not.toEqual([before.pileSize, before.burnedCount]);
      // The old cookies still prove both seats.
      for (const player of players) {
        const view = await player.browser.view(gameId, player.username);
        expect(view.status).toBe(200);
        expect(view.body.asSpectator).toBe(false);
        expect(view.body.gameState.you).toBe(player.username);
      }
      const mine = await alice.browser.done(gameId, 'chat', { username: 'Alice', message: 'still here' });
      expect(mine.gameState.chat.at(-1)?.text).toBe('still here');
    } finally {
      await second.close();
      await first.close();
    }
  }, 30_000);
});
