import { type Card, type GameState, PRESETS, type Rank, type Result, type Suit } from '@palace/core';
import { REST_AI_DELAY_MS, REST_CHAT_KEEP, type RestGameState, type RestVariant } from '@palace/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ManualClock,
  ManualScheduler,
  MemoryGamesStore,
  normalizeId,
  RecordingPublisher,
  RestGames,
  type RestMeta,
  SequentialIds,
  type ServiceError,
  type StoredGame,
} from '../src/index.js';

/** Counts reads, to prove that idle polls are answered from memory. */
class CountingStore extends MemoryGamesStore {
  loads = 0;
  override async load(id: string): Promise<StoredGame | null> {
    this.loads++;
    return super.load(id);
  }
}

/** Sequential ids with a chosen seed, so random tests see different deals. */
class SeededIds extends SequentialIds {
  constructor(private readonly fixedSeed: string) {
    super();
  }
  override seed(): string {
    return this.fixedSeed;
  }
}

/** Counts credential hashing, to prove that a proven credential is not hashed again. */
class CountingIds extends SequentialIds {
  digests = 0;
  override digest(value: string): string {
    this.digests++;
    return super.digest(value);
  }
}

function setup(store: MemoryGamesStore = new MemoryGamesStore(), ids: SequentialIds = new SequentialIds()) {
  const clock = new ManualClock();
  const scheduler = new ManualScheduler(clock);
  const publisher = new RecordingPublisher();
  const rest = new RestGames({ store, clock, ids, scheduler, publisher });
  return { store, clock, scheduler, publisher, ids, rest };
}
type Setup = ReturnType<typeof setup>;

/** The value of an accepted answer; throws with the error code otherwise. */
/** Alice alone against an AI, started, and Alice's first move made if she had it: the AI is to move. */
async function aiToMove(s: ReturnType<typeof setup>) {
  const { gameId: id, playerId: alice } = value(await s.rest.create({ playerName: 'Alice' }));
  value(await s.rest.ready(id, alice));
  let state = value(await s.rest.start(id, alice));
  if (state.currentTurn === alice) {
    const [first] = state.playableCards;
    state = value(first === undefined ? await s.rest.pickUp(id, alice) : await s.rest.play(id, alice, [first]));
  }
  return { id, alice, state };
}

function value<T>(result: Result<T, ServiceError>): T {
  if (!result.ok) throw new Error(`refused: ${result.error.code}`);
  return result.value;
}

/** The error code of a refused answer, or null when it was accepted. */
function code(result: Result<unknown, ServiceError>): string | null {
  return result.ok ? null : result.error.code;
}

async function stored(s: Setup, id: string): Promise<StoredGame<RestMeta>> {
  const game = await s.store.load(id);
  if (game === null) throw new Error(`no game ${id}`);
  return game as StoredGame<RestMeta>;
}

async function versionOf(s: Setup, id: string): Promise<number> {
  return (await stored(s, id)).version;
}

/** Every string in a JSON value, keys included. */
function strings(json: unknown): string[] {
  if (typeof json === 'string') return [json];
  if (Array.isArray(json)) return json.flatMap(strings);
  if (json !== null && typeof json === 'object') {
    return Object.entries(json).flatMap(([key, v]) => [key, ...strings(v)]);
  }
  return [];
}

/** Lets a task started by the scheduler finish (the memory store resolves in microtasks). */
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Lets the AI act once: the clock passes the AI delay and due tasks run to completion. */
async function driveAi(s: Setup): Promise<void> {
  s.clock.advance(REST_AI_DELAY_MS);
  s.scheduler.runDue();
  await settle();
}

const ALICE = 'secret-1';
const BOB = 'secret-2';

/** Alice creates (G00001), Bob joins; nobody is ready yet. */
async function pair(s: Setup, create: Parameters<RestGames['create']>[0] = { playerName: 'Alice' }) {
  const created = value(await s.rest.create(create));
  const joined = value(await s.rest.join(created.gameId, { playerName: 'Bob' }));
  return { id: created.gameId, alice: created.playerId, bob: joined.playerId };
}

