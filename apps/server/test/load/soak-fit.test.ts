import { describe, expect, it } from 'vitest';
import { leastSquares } from '../../../../bench/soak-memory.js';

/** The soak bench's slope and its interval (bench/soak-memory.ts). */
describe('soak bench - the least-squares slope', () => {
  it('an exact line has its slope, r² 1 and an interval of no width', () => {
    const xs = [0, 1, 2, 3, 4, 5];
    const fit = leastSquares(
      xs,
      xs.map((x) => 3 * x + 7),
    );
    expect(fit.slope).toBeCloseTo(3, 10);
    expect(fit.r2).toBeCloseTo(1, 10);
    expect(fit.slope95[0]).toBeCloseTo(3, 6);
    expect(fit.slope95[1]).toBeCloseTo(3, 6);
  });

  it('correlated noise widens the interval beyond the plain standard error, which it still contains', () => {
    // A slow wave around a slope of 1: neighbouring residuals alike (lag-1 autocorrelation high).
    const xs = Array.from({ length: 90 }, (_, i) => i);
    const ys = xs.map((x) => x + 6 * Math.sin(x / 6));
    const fit = leastSquares(xs, ys);
    expect(fit.lag1).toBeGreaterThan(0.8);
    const [low, high] = fit.slope95;
    expect(low).toBeLessThan(fit.slope);
    expect(high).toBeGreaterThan(fit.slope);
    // The same residuals in a shuffled order (no correlation) give a narrower interval.
    const order = xs.map((_, i) => (i * 37) % 90);
    const shuffled = leastSquares(
      xs,
      xs.map((x, i) => x + 6 * Math.sin((order[i] as number) / 6)),
    );
    expect(shuffled.slope95[1] - shuffled.slope95[0]).toBeLessThan(high - low);
  });

  it('fewer than two points have no slope', () => {
    expect(leastSquares([1], [2]).slope).toBeNaN();
  });
});
