import {
  type Applied,
  aiCommand,
  type Command,
  createRng,
  type GameState,
  prototypePolicy,
  type Rng,
  type RuleError,
  viewFor,
} from '@palace/core';
import { create } from 'zustand';
import { moveOf } from '../../table/sentences.js';
import {
  AI_SEAT,
  describeEvents,
  HUMAN_SEAT,
  type LocalMove,
  newSinglePlayerGame,
  randomSeed,
  run,
} from './local-game.js';

interface PokerState {
  /** The seed of this deal (a new one per Play Again). */
  readonly seed: string;
  readonly game: GameState;
  /** What the last move did, for the status line. */
  readonly last: string;
  /** Who made the last move and what it was (the table's motion). */
  readonly lastMove: LocalMove | null;
  /** The AI's own generator (its 80/20 choice and random card), seeded with the deal. */
  readonly aiRng: Rng;
  /** A new deal; everything else starts over. */
  reset(seed?: string): void;
  /** Runs the human's command through the engine: null when accepted, else the rule it broke. */
  command(command: Command): RuleError | null;
  /** The AI's move when it is the AI's turn (the page calls it 1.5 s after the turn comes). */
  aiStep(): void;
}

function fresh(seed: string): Pick<PokerState, 'seed' | 'game' | 'last' | 'lastMove' | 'aiRng'> {
  const game = newSinglePlayerGame(seed);
  const first = viewFor(game, HUMAN_SEAT).turn === HUMAN_SEAT ? 'You go first' : 'AI goes first';
  return { seed, game, last: first, lastMove: null, aiRng: createRng(`${seed}:ai`) };
}

/**
 * The single-player prototype (`/poker`): you against `prototypePolicy`, all in the browser. Its AI
 * keeps the spec's habit (plays a random card with probability 0.8, else picks up: docs/product.md
 * §P2.4), whatever the server's Casual level (`AI_POLICIES.prototype`) plays.
 */
export const usePoker = create<PokerState>()((set, get) => ({
  ...fresh(randomSeed()),
  reset(seed = randomSeed()) {
    set(fresh(seed));
  },
  command(command) {
    const { game } = get();
    const applied = run(game, command);
    if (!applied.ok) return applied.error;
    set(after(applied.value));
    return null;
  },
  aiStep() {
    const { game, aiRng } = get();
    const index = game.seats.findIndex((s) => s.id === AI_SEAT);
    const command = aiCommand(game, index, prototypePolicy, aiRng);
    if (command === null) return;
    const applied = run(game, command);
    if (!applied.ok) return; // The policy picks from the engine's legal moves: never refused.
    set(after(applied.value));
  },
}));

/** The store after an accepted command: the new state, its line and its move. */
function after(applied: Applied): Pick<PokerState, 'game' | 'last' | 'lastMove'> {
  return {
    game: applied.state,
    last: describeEvents(applied.state, applied.events, HUMAN_SEAT),
    lastMove: moveOf(applied.events),
  };
}

/** Whether the AI is due to move (the page then waits 1.5 s and calls `aiStep`). */
export function aiIsDue(game: GameState): boolean {
  return game.phase === 'playing' && game.seats[game.turn]?.id === AI_SEAT;
}
