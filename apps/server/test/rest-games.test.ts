import { randomBytes } from 'node:crypto';
import type { RestGameState, RestLobby, RestPlayer, RestSeated } from '@palace/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, Client, cardsInPlay, sleep, startServer, type TestServer } from './harness.js';

/** A refusal: exactly `{ error: string }` as JSON with the given status (and message, when given). */
function expectError(got: Answer, status: number, message?: string): void {
  expect(got.status, `${got.status} ${got.text}`).toBe(status);
  expect(got.headers.get('content-type') ?? '').toContain('application/json');
  expect(got.body).toBeTypeOf('object');
  expect(Object.keys(got.body as object)).toEqual(['error']);
  const { error } = got.body as { error: unknown };
  expect(error).toBeTypeOf('string');
  expect((error as string).length).toBeGreaterThan(0);
  if (message !== undefined) expect(error).toBe(message);
}

/** The viewer's own seat: the one carrying the viewer's credential. */
function own(state: RestGameState, playerId: string): RestPlayer {
  const seat = state.players.find((p) => p.id === playerId);
  if (seat === undefined) throw new Error('the viewer has no seat carrying its credential');
  return seat;
}

/** Another player's seat, found by name (its `id` is the public seat id). */
function seatNamed(state: RestGameState, name: string): RestPlayer {
  const seat = state.players.find((p) => p.name === name);
  if (seat === undefined) throw new Error(`no seat named ${name}`);
  return seat;
}

const ORDER: Record<string, number> = { J: 11, Q: 12, K: 13, A: 14, '2': 15, '10': 16 };

/** The lowest playable card of the viewer (2s and 10s kept for last, face-down cards have no value). */
function lowestPlayable(state: RestGameState, playerId: string): string | undefined {
  const seat = own(state, playerId);
  const hand = Array.isArray(seat.hand) ? seat.hand : [];
  const known = new Map([...hand, ...seat.faceUp].map((c) => [c.id, ORDER[c.value] ?? Number(c.value)]));
  return [...state.playableCards].sort((a, b) => (known.get(a) ?? 99) - (known.get(b) ?? 99))[0];
}

const NO_GAME = 'NOGAME';
const unknownCredential = (): string => randomBytes(24).toString('base64url');

