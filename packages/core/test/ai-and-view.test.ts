import { describe, expect, it } from 'vitest';
import {
  AI_POLICIES,
  aiCommand,
  applyCommand,
  CASUAL_RANDOM_SHARE,
  type Command,
  casualLevelPolicy,
  casualPolicy,
  createGame,
  createRng,
  dueAction,
  entryFeeFor,
  type GameState,
  legalMoves,
  nextAiSeat,
  prototypePolicy,
  tableOptions,
  viewFor,
} from '../src/index.js';
import { table } from './build.js';

function applyOk(state: GameState, command: Command): GameState {
  const applied = applyCommand(state, command);
  if (!applied.ok) throw new Error(applied.error.code);
  return applied.value.state;
}

const greedyMove = (state: ReturnType<typeof table>) =>
  AI_POLICIES.greedy.chooseMove(viewFor(state, 's0'), legalMoves(state, 0), createRng('g'));

describe('greedy AI', () => {
  it('greedy - plays all its cards of the lowest playable ordinary rank', () => {
    const state = table({ seats: [{ hand: ['2h', '10c', '6h', '6d', '9s', 'Kd'] }, {}], pile: ['5c'] });
    expect(greedyMove(state)).toMatchObject({ type: 'play', rank: 6, cardIds: ['6h', '6d'] });
  });

  it('greedy - keeps 2s and 10s while an ordinary card fits', () => {
    const state = table({ seats: [{ hand: ['2h', '10c', 'Ad'] }, {}], pile: ['Kc'] });
    expect(greedyMove(state)).toMatchObject({ rank: 14 });
  });

  it('greedy - resets with a 2 on a small pile and burns a big one with a 10', () => {
    const small = table({ seats: [{ hand: ['2h', '10c', '4d'] }, {}], pile: ['Ac'] });
    expect(greedyMove(small)).toMatchObject({ rank: 2, cardIds: ['2h'] });
    const big = table({ seats: [{ hand: ['2h', '10c', '4d'] }, {}], pile: ['5c', '6c', '9d', 'Ac'] });
    expect(greedyMove(big)).toMatchObject({ rank: 10, cardIds: ['10c'] });
  });

  it('greedy - picks up only when nothing fits', () => {
    const state = table({ seats: [{ hand: ['4h', '5d'] }, {}], pile: ['Ac'] });
    expect(greedyMove(state)).toEqual({ type: 'pickUp' });
  });

  it('greedy - lays its specials and highest cards face-up', () => {
    const dealt = table({ seats: [{ hand: ['3h', '10c', '5d', '2s', 'Kd', '4c'] }, {}] });
    const state: GameState = { ...dealt, phase: 'setup', turn: -1 };
    const ids = AI_POLICIES.greedy.chooseFaceUp(viewFor(state, 's0'), createRng('x'));
    expect(ids.sort()).toEqual(['10c', '2s', 'Kd']);
  });
});

describe('prototype AI', () => {
  // The offline /poker prototype's habit (docs/product.md §P2.4), kept as `prototypePolicy`; the
  // server's Casual level (`AI_POLICIES.prototype`) is `casualPolicy` (below).
  it('prototype - picks up about 20% of the time when it could play, else plays one card', () => {
    const state = table({ seats: [{ hand: ['6h', '6d', '9s'] }, {}], pile: ['5c'] });
    const rng = createRng('proto');
    let pickUps = 0;
    for (let i = 0; i < 5000; i++) {
      const move = prototypePolicy.chooseMove(viewFor(state, 's0'), legalMoves(state, 0), rng);
      if (move.type === 'pickUp') pickUps++;
      else expect(move.cardIds.length).toBe(1);
    }
    expect(pickUps / 5000).toBeGreaterThan(0.17);
    expect(pickUps / 5000).toBeLessThan(0.23);
  });
});

