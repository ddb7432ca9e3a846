import { describe, expect, it } from 'vitest';
import { hintFor, hintReason } from '../src/ai/hint.js';
import { createRng, legalMoves, type Move, viewFor } from '../src/index.js';
import { table } from './build.js';

/** The viewer's (seat 0's) legal moves, view, and the one play of `ids`. */
function position(spec: Parameters<typeof table>[0], ids: readonly string[] | 'pickUp') {
  const state = table(spec);
  const moves = legalMoves(state, 0);
  const view = viewFor(state, state.seats[0]?.id ?? null);
  const move =
    ids === 'pickUp'
      ? moves.find((m) => m.type === 'pickUp')
      : moves.find((m) => m.type === 'play' && [...m.cardIds].sort().join() === [...ids].sort().join());
  if (move === undefined) throw new Error(`no such move: ${String(ids)}`);
  return { state, moves, view, move: move as Move };
}

describe('hints (docs/architecture.md "Hints")', () => {
  it('reason - burns, resets, four of a kind, skips, sevens, lowest card, kept specials, several at once, pick-ups', () => {
    const seats = (hand: string[]) => [{ hand }, { hand: ['4c', '5c', '6c'] }];
    const reason = (hand: string[], pile: string[], ids: string[] | 'pickUp', rules = {}) => {
      const p = position({ seats: seats(hand), pile, rules }, ids);
      return hintReason(p.view, p.moves, p.move);
    };
    expect(reason(['10h', '5d'], ['9c', 'Jc'], ['10h'])).toBe('Burns the pile (2 cards): you play again');
    expect(reason(['2h', 'Kd'], ['Ac'], ['2h'])).toBe('Resets the pile: anything may follow');
    expect(reason(['6h', 'Kd'], ['6c', '6d', '6s'], ['6h'])).toBe('Makes four 6s: the pile burns and you play again');
    expect(reason(['8h', 'Kd'], ['5c'], ['8h'])).toMatch(/^Skips /);
    expect(reason(['7h', 'Kd'], ['5c'], ['7h'])).toMatch(/ must play a 7 or lower next$/);
    expect(reason(['5h', 'Kd'], ['4c'], ['5h'])).toBe('Sheds your lowest playable card, the 5');
    expect(reason(['5h', 'Kd', '2s'], ['4c'], ['5h'])).toBe(
      'Sheds your lowest card, the 5, and keeps your 2 for later',
    );
    expect(reason(['5h', '5d', 'Kd'], ['4c'], ['5h', '5d'])).toBe('Plays your 2 5s at once');
    expect(reason(['Kd', '4h'], ['Qc'], ['Kd'])).toBe('Sheds your lowest playable card, the King');
    expect(reason(['4h', '5d'], ['Ac'], 'pickUp')).toBe('Nothing you hold can go on this pile: take it');
    expect(reason(['4h', '2d'], ['Ac'], 'pickUp')).toBe('Take the pile (1 card) and keep your 2 for later');
  });

  it('hint - the strong AI picks a legal move, the same for the same generator, with its reason', () => {
    const { view, moves } = position(
      { seats: [{ hand: ['5h', '9d', '2s'] }, { hand: ['4c', '5c', '6c'] }], pile: ['4c'] },
      ['5h'],
    );
    const a = hintFor(view, moves, createRng('hint'));
    const b = hintFor(view, moves, createRng('hint'));
    expect(a).toEqual(b);
    expect(moves).toContainEqual(a.move);
    expect(a.reason.length).toBeGreaterThan(5);
  });
});
