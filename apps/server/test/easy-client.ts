import { KyselyGamesStore, openSqlite } from '@palace/adapter-storage';
import type { GameState } from '@palace/core';
import type {
  EasyAiMoveAnswer,
  EasyCreated,
  EasyGameState,
  EasyPickUpAnswer,
  EasyPlayAnswer,
  EasySource,
} from '@palace/protocol';
import { expect } from 'vitest';
import type { Answer, Client, TestServer } from './harness.js';

/** A thin HTTP client for the easy variant under `/api/simple-palace/games`, and game drivers. */

export const BASE = '/api/simple-palace/games';

/** How `ai-move` is sent: with no body at all, or with a JSON content type and an empty body. */
export type NoBody = 'none' | 'empty-json';

export class EasyClient {
  constructor(readonly c: Client) {}

  create(playerName: unknown): Promise<Answer<EasyCreated>> {
    return this.c.post<EasyCreated>(BASE, { playerName });
  }

  join(gameId: string, playerName: unknown): Promise<Answer<EasyCreated>> {
    return this.c.post<EasyCreated>(`${BASE}/${gameId}/join`, { playerName });
  }

  /** POST `{BASE}/{gameId}/{action}` (play, pickup, ai, start). */
  act<T = unknown>(gameId: string, action: string, body: unknown): Promise<Answer<T>> {
    return this.c.post<T>(`${BASE}/${gameId}/${action}`, body);
  }

  view(gameId: string, playerId?: string): Promise<Answer<EasyGameState>> {
    const query = playerId === undefined ? '' : `?playerId=${encodeURIComponent(playerId)}`;
    return this.c.get<EasyGameState>(`${BASE}/${gameId}${query}`);
  }

  async aiMove(gameId: string, how: NoBody = 'none'): Promise<Answer<EasyAiMoveAnswer>> {
    const response = await fetch(`${this.c.base}${BASE}/${gameId}/ai-move`, {
      method: 'POST',
      ...(how === 'empty-json' ? { headers: { 'content-type': 'application/json' } } : {}),
    });
    const text = await response.text();
    const body = text === '' ? undefined : (JSON.parse(text) as EasyAiMoveAnswer);
    return { status: response.status, body: body as EasyAiMoveAnswer, text, headers: response.headers };
  }

  /** The state, failing loudly when the GET is refused. */
  async state(gameId: string, playerId?: string): Promise<EasyGameState> {
    return ok(await this.view(gameId, playerId));
  }
}

/** The body of a 200 answer; fails loudly otherwise. */
export function ok<T>(got: Answer<T>): T {
  if (got.status !== 200) throw new Error(`answered ${got.status}: ${got.text}`);
  return got.body;
}

const ORDER: Record<string, number> = { J: 11, Q: 12, K: 13, A: 14, '2': 15, '10': 16 };

/** The viewer's lowest playable card and where it lies (2s and 10s last), or undefined. */
export function lowestPlayable(
  state: EasyGameState,
  playerId: string,
): { cardId: string; source: EasySource } | undefined {
  const seat = state.players.find((p) => p.id === playerId);
  if (seat === undefined) throw new Error('the viewer has no seat carrying its credential');
  const known = new Map<string, number>();
  for (const c of [...seat.hand, ...seat.faceUp]) if ('value' in c) known.set(c.id, ORDER[c.value] ?? Number(c.value));
  const cardId = [...state.playableCards].sort((a, b) => (known.get(a) ?? 99) - (known.get(b) ?? 99))[0];
  if (cardId === undefined) return undefined;
  const source: EasySource = seat.hand.some((c) => c.id === cardId)
    ? 'hand'
    : seat.faceUp.some((c) => c.id === cardId)
      ? 'faceUp'
      : 'faceDown';
  return { cardId, source };
}

/** Cards a state accounts for (burned cards are out of the game). */
export function cardsInPlay(state: EasyGameState): number {
  const seats = state.players.reduce((sum, p) => sum + p.handCount + p.faceUp.length + p.faceDownCount, 0);
  return seats + state.pileCount + state.deckCount;
}

/** What a driven game saw. */
export interface Played {
  readonly final: EasyGameState;
  /**
   * The answer (play or ai-move) that ended the game, or null when a pick-up did: the engine's move
   * cap (core's MOVE_CAP) can fall on one, and a pick-up's answer carries no `gameOver`.
   */
  readonly ending: EasyPlayAnswer | EasyAiMoveAnswer | null;
  readonly aiMoves: number;
  readonly humanMoves: number;
}

/**
 * Plays a game to its end through HTTP: each human (by credential) plays its lowest playable card
 * as the hints say, or picks up; on an AI's turn the test calls `ai-move` (alternating the two ways
 * of sending no body). `final` is the first human's view of the finished game.
 */
export async function playToEnd(ez: EasyClient, gameId: string, humans: readonly string[]): Promise<Played> {
  let aiMoves = 0;
  let humanMoves = 0;
  let total = 52;
  const lead = humans[0] as string;
  for (let step = 0; step < 4000; step++) {
    const state = await ez.state(gameId, lead);
    expect(cardsInPlay(state)).toBeLessThanOrEqual(total);
    total = cardsInPlay(state);
    expect(state.status).toBe('playing');
    let mover: string | undefined;
    let view = state;
    for (const human of humans) {
      view = human === lead ? state : await ez.state(gameId, human);
      if (view.currentTurn === human) {
        mover = human;
        break;
      }
    }
    let ending: EasyPlayAnswer | EasyAiMoveAnswer;
    if (mover === undefined) {
      const moved = ok(await ez.aiMove(gameId, aiMoves % 2 === 0 ? 'none' : 'empty-json'));
      expect(moved.aiName).toBe(state.currentTurnPlayerName);
      aiMoves++;
      ending = moved;
    } else {
      humanMoves++;
      const pick = lowestPlayable(view, mover);
      if (pick === undefined) {
        expect(view.canPickUp).toBe(true);
        const picked = ok(await ez.act<EasyPickUpAnswer>(gameId, 'pickup', { playerId: mover }));
        expect(picked.success).toBe(true);
        if (picked.gameState.status === 'finished') {
          const final = await ez.state(gameId, lead);
          expect(final.endReason).toBe('moveCap');
          return { final, ending: null, aiMoves, humanMoves };
        }
        continue;
      }
      ending = ok(await ez.act<EasyPlayAnswer>(gameId, 'play', { playerId: mover, ...pick }));
    }
    if (ending.gameOver) return { final: await ez.state(gameId, lead), ending, aiMoves, humanMoves };
  }
  throw new Error('the game did not end');
}

/**
 * Rewrites a stored game's engine state behind the server's back (as if play had led there), the
 * way the service tests rig a table: through the storage adapter on the server's SQLite file.
 */
export async function rigState(server: TestServer, gameId: string, change: (state: GameState) => GameState) {
  const db = await openSqlite(server.dataFile);
  try {
    const store = new KyselyGamesStore(db);
    const game = await store.load(gameId, { entries: false });
    if (game === null) throw new Error(`no game ${gameId}`);
    const saved = await store.save({ ...game, version: game.version + 1, state: change(game.state) }, game.version);
    if (saved !== 'saved') throw new Error(`rig: ${saved}`);
  } finally {
    await db.destroy();
  }
}
