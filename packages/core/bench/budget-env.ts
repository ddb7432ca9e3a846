import { PRESETS, type PresetName, type Rules, STRONG_BUDGET, type StrongBudget } from '../src/index.js';

/**
 * The strong AI's budget for a bench run: `STRONG_BUDGET` with the JSON in `BUDGET` laid over it
 * field by field; a null drops the field (e.g. `"anchor": null`).
 */
export function budgetFromEnv(env: NodeJS.ProcessEnv): StrongBudget {
  const merged: Record<string, unknown> = { ...STRONG_BUDGET, ...JSON.parse(env.BUDGET ?? '{}') };
  for (const key of Object.keys(merged)) if (merged[key] === null) delete merged[key];
  return merged as unknown as StrongBudget;
}

/**
 * The deals of a table match from the environment: PRESET, PLAYERS (default 4), DEALS, FIRST
 * (default 0) and SEED, with the runner's own defaults for the rest.
 */
export function dealsFromEnv(
  env: NodeJS.ProcessEnv,
  defaults: { readonly preset: PresetName; readonly deals: number; readonly seed: string },
): { preset: PresetName; rules: Rules; players: number; deals: number; firstDeal: number; seed: string } {
  const preset = (env.PRESET ?? defaults.preset) as PresetName;
  if (!Object.hasOwn(PRESETS, preset))
    throw new Error(`PRESET must be ${Object.keys(PRESETS).join(', ')}; got "${preset}"`);
  return {
    preset,
    rules: PRESETS[preset].rules,
    players: Number(env.PLAYERS ?? 4),
    deals: Number(env.DEALS ?? defaults.deals),
    firstDeal: Number(env.FIRST ?? 0),
    seed: env.SEED ?? defaults.seed,
  };
}
