import type { AiLevel } from '@palace/core';
import type { AiLevelName } from '@palace/protocol';

/** The level of an AI a player adds without choosing one: the spec's normal AI. */
export const DEFAULT_AI_LEVEL: AiLevel = 'greedy';

/** The wire's level names are exactly the engine's levels (a compile-time check). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const levelsMatch: Same<AiLevel, AiLevelName> = true;
void levelsMatch;

/** The `aiLevel` field of a player in a view: present on AI seats only. */
export function aiLevelField(ai: AiLevel | null): { readonly aiLevel?: AiLevel } {
  return ai === null ? {} : { aiLevel: ai };
}
