import { type AiLevel, ok, PRESETS, type Result, type SimulationError, simulate } from '@palace/core';
import { newSkill, rateGame, type Skill, shownRating } from './rating-model.js';

/** The AI levels a player can add, weakest first (docs/product.md §D11: each gets a published strength). */
export const RATED_AI_LEVELS: readonly AiLevel[] = ['random', 'prototype', 'greedy', 'strong'];

/** One AI level's strength as the rating model sees it after the match. */
export interface AiStrength {
  readonly level: AiLevel;
  /** The shown rating, on the players' scale (a newcomer shows 1000). */
  readonly rating: number;
  readonly mu: number;
  readonly sigma: number;
  readonly games: number;
}

/** The tables of one deal: the levels all together, then every pair heads-up. */
function tablesOf(levels: readonly AiLevel[]): readonly (readonly AiLevel[])[] {
  return [levels, ...levels.flatMap((a, i) => levels.slice(i + 1).map((b) => [a, b]))];
}

/**
 * Rates the AI levels against one another (docs/product.md §D11, "AI levels' published strength")
 * the way players meet them: each deal is played by all four at one classic table (four games,
 * the seats rotated) and by every pair heads-up (two games each, the seats swapped): duplicate
 * deals, so every level plays every hand of a table. Each game's places are read by the players'
 * own rating model, in game order. Deterministic: the same deals and seed give the same
 * strengths. `deals` × 16 games; the strong AI's heads-up games make a deal take about 30 s here.
 */
export function rateAiLevels(
  deals: number,
  seed: string,
  onProgress: (done: number, total: number) => void = () => {},
  /** The levels to rate (all four unless a test leaves the slow one out). */
  levels: readonly AiLevel[] = RATED_AI_LEVELS,
): Result<AiStrength[], SimulationError> {
  const skills = new Map<AiLevel, Skill>(levels.map((level) => [level, newSkill()]));
  const tables = tablesOf(levels);
  const total = deals * tables.reduce((n, table) => n + table.length, 0);
  let done = 0;
  const rated = (table: readonly AiLevel[]) => (places: readonly number[]) => {
    const seats = table.map((level, entry) => ({
      player: level,
      place: places[entry] as number,
      skill: skills.get(level) ?? newSkill(),
    }));
    for (const [level, skill] of rateGame(seats)) skills.set(level as AiLevel, skill);
  };
  for (let deal = 0; deal < deals; deal++) {
    for (const table of tables) {
      const options = { deals: 1, players: table.length, rules: PRESETS.classic.rules, ai: table, duplicate: true };
      const played = simulate({ ...options, seed: `${seed}/${deal}` }, () => onProgress(++done, total), rated(table));
      if (!played.ok) return played;
    }
  }
  return ok(
    levels.map((level) => {
      const skill = skills.get(level) ?? newSkill();
      return { level, rating: shownRating(skill).rating, mu: skill.mu, sigma: skill.sigma, games: skill.games };
    }),
  );
}

/** A published strength as players read it: "about 1150" (to the nearest 10, the model is not finer). */
export function aboutRating(rating: number): number {
  return Math.round(rating / 10) * 10;
}
