import {
  AI_POLICIES,
  aiCommand,
  appendEntry,
  applyCommand,
  type Command,
  createGame,
  createRng,
  DEFAULT_RULES,
  type GameRecord,
  newRecord,
  tableOptions,
} from '@palace/core';

/** A whole game of Ann against AI Player 1, both played by the greedy AI, recorded as a server would. */
export function playedRecord(seed = 'replay-test-seed'): GameRecord {
  const options = tableOptions({ rules: { ...DEFAULT_RULES, chooseFaceUp: false }, flow: 'manual', maxSeats: 2 });
  let state = createGame(options, seed);
  let record = newRecord(options, seed, 1_700_000_000_000);
  const run = (command: Command) => {
    const applied = applyCommand(state, command);
    if (!applied.ok) throw new Error(applied.error.code);
    state = applied.value.state;
    record = appendEntry(record, record.createdAt + record.entries.length * 1000, command, state);
  };
  run({ type: 'sit', seat: 'p1', name: 'Ann', ai: null });
  run({ type: 'sit', seat: 'p2', name: 'AI Player 1', ai: 'greedy' });
  run({ type: 'start', seat: null });
  const rng = createRng(`${seed}/moves`);
  while (state.phase === 'playing') {
    const command = aiCommand(state, state.turn, AI_POLICIES.greedy, rng);
    if (command === null) throw new Error('no move');
    run(command);
  }
  return record;
}
