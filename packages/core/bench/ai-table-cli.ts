// Experiment runner for the table bench: one shard of a strong-vs-field table match, one JSON line.
// PLAYERS, DEALS, FIRST, SEED, PRESET, FIELD (the opponents, seated as persons: an AI level, default
// greedy, or strong-nolacks), BUDGET (JSON StrongBudget), MSFILE (write decision ms),
// NOKNOWN=1 (the hero forgets the cards seen going into other hands: `SeatView.known`), NOPICK=1
// (the hero does not guess from pick-ups: `SeatView.pickedUpOver`), NOBURNED=1 (the hero forgets
// which cards were burned: `GameView.burned`), NOLACKS=1 (the hero does not read what plays and
// face-up choices showed a hand lacks: `SeatView.lacks`), SEEHANDS=1 (a diagnostic: the hero sees every other
// hand, an upper bound on what inferring hands could give), CPUCLOCK=1 (time decisions by this
// process's CPU time, not the wall clock: other jobs on the core then do not count).
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { AI_POLICIES, type AiPolicy, type GameView, strongPolicy } from '../src/index.js';
import { runTableMatch } from './ai-table.js';
import { budgetFromEnv, dealsFromEnv } from './budget-env.js';

const env = process.env;
const budget = budgetFromEnv(env);
const { preset, ...deals } = dealsFromEnv(env, { preset: 'classic', deals: 10, seed: 'table' });
const cpuMs = (): number => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};
const strong = strongPolicy(budget);
const forget = ({ burned, ...view }: GameView): GameView => ({
  ...view,
  ...(burned !== undefined && env.NOBURNED !== '1' && { burned }),
  seats: view.seats.map(({ known, pickedUpOver, lacks, ...s }) => ({
    ...s,
    ...(lacks !== undefined && env.NOLACKS !== '1' && { lacks }),
    ...(known !== undefined && env.NOKNOWN !== '1' && { known }),
    ...(pickedUpOver !== undefined && env.NOPICK !== '1' && env.NOKNOWN !== '1' && { pickedUpOver }),
  })),
});
const hero: AiPolicy =
  env.NOKNOWN === '1' || env.NOPICK === '1' || env.NOBURNED === '1' || env.NOLACKS === '1'
    ? {
        chooseFaceUp: strong.chooseFaceUp,
        chooseMove: (view, moves, rng) => strong.chooseMove(forget(view), moves, rng),
      }
    : strong;
// A strong field that does not read `SeatView.lacks` (FIELD=strong-nolacks): the hero's guess
// about a person's hand is then tested against players who do not shed their lowest card.
const withoutLacks: AiPolicy = {
  chooseFaceUp: strong.chooseFaceUp,
  chooseMove: (view, moves, rng) =>
    strong.chooseMove({ ...view, seats: view.seats.map(({ lacks: _, ...s }) => s) }, moves, rng),
};
const fieldName = env.FIELD ?? 'greedy';
const field =
  fieldName === 'strong-nolacks'
    ? withoutLacks
    : Object.hasOwn(AI_POLICIES, fieldName)
      ? AI_POLICIES[fieldName as keyof typeof AI_POLICIES]
      : undefined;
if (field === undefined) {
  throw new Error(`FIELD must be ${[...Object.keys(AI_POLICIES), 'strong-nolacks'].join(', ')}; got "${fieldName}"`);
}
const began = performance.now();
const r = runTableMatch({
  ...deals,
  hero,
  field,
  now: env.CPUCLOCK === '1' ? cpuMs : () => performance.now(),
  heroSeesHands: env.SEEHANDS === '1',
});
const q = (v: readonly number[], p: number) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length === 0 ? 0 : Math.round((s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)] as number) * 10) / 10;
};
if (env.MSFILE) writeFileSync(env.MSFILE, JSON.stringify(r.heroDecisionMs.map((x) => Math.round(x * 100) / 100)));
console.log(
  JSON.stringify({
    preset,
    players: r.players,
    games: r.games,
    wins: r.heroWins,
    win: Math.round((r.heroWins / r.games) * 1000) / 10,
    place: Math.round((r.placeSum / r.games) * 100) / 100,
    cap: r.moveCapGames,
    p50: q(r.heroDecisionMs, 0.5),
    p95: q(r.heroDecisionMs, 0.95),
    p99: q(r.heroDecisionMs, 0.99),
    faceUpP50: q(r.heroFaceUpMs, 0.5),
    faceUpP95: q(r.heroFaceUpMs, 0.95),
    s: Math.round((performance.now() - began) / 1000),
    budget,
    clock: env.CPUCLOCK === '1' ? 'cpu' : 'wall',
    known: env.NOKNOWN !== '1',
    pick: env.NOKNOWN !== '1' && env.NOPICK !== '1',
    burned: env.NOBURNED !== '1',
    lacks: env.NOLACKS !== '1',
    field: fieldName,
  }),
);
