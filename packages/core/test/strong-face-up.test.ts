import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scoredFaceUp, searchFaceUp } from '../src/ai/face-up.js';
import { greedyFaceUp } from '../src/ai/greedy.js';
import {
  aiCommand,
  applyCommand,
  type Command,
  createGame,
  createRng,
  DEFAULT_RULES,
  type GameState,
  PRESETS,
  type PresetName,
  STRONG_BUDGET,
  strongPolicy,
  tableOptions,
  viewFor,
} from '../src/index.js';
import { card } from './build.js';

function must(state: GameState, command: Command): GameState {
  const applied = applyCommand(state, command);
  if (!applied.ok) throw new Error(applied.error.code);
  return applied.value.state;
}

/** A dealt table of `players` in the setup phase, the first `chosen` seats having laid greedy's cards. */
function setup(preset: PresetName, players: number, seed: string, chosen: number): GameState {
  let state = createGame(tableOptions({ rules: PRESETS[preset].rules, maxSeats: players }), seed);
  for (let i = 0; i < players; i++) state = must(state, { type: 'sit', seat: `s${i}`, name: `P${i}`, ai: null });
  state = must(state, { type: 'start', seat: null });
  for (let i = 0; i < chosen; i++) {
    const hand = state.seats[i]?.hand ?? [];
    const ids = greedyFaceUp(hand, state.options.rules).map((c) => c.id);
    state = must(state, { type: 'chooseFaceUp', seat: `s${i}`, cardIds: ids });
  }
  return state;
}

const setupArb = fc
  .record({
    preset: fc.constantFrom<PresetName>('classic', 'easy', 'wild'),
    players: fc.integer({ min: 2, max: 6 }),
    seed: fc.string({ minLength: 1, maxLength: 8 }),
    chosen: fc.nat({ max: 5 }),
  })
  .map((p) => ({ ...p, chosen: p.chosen % p.players }));

const scoring = { reward: 'win', scale: 4 } as const;

describe('strong AI - face-up choice', () => {
  it('scoredFaceUp - lays a low pair and an ace where greedy lays its three highest cards', () => {
    const hand = ['5h', '5d', '6c', '8s', 'Ah', 'Kd'].map((label) => card(label));
    expect(greedyFaceUp(hand, DEFAULT_RULES).map((c) => c.id)).toEqual(['Ah', 'Kd', '8s']);
    // 5 5 A: a face-up pair (+38) and the 6 kept low in hand beat A K 8 with the 5 kept.
    expect(
      scoredFaceUp(hand, DEFAULT_RULES)
        .map((c) => c.id)
        .sort(),
    ).toEqual(['5d', '5h', 'Ah']);
  });

  it('scoredFaceUp - lays its 10 and keeps its lowest card in hand', () => {
    const hand = ['10h', '4d', '4c', '9s', 'Jh', '3d'].map((label) => card(label));
    const up = scoredFaceUp(hand, DEFAULT_RULES).map((c) => c.id);
    expect(up).toContain('10h');
    expect(up).not.toContain('3d');
  });

  it('searchFaceUp - lays three distinct cards of its own hand, the same for the same generator', () => {
    fc.assert(
      fc.property(setupArb, (p) => {
        const state = setup(p.preset, p.players, `fu:${p.seed}`, p.chosen);
        const seat = `s${p.chosen}`;
        const view = viewFor(state, seat);
        const hand = (view.seats[p.chosen]?.hand ?? []).map((c) => c.id);
        const budget = { iterations: 40, anchor: 0 };
        const first = searchFaceUp(view, createRng('same'), budget, scoring);
        expect(new Set(first).size).toBe(3);
        for (const id of first) expect(hand).toContain(id);
        expect(searchFaceUp(view, createRng('same'), budget, scoring)).toEqual(first);
        // The engine takes the choice.
        expect(applyCommand(state, { type: 'chooseFaceUp', seat, cardIds: first }).ok).toBe(true);
      }),
      { numRuns: 25 },
    );
  });

  it('searchFaceUp - keeps greedy`s choice when no other is better by more than the anchor', () => {
    const state = setup('classic', 4, 'fu:anchor', 1);
    const view = viewFor(state, 's1');
    const greedy = greedyFaceUp(view.seats[1]?.hand ?? [], view.options.rules).map((c) => c.id);
    // No win share can be more than 1 above another's.
    expect(searchFaceUp(view, createRng('a'), { iterations: 60, anchor: 1 }, scoring)).toEqual(greedy);
  });

  it('strong - with a face-up rule set, its choice is what the engine accepts at every table size', () => {
    for (const faceUp of ['score', { iterations: 40, anchor: 0 }] as const) {
      const policy = strongPolicy({ ...STRONG_BUDGET, iterations: 24, faceUp });
      for (const players of [2, 3, 4]) {
        let state = setup('classic', players, `fu:policy:${players}`, 0);
        for (let i = 0; i < players; i++) {
          const command = aiCommand(state, i, policy, createRng(`p${i}`));
          expect(command?.type).toBe('chooseFaceUp');
          state = must(state, command as Command);
        }
        expect(state.phase).toBe('playing');
      }
    }
  });
});
