import { ManualClock, MemoryRateCounters, RateLimiter } from '@palace/service';
import { describe, expect, it } from 'vitest';
import { LoginFailures } from '../src/login-failures.js';

describe('login failures', () => {
  it('login failures - max failures per window per normalised login; success clears; the window ends', async () => {
    const clock = new ManualClock(0);
    const failures = new LoginFailures(new RateLimiter(new MemoryRateCounters(), clock), 2, 1000);
    expect(await failures.attempt('Ann')).toBe(true);
    expect(await failures.attempt(' ann ')).toBe(true);
    expect(await failures.attempt('ANN')).toBe(false);
    expect(await failures.attempt('bob')).toBe(true);
    clock.advance(1000);
    expect(await failures.attempt('ann')).toBe(true);
    await failures.succeeded('Ann');
    expect(await failures.attempt('ann')).toBe(true);
    expect(await failures.attempt('ann')).toBe(true);
    // A malformed attempt (never checked) gives its count back.
    await failures.uncounted('ann');
    expect(await failures.attempt('ann')).toBe(true);
    expect(await failures.attempt('ann')).toBe(false);
  });
});
