import type { Card, GameState } from '@palace/core';
import { REST_AI_DELAY_MS, type RestVariant } from '@palace/protocol';
import {
  ManualClock,
  ManualScheduler,
  MemoryGamesStore,
  RecordingPublisher,
  RestGames,
  type RestMeta,
  SequentialIds,
  type StoredGame,
} from '../src/index.js';
import { kings, type SeatCards, settle, storedGame, value } from './support.js';

export { card, code, type SeatCards, settle, strings, value } from './support.js';

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

export const stored = (s: Setup, id: string): Promise<StoredGame<RestMeta>> => storedGame<RestMeta>(s.store, id);

export async function versionOf(s: Setup, id: string): Promise<number> {
  return (await stored(s, id)).version;
}

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
