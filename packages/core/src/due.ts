import type { GameState } from './state.js';

/** Whether the game is in the part where players choose their face-up cards. */
export function isChoosingFaceUp(state: GameState): boolean {
  const { flow, rules } = state.options;
  return rules.chooseFaceUp && (flow === 'auto' ? state.phase === 'waiting' : state.phase === 'setup');
}

/** What is due from a seat now: choosing face-up cards, saying ready, a move, or nothing. */
export type DueAction = 'chooseFaceUp' | 'ready' | 'move' | null;

/**
 * What the game is waiting for from the seat at `seatIndex`: face-up cards while choosing, ready
 * where a start needs it, a move on its turn.
 */
export function dueAction(state: GameState, seatIndex: number): DueAction {
  const seat = state.seats[seatIndex];
  if (seat === undefined) return null;
  const { flow, rules, startNeedsReady } = state.options;
  if (state.phase === 'playing') return state.turn === seatIndex ? 'move' : null;
  if (seat.ready) return null;
  if (isChoosingFaceUp(state)) return 'chooseFaceUp';
  const readyMatters = flow === 'auto' ? !rules.chooseFaceUp : startNeedsReady;
  return state.phase === 'waiting' && readyMatters ? 'ready' : null;
}
