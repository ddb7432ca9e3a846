import type { Card, Rank, Result, Suit } from '@palace/core';
import type { Json, MemoryGamesStore, ServiceError, StoredGame } from '../src/index.js';

/** Helpers every variant's service tests share (the `*-support.ts` files add each variant's setup). */

/** The value of an accepted answer; throws with the error code otherwise. */
export function value<T>(result: Result<T, ServiceError>): T {
  if (!result.ok) throw new Error(`refused: ${result.error.code}`);
  return result.value;
}

/** The refusal of an answer (code and message), or null when it was accepted. */
export function refusal(result: Result<unknown, ServiceError>): ServiceError | null {
  return result.ok ? null : result.error;
}

/** The error code of a refused answer, or null when it was accepted. */
export function code(result: Result<unknown, ServiceError>): string | null {
  return result.ok ? null : result.error.code;
}

/** The stored game `id` with its variant's meta type; throws when there is none. */
export async function storedGame<M extends Json>(store: MemoryGamesStore, id: string): Promise<StoredGame<M>> {
  const game = await store.load(id);
  if (game === null) throw new Error(`no game ${id}`);
  return game as StoredGame<M>;
}

/** Every string in a JSON value, keys included (for leak scans). */
export function strings(json: unknown, into: string[] = []): string[] {
  // One array filled in place (the property tests call this on a whole stored game at every step).
  if (typeof json === 'string') into.push(json);
  else if (Array.isArray(json)) for (const item of json) strings(item, into);
  else if (json !== null && typeof json === 'object') {
    for (const [key, v] of Object.entries(json)) {
      into.push(key);
      strings(v, into);
    }
  }
  return into;
}

/** Lets a task started by the scheduler finish (the memory store resolves in microtasks). */
export const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export const card = (id: string, rank: Rank, suit: Suit = 'hearts'): Card => ({ id, rank, suit });

/** Three kings: the default face-down cards of a rigged seat, so nobody runs out by accident. */
export const kings = (prefix: string): Card[] => [0, 1, 2].map((n) => card(`${prefix}-k${n}`, 13, 'clubs'));

/** One seat's cards in a rigged table. */
export interface SeatCards {
  readonly hand?: readonly Card[];
  readonly faceUp?: readonly Card[];
  readonly faceDown?: readonly Card[];
}
