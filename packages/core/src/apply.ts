import type { Command } from './command.js';
import { decide } from './decide.js';
import type { GameEvent } from './event.js';
import { evolveAll } from './evolve.js';
import { err, ok, type Result } from './result.js';
import type { RuleError } from './rule-error.js';
import type { GameState } from './state.js';

export interface Applied {
  readonly state: GameState;
  readonly events: readonly GameEvent[];
}

/** `decide` then `evolve`: the new state and what happened, or the rule the command breaks. */
export function applyCommand(state: GameState, command: Command): Result<Applied, RuleError> {
  const decision = decide(state, command);
  if (!decision.ok) return err(decision.error);
  return ok({ state: evolveAll(state, decision.value), events: decision.value });
}
