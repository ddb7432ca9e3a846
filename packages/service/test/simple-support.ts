import type { SimpleGameState } from '@palace/protocol';
import {
  ManualClock,
  ManualScheduler,
  MemoryGamesStore,
  RecordingPublisher,
  SequentialIds,
  SIMPLE_REST,
  type SimpleActor,
  SimpleGames,
  type SimpleKind,
  type SimpleMeta,
  type StoredGame,
} from '../src/index.js';
import { settle, storedGame, value } from './support.js';

/** Shared fixtures for the SimpleGames tests (`simple-games*.test.ts`). */

/** The AI's delay in these tests, in ms. */
export const AI_DELAY_MS = 1_000;

export function setup(
  kind: SimpleKind = SIMPLE_REST,
  options: { readonly idleMs?: number } = {},
  ids: SequentialIds = new SequentialIds(),
) {
  const store = new MemoryGamesStore();
  const clock = new ManualClock();
  const scheduler = new ManualScheduler(clock);
  const publisher = new RecordingPublisher();
  const games = new SimpleGames({ store, clock, ids, scheduler, publisher }, kind, {
    aiDelayMs: AI_DELAY_MS,
    ...options,
  });
  return { store, clock, scheduler, publisher, ids, games };
}
export type Setup = ReturnType<typeof setup>;

export const as = (username: string, token?: string): SimpleActor => ({ username, token });

/** Alice starts a game (token `secret-1`) and Bob joins it (`secret-2`). */
export async function pair(s: Setup) {
  const alice = value(await s.games.join(undefined, as('Alice')));
  const bob = value(await s.games.join(alice.gameId, as('Bob')));
  return { id: alice.gameId, alice: as('Alice', alice.token), bob: as('Bob', bob.token) };
}

/** The player's own view. */
export async function viewOf(s: Setup, id: string, actor: SimpleActor): Promise<SimpleGameState> {
  return value(await s.games.view(id, actor));
}

/** Ids of the viewer's own hand cards. */
export function handOf(state: SimpleGameState): string[] {
  return state.players.find((p) => p.username === state.you)?.hand.map((c) => c.id) ?? [];
}

/** Both choose their first 3 hand cards: the game starts. */
export async function startPair(s: Setup) {
  const game = await pair(s);
  for (const actor of [game.alice, game.bob]) {
    const hand = handOf(await viewOf(s, game.id, actor));
    value(await s.games.selectFaceUp(game.id, actor, hand.slice(0, 3)));
  }
  return game;
}

export const stored = (s: Setup, id: string): Promise<StoredGame<SimpleMeta>> => storedGame<SimpleMeta>(s.store, id);

/** Lets the AI act once: the clock passes the AI delay and due tasks run to completion. */
export async function driveAi(s: Setup): Promise<void> {
  s.clock.advance(AI_DELAY_MS);
  s.scheduler.runDue();
  await settle();
}

/** The status lines of a view's chat, in order. */
export const systemLines = (state: SimpleGameState): string[] =>
  state.chat.filter((line) => line.isSystem).map((line) => line.text);
