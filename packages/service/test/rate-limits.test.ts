import { describe, expect, it } from 'vitest';
import { ManualClock, MemoryRateCounters, RateLimiter } from '../src/index.js';

describe('rate limits', () => {
  it('rate limiter - max events per key per window opened by the first; refusals say when it ends', async () => {
    const clock = new ManualClock(1_000);
    const limiter = new RateLimiter(new MemoryRateCounters(), clock);
    expect((await limiter.take('a', 2, 60_000)).allowed).toBe(true);
    clock.advance(10_000);
    expect((await limiter.take('a', 2, 60_000)).allowed).toBe(true);
    expect(await limiter.take('a', 2, 60_000)).toEqual({ allowed: false, retryAfterMs: 50_000 });
    expect((await limiter.take('b', 2, 60_000)).allowed).toBe(true);
    clock.advance(50_000);
    // The window opened at the first event has ended: a new one opens now.
    expect((await limiter.take('a', 2, 60_000)).allowed).toBe(true);
    await limiter.giveBack('a', 60_000);
    await limiter.giveBack('a', 60_000);
    expect((await limiter.take('a', 2, 60_000)).allowed).toBe(true);
    expect((await limiter.take('a', 2, 60_000)).allowed).toBe(true);
    expect((await limiter.take('a', 2, 60_000)).allowed).toBe(false);
    await limiter.clear('a');
    expect((await limiter.take('a', 2, 60_000)).allowed).toBe(true);
  });

  it('memory counters - bounded: a spray of 50,000 keys keeps at most 10,000; expired ones are pruned', async () => {
    const counters = new MemoryRateCounters();
    for (let n = 0; n < 50_000; n++) await counters.add(`k${n}`, n, 60_000, 1);
    expect(counters.size).toBeLessThanOrEqual(10_000);
    // The newest keys are the ones kept.
    expect((await counters.add('k49999', 50_000, 60_000, 1)).count).toBe(2);
    const held = counters.size;
    expect(await counters.prune(200_000)).toBe(held);
    expect(counters.size).toBe(0);
  });
});
