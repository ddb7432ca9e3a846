import { decksFor } from './card.js';
import { shuffledDeck } from './deal.js';
import { rngFromSeed } from './rng.js';
import { DEFAULT_RULES, type Rules } from './rules.js';
import { type GameState, MAX_SEATS, MIN_SEATS, type TableOptions } from './state.js';

/** Table options with defaults: classic rules, 4 seats, the `manual` flow, no ready needed to start. */
export function tableOptions(options: Partial<TableOptions> & { rules?: Rules } = {}): TableOptions {
  const maxSeats = options.maxSeats ?? 4;
  if (!Number.isInteger(maxSeats) || maxSeats < MIN_SEATS || maxSeats > MAX_SEATS) {
    throw new RangeError(`maxSeats must be an integer from ${MIN_SEATS} to ${MAX_SEATS}, got ${maxSeats}`);
  }
  return {
    rules: options.rules ?? DEFAULT_RULES,
    flow: options.flow ?? 'manual',
    maxSeats,
    startNeedsReady: options.startNeedsReady ?? false,
  };
}

/**
 * A new game with no players. The seed fixes every shuffle: the same seed and the same commands
 * give the same game. In the `auto` flow the deck is shuffled now, sized for `maxSeats`.
 */
export function createGame(options: TableOptions, seed: string): GameState {
  const empty: GameState = {
    options,
    phase: 'waiting',
    seats: [],
    deck: [],
    pile: [],
    burned: [],
    turn: -1,
    direction: 1,
    moves: 0,
    rng: rngFromSeed(seed),
    result: null,
  };
  if (options.flow !== 'auto') return empty;
  const { deck, rng } = shuffledDeck(decksFor(options.maxSeats), empty.rng);
  return { ...empty, deck, rng };
}
