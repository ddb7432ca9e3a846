import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Card, GameState } from '@palace/core';
import type { EasyAiAnswer, EasyGameState, EasyPlayAnswer, EasyStartAnswer } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { BASE, EasyClient, lowestPlayable, ok, playToEnd, rigState } from './easy-client.js';
import { Client, expectError, startServer, unknownCredential, useServer } from './harness.js';

/** The easy variant over HTTP: whole games, two humans, every refusal, and a restart. */

const FORBIDDEN = 'You are not a player in this game';
const NOT_FOUND = 'Game not found';

/** Every string in a JSON value. */
function strings(json: unknown): string[] {
  if (typeof json === 'string') return [json];
  if (Array.isArray(json)) return json.flatMap(strings);
  if (json !== null && typeof json === 'object') return Object.values(json).flatMap(strings);
  return [];
}

/** Creates a game for Alice, adds an AI and starts it. */
async function aliceAgainstAi(ez: EasyClient) {
  const alice = ok(await ez.create('Alice'));
  const ai = ok(await ez.act<EasyAiAnswer>(alice.gameId, 'ai', { playerId: alice.playerId }));
  expect(ai.aiName).toBe('AI Player 1');
  const started = ok(await ez.act<EasyStartAnswer>(alice.gameId, 'start', { playerId: alice.playerId }));
  return { gameId: alice.gameId, me: alice.playerId, started };
}

