import {
  AI_POLICIES,
  type AiLevel,
  aiCommand,
  appendEntry,
  applyCommand,
  createGame,
  createRng,
  type GameRecord,
  type GameState,
  newRecord,
  type Rng,
  type TableOptions,
} from '../src/index.js';

/** Seat ids used by the test tables. */
export const seatId = (i: number): string => `s${i}`;

export interface PlayedGame {
  readonly record: GameRecord;
  readonly states: GameState[];
}

/**
 * Plays a whole game with every seat driven by `levels` (cycled), recording every command and
 * every state. Throws if an AI-chosen command is refused (that would be a generator bug).
 */
export function playGame(
  options: TableOptions,
  players: number,
  seed: string,
  levels: readonly AiLevel[] = ['random'],
): PlayedGame {
  let state = createGame(options, seed);
  let record = newRecord(options, seed, 0);
  const states: GameState[] = [state];
  const rng: Rng = createRng(`ai:${seed}`);
  let at = 0;
  const run = (command: Parameters<typeof applyCommand>[1]): void => {
    const applied = applyCommand(state, command);
    if (!applied.ok) throw new Error(`refused ${JSON.stringify(command)}: ${applied.error.code}`);
    state = applied.value.state;
    at += 250;
    record = appendEntry(record, at, command, state);
    states.push(state);
  };
  for (let i = 0; i < players; i++) {
    run({ type: 'sit', seat: seatId(i), name: `P${i}`, ai: levels[i % levels.length] as AiLevel });
  }
  if (options.flow === 'manual') {
    for (let i = 0; i < players && options.startNeedsReady; i++) run({ type: 'ready', seat: seatId(i), ready: true });
    run({ type: 'start', seat: seatId(0) });
  }
  for (let guard = 0; state.phase !== 'finished'; guard++) {
    if (guard > 5000) throw new Error('game did not end');
    const index = state.phase === 'playing' ? state.turn : state.seats.findIndex((s) => !s.ready);
    const seat = state.seats[index];
    if (seat === undefined) throw new Error(`nobody to act in phase ${state.phase}`);
    const command = aiCommand(state, index, AI_POLICIES[seat.ai ?? 'random'], rng);
    if (command === null) throw new Error(`nothing due from seat ${index} in ${state.phase}`);
    run(command);
  }
  return { record, states };
}
