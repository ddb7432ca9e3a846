import { legalMoves } from '@palace/core';
import { describe, expect, it } from 'vitest';
import { askComputer } from '../src/ai/ai-client.js';
import { answer } from '../src/ai/ai-requests.js';
import { HUMAN_SEAT, newSinglePlayerGame } from '../src/pages/prototypes/local-game.js';

describe('the computer off the main thread (docs/web.md "Hints and the computer in a worker")', () => {
  it('hint - on the seat’s turn a legal move and its reason, the same for the same seed; none off turn', async () => {
    let state = newSinglePlayerGame('ask');
    const human = state.seats.findIndex((s) => s.id === HUMAN_SEAT);
    if (state.turn !== human) {
      // The AI goes first here: the hint is for the seat whose turn it is.
      expect(await askComputer({ kind: 'hint', state, seat: HUMAN_SEAT, seed: 's' })).toBeNull();
      state = { ...state, turn: human };
    }
    const request = { kind: 'hint' as const, state, seat: HUMAN_SEAT, seed: 'ask:hint:0' };
    // No Worker here (jsdom): the same code answers on this thread.
    const got = await askComputer(request);
    expect(got).toEqual(answer(request));
    expect(legalMoves(state, human)).toContainEqual(got?.move);
    expect(got?.reason).toMatch(/^[A-Z].+/);
  });
});
