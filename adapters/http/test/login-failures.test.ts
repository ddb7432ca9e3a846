import { describe, expect, it } from 'vitest';
import { LoginFailures } from '../src/login-failures.js';

describe('login failures', () => {
  it('login failures - max failures per window per normalised login; success clears; the window ends', () => {
    let now = 0;
    const failures = new LoginFailures(2, 1000, () => now);
    expect(failures.attempt('Ann')).toBe(true);
    expect(failures.attempt(' ann ')).toBe(true);
    expect(failures.attempt('ANN')).toBe(false);
    expect(failures.attempt('bob')).toBe(true);
    now = 1000;
    expect(failures.attempt('ann')).toBe(true);
    failures.succeeded('Ann');
    expect(failures.attempt('ann')).toBe(true);
    expect(failures.attempt('ann')).toBe(true);
    // A malformed attempt (never checked) gives its count back.
    failures.uncounted('ann');
    expect(failures.attempt('ann')).toBe(true);
    expect(failures.attempt('ann')).toBe(false);
  });
});
