import { createRng, type GameState, type Hint, hintFor, legalMoves, type RngState, viewFor } from '@palace/core';

/**
 * What the page asks of the computer off its main thread (docs/web.md "The computer in a worker"):
 * the same pure core code answers in the worker (`ai-worker.ts`) or, where there is no worker,
 * here (`answer`), so the same request always gets the same answer.
 */
export interface HintRequest {
  readonly kind: 'hint';
  /** The game as the page holds it (an offline game's whole state). */
  readonly state: GameState;
  /** The seat asking: the search sees only that seat's view. */
  readonly seat: string;
  /** The generator's seed: the same position and seed give the same hint. */
  readonly seed: string;
}

export type AiRequest = HintRequest;

/** A hint, or null when the seat has no move to make now. */
export type AiAnswer = Hint | null;

/** The answer to `request`, computed here (the worker calls this too). */
export function answer(request: AiRequest): AiAnswer {
  const { state, seat } = request;
  const index = state.seats.findIndex((s) => s.id === seat);
  if (index < 0 || state.phase !== 'playing' || state.turn !== index) return null;
  const moves = legalMoves(state, index);
  if (moves.length === 0) return null;
  return hintFor(viewFor(state, seat), moves, createRng(request.seed));
}

export type { RngState };
