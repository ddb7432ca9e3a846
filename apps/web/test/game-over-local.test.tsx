import { AI_POLICIES, aiCommand, createRng, type GameState } from '@palace/core';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { describeEvents, HUMAN_SEAT, newSinglePlayerGame, run } from '../src/pages/prototypes/local-game.js';
import { useLocalGameOver } from '../src/pages/prototypes/local-game-over.js';

// The offline prototypes' game-over model (docs/web.md "The table kit": game over): the engine's
// standings, its move count and every move's line, kept as the moves come.
describe('game over - a local game', () => {
  it('game over - every move is listed, the standings are the engine’s, a new deal starts the list again', () => {
    let state: GameState = newSinglePlayerGame('game-over-unit');
    let last = '';
    const { result, rerender } = renderHook(({ s, l }) => useLocalGameOver(s, l, HUMAN_SEAT), {
      initialProps: { s: state, l: last },
    });
    expect(result.current).toBeNull();
    const rng = createRng('game-over-unit:ai');
    for (let i = 0; i < 2000 && state.result === null; i++) {
      const command = aiCommand(state, state.turn, AI_POLICIES.greedy, rng);
      if (command === null) break;
      const applied = run(state, command);
      if (!applied.ok) throw new Error(applied.error.message);
      state = applied.value.state;
      last = describeEvents(state, applied.value.events, HUMAN_SEAT);
      rerender({ s: state, l: last });
    }
    const over = result.current;
    if (state.result === null || over === null) throw new Error('the game did not end');
    expect(over.moves).toHaveLength(state.moves);
    expect(over.moves.at(-1)).toBe(last);
    expect(over.standings.map((r) => [r.place, r.name, r.cardsLeft])).toEqual(
      state.result.standings.map((s) => [s.place, s.name, s.cardsLeft]),
    );
    expect(over.length).toMatch(new RegExp(`^${state.moves} moves · (under a minute|\\d+ min)$`));
    const human = state.result.standings.find((s) => s.seat === HUMAN_SEAT);
    expect(over.placeLine).toBe(human?.place === 1 ? null : 'You finished 2nd of 2');

    rerender({ s: newSinglePlayerGame('another'), l: 'You go first' });
    expect(result.current).toBeNull();
  });
});
