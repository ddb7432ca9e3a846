import type { Clock } from './ports.js';

/**
 * Where the abuse limits keep their counts (docs/product.md §D12): in memory on one node (the SQLite
 * default), in the database when several nodes share one, so a limit holds however many nodes an
 * address reaches. Each key has one fixed window at a time, opened by its first event: a count
 * whose window has ended starts again from the next event.
 */
export interface RateCounters {
  /**
   * Adds `delta` to `key`'s count (never below zero) and answers the count after it with its
   * window's start, in ms since the epoch. When the key has no count, or its window (`windowMs`
   * long) ended by `now`, a new window opens at `now` and the count starts from `delta`.
   */
  add(key: string, now: number, windowMs: number, delta: number): Promise<{ count: number; since: number }>;
  /** Forgets `key`'s count. */
  clear(key: string): Promise<void>;
  /** Forgets every count whose window ended by `now`; answers how many. */
  prune(now: number): Promise<number>;
}

/** A counted event: allowed, or refused with the ms until its window ends (for `Retry-After`). */
export type Taken = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterMs: number };

/** Fixed-window limits over a `RateCounters`: at most `max` events per `windowMs` per key. */
export class RateLimiter {
  constructor(
    private readonly counters: RateCounters,
    private readonly clock: Clock,
  ) {}

  /** Counts one event for `key`; refused when it is over `max` in the key's current window. */
  async take(key: string, max: number, windowMs: number): Promise<Taken> {
    const now = this.clock.now();
    const { count, since } = await this.counters.add(key, now, windowMs, 1);
    return count <= max ? { allowed: true } : { allowed: false, retryAfterMs: Math.max(0, since + windowMs - now) };
  }

  /** Takes back one event of `key` (it turned out not to count). */
  async giveBack(key: string, windowMs: number): Promise<void> {
    await this.counters.add(key, this.clock.now(), windowMs, -1);
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
 * What a sweep leaves at most: a tenth below the bound, so a spray of new keys sweeps once per
 * thousand writes, not on every write (each sweep walks every key: at the bound, a sweep per write
 * made 50,000 writes of new keys take 4 s).
 */
const MEMORY_KEEP_AFTER_SWEEP = 9_000;

/**
 * Counts in this process's memory: the default with the embedded SQLite, where one server owns
 * the data. Bounded: past `MEMORY_SWEEP_AT` keys, expired ones go on the next write, and if a
 * spray of live keys still fills it, the oldest are forgotten (down to `MEMORY_KEEP_AFTER_SWEEP`)
 * rather than memory growing.
 */
export class MemoryRateCounters implements RateCounters {
  private readonly counts = new Map<string, { since: number; count: number; expiresAt: number }>();

  async add(key: string, now: number, windowMs: number, delta: number): Promise<{ count: number; since: number }> {
    if (this.counts.size >= MEMORY_SWEEP_AT) this.sweep(now);
    const entry = this.counts.get(key);
    const live = entry !== undefined && entry.expiresAt > now;
    const since = live ? entry.since : now;
    const count = Math.max(0, (live ? entry.count : 0) + delta);
    // Re-inserted, so the map's order is the order of last use (the sweep forgets the oldest).
    this.counts.delete(key);
    this.counts.set(key, { since, count, expiresAt: since + windowMs });
    return { count, since };
  }

  async clear(key: string): Promise<void> {
    this.counts.delete(key);
  }

  async prune(now: number): Promise<number> {
    const before = this.counts.size;
    this.sweepExpired(now);
    return before - this.counts.size;
  }

  /** How many keys are held (tests check the bound). */
  get size(): number {
    return this.counts.size;
  }

  private sweepExpired(now: number): void {
    for (const [key, entry] of this.counts) if (entry.expiresAt <= now) this.counts.delete(key);
  }

  private sweep(now: number): void {
    this.sweepExpired(now);
    for (const key of this.counts.keys()) {
      if (this.counts.size <= MEMORY_KEEP_AFTER_SWEEP) break;
      this.counts.delete(key);
    }
  }
}
