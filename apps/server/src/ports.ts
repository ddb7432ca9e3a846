import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Clock, IdSource, Publisher, Scheduler, StoredGame } from '@palace/service';

/** The wall clock, in integer ms since the epoch. */
export const systemClock: Clock = { now: () => Date.now() };

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Length of a game id (docs/product.md §P2.9). */
const GAME_ID_LENGTH = 6;

/** Ids, seeds and credentials from the operating system's secure random source. */
export const cryptoIds: IdSource = {
  gameId: () => Array.from({ length: GAME_ID_LENGTH }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join(''),
  seed: () => randomBytes(32).toString('hex'),
  // 192 bits, URL-safe.
  secret: () => randomBytes(24).toString('base64url'),
  token: () => randomBytes(32).toString('base64url'),
  pick: (n) => randomInt(n),
  digest: (value) => createHash('sha256').update(value).digest('hex'),
};

/** setTimeout caps delays at 2^31-1 ms; longer waits are re-armed in steps. */
const MAX_DELAY = 2_147_483_647;

/** One timer per game on this process's event loop. `close()` drops them all (at shutdown). */
export class TimerScheduler implements Scheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly clock: Clock = systemClock) {}

  schedule(gameId: string, at: number, task: () => void): void {
    this.cancel(gameId);
    const delay = Math.max(0, at - this.clock.now());
    const timer = setTimeout(
      () => {
        this.timers.delete(gameId);
        if (delay > MAX_DELAY) this.schedule(gameId, at, task);
        else task();
      },
      Math.min(delay, MAX_DELAY),
    );
    this.timers.set(gameId, timer);
  }

  cancel(gameId: string): void {
    const timer = this.timers.get(gameId);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(gameId);
  }

  /** How many timers are armed. */
  get size(): number {
    return this.timers.size;
  }

  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}

/** Fans a changed game out to listeners in this process (sockets, long polls, caches). */
export class LocalPublisher implements Publisher {
  private readonly listeners = new Set<(game: StoredGame) => void>();

  publish(game: StoredGame): void {
    for (const listener of this.listeners) listener(game);
  }

  /** Adds a listener; returns a function that removes it. */
  subscribe(listener: (game: StoredGame) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
