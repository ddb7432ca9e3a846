// Experiment runner for the levels' mixed table (issue 39 item 2): one of each level at a table of
// four on seat-rotated duplicate deals (`playDuplicate`, the table `measureLevels` plays), one
// JSON line. DEALS, FIRST (for shards), SEED (default `levels/table`, the levels run's table),
// PRESET, BUDGET (JSON over STRONG_BUDGET for the strong seat), NOLEVELS=1 (seat everyone as a
// person, as before the levels were seated: the strong AI then models every seat as `greedy`),
// ORDERS=rotate (always the same seating order, as before; default `all`, see `DuplicateMatch.orders`).
import { performance } from 'node:perf_hooks';
import {
  AI_LEVELS,
  AI_POLICIES,
  type AiLevel,
  type AiPolicy,
  PRESETS,
  type PresetName,
  playDuplicate,
  strongPolicy,
} from '../src/index.js';
import { budgetFromEnv } from './budget-env.js';

const env = process.env;
const budget = budgetFromEnv(env);
const preset = (env.PRESET ?? 'classic') as PresetName;
const policy = (level: AiLevel): AiPolicy => (level === 'strong' ? strongPolicy(budget) : AI_POLICIES[level]);
const began = performance.now();
const r = playDuplicate({
  rules: PRESETS[preset].rules,
  policies: AI_LEVELS.map(policy),
  ...(env.NOLEVELS !== '1' && { levels: AI_LEVELS }),
  deals: Number(env.DEALS ?? 10),
  firstDeal: Number(env.FIRST ?? 0),
  orders: env.ORDERS === 'rotate' ? 'rotate' : 'all',
  seed: env.SEED ?? 'levels/table',
});
console.log(
  JSON.stringify({
    preset,
    first: Number(env.FIRST ?? 0),
    games: r.games,
    levels: AI_LEVELS,
    wins: r.wins,
    placeSum: r.meanPlace.map((m) => Math.round(m * r.games)),
    meanPlace: r.meanPlace.map((m) => Math.round(m * 100) / 100),
    cap: r.moveCapGames,
    s: Math.round((performance.now() - began) / 1000),
    seated: env.NOLEVELS !== '1',
    orders: env.ORDERS === 'rotate' ? 'rotate' : 'all',
  }),
);
