import { PRESETS } from '@palace/core';
import { REST_AI_DELAY_MS } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { ALICE, BOB, code, pair, playingPair, setup, stored, strings, value, versionOf } from './rest-support.js';

/** RestGames: creating, joining and resuming, credentials and names, ready, start and AI seats. */
describe('RestGames', () => {
  it('rest games - create uses the defaults and seats the creator as host, with the credential as own id', async () => {
    const s = setup();
    const created = value(await s.rest.create({ playerName: 'Alice' }));
    expect(created.gameId).toBe('G00001');
    expect(created.playerId).toBe(ALICE);
    expect(created.gameState).toEqual({
      id: 'G00001',
      variant: 'classic',
      isPublic: true,
      maxPlayers: 4,
      status: 'waiting',
      players: [
        {
          id: ALICE,
          name: 'Alice',
          isAI: false,
          away: false,
          isReady: false,
          isHost: true,
          hand: [],
          handCount: 0,
          faceUp: [],
          faceDown: [],
          faceDownCount: 0,
        },
      ],
      currentTurn: null,
      pile: [],
      pileCount: 0,
      deck: [],
      deckCount: 0,
      winner: null,
      winnerName: null,
      lastAction: null,
      chatMessages: [],
      playableCards: [],
      canPickUp: false,
      turnDeadline: null,
      commitment: 'digest(seed-1)',
      createdAt: s.clock.now(),
      lastUpdate: 1,
      rematch: null,
    });
    expect(s.publisher.published).toEqual([{ id: 'G00001', version: 1 }]);
  });

  it('rest games - create honours variant, privacy and table size, with no face-up choice and ready to start', async () => {
    const s = setup();
    const created = value(
      await s.rest.create({ playerName: 'Alice', variant: 'wild', isPublic: false, maxPlayers: 6 }),
    );
    expect(created.gameState).toMatchObject({ variant: 'wild', isPublic: false, maxPlayers: 6 });
    const game = await stored(s, created.gameId);
    expect(game.kind).toBe('rest');
    expect(game.state.options).toEqual({
      rules: { ...PRESETS.wild.rules, chooseFaceUp: false },
      flow: 'manual',
      maxSeats: 6,
      startNeedsReady: true,
    });
    expect(game.aiDelayMs).toBe(REST_AI_DELAY_MS);
  });

  it('rest games - the stored meta keeps only the digest of the credential, never the credential', async () => {
    const s = setup();
    const { id, alice, bob } = await pair(s);
    const game = await stored(s, id);
    expect(game.meta.keys).toEqual({ p1: `digest(${alice})`, p2: `digest(${bob})` });
    const everything = strings(game);
    expect(everything).not.toContain(alice);
    expect(everything).not.toContain(bob);
  });

  it('rest games - joining gives a new credential; others see the public id p2', async () => {
    const s = setup();
    const created = value(await s.rest.create({ playerName: 'Alice' }));
    const joined = value(await s.rest.join(created.gameId, { playerName: 'Bob' }));
    expect(joined.gameId).toBe(created.gameId);
    expect(joined.playerId).toBe(BOB);
    expect(joined.gameState.players.map((p) => [p.id, p.name, p.isHost])).toEqual([
      ['p1', 'Alice', true],
      [BOB, 'Bob', false],
    ]);
    const alice = value(await s.rest.view(created.gameId, ALICE));
    expect(alice.players.map((p) => p.id)).toEqual([ALICE, 'p2']);
    expect(JSON.stringify(alice)).not.toContain(BOB);
    expect(JSON.stringify(joined.gameState)).not.toContain(ALICE);
  });

  it('rest games - joining by playerId resumes that seat and writes nothing, also after the start', async () => {
    const s = setup();
    const { id, bob } = await pair(s);
    const before = await versionOf(s, id);
    const resumed = value(await s.rest.join(id, { playerId: bob }));
    expect(resumed.playerId).toBe(bob);
    expect(resumed.gameState.players.map((p) => p.id)).toEqual(['p1', bob]);
    expect(await versionOf(s, id)).toBe(before);

    value(await s.rest.ready(id, bob));
    value(await s.rest.start(id, bob));
    const again = value(await s.rest.join(id, { playerId: bob, playerName: 'Ignored' }));
    expect(again.gameState.status).toBe('playing');
    expect(again.gameState.players.map((p) => p.name)).toEqual(['Alice', 'Bob']);
    // A new player cannot take a seat once the game has started.
    expect(code(await s.rest.join(id, { playerName: 'Carol' }))).toBe('game/started');
  });

  it('rest games - unknown and public ids are forbidden on every action, and nothing is written', async () => {
    const s = setup();
    const { id, alice } = await pair(s);
    const stolenKey = (await stored(s, id)).meta.keys.p1 as string;
    for (const phase of ['waiting', 'playing'] as const) {
      if (phase === 'playing') {
        value(await s.rest.ready(id, alice));
        value(await s.rest.start(id, alice));
      }
      const version = await versionOf(s, id);
      for (const bad of ['nope', 'p1', 'p2', 'secret-99', stolenKey]) {
        const answers = [
          await s.rest.join(id, { playerId: bad }),
          await s.rest.ready(id, bad),
          await s.rest.start(id, bad),
          await s.rest.addAi(id, bad),
          await s.rest.play(id, bad, ['blind-0']),
          await s.rest.pickUp(id, bad),
          await s.rest.chat(id, bad, 'hello'),
          await s.rest.view(id, bad),
          await s.rest.poll(id, bad, 0),
          await s.rest.poll(id, bad, version),
        ];
        expect(answers.map(code), `${phase} ${bad}`).toEqual(answers.map(() => 'player/forbidden'));
      }
      expect(await versionOf(s, id)).toBe(version);
    }
  });

  it('rest games - an unknown game is not found', async () => {
    const s = setup();
    expect(code(await s.rest.view('NOPE', undefined))).toBe('game/not_found');
    expect(code(await s.rest.poll('NOPE', undefined, 0))).toBe('game/not_found');
    expect(code(await s.rest.join('NOPE', { playerName: 'Bob' }))).toBe('game/not_found');
    expect(code(await s.rest.ready('NOPE', ALICE))).toBe('game/not_found');
  });

  it('rest games - names are trimmed; empty is name/required and over 20 characters name/too_long', async () => {
    const s = setup();
    const created = value(await s.rest.create({ playerName: '  Alice  ' }));
    expect(created.gameState.players[0]?.name).toBe('Alice');
    const id = created.gameId;
    expect(code(await s.rest.create({ playerName: '' }))).toBe('name/required');
    expect(code(await s.rest.create({ playerName: '   ' }))).toBe('name/required');
    expect(code(await s.rest.create({ playerName: 'x'.repeat(21) }))).toBe('name/too_long');
    expect(value(await s.rest.create({ playerName: ` ${'x'.repeat(20)} ` })).gameState.players[0]?.name).toBe(
      'x'.repeat(20),
    );
    expect(code(await s.rest.join(id, {}))).toBe('name/required');
    expect(code(await s.rest.join(id, { playerName: ' \t ' }))).toBe('name/required');
    expect(code(await s.rest.join(id, { playerName: 'y'.repeat(21) }))).toBe('name/too_long');
    const bob = value(await s.rest.join(id, { playerName: '\tBob ' }));
    expect(bob.gameState.players[1]?.name).toBe('Bob');
    expect((await stored(s, id)).state.seats.length).toBe(2);
  });

  it('rest games - ready toggles the flag', async () => {
    const s = setup();
    const { id, alice, bob } = await pair(s);
    expect(value(await s.rest.ready(id, alice)).players.map((p) => p.isReady)).toEqual([true, false]);
    expect(value(await s.rest.ready(id, bob)).players.map((p) => p.isReady)).toEqual([true, true]);
    expect(value(await s.rest.ready(id, alice)).players.map((p) => p.isReady)).toEqual([false, true]);
  });

  it('rest games - start needs the starter to be ready; any ready player may start', async () => {
    const s = setup();
    const { id, alice, bob } = await pair(s);
    const version = await versionOf(s, id);
    expect(code(await s.rest.start(id, alice))).toBe('start/not_ready');
    expect(await versionOf(s, id)).toBe(version);
    value(await s.rest.ready(id, bob));
    // Bob is ready, Alice is not: Alice still may not start, Bob (not the host) may.
    expect(code(await s.rest.start(id, alice))).toBe('start/not_ready');
    const started = value(await s.rest.start(id, bob));
    expect(started.status).toBe('playing');
    expect(started.players).toHaveLength(2);
    expect(code(await s.rest.ready(id, alice))).toBe('game/not_waiting');
    expect(code(await s.rest.start(id, bob))).toBe('game/not_waiting');
  });

  it('rest games - a lone ready player starting gets an AI opponent first', async () => {
    const s = setup();
    const { gameId, playerId } = value(await s.rest.create({ playerName: 'Alice' }));
    // Not ready: refused as a whole, so no AI is seated either.
    expect(code(await s.rest.start(gameId, playerId))).toBe('start/not_ready');
    expect((await stored(s, gameId)).state.seats).toHaveLength(1);
    value(await s.rest.ready(gameId, playerId));
    const started = value(await s.rest.start(gameId, playerId));
    expect(started.status).toBe('playing');
    expect(started.players.map((p) => [p.id, p.name, p.isAI, p.isReady])).toEqual([
      [playerId, 'Alice', false, true],
      ['p2', 'AI Player 1', true, true],
    ]);
  });

  it('rest games - AI players can be added until the table is full (seat/full)', async () => {
    const s = setup();
    const { gameId, playerId } = value(await s.rest.create({ playerName: 'Alice', maxPlayers: 3 }));
    value(await s.rest.addAi(gameId, playerId));
    const full = value(await s.rest.addAi(gameId, playerId));
    expect(full.players.map((p) => [p.id, p.name, p.isAI, p.isReady])).toEqual([
      [playerId, 'Alice', false, false],
      ['p2', 'AI Player 1', true, true],
      ['p3', 'AI Player 2', true, true],
    ]);
    const version = await versionOf(s, gameId);
    expect(code(await s.rest.addAi(gameId, playerId))).toBe('seat/full');
    expect(code(await s.rest.join(gameId, { playerName: 'Bob' }))).toBe('seat/full');
    expect(await versionOf(s, gameId)).toBe(version);
  });

  it('rest games - a joined player may add AI too, and the AI keeps no key', async () => {
    const s = setup();
    const { id, bob } = await pair(s);
    const state = value(await s.rest.addAi(id, bob));
    expect(state.players.map((p) => p.id)).toEqual(['p1', bob, 'p3']);
    expect(Object.keys((await stored(s, id)).meta.keys)).toEqual(['p1', 'p2']);
  });

  it('rest games - there is no face-up choice: after the start every seat holds 3 face-down, 3 face-up, 3 in hand', async () => {
    const s = setup();
    const { id, alice } = await pair(s);
    value(await s.rest.addAi(id, alice));
    value(await s.rest.ready(id, alice));
    const state = value(await s.rest.start(id, alice));
    expect(state.status).toBe('playing');
    for (const seat of (await stored(s, id)).state.seats) {
      expect([seat.hand.length, seat.faceUp.length, seat.faceDown.length]).toEqual([3, 3, 3]);
    }
    expect(state.deckCount).toBe(52 - 27);
    expect(state.deck).toHaveLength(25);
    expect(state.deck.every((c) => c.hidden)).toBe(true);
    const [own, ...others] = state.players;
    expect(Array.isArray(own?.hand) && own.hand.length).toBe(3);
    expect(own?.faceUp).toHaveLength(3);
    expect(own?.faceDown).toEqual([0, 1, 2].map((n) => ({ id: `blind-${n}`, hidden: true })));
    for (const other of others) {
      expect(other).toMatchObject({ hand: 3, handCount: 3, faceDown: 3, faceDownCount: 3 });
      expect(other.faceUp).toHaveLength(3);
    }
    expect(state.currentTurn).not.toBeNull();
  });

  it('rest games - a stranger sees counts only: no hand, no face-down slots, no hints, no credential', async () => {
    const s = setup();
    const { id, alice, bob } = await playingPair(s);
    const view = value(await s.rest.view(id, undefined));
    for (const player of view.players) {
      expect(player).toMatchObject({ hand: 3, handCount: 3, faceDown: 3, faceDownCount: 3 });
    }
    expect(view.players.map((p) => p.id)).toEqual(['p1', 'p2']);
    expect(view.playableCards).toEqual([]);
    expect(view.canPickUp).toBe(false);
    expect(['p1', 'p2']).toContain(view.currentTurn);
    const json = JSON.stringify(view);
    expect(json).not.toContain(alice);
    expect(json).not.toContain(bob);
  });
});
