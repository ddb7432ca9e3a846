import { createHash } from 'node:crypto';
import {
  AI_POLICIES,
  aiCommand,
  appendEntry,
  applyCommand,
  type Command,
  createGame,
  createRng,
  type GameRecord,
  newRecord,
  PRESETS,
  tableOptions,
} from '@palace/core';

/**
 * A finished two-seat game (greedy against random, classic rules) as a downloaded record file:
 * the core record plus `variant`, `gameId` and the seed's commitment.
 */
export function finishedRecordFile(seed = 'fixture-seed'): GameRecord & Record<string, unknown> {
  const options = tableOptions({ rules: PRESETS.classic.rules, maxSeats: 2 });
  let state = createGame(options, seed);
  let record = newRecord(options, seed, 1_700_000_000_000);
  let at = record.createdAt;
  const rng = createRng(`ai:${seed}`);
  const apply = (command: Command): void => {
    const applied = applyCommand(state, command);
    if (!applied.ok) throw new Error(`refused ${command.type}: ${applied.error.code}`);
    state = applied.value.state;
    at += 500;
    record = appendEntry(record, at, command, state);
  };
  apply({ type: 'sit', seat: 'ann', name: 'Ann', ai: null });
  apply({ type: 'sit', seat: 'bot', name: 'Bot', ai: 'random' });
  apply({ type: 'start', seat: 'ann' });
  while (state.result === null) {
    const index = state.phase === 'playing' ? state.turn : state.seats.findIndex((s) => !s.ready);
    const command = aiCommand(state, index, index === 0 ? AI_POLICIES.greedy : AI_POLICIES.random, rng);
    if (command === null) throw new Error('nothing due');
    apply(command);
  }
  const commitment = createHash('sha256').update(seed).digest('hex');
  return { ...record, variant: 'rest', gameId: 'FIXTURE1', commitment };
}
