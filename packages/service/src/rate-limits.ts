import type { Clock } from './ports.js';

/**
 * Where the abuse limits keep their counts (DECISIONS §12): in memory on one node (the SQLite
 * default), in the database when several nodes share one, so a limit holds however many nodes an
 * address reaches. Each key has one fixed window at a time; a count for a newer window replaces it.
 */
export interface RateCounters {
  /**
   * Adds `delta` to `key`'s count in `window` (a window number: start time / window length),
   * starting from 0 when the key's stored window is another one, and answers the count after it.
   * `expiresAt` (ms since the epoch) is when the count may be forgotten.
   */
  add(key: string, window: number, delta: number, expiresAt: number): Promise<number>;
  /** Forgets `key`'s count. */
  clear(key: string): Promise<void>;
  /** Forgets every count that expired before `now`; answers how many. */
  prune(now: number): Promise<number>;
}

/** A counted event: allowed, or refused with the ms until its window ends (for `Retry-After`). */
export type Taken = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterMs: number };

/**
 * Fixed-window limits over a `RateCounters`: at most `max` events per `windowMs` per key. The
 * windows are aligned to the epoch, so every node agrees on which window an event falls in.
 */
export class RateLimiter {
  constructor(
    private readonly counters: RateCounters,
    private readonly clock: Clock,
  ) {}

  /** Counts one event for `key`; refused when it is over `max` in the current window. */
  async take(key: string, max: number, windowMs: number): Promise<Taken> {
    const now = this.clock.now();
    const window = Math.floor(now / windowMs);
    const ends = (window + 1) * windowMs;
    const count = await this.counters.add(key, window, 1, ends);
    return count <= max ? { allowed: true } : { allowed: false, retryAfterMs: ends - now };
  }

  /** Takes back one event of `key` counted in the current window (it turned out not to count). */
  async giveBack(key: string, windowMs: number): Promise<void> {
    const now = this.clock.now();
    const window = Math.floor(now / windowMs);
    await this.counters.add(key, window, -1, (window + 1) * windowMs);
  }

  /** Forgets `key`'s count (a successful login clears its failures). */
  async clear(key: string): Promise<void> {
    await this.counters.clear(key);
  }

  /** Forgets expired counts (the server runs it now and then). */
  async prune(): Promise<number> {
    return this.counters.prune(this.clock.now());
  }
}

/** Keys kept in memory before the expired ones are swept on the next write. */
const MEMORY_SWEEP_AT = 10_000;

/**
 * Counts in this process's memory: the default with the embedded SQLite, where one server owns
 * the data. Bounded: past `MEMORY_SWEEP_AT` keys, expired ones go on the next write, and if a
 * spray of live keys still fills it, the oldest are forgotten rather than memory growing.
 */
export class MemoryRateCounters implements RateCounters {
  private readonly counts = new Map<string, { window: number; count: number; expiresAt: number }>();

  constructor(private readonly clock: Clock) {}

  async add(key: string, window: number, delta: number, expiresAt: number): Promise<number> {
    if (this.counts.size >= MEMORY_SWEEP_AT) this.sweep(this.clock.now());
    const entry = this.counts.get(key);
    const count = Math.max(0, (entry !== undefined && entry.window === window ? entry.count : 0) + delta);
    // Re-inserted, so the map's order is the order of last use (the sweep forgets the oldest).
    this.counts.delete(key);
    this.counts.set(key, { window, count, expiresAt });
    return count;
  }

  async clear(key: string): Promise<void> {
    this.counts.delete(key);
  }

  async prune(now: number): Promise<number> {
    const before = this.counts.size;
    for (const [key, entry] of this.counts) if (entry.expiresAt <= now) this.counts.delete(key);
    return before - this.counts.size;
  }

  /** How many keys are held (tests check the bound). */
  get size(): number {
    return this.counts.size;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.counts) if (entry.expiresAt <= now) this.counts.delete(key);
    for (const key of this.counts.keys()) {
      if (this.counts.size < MEMORY_SWEEP_AT) break;
      this.counts.delete(key);
    }
  }
}
