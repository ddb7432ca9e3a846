import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { determinize, unseenCards } from '../src/ai/determinize.js';
import type { RankMask } from '../src/card.js';
import {
  AI_POLICIES,
  aiCommand,
  type Command,
  createGame,
  createRng,
  type GameState,
  PRESETS,
  type PresetName,
  tableOptions,
  viewFor,
} from '../src/index.js';
import { lacksAfterPlay, maskHas } from '../src/lacks.js';
import { run, table } from './build.js';

const must = (state: GameState, command: Command): GameState => run(state, command).state;

const ranks = (mask: RankMask): number[] => [...Array(15).keys()].filter((r) => maskHas(mask, r));
const classic = PRESETS.classic.rules;

describe('lacks', () => {
  it('lacksAfterPlay - an ordinary rank shows every lower ordinary rank that fit, and itself', () => {
    // On a 5: 5, 6, 7 fit and are lower than the 8 played (2 and 10 are kept, not lacked).
    expect(ranks(lacksAfterPlay(8, 5, 1, classic))).toEqual([5, 6, 7, 8]);
    // On an empty pile everything fits.
    expect(ranks(lacksAfterPlay(4, null, 0, classic))).toEqual([3, 4]);
    // On a 7 (classic: lower), only 3-7 fit.
    expect(ranks(lacksAfterPlay(6, 7, 2, classic))).toEqual([3, 4, 5, 6]);
  });

  it('lacksAfterPlay - a special shows every ordinary rank that fit and the special played first', () => {
    // A 2 on a jack: no jack or higher; on a small pile a 10 would not have come first.
    expect(ranks(lacksAfterPlay(2, 11, 2, classic))).toEqual([11, 12, 13, 14]);
    // On a big pile a 10 would have burned it, so it had no 10 either.
    expect(ranks(lacksAfterPlay(2, 11, 4, classic))).toEqual([10, 11, 12, 13, 14]);
    // A 10 on a small pile: it had no 2 (it would have reset with that first).
    expect(ranks(lacksAfterPlay(10, 11, 3, classic))).toEqual([2, 11, 12, 13, 14]);
    expect(ranks(lacksAfterPlay(10, 11, 4, classic))).toEqual([11, 12, 13, 14]);
    // Wild: a see-through 3 comes after both the 2 and the 10.
    expect(ranks(lacksAfterPlay(3, 13, 1, PRESETS.wild.rules))).toEqual([2, 10, 13, 14]);
  });

  it('lacks - set by a play from hand, shown to the others only, lowered by plays, joined until a draw', () => {
    const start = table({
      seats: [{ hand: ['6d', '9c', 'Kh', 'Ks'] }, { hand: ['Qh', 'Qd', '7s'] }],
      pile: ['5c'],
    });
    let state = must(start, { type: 'play', seat: 's0', cardIds: ['6d'] });
    // It played a 6 on a 5: no 5 and no other 6 among its three cards left.
    expect(state.seats[0]?.lacks).toEqual({ ranks: (1 << 5) | (1 << 6), unseen: 3 });
    expect(viewFor(state, 's1').seats[0]?.lacks).toEqual(state.seats[0]?.lacks);
    expect(viewFor(state, 's0').seats[0]?.lacks).toBeUndefined();
    state = must(state, { type: 'play', seat: 's1', cardIds: ['Qh', 'Qd'] });
    state = must(state, { type: 'play', seat: 's0', cardIds: ['Kh', 'Ks'] });
    // No draw between the plays: the king's facts join the 6's over the one card left.
    expect(ranks(state.seats[0]?.lacks?.ranks ?? 0)).toEqual([5, 6, 12, 13]);
    expect(state.seats[0]?.lacks?.unseen).toBe(1);
  });

  it('lacks - a draw leaves the new cards out; a pick-up keeps the facts; the end clears them', () => {
    const start = table({
      seats: [{ hand: ['6d', '9c', 'Kh'] }, { hand: ['Ah', '4s'] }],
      pile: ['5c'],
      deck: ['3h', '8h'],
    });
    let state = must(start, { type: 'play', seat: 's0', cardIds: ['6d'] });
    // Two unseen cards lack 5 and 6; the card drawn after the play is not covered.
    expect(state.seats[0]?.hand).toHaveLength(3);
    expect(state.seats[0]?.lacks).toEqual({ ranks: (1 << 5) | (1 << 6), unseen: 2 });
    state = must(state, { type: 'play', seat: 's1', cardIds: ['Ah'] });
    state = must(state, { type: 'pickUp', seat: 's0' });
    expect(state.seats[0]?.lacks?.unseen).toBe(2);
    // A play from hand after the draw covers every unseen card again: the king and the 8 drawn. (This
    // seat kept its 8, so it does not shed its lowest: the facts are what a player who does would show.)
    state = must(state, { type: 'play', seat: 's1', cardIds: ['4s'] });
    state = must(state, { type: 'play', seat: 's0', cardIds: ['9c'] });
    expect(ranks(state.seats[0]?.lacks?.ranks ?? 0)).toEqual([4, 5, 6, 7, 8, 9]);
    expect(state.seats[0]?.lacks?.unseen).toBe(2);
  });

  it('lacks - exact for greedy: its unseen hand cards never hold more of the lacked ranks than allowed', () => {
    const presets: PresetName[] = ['classic', 'easy', 'wild'];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom(...presets),
        fc.integer({ min: 2, max: 5 }),
        (n, preset, players) => {
          let state = createGame(tableOptions({ rules: PRESETS[preset].rules, maxSeats: players }), `lacks-${n}`);
          for (let i = 0; i < players; i++)
            state = must(state, { type: 'sit', seat: `s${i}`, name: `P${i}`, ai: 'greedy' });
          state = must(state, { type: 'start', seat: null });
          const rng = createRng(`lacks-${n}`);
          let covered = 0;
          for (let guard = 0; state.phase !== 'finished'; guard++) {
            if (guard > 5000) throw new Error('game did not end');
            const index = state.phase === 'playing' ? state.turn : state.seats.findIndex((s) => !s.ready);
            const command = aiCommand(state, index, AI_POLICIES.greedy, rng);
            if (command === null) throw new Error('nothing due');
            state = must(state, command);
            for (const seat of state.seats) {
              const lacks = seat.lacks;
              if (lacks === undefined) continue;
              const known = new Set((seat.known ?? []).map((c) => c.id));
              const hidden = seat.hand.filter((c) => !known.has(c.id));
              // At least `unseen` of them hold no lacked rank.
              expect(hidden.filter((c) => !maskHas(lacks.ranks, c.rank)).length).toBeGreaterThanOrEqual(lacks.unseen);
              covered++;
            }
          }
          expect(state.seats.every((s) => s.lacks === undefined)).toBe(true);
          return covered > 0;
        },
      ),
      { numRuns: 40 },
    );
  });

  it('determinize - a seat that showed what it lacks is dealt none of those ranks', () => {
    const start = table({
      seats: [{ hand: ['6d', '9c', 'Kh', '4c'] }, { hand: ['Qh', 'Qd', '7s'] }],
      pile: ['5c'],
      deck: 6,
    });
    // s0 plays a 9 over a 5: it shows it holds no 5, 6, 7, 8 or 9 (as greedy would not have played it).
    const state = must(start, { type: 'play', seat: 's0', cardIds: ['9c'] });
    const view = viewFor(state, 's1');
    expect(ranks(view.seats[0]?.lacks?.ranks ?? 0)).toEqual([5, 6, 7, 8, 9]);
    const unseen = unseenCards(view);
    for (const seed of ['a', 'b', 'c', 'd']) {
      const world = determinize(view, [...unseen], createRng(seed));
      const hand = world.seats[0]?.hand ?? [];
      expect(hand).toHaveLength(3);
      for (const c of hand) expect(c.rank < 5 || c.rank > 9).toBe(true);
      expect(viewFor(world, 's1')).toEqual(view);
    }
    // A Beginner seat plays at random: no guess is made for it.
    const random = { ...view, seats: view.seats.map((s, i) => (i === 0 ? { ...s, ai: 'random' as const } : s)) };
    const dealt = new Set<number>();
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) {
      for (const c of determinize(random, [...unseen], createRng(seed)).seats[0]?.hand ?? []) dealt.add(c.rank);
    }
    expect([...dealt].some((r) => r >= 5 && r <= 9)).toBe(true);
  });
});
