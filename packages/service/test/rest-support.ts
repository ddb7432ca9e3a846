import type { Card, GameState, Rank, Result, Suit } from '@palace/core';
import { REST_AI_DELAY_MS, type RestVariant } from '@palace/protocol';
import {
  ManualClock,
  ManualScheduler,
  MemoryGamesStore,
  RecordingPublisher,
  RestGames,
  type RestMeta,
  SequentialIds,
  type ServiceError,
  type StoredGame,
} from '../src/index.js';

/** Shared fixtures for the RestGames tests (`rest-games-*.test.ts`). */

export function setup(store: MemoryGamesStore = new MemoryGamesStore(), ids: SequentialIds = new SequentialIds()) {
  const clock = new ManualClock();
  const scheduler = new ManualScheduler(clock);
  const publisher = new RecordingPublisher();
  const rest = new RestGames({ store, clock, ids, scheduler, publisher });
  return { store, clock, scheduler, publisher, ids, rest };
}
export type Setup = ReturnType<typeof setup>;

/** Alice alone against an AI, started, and Alice's first move made if she had it: the AI is to move. */
export async function aiToMove(s: Setup) {
  const { gameId: id, playerId: alice } = value(await s.rest.create({ playerName: 'Alice' }));
  value(await s.rest.ready(id, alice));
  let state = value(await s.rest.start(id, alice));
  if (state.currentTurn === alice) {
    const [first] = state.playableCards;
    state = value(first === undefined ? await s.rest.pickUp(id, alice) : await s.rest.play(id, alice, [first]));
  }
  return { id, alice, state };
}

/** The value of an accepted answer; throws with the error code otherwise. */
export function value<T>(result: Result<T, ServiceError>): T {
  if (!result.ok) throw new Error(`refused: ${result.error.code}`);
  return result.value;
}

/** The error code of a refused answer, or null when it was accepted. */
export function code(result: Result<unknown, ServiceError>): string | null {
  return result.ok ? null : result.error.code;
}

export async function stored(s: Setup, id: string): Promise<StoredGame<RestMeta>> {
  const game = await s.store.load(id);
  if (game === null) throw new Error(`no game ${id}`);
  return game as StoredGame<RestMeta>;
}

export async function versionOf(s: Setup, id: string): Promise<number> {
  return (await stored(s, id)).version;
}

/** Every string in a JSON value, keys included. */
export function strings(json: unknown): string[] {
  if (typeof json === 'string') return [json];
  if (Array.isArray(json)) return json.flatMap(strings);
  if (json !== null && typeof json === 'object') {
    return Object.entries(json).flatMap(([key, v]) => [key, ...strings(v)]);
  }
  return [];
}

/** Lets a task started by the scheduler finish (the memory store resolves in microtasks). */
export const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Lets the AI act once: the clock passes the AI delay and due tasks run to completion. */
export async function driveAi(s: Setup): Promise<void> {
  s.clock.advance(REST_AI_DELAY_MS);
  s.scheduler.runDue();
  await settle();
}

export const ALICE = 'secret-1';
export const BOB = 'secret-2';

/** Alice creates (G00001), Bob joins; nobody is ready yet. */
export async function pair(s: Setup, create: Parameters<RestGames['create']>[0] = { playerName: 'Alice' }) {
  const created = value(await s.rest.create(create));
  const joined = value(await s.rest.join(created.gameId, { playerName: 'Bob' }));
  return { id: created.gameId, alice: created.playerId, bob: joined.playerId };
}

/** Alice and Bob in a started game. */
export async function playingPair(s: Setup, variant: RestVariant = 'classic') {
  const game = await pair(s, { playerName: 'Alice', variant });
  value(await s.rest.ready(game.id, game.alice));
  value(await s.rest.start(game.id, game.alice));
  return game;
}

export const card = (id: string, rank: Rank, suit: Suit = 'hearts'): Card => ({ id, rank, suit });
const kings = (prefix: string): Card[] => [0, 1, 2].map((n) => card(`${prefix}-k${n}`, 13, 'clubs'));

export interface SeatCards {
  readonly hand?: readonly Card[];
  readonly faceUp?: readonly Card[];
  readonly faceDown?: readonly Card[];
}

/**
 * Rewrites the stored game's table (as if play had led there) and bumps its version: seat `n` gets
 * `seats[n]` (face-down defaults to three kings, so nobody runs out by accident).
 */
export async function rig(
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
  if ((await s.store.save({ ...game, version: game.version + 1, state }, game.version)) !== 'saved')
    throw new Error('rig');
}