describe('easy games over HTTP', () => {
  const served = useServer();

  it('easy games - a human plays an AI to the end, with the hints and client-triggered AI moves', async () => {
    const ez = new EasyClient(served().c);
    const { gameId, me, started } = await aliceAgainstAi(ez);
    expect(gameId).toMatch(/^[A-Z0-9]{6}$/);
    expect(started.gameState.status).toBe('playing');
    expect(started.gameState.currentTurnPlayerName).toBe(started.firstPlayer);
    expect(['Alice', 'AI Player 1']).toContain(started.firstPlayer);
    expect(started.gameState.currentTurn).toBe(started.firstPlayer === 'Alice' ? me : 'p2');

    const { final, ending, aiMoves, humanMoves } = await playToEnd(ez, gameId, [me]);
    expect(aiMoves).toBeGreaterThan(0);
    expect(humanMoves).toBeGreaterThan(0);
    expect(final.status).toBe('finished');
    // A pick-up that reaches the move cap ends the game without a play's answer (ending null).
    if (ending !== null) expect(final.winnerName).toBe(ending.winner);
    expect(final.winner).toBe(final.winnerName === 'Alice' ? me : 'p2');
    expect(final.currentTurn).toBeNull();
    expect(final.standings.map((p) => [p.place, p.name])).toEqual([
      [1, final.winnerName],
      [2, final.winnerName === 'Alice' ? 'AI Player 1' : 'Alice'],
    ]);
    // Lowest-card play against the AI usually ends with a player out; a long game of pick-ups can reach
    // the move cap instead (core's MOVE_CAP), where the order is by cards left and the leader still holds
    // some (a CI run met one). Both are real endings, each checked by its own rule.
    expect(['out', 'moveCap']).toContain(final.endReason);
    const held = (name: string | undefined) => {
      const p = final.players.find((q) => q.name === name);
      return (p?.handCount ?? 0) + (p?.faceUp.length ?? 0) + (p?.faceDownCount ?? 0);
    };
    if (final.endReason === 'out') {
      expect(final.standings[0]?.cardsLeft).toBe(0);
      expect(final.standings[1]?.cardsLeft).toBeGreaterThan(0);
    } else {
      expect(final.standings[0]?.cardsLeft).toBe(held(final.standings[0]?.name));
      expect(final.standings[0]?.cardsLeft ?? 0).toBeLessThanOrEqual(final.standings[1]?.cardsLeft ?? 0);
    }
    expect(final.standings[1]?.cardsLeft).toBe(held(final.standings[1]?.name));
    // Polling the finished game still works; moves are refused.
    expectError(await ez.act(gameId, 'pickup', { playerId: me }), 409, 'This game has already ended');
    expectError(await ez.aiMove(gameId), 409, 'This game has already ended');
    const stranger = await ez.state(gameId);
    expect(stranger.standings.map((p) => p.id)).toEqual(final.standings.map((p) => (p.id === me ? 'p1' : p.id)));
  });

  it('easy games - two humans join (lower-case id), see each other by public ids only, and play to the end', async () => {
    const ez = new EasyClient(served().c);
    const alice = ok(await ez.create(' Alice '));
    const bob = ok(await ez.join(alice.gameId.toLowerCase(), 'Bob'));
    expect(bob.gameId).toBe(alice.gameId);
    expect(bob.playerId).not.toBe(alice.playerId);
    const { gameId } = alice;
    const started = ok(await ez.act<EasyStartAnswer>(gameId, 'start', { playerId: bob.playerId }));
    const alices = await ez.state(gameId, alice.playerId);
    const bobs = await ez.state(gameId, bob.playerId);
    expect(alices.players.map((p) => [p.id, p.name])).toEqual([
      [alice.playerId, 'Alice'],
      ['p2', 'Bob'],
    ]);
    expect(bobs.players.map((p) => p.id)).toEqual(['p1', bob.playerId]);
    expect(strings(alices)).not.toContain(bob.playerId);
    expect(strings(bobs)).not.toContain(alice.playerId);
    const stranger = await ez.state(gameId);
    expect(strings(stranger).filter((t) => t === alice.playerId || t === bob.playerId)).toEqual([]);
    expect(stranger.playableCards).toEqual([]);
    // Each sees their own hand; the other's only as masked cards whose ids say nothing.
    const bobsHand = bobs.players[1]?.hand ?? [];
    expect(bobsHand.every((c) => 'value' in c)).toBe(true);
    const bobsIds = new Set(bobsHand.map((c) => c.id));
    expect(alices.players[1]?.hand.every((c) => 'hidden' in c && !bobsIds.has(c.id))).toBe(true);
    for (const p of [...alices.players, ...bobs.players]) {
      expect(p.faceDown).toEqual([0, 1, 2].map((n) => ({ id: `blind-${n}`, hidden: true })));
    }
    const first = started.firstPlayer === 'Alice' ? alice.playerId : bob.playerId;
    expect((await ez.state(gameId, first)).currentTurn).toBe(first);

    const { final } = await playToEnd(ez, gameId, [alice.playerId, bob.playerId]);
    expect(final.standings.map((p) => p.place)).toEqual([1, 2]);
    expect(final.standings.map((p) => p.name).sort()).toEqual(['Alice', 'Bob']);
    expect(final.winner).toBe(final.winnerName === 'Alice' ? alice.playerId : 'p2');
  });

  it('easy games - an unknown game answers 404 on every route, lower-case ids included', async () => {
    const ez = new EasyClient(served().c);
    const someone = unknownCredential();
    for (const id of ['NOGAME', 'nogame']) {
      expectError(await ez.view(id), 404, NOT_FOUND);
      expectError(await ez.view(id, someone), 404, NOT_FOUND);
      expectError(await ez.join(id, 'Carol'), 404, NOT_FOUND);
      for (const action of ['pickup', 'ai', 'start']) {
        expectError(await ez.act(id, action, { playerId: someone }), 404, NOT_FOUND);
      }
      expectError(await ez.act(id, 'play', { playerId: someone, cardId: 'c1', source: 'hand' }), 404, NOT_FOUND);
      expectError(await ez.aiMove(id), 404, NOT_FOUND);
    }
  });

  it('easy games - names, bodies and ids are checked: 400 with a clear text', async () => {
    const ez = new EasyClient(served().c);
    expectError(await ez.create('   '), 400, 'Player name is required');
    expectError(await ez.create('x'.repeat(21)), 400, 'Player name must be at most 20 characters');
    expectError(await ez.c.post(BASE, {}), 400, 'playerName is required');
    expectError(await ez.c.post(BASE, '{"playerName":'), 400, 'The request body is not valid JSON');
    const { gameId, playerId } = ok(await ez.create('Alice'));
    expectError(await ez.join(gameId, ''), 400, 'Player name is required');
    expectError(await ez.join(gameId, 'y'.repeat(21)), 400, 'Player name must be at most 20 characters');
    expectError(await ez.act(gameId, 'start', {}), 400, 'playerId is required');
    expectError(await ez.act(gameId, 'play', { playerId, cardId: 'c1' }), 400, 'source is required');
    expectError(await ez.act(gameId, 'play', { playerId, source: 'hand' }), 400, 'cardId is required');
    const badSource = await ez.act(gameId, 'play', { playerId, cardId: 'c1', source: 'deck' });
    expectError(badSource, 400);
    expect((badSource.body as { error: string }).error).toMatch(/^source /);
  });

  it('easy games - an unknown playerId or a public seat id is refused with 403 and changes nothing', async () => {
    const ez = new EasyClient(served().c);
    const { gameId, me } = await aliceAgainstAi(ez);
    const before = await ez.state(gameId, me);
    for (const playerId of [unknownCredential(), 'p1', 'p2']) {
      expectError(await ez.view(gameId, playerId), 403, FORBIDDEN);
      for (const action of ['pickup', 'ai', 'start'])
        expectError(await ez.act(gameId, action, { playerId }), 403, FORBIDDEN);
      expectError(await ez.act(gameId, 'play', { playerId, cardId: 'blind-0', source: 'faceDown' }), 403, FORBIDDEN);
    }
    expect(await ez.state(gameId, me)).toEqual(before);
  });

  it('easy games - waiting, full and started games refuse with 409 and the engine texts', async () => {
    const ez = new EasyClient(served().c);
    const alice = ok(await ez.create('Alice'));
    const { gameId, playerId } = alice;
    expectError(await ez.act(gameId, 'start', { playerId }), 409, 'At least 2 players are needed to start');
    expectError(await ez.aiMove(gameId), 409, 'The game is not in progress');
    expectError(await ez.aiMove(gameId, 'empty-json'), 409, 'The game is not in progress');
    expectError(await ez.act(gameId, 'pickup', { playerId }), 409, 'The game is not in progress');
    ok(await ez.join(gameId, 'Bob'));
    ok(await ez.act(gameId, 'ai', { playerId }));
    ok(await ez.join(gameId, 'Carol'));
    expectError(await ez.join(gameId, 'Dave'), 409, 'This game is full');
    expectError(await ez.act(gameId, 'ai', { playerId }), 409, 'This game is full');

    const other = ok(await ez.create('Erin'));
    ok(await ez.join(other.gameId, 'Frank'));
    ok(await ez.act(other.gameId, 'start', { playerId: other.playerId }));
    expectError(await ez.join(other.gameId, 'Grace'), 409, 'The game has already started');
    expectError(await ez.act(other.gameId, 'ai', { playerId: other.playerId }), 409, 'The game has already started');
    expectError(await ez.act(other.gameId, 'start', { playerId: other.playerId }), 409, 'The game has already started');
  });

  it("easy games - play refusals: not your turn, the source order, a wrong source; ai-move on a human's turn", async () => {
    const { c, server } = served();
    const ez = new EasyClient(c);
    const { gameId, me } = await aliceAgainstAi(ez);
    const card = (id: string, rank: Card['rank']): Card => ({ id, rank, suit: 'spades' });
    const table = (alice: Partial<GameState['seats'][number]>) => (state: GameState) => ({
      ...state,
      seats: state.seats.map((seat, n) => (n === 0 ? { ...seat, ...alice } : seat)),
      pile: [],
      turn: 0,
    });
    await rigState(server, gameId, table({ hand: [card('h4', 4)], faceUp: [card('u9', 9)] }));
    expectError(await ez.aiMove(gameId), 409, "It is not an AI player's turn");
    expectError(await ez.aiMove(gameId, 'empty-json'), 409, "It is not an AI player's turn");
    const play = (cardId: string, source: string) => ez.act(gameId, 'play', { playerId: me, cardId, source });
    expectError(await play('u9', 'faceUp'), 400, 'You must play all cards from your hand first');
    // The text follows the row tried (docs/product.md §P2.5): the face-down row waits for hand and face-up.
    expectError(await play('blind-0', 'faceDown'), 400, 'You must play all cards from your hand and face-up first');
    expectError(await play('h4', 'faceUp'), 400, 'That card is not in the place you are playing it from');
    expectError(await play('nope', 'hand'), 400, 'Card not found');
    expectError(await ez.act(gameId, 'pickup', { playerId: me }), 400, 'There are no cards to pick up');

    await rigState(server, gameId, table({ hand: [], faceUp: [card('u9', 9)] }));
    expectError(await play('blind-0', 'faceDown'), 400, 'You must play all cards from your hand and face-up first');
    expectError(await play('u9', 'hand'), 400, 'That card is not in the place you are playing it from');
    const played = ok(await ez.act<EasyPlayAnswer>(gameId, 'play', { playerId: me, cardId: 'u9', source: 'faceUp' }));
    expect(played).toMatchObject({
      gameOver: false,
      winner: null,
      clearedPile: false,
      skippedPlayer: null,
      card: { id: 'u9', value: '9', suit: 'spades', symbol: '♠', color: 'black' },
    });
    expect(played.gameState.currentTurnPlayerName).toBe('AI Player 1');
    // Now the AI is to move: Alice may not.
    expectError(await play('blind-0', 'faceDown'), 409, 'Wait for your turn to play');
    const moved = ok(await ez.aiMove(gameId));
    expect(moved.aiName).toBe('AI Player 1');
  });

  it('easy games - a 10 clears the pile over HTTP (clearedPile) and a blind card is played by its blind id', async () => {
    const { c, server } = served();
    const ez = new EasyClient(c);
    const { gameId, me } = await aliceAgainstAi(ez);
    await rigState(server, gameId, (state) => ({
      ...state,
      seats: state.seats.map((seat, n) =>
        n === 0
          ? { ...seat, hand: [{ id: 'ten', rank: 10, suit: 'hearts' }], faceUp: [] }
          : { ...seat, hand: [{ id: 'ai3', rank: 3, suit: 'clubs' }] },
      ),
      pile: [{ id: 'pk', rank: 13, suit: 'clubs' }],
      deck: [],
      turn: 0,
    }));
    const ten = ok(await ez.act<EasyPlayAnswer>(gameId, 'play', { playerId: me, cardId: 'ten', source: 'hand' }));
    expect(ten).toMatchObject({ clearedPile: true, skippedPlayer: null, gameOver: false });
    expect(ten.gameState).toMatchObject({ pileCount: 0, currentTurn: me });
    const next = lowestPlayable(ten.gameState, me);
    expect(next?.source).toBe('faceDown');
    const blind = ok(await ez.act<EasyPlayAnswer>(gameId, 'play', { playerId: me, ...next }));
    expect(blind.card.id).not.toMatch(/^blind-/);
    expect(typeof blind.card.value).toBe('string');
  });
});

