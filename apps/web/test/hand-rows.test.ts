import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { handRows, handSpacing, MIN_STEP } from '../src/table/hand-fan.js';

/** The hand's rows (docs/web.md "The table kit"): every card keeps `MIN_STEP` px, with the fewest rows. */
describe('hand rows', () => {
  it('rows - one row while every card shows 30 px; else the fewest even rows, fullest first', () => {
    expect(handRows(0, 400, 45)).toEqual([]);
    expect(handRows(9, 406, 45)).toEqual([9]);
    // 844x390: a 405 px row of 45 px cards holds 13 at 30 px apart; 30 cards take three rows of 10.
    expect(handRows(30, 405, 45)).toEqual([10, 10, 10]);
    expect(handRows(25, 352, 52)).toEqual([9, 9, 7]);
    // Not measured yet: one row.
    expect(handRows(30, 0, 0)).toEqual([30]);
  });

  it('rows - each row spaced as the fullest leaves every card at least MIN_STEP px and fits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 52 }),
        fc.double({ min: 30, max: 110, noNaN: true }),
        fc.double({ min: 200, max: 2000, noNaN: true }),
        (n, card, width) => {
          fc.pre(width >= card + MIN_STEP);
          const rows = handRows(n, width, card);
          expect(rows.reduce((a, b) => a + b, 0)).toBe(n);
          expect(rows[0]).toBe(Math.max(...rows));
          const s = handSpacing(rows[0] ?? 0, width, card);
          if (s.kind === 'fanned') expect(s.step).toBeGreaterThanOrEqual(MIN_STEP - 1e-9);
          // The fewest rows: one fewer would need a step under MIN_STEP.
          if (rows.length > 1) expect((width - card) / (Math.ceil(n / (rows.length - 1)) - 1)).toBeLessThan(MIN_STEP);
        },
      ),
    );
  });
});
