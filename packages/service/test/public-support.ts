import type { Card, GameState } from '@palace/core';
import { PUBLIC_AI_DELAY_MS, type PublicGameState } from '@palace/protocol';
import {
  ManualClock,
  ManualScheduler,
  MemoryGamesStore,
  type PublicActor,
  PublicGames,
  type PublicMeta,
  RecordingPublisher,
  SequentialIds,
  type StoredGame,
} from '../src/index.js';
import { settle, storedGame, value } from './support.js';

export { code, settle, strings, value } from './support.js';

/** Shared fixtures for the PublicGames tests. */

/** Sequential ids with a chosen seed, so random tests see different deals. */
export class SeededIds extends SequentialIds {
  constructor(private readonly fixedSeed: string) {
    super();
  }
  override seed(): string {
    return this.fixedSeed;
  }
}

export function setup(ids: SequentialIds = new SequentialIds(), store: MemoryGamesStore = new MemoryGamesStore()) {
  const clock = new ManualClock();
  const scheduler = new ManualScheduler(clock);
  const publisher = new RecordingPublisher();
  const games = new PublicGames({ store, clock, ids, scheduler, publisher });
  return { store, clock, scheduler, publisher, ids, games };
}
export type Setup = ReturnType<typeof setup>;

/** The actor for `username` carrying `token` (none: a request without the seat cookie). */
export const as = (username: string | undefined, token?: string): PublicActor => ({ username, token });

export const stored = (s: Setup, id: string): Promise<StoredGame<PublicMeta>> => storedGame<PublicMeta>(s.store, id);

/** Every card object shown face up anywhere in a view (anything with a suit), by id. */
export function shownCardIds(json: unknown): string[] {
  if (Array.isArray(json)) return json.flatMap(shownCardIds);
  if (json !== null && typeof json === 'object') {
    const own = 'suit' in json && 'id' in json ? [String((json as { id: unknown }).id)] : [];
    return [...own, ...Object.values(json).flatMap(shownCardIds)];
  }
  return [];
}

/** Lets the AI act once: the clock passes the AI delay and due tasks run to completion. */
export async function driveAi(s: Setup): Promise<void> {
  s.clock.advance(PUBLIC_AI_DELAY_MS);
  s.scheduler.runDue();
  await settle();
}

/** Lets AI seats act until nothing is due from them (at most `limit` times). */
export async function driveAllAi(s: Setup, id: string, limit = 50): Promise<void> {
  for (let n = 0; n < limit && s.scheduler.dueAt(id) !== undefined; n++) await driveAi(s);
}

export const ALICE = 'secret-1';
export const BOB = 'secret-2';

/** Alice creates G00001 (token secret-1), Bob joins (secret-2); nobody started. */
export async function pair(s: Setup) {
  const created = value(await s.games.enter({ username: 'Alice', token: undefined, visibility: 'public' }));
  const joined = value(await s.games.join(created.gameId, as('Bob')));
  return { id: created.gameId, alice: created.token, bob: joined.token };
}

/** The 3 hand cards a seat lays face-up in tests: its first three. */
export function firstThree(state: PublicGameState, username: string): string[] {
  const seat = state.players.find((p) => p.username === username);
  return (seat?.hand ?? []).slice(0, 3).map((c) => c.id);
}

/** Alice and Bob in a game in play (both chose their first three cards). */
export async function playingPair(s: Setup) {
  const game = await pair(s);
  value(await s.games.start(game.id, as('Alice', game.alice)));
  for (const [name, token] of [
    ['Alice', game.alice],
    ['Bob', game.bob],
  ] as const) {
    const view = value(await s.games.view(game.id, as(name, token)));
    value(await s.games.ready(game.id, as(name, token), firstThree(view.gameState, name)));
  }
  return game;
}

/** The cards a seat of the stored game holds out of sight: its hand and its face-down cards. */
export function hiddenOf(state: GameState, seatIndex: number): Card[] {
  const seat = state.seats[seatIndex];
  return seat === undefined ? [] : [...seat.hand, ...seat.faceDown];
}