describe('easy games across a restart', () => {
  it('easy games - a game continues on a new server over the same data file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'palace-easy-restart-'));
    const dataFile = join(dir, 'palace.db');
    try {
      const first = await startServer({ dataFile });
      let gameId = '';
      let me = '';
      let before: EasyGameState | undefined;
      try {
        const ez = new EasyClient(new Client(first.base));
        ({ gameId, me } = await aliceAgainstAi(ez));
        // A few moves before the restart.
        for (let i = 0; i < 4; i++) {
          const state = await ez.state(gameId, me);
          if (state.currentTurn !== me) {
            ok(await ez.aiMove(gameId));
            continue;
          }
          const pick = lowestPlayable(state, me);
          ok(
            await (pick === undefined
              ? ez.act(gameId, 'pickup', { playerId: me })
              : ez.act(gameId, 'play', { playerId: me, ...pick })),
          );
        }
        before = await ez.state(gameId, me);
        expect(before.lastUpdate).toBeGreaterThan(4);
      } finally {
        await first.close();
      }
      const second = await startServer({ dataFile });
      try {
        const ez = new EasyClient(new Client(second.base));
        if (before === undefined) throw new Error('no state before the restart');
        expect(await ez.state(gameId.toLowerCase(), me)).toEqual(before);
        expectError(await ez.view(gameId, 'p1'), 403, FORBIDDEN);
        const { final } = await playToEnd(ez, gameId, [me]);
        expect(final.status).toBe('finished');
        expect(final.standings).toHaveLength(2);
        expect(final.lastUpdate).toBeGreaterThan(before.lastUpdate);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
