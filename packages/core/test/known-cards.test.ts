import { describe, expect, it } from 'vitest';
import { determinize, unseenCards } from '../src/ai/determinize.js';
import { applyCommand, type Command, createRng, type GameState, viewFor } from '../src/index.js';
import { table } from './build.js';

function must(state: GameState, command: Command): GameState {
  const applied = applyCommand(state, command);
  if (!applied.ok) throw new Error(`refused ${command.type}: ${applied.error.code}`);
  return applied.value.state;
}

/** Three seats; s0 holds only a 4 and must pick up the 9 and the jack on the pile. */
const start = (): GameState =>
  table({
    seats: [{ hand: ['4d', '5c'] }, { hand: ['Qh', 'Kd'] }, { hand: ['Ah', '6s'] }],
    pile: ['9c', 'Jd'],
    deck: 10,
  });

describe('known cards', () => {
  it('known - a picked-up pile is known to everyone until its cards are played', () => {
    let state = must(start(), { type: 'pickUp', seat: 's0' });
    expect(state.seats[0]?.known?.map((c) => c.id)).toEqual(['9c', 'Jd']);
    // The others see the faces, without ids; the seat itself sees its hand anyway.
    expect(viewFor(state, 's1').seats[0]?.known).toEqual([
      { rank: 9, suit: 'clubs' },
      { rank: 11, suit: 'diamonds' },
    ]);
    expect(viewFor(state, null).seats[0]?.known).toHaveLength(2);
    expect(viewFor(state, 's0').seats[0]?.known).toBeUndefined();
    expect(JSON.stringify(viewFor(state, 's1'))).not.toContain('9c');
    // It picked up over a jack holding two cards nobody else had seen.
    expect(viewFor(state, 's1').seats[0]?.pickedUpOver).toEqual({ top: 11, unseen: 2 });
    expect(viewFor(state, 's0').seats[0]?.pickedUpOver).toBeUndefined();
    state = must(state, { type: 'play', seat: 's1', cardIds: ['Qh'] });
    state = must(state, { type: 'pickUp', seat: 's2' });
    expect(state.seats[2]?.known?.map((c) => c.id)).toEqual(['Qh']);
    // Another card leaving the hand does not change what is known.
    state = must(state, { type: 'play', seat: 's0', cardIds: ['4d'] });
    expect(state.seats[0]?.known?.map((c) => c.id)).toEqual(['9c', 'Jd']);
    expect(state.seats[0]?.pickedUpOver).toEqual({ top: 11, unseen: 1 });
    state = must(state, { type: 'pickUp', seat: 's1' });
    state = must(state, { type: 'play', seat: 's2', cardIds: ['6s'] });
    state = must(state, { type: 'play', seat: 's0', cardIds: ['9c'] });
    expect(state.seats[0]?.known?.map((c) => c.id)).toEqual(['Jd']);
    expect(state.seats[0]?.pickedUpOver).toEqual({ top: 11, unseen: 1 });
    state = must(state, { type: 'pickUp', seat: 's1' });
    state = must(state, { type: 'play', seat: 's2', cardIds: ['Qh'] });
    // A new pick-up replaces the old facts: the 5 and the queen drawn after the 9 are unseen.
    state = must(state, { type: 'pickUp', seat: 's0' });
    expect(state.seats[0]?.pickedUpOver).toEqual({ top: 12, unseen: 2 });
    expect(state.seats[0]?.known?.map((c) => c.id)).toEqual(['Jd', 'Qh']);
  });

  it('known - a turned face-down card that does not fit is known with the pile it takes', () => {
    const state = table({
      seats: [{ hand: [], faceDown: ['3h'] }, { hand: ['Qh'] }],
      pile: ['8c'],
    });
    const after = must(state, { type: 'play', seat: 's0', cardIds: ['blind-0'] });
    expect(after.seats[0]?.known?.map((c) => c.id)).toEqual(['3h', '8c']);
  });

  it('known - a finished game holds none (its final state is as before the memory existed)', () => {
    // Built without the field, as a state saved before it: s1 cannot beat the 9 and takes it, then
    // s0 goes out on the empty pile.
    const state = table({ seats: [{ hand: ['5c'], faceDown: [] }, { hand: ['4h'] }], pile: ['9c'], turn: 1 });
    const picked = must(state, { type: 'pickUp', seat: 's1' });
    expect(picked.seats[1]?.known?.map((c) => c.id)).toEqual(['9c']);
    const over = must(picked, { type: 'play', seat: 's0', cardIds: ['5c'] });
    expect(over.phase).toBe('finished');
    expect(over.seats.every((s) => s.known === undefined)).toBe(true);
    expect(JSON.stringify(over)).not.toContain('known');
  });

  it('determinize - keeps the known cards in their hands and deals them to nobody else', () => {
    const state = must(start(), { type: 'pickUp', seat: 's0' });
    const view = viewFor(state, 's1');
    const unseen = unseenCards(view);
    const labels = unseen.map((c) => `${c.rank}${c.suit}`);
    expect(labels).not.toContain('9clubs');
    expect(labels).not.toContain('11diamonds');
    for (const seed of ['a', 'b', 'c']) {
      const world = determinize(view, [...unseen], createRng(seed));
      const hand = world.seats[0]?.hand.map((c) => `${c.rank}${c.suit}`) ?? [];
      expect(hand).toContain('9clubs');
      expect(hand).toContain('11diamonds');
      expect(hand).toHaveLength(4);
      // The two unseen cards it held when it picked up over the jack are guessed not to beat it.
      for (const c of world.seats[0]?.hand.slice(0, 2) ?? []) expect(c.rank >= 3 && c.rank <= 9).toBe(true);
      expect(viewFor(world, 's1')).toEqual(view);
    }
  });
});
