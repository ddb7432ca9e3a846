import { STRONG_BUDGET, type StrongBudget } from '../src/index.js';

/**
 * The strong AI's budget for a bench run: `STRONG_BUDGET` with the JSON in `BUDGET` laid over it
 * field by field; a null drops the field (e.g. `"anchor": null`).
 */
export function budgetFromEnv(env: NodeJS.ProcessEnv): StrongBudget {
  const merged: Record<string, unknown> = { ...STRONG_BUDGET, ...JSON.parse(env.BUDGET ?? '{}') };
  for (const key of Object.keys(merged)) if (merged[key] === null) delete merged[key];
  return merged as unknown as StrongBudget;
}