/** Alice and Bob in a started game. */
async function playingPair(s: Setup, variant: RestVariant = 'classic') {
  const game = await pair(s, { playerName: 'Alice', variant });
  value(await s.rest.ready(game.id, game.alice));
  value(await s.rest.start(game.id, game.alice));
  return game;
}

const card = (id: string, rank: Rank, suit: Suit = 'hearts'): Card => ({ id, rank, suit });
const kings = (prefix: string): Card[] => [0, 1, 2].map((n) => card(`${prefix}-k${n}`, 13, 'clubs'));

interface SeatCards {
  readonly hand?: readonly Card[];
  readonly faceUp?: readonly Card[];
  readonly faceDown?: readonly Card[];
}

/**
 * Rewrites the stored game's table (as if play had led there) and bumps its version: seat `n` gets
 * `seats[n]` (face-down defaults to three kings, so nobody runs out by accident).
 */
async function rig(
  s: Setup,
  id: string,
  table: { seats: readonly SeatCards[]; pile?: readonly Card[]; deck?: readonly Card[]; turn?: number },
): Promise<void> {
  const game = await stored(s, id);
  const state: GameState = {
    ...game.state,
    seats: game.state.seats.map((seat, n) => {
      const spec = table.seats[n] ?? {};
      return {
        ...seat,
        hand: spec.hand ?? [],
        faceUp: spec.faceUp ?? [],
        faceDown: spec.faceDown ?? kings(seat.id),
      };
    }),
    pile: table.pile ?? [],
    deck: table.deck ?? [],
    turn: table.turn ?? 0,
  };
  if (!(await s.store.save({ ...game, version: game.version + 1, state }, game.version))) throw new Error('rig');
}

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
      commitment: 'digest(seed-1)',
      createdAt: s.clock.now(),
      lastUpdate: 1,
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
    expect(code(await s.rest.play(id, alice, ['blind-0']))).toBe('play/hand_first');
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

  it('rest games - chat trims, numbers messages m1, m2 … and decides isEmoji by the spec rule', async () => {
    const s = setup();
    const { id, alice, bob } = await pair(s);
    s.clock.advance(5);
    const first = value(await s.rest.chat(id, alice, '  hello there  '));
    expect(first.chatMessages).toEqual([
      { id: 'm1', sender: alice, senderName: 'Alice', text: 'hello there', isEmoji: false, timestamp: s.clock.now() },
    ]);
    for (const text of [':hearts:', ' :fire: ', '😀', 'ok', 'hello', ':notacode:']) {
      value(await s.rest.chat(id, bob, text));
    }
    const seen = value(await s.rest.view(id, bob)).chatMessages;
    expect(seen.map((m) => [m.id, m.sender, m.text, m.isEmoji])).toEqual([
      ['m1', 'p1', 'hello there', false],
      ['m2', bob, ':hearts:', true],
      ['m3', bob, ':fire:', true],
      ['m4', bob, '😀', true],
      ['m5', bob, 'ok', true],
      ['m6', bob, 'hello', false],
      ['m7', bob, ':notacode:', false],
    ]);
    const stranger = value(await s.rest.view(id, undefined)).chatMessages;
    expect(stranger.map((m) => m.sender)).toEqual(['p1', 'p2', 'p2', 'p2', 'p2', 'p2', 'p2']);
  });

  it('rest games - chat refuses empty (chat/empty) and over 500 characters (chat/too_long), writing nothing', async () => {
    const s = setup();
    const { id, alice } = await pair(s);
    const version = await versionOf(s, id);
    expect(code(await s.rest.chat(id, alice, ''))).toBe('chat/empty');
    expect(code(await s.rest.chat(id, alice, ' \n\t '))).toBe('chat/empty');
    expect(code(await s.rest.chat(id, alice, 'x'.repeat(501)))).toBe('chat/too_long');
    expect(await versionOf(s, id)).toBe(version);
    const longest = value(await s.rest.chat(id, alice, `  ${'x'.repeat(500)}  `));
    expect(longest.chatMessages[0]?.text).toHaveLength(500);
  });

  it('rest games - chat keeps the newest 200 messages, and ids stay unique', async () => {
    const s = setup();
    const { id, alice } = await pair(s);
    const total = REST_CHAT_KEEP + 5;
    let state: RestGameState | undefined;
    for (let n = 1; n <= total; n++) state = value(await s.rest.chat(id, alice, `msg ${n}`));
    const messages = state?.chatMessages ?? [];
    expect(messages).toHaveLength(REST_CHAT_KEEP);
    expect(messages[0]).toMatchObject({ id: 'm6', text: 'msg 6' });
    expect(messages.at(-1)).toMatchObject({ id: `m${total}`, text: `msg ${total}` });
    expect((await stored(s, id)).meta.chatSeq).toBe(total);
  });

  it('rest games - chat during play keeps the pending AI deadline', async () => {
    const s = setup();
    const { id, alice } = await aiToMove(s);
    const due = s.scheduler.dueAt(id);
    s.clock.advance(1000);
    value(await s.rest.chat(id, alice, 'hurry up'));
    expect(s.scheduler.dueAt(id)).toBe(due);
  });

  it('rest games - poll answers null at or past the version and the state when behind', async () => {
    const s = setup();
    const { id, alice, bob } = await pair(s);
    const version = await versionOf(s, id);
    const behind = value(await s.rest.poll(id, alice, 0));
    expect(behind?.lastUpdate).toBe(version);
    expect(behind?.gameState).toEqual(value(await s.rest.view(id, alice)));
    expect(value(await s.rest.poll(id, alice, version - 1))?.lastUpdate).toBe(version);
    expect(value(await s.rest.poll(id, alice, version))).toBeNull();
    expect(value(await s.rest.poll(id, alice, version + 10))).toBeNull();
    expect(value(await s.rest.poll(id, undefined, version))).toBeNull();
    value(await s.rest.chat(id, bob, 'hi'));
    const changed = value(await s.rest.poll(id, alice, version));
    expect(changed?.lastUpdate).toBe(version + 1);
    expect(changed?.gameState.chatMessages.map((m) => m.sender)).toEqual(['p2']);
    const stranger = value(await s.rest.poll(id, undefined, version));
    expect(stranger?.gameState.players.map((p) => p.id)).toEqual(['p1', 'p2']);
  });

  it('rest games - poll forbids a wrong id even on the in-memory fast path', async () => {
    const s = setup();
    const { id, alice } = await pair(s);
    const version = await versionOf(s, id);
    // The fast path is warm: this process published the last change.
    expect(value(await s.rest.poll(id, alice, version))).toBeNull();
    for (const bad of ['nope', 'p1', 'p2', `digest(${alice})`]) {
      expect(code(await s.rest.poll(id, bad, version)), bad).toBe('player/forbidden');
      expect(code(await s.rest.poll(id, bad, version + 100)), bad).toBe('player/forbidden');
    }
  });

  it('rest games - poll does not read the store while the game is unchanged', async () => {
    const store = new CountingStore();
    const s = setup(store);
    const { id, alice, bob } = await pair(s);
    const version = await versionOf(s, id);
    store.loads = 0;
    for (let n = 0; n < 5; n++) {
      expect(value(await s.rest.poll(id, alice, version))).toBeNull();
      expect(value(await s.rest.poll(id, bob, version))).toBeNull();
      expect(value(await s.rest.poll(id, undefined, version))).toBeNull();
    }
    expect(code(await s.rest.poll(id, 'nope', version))).toBe('player/forbidden');
    expect(store.loads).toBe(0);
    // Behind: the state is read.
    expect(value(await s.rest.poll(id, alice, version - 1))).not.toBeNull();
    expect(store.loads).toBeGreaterThan(0);

    // After a restart the first poll reads the store once; later ones do not.
    const restarted = new RestGames({ ...s, store });
    store.loads = 0;
    expect(value(await restarted.poll(id, alice, version))).toBeNull();
    expect(store.loads).toBe(1);
    expect(value(await restarted.poll(id, alice, version))).toBeNull();
    expect(store.loads).toBe(1);
  });

  it('rest games - poll hashes a proven credential once, and a credential proves nothing in another game', async () => {
    const ids = new CountingIds();
    const s = setup(new MemoryGamesStore(), ids);
    const first = await pair(s);
    const other = value(await s.rest.create({ playerName: 'Carol' }));
    const version = await versionOf(s, first.id);
    expect(value(await s.rest.poll(first.id, first.alice, version))).toBeNull();
    ids.digests = 0;
    for (let n = 0; n < 5; n++) expect(value(await s.rest.poll(first.id, first.alice, version))).toBeNull();
    expect(ids.digests).toBe(0);
    // Alice's credential, proven in her game, is a stranger's guess in Carol's.
    const otherVersion = await versionOf(s, other.gameId);
    expect(code(await s.rest.poll(other.gameId, first.alice, otherVersion))).toBe('player/forbidden');
    expect(code(await s.rest.poll(other.gameId, first.alice, otherVersion))).toBe('player/forbidden');
    expect(value(await s.rest.poll(other.gameId, other.playerId, otherVersion))).toBeNull();
    // Still proven after the game changes (seats are never given up).
    value(await s.rest.chat(first.id, first.bob, 'hi'));
    ids.digests = 0;
    expect(value(await s.rest.poll(first.id, first.alice, version + 1))).toBeNull();
    expect(ids.digests).toBe(0);
    expect(code(await s.rest.poll(first.id, 'nope', version + 1))).toBe('player/forbidden');
  });

  it('rest games - the lobby lists public waiting games newest first, without credentials', async () => {
    const s = setup();
    const older = value(await s.rest.create({ playerName: 'Alice' }));
    value(await s.rest.addAi(older.gameId, older.playerId));
    s.clock.advance(1000);
    value(await s.rest.create({ playerName: 'Hidden', isPublic: false }));
    s.clock.advance(1000);
    const started = value(await s.rest.create({ playerName: 'Carol' }));
    s.clock.advance(1000);
    const full = value(await s.rest.create({ playerName: 'Dan', variant: 'easy', maxPlayers: 2 }));
    value(await s.rest.join(full.gameId, { playerName: 'Erin' }));

    expect((await s.rest.lobby()).map((e) => e.id)).toEqual([full.gameId, started.gameId, older.gameId]);
    value(await s.rest.ready(started.gameId, started.playerId));
    value(await s.rest.start(started.gameId, started.playerId));

    const lobby = await s.rest.lobby();
    expect(lobby).toEqual([
      {
        id: full.gameId,
        variant: 'easy',
        playerCount: 2,
        maxPlayers: 2,
        hostName: 'Dan',
        createdAt: full.gameState.createdAt,
        players: [
          { id: 'p1', name: 'Dan', isAI: false, isReady: false },
          { id: 'p2', name: 'Erin', isAI: false, isReady: false },
        ],
      },
      {
        id: older.gameId,
        variant: 'classic',
        playerCount: 2,
        maxPlayers: 4,
        hostName: 'Alice',
        createdAt: older.gameState.createdAt,
        players: [
          { id: 'p1', name: 'Alice', isAI: false, isReady: false },
          { id: 'p2', name: 'AI Player 1', isAI: true, isReady: true },
        ],
      },
    ]);
    expect(JSON.stringify(lobby)).not.toContain('secret-');
    expect(JSON.stringify(lobby)).not.toContain('digest(');
  });

  it('rest games - game ids are upper-cased on input', async () => {
    const s = setup();
    expect(normalizeId(' g00001 ')).toBe('G00001');
    const { gameId, playerId } = value(await s.rest.create({ playerName: 'Alice' }));
    const lower = gameId.toLowerCase();
    const joined = value(await s.rest.join(lower, { playerName: 'Bob' }));
    expect(joined.gameId).toBe(gameId);
    expect(value(await s.rest.join(lower, { playerId })).gameId).toBe(gameId);
    expect(value(await s.rest.ready(` ${lower} `, playerId)).players[0]?.isReady).toBe(true);
    expect(value(await s.rest.view(lower, playerId)).id).toBe(gameId);
    expect(value(await s.rest.poll(lower, playerId, 0))?.gameState.id).toBe(gameId);
    expect(value(await s.rest.chat(lower, joined.playerId, 'hi')).chatMessages).toHaveLength(1);
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

  it('rest games - property: no credential reaches another viewer, and a stranger never sees a hand', async () => {
    const moves = fc.array(fc.nat(), { minLength: 150, maxLength: 250 });
    const variant = fc.constantFrom<RestVariant>('classic', 'easy', 'wild');
    await fc.assert(
      fc.asyncProperty(variant, fc.nat(), moves, async (variant, seed, choices) => {
        const s = setup(new MemoryGamesStore(), new SeededIds(`seed-${seed}`));
        const { id, alice, bob } = await pair(s, { playerName: 'Alice', variant });
        value(await s.rest.addAi(id, bob));
        value(await s.rest.ready(id, bob));
        value(await s.rest.ready(id, alice));
        value(await s.rest.start(id, alice));
        const humans = [{ credential: alice }, { credential: bob }];
        const check = (state: RestGameState, viewer: string | null) => {
          const json = JSON.stringify(state);
          for (const credential of [alice, bob]) {
            if (credential !== viewer) expect(json).not.toContain(credential);
          }
          for (const player of state.players) {
            if (player.id !== viewer) {
              expect(typeof player.hand).toBe('number');
              expect(typeof player.faceDown).toBe('number');
            }
          }
        };
        for (const choice of choices) {
          const stranger = value(await s.rest.view(id, undefined));
          check(stranger, null);
          const views: RestGameState[] = [];
          for (const human of humans) {
            const view = value(await s.rest.view(id, human.credential));
            check(view, human.credential);
            views.push(view);
          }
          const game = await stored(s, id);
          const keptStrings = strings(game);
          expect(keptStrings).not.toContain(alice);
          expect(keptStrings).not.toContain(bob);
          if (stranger.status === 'finished') break;

          const mover = humans.findIndex((h, n) => views[n]?.currentTurn === h.credential);
          if (mover < 0) {
            expect(stranger.currentTurn).toBe('p3');
            await driveAi(s);
            continue;
          }
          const view = views[mover] as RestGameState;
          const credential = (humans[mover] as (typeof humans)[number]).credential;
          const own = view.players.find((p) => p.id === credential);
          const cardsByValue = new Map<string, string[]>();
          for (const c of Array.isArray(own?.hand) ? own.hand : []) {
            if (view.playableCards.includes(c.id))
              cardsByValue.set(c.value, [...(cardsByValue.get(c.value) ?? []), c.id]);
          }
          const plays: Array<readonly string[]> = [
            ...view.playableCards.map((cardId) => [cardId]),
            ...[...cardsByValue.values()].filter((ids) => ids.length > 1),
          ];
          expect(plays.length > 0 || view.canPickUp).toBe(true);
          // Mostly plays, so that games reach their end; now and then a pick-up while a play was possible.
          const pickUp = view.canPickUp && (plays.length === 0 || choice % 8 === 0);
          const answer = pickUp
            ? await s.rest.pickUp(id, credential)
            : await s.rest.play(id, credential, plays[choice % plays.length] as readonly string[]);
          check(value(answer), credential);
        }
      }),
      { numRuns: 20 },
    );
  });
});