describe('rest games over HTTP', () => {
  let server: TestServer;
  let c: Client;

  beforeAll(async () => {
    server = await startServer();
    c = new Client(server.base);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Alice creates, Bob joins; with `start` both say ready and Alice starts. */
  async function twoPlayers(
    options: { readonly start?: boolean; readonly variant?: string } = {},
  ): Promise<{ gameId: string; alice: RestSeated; bob: RestSeated }> {
    const alice = await c.seated(c.create({ playerName: 'Alice', variant: options.variant ?? 'classic' }));
    const bob = await c.seated(c.join(alice.gameId, { playerName: 'Bob' }));
    if (options.start === true) {
      await c.done(alice.gameId, 'ready', { playerId: alice.playerId });
      await c.done(alice.gameId, 'ready', { playerId: bob.playerId });
      const started = await c.done(alice.gameId, 'start', { playerId: alice.playerId });
      expect(started.status).toBe('playing');
    }
    return { gameId: alice.gameId, alice, bob };
  }

  it('rest games - a full game from create to winner through HTTP only', async () => {
    const alice = await c.seated(c.create({ playerName: 'Alice', variant: 'classic' }));
    const { gameId } = alice;
    const bob = await c.seated(c.join(gameId, { playerName: 'Bob' }));
    const withAi = await c.done(gameId, 'ai', { playerId: alice.playerId });
    expect(withAi.players.map((p) => [p.name, p.isAI])).toEqual([
      ['Alice', false],
      ['Bob', false],
      ['AI Player 1', true],
    ]);
    await c.done(gameId, 'ready', { playerId: alice.playerId });
    await c.done(gameId, 'ready', { playerId: bob.playerId });
    const started = await c.done(gameId, 'start', { playerId: bob.playerId });
    expect(started.status).toBe('playing');
    // One 52-card deck for three players: 3 face-down, 3 face-up and 3 in hand each, the rest in the deck.
    expect(cardsInPlay(started)).toBe(52);
    expect(started.deckCount).toBe(52 - 27);

    const humans = [alice, bob];
    const credentials = humans.map((h) => h.playerId);
    let total = 52;
    let finished: RestGameState | null = null;
    let finishedFor: RestSeated | null = null;
    const humanMoves = new Map<string, number>();
    const actors = new Set<string>();
    for (let i = 0; i < 3000 && finished === null; i++) {
      let acted = false;
      for (const human of humans) {
        const state = await c.state(gameId, human.playerId);
        const count = cardsInPlay(state);
        expect(count).toBeLessThanOrEqual(total);
        total = count;
        if (state.lastAction !== null) actors.add(state.lastAction.playerName);
        if (state.status === 'finished') {
          finished = state;
          finishedFor = human;
          break;
        }
        expect(state.status).toBe('playing');
        if (state.currentTurn !== human.playerId) continue;
        const cardId = lowestPlayable(state, human.playerId);
        let after: RestGameState;
        if (cardId !== undefined) {
          after = await c.done(gameId, 'play', { playerId: human.playerId, cardId });
          expect(after.lastAction?.player).toBe(human.playerId);
        } else {
          // No legal play: the only way on is to pick the pile up.
          expect(state.canPickUp).toBe(true);
          after = await c.done(gameId, 'pickup', { playerId: human.playerId });
          expect(after.lastAction).toMatchObject({ player: human.playerId, action: 'pickup' });
        }
        expect(after.lastUpdate).toBeGreaterThan(state.lastUpdate);
        expect(cardsInPlay(after)).toBeLessThanOrEqual(total);
        total = cardsInPlay(after);
        humanMoves.set(human.playerId, (humanMoves.get(human.playerId) ?? 0) + 1);
        acted = true;
      }
      // The AI's turn: it acts after 5 ms.
      if (!acted && finished === null) await sleep(5);
    }

    if (finished === null || finishedFor === null) throw new Error('the game did not finish within 3000 rounds');
    expect(humanMoves.get(alice.playerId) ?? 0).toBeGreaterThan(0);
    expect(humanMoves.get(bob.playerId) ?? 0).toBeGreaterThan(0);
    expect(actors).toContain('AI Player 1');
    expect(total).toBeLessThanOrEqual(52);

    // Every viewer sees the same winner: their own credential if they won, else a public seat id.
    const stranger = await c.state(gameId);
    expect(stranger.status).toBe('finished');
    expect(stranger.winner).not.toBeNull();
    expect(stranger.winnerName).not.toBeNull();
    const winnerSeat = stranger.players.find((p) => p.id === stranger.winner);
    expect(winnerSeat?.name).toBe(stranger.winnerName);
    expect(credentials).not.toContain(stranger.winner);
    // The winner has no cards left (or, at the move cap, the fewest).
    const left = (p: RestPlayer): number => p.handCount + p.faceUp.length + p.faceDownCount;
    expect(left(winnerSeat as RestPlayer)).toBe(Math.min(...stranger.players.map(left)));
    for (const human of humans) {
      const view = await c.state(gameId, human.playerId);
      expect(view.status).toBe('finished');
      expect(view.winnerName).toBe(stranger.winnerName);
      if (stranger.winnerName === own(view, human.playerId).name) {
        expect(view.winner).toBe(human.playerId);
      } else {
        expect(credentials).not.toContain(view.winner);
        expect(view.players.map((p) => p.id)).toContain(view.winner);
        expect(seatNamed(view, stranger.winnerName as string).id).toBe(view.winner);
      }
      expect(view.currentTurn).toBeNull();
      // The game is over: nobody plays any more.
      expectError(await c.act(gameId, 'pickup', { playerId: human.playerId }), 409);
    }
    expect(finished.status).toBe('finished');
    expect(finished.winner === finishedFor.playerId || !credentials.includes(finished.winner as string)).toBe(true);
  }, 60_000);

  it('rest games - an unknown game answers 404 for GET, poll, join and every action', async () => {
    const someone = unknownCredential();
    for (const id of [NO_GAME, NO_GAME.toLowerCase()]) {
      expectError(await c.view(id), 404, 'Game not found');
      expectError(await c.view(id, someone), 404, 'Game not found');
      expectError(await c.poll(id, someone, 0), 404, 'Game not found');
      expectError(await c.join(id, { playerName: 'Carol' }), 404, 'Game not found');
      expectError(await c.join(id, { playerName: 'Carol', playerId: someone }), 404, 'Game not found');
      for (const action of ['ready', 'start', 'ai', 'pickup']) {
        expectError(await c.act(id, action, { playerId: someone }), 404, 'Game not found');
      }
      expectError(await c.act(id, 'play', { playerId: someone, cardId: 'c1' }), 404, 'Game not found');
      expectError(await c.act(id, 'chat', { playerId: someone, message: 'hi' }), 404, 'Game not found');
    }
  });

  it('rest games - an unknown playerId or a public seat id is refused with 403 and changes nothing', async () => {
    const waiting = await twoPlayers();
    const playing = await twoPlayers({ start: true });
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
        for (const action of ['ready', 'start', 'ai', 'pickup']) {
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
    // Not your turn: the player who is not current may neither play nor pick up.
    const { gameId, alice, bob } = await twoPlayers({ start: true });
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
    // After the start: no joining, no ready, no AI.
    expectError(await c.join(gameId, { playerName: 'Carol' }), 409, 'The game has already started');
    expectError(await c.act(gameId, 'ready', { playerId: alice.playerId }), 409, 'The game has already started');
    expectError(await c.act(gameId, 'ai', { playerId: alice.playerId }), 409);
    expectError(await c.act(gameId, 'start', { playerId: alice.playerId }), 409);
    expect((await c.state(gameId)).lastUpdate).toBe(state.lastUpdate);

    // Start when not ready, with two players and alone (no AI is seated by a refused start).
    const waiting = await twoPlayers();
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
    const { gameId, alice, bob } = await twoPlayers({ start: true, variant: 'easy' });
    const before = await c.state(gameId);
    expectError(await c.join(gameId, { playerName: '  ' }), 400, 'Player name is required');
    expectError(await c.join(gameId, {}), 400, 'Player name is required');
    expectError(await c.post(`/api/rest-games/${gameId}/join`, '{'), 400, 'The request body is not valid JSON');
    expectError(await c.act(gameId, 'ready', {}), 400, 'playerId is required');
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

  it('rest games - poll answers 200 with the state, then 304 until something changes', async () => {
    const alice = await c.seated(c.create({ playerName: 'Alice' }));
    const { gameId } = alice;
    const first = await c.poll(gameId, alice.playerId, 0);
    expect(first.status).toBe(200);
    if (first.body === undefined) throw new Error('no body');
    expect(Object.keys(first.body).sort()).toEqual(['gameState', 'lastUpdate']);
    expect(first.body.lastUpdate).toBe(first.body.gameState.lastUpdate);
    expect(first.body.lastUpdate).toBe(alice.gameState.lastUpdate);
    const seen = first.body.lastUpdate;

    const unchanged = await c.poll(gameId, alice.playerId, seen);
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');
    // No body announced either (a stray "null" payload would promise bytes that never come).
    expect(['0', null]).toContain(unchanged.headers.get('content-length'));
    // The idle poll is answered before the framework; the same poll with a field the route ignores
    // goes through Fastify and must answer alike.
    expect(unchanged.headers.get('keep-alive')).toMatch(/timeout=72/);
    const viaFramework = await c.get(
      `/api/rest-games/${gameId}/poll?playerId=${encodeURIComponent(alice.playerId)}&lastUpdate=${seen}&x=1`,
    );
    expect([viaFramework.status, viaFramework.text]).toEqual([304, '']);
    // A stranger's poll works the same way.
    expect((await c.poll(gameId, undefined, seen)).status).toBe(304);
    expect((await c.poll(gameId, undefined, 0)).status).toBe(200);

    const bob = await c.seated(c.join(gameId, { playerName: 'Bob' }));
    const afterJoin = await c.poll(gameId, alice.playerId, seen);
    expect(afterJoin.status).toBe(200);
    expect(afterJoin.body?.lastUpdate).toBeGreaterThan(seen);
    expect(afterJoin.body?.gameState.players.map((p) => p.name)).toEqual(['Alice', 'Bob']);
    const joined = afterJoin.body?.lastUpdate ?? Number.NaN;
    expect((await c.poll(gameId, alice.playerId, joined)).status).toBe(304);
    expect((await c.poll(gameId, bob.playerId, joined)).status).toBe(304);

    await c.done(gameId, 'chat', { playerId: bob.playerId, message: 'hello' });
    const afterChat = await c.poll(gameId, alice.playerId, joined);
    expect(afterChat.status).toBe(200);
    expect(afterChat.body?.lastUpdate).toBeGreaterThan(joined);
    expect(afterChat.body?.gameState.chatMessages.map((m) => m.text)).toEqual(['hello']);
    const chatted = afterChat.body?.lastUpdate ?? Number.NaN;
    expect((await c.poll(gameId, alice.playerId, chatted)).status).toBe(304);

    // A public seat id is refused even when nothing changed (and when something did).
    const bobPublic = seatNamed(afterChat.body?.gameState as RestGameState, 'Bob').id;
    expectError(await c.poll(gameId, bobPublic, chatted), 403, 'You are not a player in this game');
    expectError(await c.poll(gameId, bobPublic, 0), 403, 'You are not a player in this game');
    expectError(await c.poll(gameId, unknownCredential(), chatted), 403, 'You are not a player in this game');
  });

  it('rest games - resume with the playerId gives back the same seat', async () => {
    const { gameId, alice, bob } = await twoPlayers();
    const before = await c.state(gameId);
    const resumed = await c.seated(
      c.join(gameId.toLowerCase(), { playerName: 'Someone Else', playerId: bob.playerId }),
    );
    expect(resumed.gameId).toBe(gameId);
    expect(resumed.playerId).toBe(bob.playerId);
    expect(resumed.gameState.players).toHaveLength(2);
    expect(own(resumed.gameState, bob.playerId).name).toBe('Bob');
    expect(resumed.gameState.players.map((p) => p.name)).toEqual(['Alice', 'Bob']);
    expect(await c.state(gameId)).toEqual(before);
    // Resume also works once the game is under way.
    await c.done(gameId, 'ready', { playerId: alice.playerId });
    await c.done(gameId, 'start', { playerId: alice.playerId });
    const again = await c.seated(c.join(gameId, { playerId: alice.playerId }));
    expect(again.playerId).toBe(alice.playerId);
    expect(again.gameState.status).toBe('playing');
    expect(Array.isArray(own(again.gameState, alice.playerId).hand)).toBe(true);
    // An unknown credential resumes nothing.
    expectError(
      await c.join(gameId, { playerName: 'Bob', playerId: unknownCredential() }),
      403,
      'You are not a player in this game',
    );
  });

  it('rest games - hidden cards and credentials never reach another viewer', async () => {
    const { gameId, alice, bob } = await twoPlayers({ start: true });
    const mine = await c.state(gameId, alice.playerId);
    const theirs = await c.state(gameId, bob.playerId);
    const stranger = await c.state(gameId);

    const me = own(mine, alice.playerId);
    expect(Array.isArray(me.hand)).toBe(true);
    for (const card of me.hand as unknown[]) {
      expect(Object.keys(card as object).sort()).toEqual(['color', 'id', 'suit', 'value']);
    }
    expect(me.faceUp).toHaveLength(3);
    expect(me.faceDown).toHaveLength(3);
    for (const card of me.faceDown as unknown[]) {
      expect(Object.keys(card as object).sort()).toEqual(['hidden', 'id']);
      expect(card).toMatchObject({ id: expect.stringMatching(/^blind-\d+$/), hidden: true });
    }
    const other = seatNamed(mine, 'Bob');
    expect(other.hand).toBe(3);
    expect(other.faceDown).toBe(3);
    expect(other.handCount).toBe(3);
    expect(other.faceUp).toHaveLength(3);
    expect(mine.deck).toHaveLength(mine.deckCount);
    expect(mine.deckCount).toBeGreaterThan(0);
    for (const card of mine.deck) {
      expect(Object.keys(card).sort()).toEqual(['hidden', 'id']);
      expect(card.hidden).toBe(true);
    }

    for (const p of stranger.players) {
      expect(typeof p.hand).toBe('number');
      expect(typeof p.faceDown).toBe('number');
    }
    const strangerJson = JSON.stringify(stranger);
    expect(strangerJson).not.toContain(alice.playerId);
    expect(strangerJson).not.toContain(bob.playerId);
    expect(JSON.stringify(theirs)).not.toContain(alice.playerId);
    expect(JSON.stringify(mine)).not.toContain(bob.playerId);
    // Nobody else's hand cards show up in a view: Bob's hand ids are not in Alice's view.
    const bobsHand = own(theirs, bob.playerId).hand;
    if (!Array.isArray(bobsHand)) throw new Error('own hand should be cards');
    const mineJson = JSON.stringify(mine);
    for (const card of bobsHand) expect(mineJson).not.toContain(`"${card.id}"`);
  });

  it('rest games - a lone ready player who starts gets an AI opponent first', async () => {
    const lone = await c.seated(c.create({ playerName: 'Solo' }));
    await c.done(lone.gameId, 'ready', { playerId: lone.playerId });
    const started = await c.done(lone.gameId, 'start', { playerId: lone.playerId });
    expect(started.status).toBe('playing');
    expect(started.players).toHaveLength(2);
    expect(started.players[1]).toMatchObject({ name: 'AI Player 1', isAI: true, isReady: true });
    expect(started.currentTurn).not.toBeNull();
    expect(started.players.map((p) => p.id)).toContain(started.currentTurn);
  });

  it('rest games - chat keeps trimmed messages with sender, name, emoji flag and time', async () => {
    const { gameId, alice, bob } = await twoPlayers();
    const start = Date.now();
    await c.done(gameId, 'chat', { playerId: alice.playerId, message: '  hello there  ', isEmoji: true });
    await c.done(gameId, 'chat', { playerId: bob.playerId, message: ':fire:' });
    await c.done(gameId, 'chat', { playerId: alice.playerId, message: ' ok ', isEmoji: false });
    const mine = await c.state(gameId, alice.playerId);
    const theirs = await c.state(gameId, bob.playerId);
    const alicePublic = seatNamed(theirs, 'Alice').id;
    const bobPublic = seatNamed(mine, 'Bob').id;

    expect(mine.chatMessages.map((m) => [m.sender, m.senderName, m.text, m.isEmoji])).toEqual([
      [alice.playerId, 'Alice', 'hello there', false],
      [bobPublic, 'Bob', ':fire:', true],
      [alice.playerId, 'Alice', 'ok', true],
    ]);
    expect(theirs.chatMessages.map((m) => [m.sender, m.senderName, m.text, m.isEmoji])).toEqual([
      [alicePublic, 'Alice', 'hello there', false],
      [bob.playerId, 'Bob', ':fire:', true],
      [alicePublic, 'Alice', 'ok', true],
    ]);
    const ids = mine.chatMessages.map((m) => m.id);
    expect(new Set(ids).size).toBe(3);
    expect(theirs.chatMessages.map((m) => m.id)).toEqual(ids);
    for (const message of mine.chatMessages) {
      expect(Object.keys(message).sort()).toEqual(['id', 'isEmoji', 'sender', 'senderName', 'text', 'timestamp']);
      expect(Number.isInteger(message.timestamp)).toBe(true);
      expect(message.timestamp).toBeGreaterThanOrEqual(start - 1000);
      expect(message.timestamp).toBeLessThanOrEqual(Date.now() + 1000);
    }
    const stranger = JSON.stringify(await c.state(gameId));
    expect(stranger).not.toContain(alice.playerId);
    expect(stranger).not.toContain(bob.playerId);
  });

  it('rest games - two concurrent plays on one game: exactly one is accepted', async () => {
    // Easy rules: only a 10 gives another turn, and it is never raced here.
    const { gameId, alice, bob } = await twoPlayers({ start: true, variant: 'easy' });
    let races = 0;
    for (let round = 0; round < 40 && races < 6; round++) {
      const stranger = await c.state(gameId);
      if (stranger.status !== 'playing') break;
      let player: RestSeated | undefined;
      for (const candidate of [alice, bob]) {
        const view = await c.state(gameId, candidate.playerId);
        if (view.currentTurn === candidate.playerId) player = candidate;
      }
      if (player === undefined) throw new Error('no human has the turn');
      const before = await c.state(gameId, player.playerId);
      const seat = own(before, player.playerId);
      const hand = Array.isArray(seat.hand) ? seat.hand : [];
      const values = new Map([...hand, ...seat.faceUp].map((card) => [card.id, card.value]));
      const candidates = before.playableCards.filter((id) => values.has(id) && values.get(id) !== '10');
      if (candidates.length === 0) {
        // Nothing to race with: move on.
        if (before.playableCards.length > 0) {
          await c.done(gameId, 'play', { playerId: player.playerId, cardId: before.playableCards[0] });
        } else {
          await c.done(gameId, 'pickup', { playerId: player.playerId });
        }
        continue;
      }
      const first = candidates[0] as string;
      const second = candidates.find((id) => values.get(id) !== values.get(first)) ?? candidates[1] ?? first;
      // Each card twice, all at once: one request wins, every other one is refused.
      const tried = [first, second, first, second];
      const answers = await Promise.all(
        tried.map((cardId) => c.act(gameId, 'play', { playerId: player.playerId, cardId })),
      );
      const won = answers.flatMap((got, n) => (got.status === 200 ? [n] : []));
      expect(won).toHaveLength(1);
      for (const got of answers) {
        if (got.status === 200) continue;
        expectError(got, got.status);
        expect([400, 409]).toContain(got.status);
      }
      const accepted = tried[won[0] as number];

      const after = await c.state(gameId, player.playerId);
      expect(after.lastUpdate).toBe(before.lastUpdate + 1);
      expect(after.pileCount).toBe(before.pileCount + 1);
      expect(after.pile.at(-1)?.id).toBe(accepted);
      expect(after.lastAction?.cards.map((card) => card.id)).toEqual([accepted]);
      expect(cardsInPlay(after)).toBe(cardsInPlay(before));
      expect(after.currentTurn).not.toBe(player.playerId);
      races++;
    }
    expect(races).toBeGreaterThanOrEqual(3);
  });
});

describe('rest games lobby', () => {
  let server: TestServer;
  let c: Client;

  beforeAll(async () => {
    server = await startServer();
    c = new Client(server.base);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('rest games - the lobby lists public waiting games (full ones too) without credentials', async () => {
    const open = await c.seated(c.create({ playerName: 'Olive', variant: 'wild' }));
    await sleep(3);
    const hidden = await c.seated(c.create({ playerName: 'Priv', isPublic: false }));
    await sleep(3);
    const started = await c.seated(c.create({ playerName: 'Stan' }));
    await sleep(3);
    const small = await c.seated(c.create({ playerName: 'Host', maxPlayers: 2, isPublic: true }));
    const guest = await c.seated(c.join(small.gameId, { playerName: 'Guest' }));
    const withAi = await c.done(open.gameId, 'ai', { playerId: open.playerId });
    const starter = await c.seated(c.join(started.gameId, { playerName: 'Sue' }));

    const listed = await c.get<RestLobby>('/api/rest-games/lobby');
    expect(listed.status).toBe(200);
    const lobby = listed.body;
    expect(lobby.map((g) => g.id)).toEqual([small.gameId, started.gameId, open.gameId]);
    expect(lobby.map((g) => g.id)).not.toContain(hidden.gameId);

    const entry = lobby.find((g) => g.id === open.gameId);
    expect(entry).toMatchObject({ id: open.gameId, playerCount: 2, maxPlayers: 4, hostName: 'Olive' });
    expect(Number.isInteger(entry?.createdAt)).toBe(true);
    expect(Math.abs((entry?.createdAt ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(entry?.createdAt).toBe(open.gameState.createdAt);
    const openSeats = (await c.state(open.gameId)).players;
    expect(entry?.players).toEqual([
      { id: openSeats[0]?.id, name: 'Olive', isAI: false, isReady: false },
      { id: seatNamed(withAi, 'AI Player 1').id, name: 'AI Player 1', isAI: true, isReady: true },
    ]);
    expect(entry?.players[0]?.id).not.toBe(open.playerId);
    for (const game of lobby) {
      for (const p of game.players) expect(Object.keys(p).sort()).toEqual(['id', 'isAI', 'isReady', 'name']);
    }
    const json = JSON.stringify(lobby);
    for (const credential of [open.playerId, hidden.playerId, started.playerId, small.playerId, guest.playerId]) {
      expect(json).not.toContain(credential);
    }
    expect(json).not.toContain(starter.playerId);

    // "Game Full" is the client's business: the full game is listed, and joining it is refused.
    const full = lobby.find((g) => g.id === small.gameId);
    expect(full).toMatchObject({ playerCount: 2, maxPlayers: 2, hostName: 'Host' });
    expectError(await c.join(small.gameId, { playerName: 'Late' }), 409, 'This game is full');

    // A started game leaves the lobby.
    await c.done(started.gameId, 'ready', { playerId: starter.playerId });
    await c.done(started.gameId, 'start', { playerId: starter.playerId });
    const later = await c.get<RestLobby>('/api/rest-games/lobby');
    expect(later.body.map((g) => g.id)).toEqual([small.gameId, open.gameId]);
  });
});

describe('server basics', () => {
  const INDEX = '<!doctype html><html><body><div id="root">palace test page</div></body></html>';
  let web: TestServer;
  let bare: TestServer;

  beforeAll(async () => {
    web = await startServer({ indexHtml: INDEX });
    bare = await startServer();
  });
  afterAll(async () => {
    await web?.close();
    await bare?.close();
  });

  it('server - healthz, the OpenAPI document and Swagger UI answer', async () => {
    const c = new Client(web.base);
    const health = await c.get('/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });

    const doc = await c.get<{ openapi: string; paths: Record<string, unknown> }>('/api/docs/json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/rest-games',
        '/api/rest-games/{gameId}/poll',
        '/api/rest-games/lobby',
        '/api/rest-games/{gameId}',
        '/api/rest-games/{gameId}/play',
      ]),
    );

    const ui = await fetch(`${web.base}/api/docs`);
    expect(ui.status).toBe(200);
    expect(ui.headers.get('content-type') ?? '').toContain('text/html');
    expect(await ui.text()).toMatch(/swagger/i);
  });

  it('server - unknown API paths answer 404 JSON and page routes fall back to index.html', async () => {
    const c = new Client(web.base);
    const unknown = await c.get('/api/unknown');
    expectError(unknown, 404);
    expectError(await c.get('/api/unknown', { accept: 'text/html' }), 404);
    expectError(await c.post('/api/nothing/here', {}), 404);

    for (const path of ['/', '/rest-poker/ABC123', '/lobby']) {
      const page = await fetch(`${web.base}${path}`, { headers: { accept: 'text/html' } });
      expect(page.status, path).toBe(200);
      expect(page.headers.get('content-type') ?? '').toContain('text/html');
      expect(await page.text()).toBe(INDEX);
    }

    // Without a web build there is no page to fall back to.
    const bareClient = new Client(bare.base);
    expectError(await bareClient.get('/', { accept: 'text/html' }), 404);
    expectError(await bareClient.get('/api/unknown'), 404);
  });
});
