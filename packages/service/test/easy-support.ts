import type { Card, GameState } from '@palace/core';
import type { EasyGameState } from '@palace/protocol';
import {
  EasyGames,
  type EasyMeta,
  ManualClock,
  ManualScheduler,
  MemoryGamesStore,
  RecordingPublisher,
  SequentialIds,
  type StoredGame,
} from '../src/index.js';
import { kings, type SeatCards, storedGame, value } from './support.js';

export { card, code, refusal, type SeatCards, settle, strings, value } from './support.js';

/** Shared fixtures for the EasyGames tests (`easy-games*.test.ts`). */

/** The AI fallback delay the tests run with, in ms (shorter than production's, so it is told apart). */
export const FALLBACK_MS = 4000;

export function setup(options: { readonly aiFallbackMs?: number } = { aiFallbackMs: FALLBACK_MS }) {
  const store = new MemoryGamesStore();
  const ids = new SequentialIds();
  const clock = new ManualClock();
  const scheduler = new ManualScheduler(clock);
  const publisher = new RecordingPublisher();
  const easy = new EasyGames({ store, clock, ids, scheduler, publisher }, options);
  return { store, clock, scheduler, publisher, ids, easy };
}
export type Setup = ReturnType<typeof setup>;

export const stored = (s: Setup, id: string): Promise<StoredGame<EasyMeta>> => storedGame<EasyMeta>(s.store, id);

/** Alice creates (G00001, credential secret-1), Bob joins (secret-2). */
export async function pair(s: Setup) {
  const created = value(await s.easy.create('Alice'));
  const joined = value(await s.easy.join(created.gameId, 'Bob'));
  return { id: created.gameId, alice: created.playerId, bob: joined.playerId };
}

/** Alice and an AI ("AI Player 1", seat p2) in a started game. */
export async function againstAi(s: Setup) {
  const { gameId: id, playerId: alice } = value(await s.easy.create('Alice'));
  value(await s.easy.addAi(id, alice));
  const started = value(await s.easy.start(id, alice));
  return { id, alice, started };
}

/**
 * Rewrites the stored game's table (as if play had led there) and bumps its version: seat `n` gets
 * `seats[n]` (face-down defaults to three kings, so nobody runs out by accident). `rules` overrides
 * some rules (to check what the easy preset never triggers).
 */
export async function rig(
  s: Setup,
  id: string,
  table: {
    seats: readonly SeatCards[];
    pile?: readonly Card[];
    deck?: readonly Card[];
    turn?: number;
    rules?: Partial<GameState['options']['rules']>;
  },
): Promise<void> {
  const game = await stored(s, id);
  const state: GameState = {
    ...game.state,
    options: { ...game.state.options, rules: { ...game.state.options.rules, ...table.rules } },
    seats: game.state.seats.map((seat, n) => {
      const spec = table.seats[n] ?? {};
      return { ...seat, hand: spec.hand ?? [], faceUp: spec.faceUp ?? [], faceDown: spec.faceDown ?? kings(seat.id) };
    }),
    pile: table.pile ?? [],
    deck: table.deck ?? [],
    turn: table.turn ?? 0,
  };
  if ((await s.store.save({ ...game, version: game.version + 1, state }, game.version)) !== 'saved') {
    throw new Error('rig');
  }
}

/** The viewer's lowest playable card (2s and 10s last), or undefined when nothing is playable. */
export function lowestPlayable(state: EasyGameState, playerId: string): string | undefined {
  const order: Record<string, number> = { J: 11, Q: 12, K: 13, A: 14, '2': 15, '10': 16 };
  const seat = state.players.find((p) => p.id === playerId);
  const known = new Map<string, number>();
  for (const c of [...(seat?.hand ?? []), ...(seat?.faceUp ?? [])]) {
    if ('value' in c) known.set(c.id, order[c.value] ?? Number(c.value));
  }
  return [...state.playableCards].sort((a, b) => (known.get(a) ?? 99) - (known.get(b) ?? 99))[0];
}

/** Where a playable card id lies in the viewer's seat. */
export function sourceOf(state: EasyGameState, playerId: string, cardId: string): 'hand' | 'faceUp' | 'faceDown' {
  const seat = state.players.find((p) => p.id === playerId);
  if (seat?.hand.some((c) => c.id === cardId)) return 'hand';
  if (seat?.faceUp.some((c) => c.id === cardId)) return 'faceUp';
  return 'faceDown';
}