describe('Casual AI', () => {
  it('casual - the Casual level makes a random legal move 9 times in 10, else greedy’s, deterministically', () => {
    expect(AI_POLICIES.prototype).toBe(casualLevelPolicy);
    expect(CASUAL_RANDOM_SHARE).toBe(0.9);
    const state = table({ seats: [{ hand: ['6h', '6d', '9s', '2c'] }, {}], pile: ['5c'] });
    const moves = legalMoves(state, 0);
    const greedy = AI_POLICIES.greedy.chooseMove(viewFor(state, 's0'), moves, createRng('g'));
    const count = (share: number, seed: string) => {
      const rng = createRng(seed);
      const seen = new Map<string, number>();
      for (let i = 0; i < 5000; i++) {
        const move = casualPolicy(share).chooseMove(viewFor(state, 's0'), moves, rng);
        const key = JSON.stringify(move);
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      return seen;
    };
    // Share 0 is greedy; share 1 spreads over every legal move, picking up included.
    expect([...count(0, 'c').keys()]).toEqual([JSON.stringify(greedy)]);
    expect(count(1, 'c').size).toBe(moves.length);
    const casual = count(CASUAL_RANDOM_SHARE, 'c');
    const greedyShare = (casual.get(JSON.stringify(greedy)) ?? 0) / 5000;
    // 0.1 + 0.9 / moves.length of the time it is greedy's move.
    expect(greedyShare).toBeGreaterThan(0.1 + 0.9 / moves.length - 0.03);
    expect(greedyShare).toBeLessThan(0.1 + 0.9 / moves.length + 0.03);
    expect(count(CASUAL_RANDOM_SHARE, 'c')).toEqual(casual);
  });

  it('casual - a lone legal move is played without drawing from the generator', () => {
    const state = table({ seats: [{ hand: ['4h'] }, {}], pile: ['5c'] });
    const rng = createRng('one');
    const before = JSON.stringify(rng);
    expect(casualLevelPolicy.chooseMove(viewFor(state, 's0'), legalMoves(state, 0), rng).type).toBe('pickUp');
    expect(JSON.stringify(rng)).toBe(before);
  });
});

describe('AI driver', () => {
  it('aiCommand - chooses face-up, then moves on its turn; nothing when nothing is due', () => {
    let state = createGame(tableOptions({ maxSeats: 2 }), 'driver');
    state = applyOk(state, { type: 'sit', seat: 'h', name: 'Human', ai: null });
    state = applyOk(state, { type: 'sit', seat: 'b', name: 'Bot', ai: 'greedy' });
    // Nothing is due from anyone while a manual game waits for its start.
    expect(aiCommand(state, 1, AI_POLICIES.greedy, createRng('r'))).toBeNull();
    expect(nextAiSeat(state)).toBe(-1);
    state = applyOk(state, { type: 'start', seat: 'h' });
    expect(dueAction(state, 1)).toBe('chooseFaceUp');
    expect(nextAiSeat(state)).toBe(1);
    state = applyOk(state, aiCommand(state, 1, AI_POLICIES.greedy, createRng('r')) as Command);
    expect(aiCommand(state, 1, AI_POLICIES.greedy, createRng('r'))).toBeNull();
    const hand = state.seats[0]?.hand.map((c) => c.id) ?? [];
    state = applyOk(state, { type: 'chooseFaceUp', seat: 'h', cardIds: hand.slice(0, 3) });
    expect(state.phase).toBe('playing');
    const bot = aiCommand(state, 1, AI_POLICIES.greedy, createRng('r'));
    expect(bot === null).toBe(state.turn !== 1);
    if (bot !== null) expect(applyCommand(state, bot).ok).toBe(true);
  });
});

describe('views', () => {
  const state = table({
    seats: [
      { hand: ['4h', '9d'], faceUp: ['Kc'], faceDown: ['Ah', 'Ad', 'As'] },
      { hand: ['5h', '6h', '7h'], faceUp: ['Qc', 'Qd'] },
    ],
    pile: ['3c', '8d'],
    deck: 7,
  });

  it('viewFor - shows a seat its own hand and only counts of the others', () => {
    const view = viewFor(state, 's0');
    expect(view.viewer).toBe('s0');
    expect(view.seats[0]?.hand?.map((c) => c.id)).toEqual(['4h', '9d']);
    expect(view.seats[1]?.hand).toBeNull();
    expect(view.seats[1]?.handCount).toBe(3);
    expect(view.seats[1]?.faceUp.map((c) => c.id)).toEqual(['Qc', 'Qd']);
    expect(view.deckCount).toBe(7);
    expect(view.pile.map((c) => c.id)).toEqual(['3c', '8d']);
    expect(view.turn).toBe('s0');
  });

  it('viewFor - face-down cards are blind-{n} ids for everyone, owner included', () => {
    const own = viewFor(state, 's0').seats[0];
    expect(own?.faceDown).toEqual([{ id: 'blind-0' }, { id: 'blind-1' }, { id: 'blind-2' }]);
    expect(JSON.stringify(viewFor(state, 's0'))).not.toContain('"Ah"');
  });

  it('viewFor - a spectator or unknown viewer sees no hand at all and gets no hints', () => {
    for (const viewer of [null, 'stranger']) {
      const view = viewFor(state, viewer);
      expect(view.viewer).toBeNull();
      expect(view.seats.every((s) => s.hand === null)).toBe(true);
      expect(view.hints).toEqual({ playable: [], canPickUp: false, mustChooseFaceUp: false });
    }
  });

  it('viewFor - hints list what the seat to move may select', () => {
    expect(viewFor(state, 's0').hints).toEqual({ playable: ['9d'], canPickUp: true, mustChooseFaceUp: false });
    expect(viewFor(state, 's1').hints.playable).toEqual([]);
  });
});

describe('prize maths', () => {
  it('entryFeeFor - a registered player pays the fee; guests pay no fee', () => {
    expect(entryFeeFor(150, false)).toBe(150);
    expect(entryFeeFor(150, true)).toBe(0);
  });
});
