import { MAIN_DEFAULT_RULES, type MainRules } from '@palace/protocol';
import { ordinal, rate, rating } from 'openskill';

/**
 * The rating model (docs/product.md §D11): OpenSkill's Plackett-Luce model (npm `openskill`, a
 * Weng-Lin Bayesian rating that handles any number of players per game) over a finished game's
 * standings, one rating per rule preset. Pure: the caller loads and stores the skills, in the
 * same transaction as the game's tokens.
 */

/** A player's skill in one preset: the model's mean and uncertainty, and the rated games behind it. */
export interface Skill {
  readonly mu: number;
  readonly sigma: number;
  readonly games: number;
}

/** The rule presets players are rated in. */
export type RatedPreset = 'classic' | 'easy' | 'wild';

/** A rating is marked provisional for a player's first this many rated games in a preset. */
export const PROVISIONAL_GAMES = 10;
/** The shown number: `DISPLAY_BASE + DISPLAY_SCALE × (mu − 3σ)`, so a newcomer shows 1000. */
export const DISPLAY_BASE = 1000;
export const DISPLAY_SCALE = 40;

/** A newcomer's skill (the model's prior). */
export function newSkill(): Skill {
  const { mu, sigma } = rating();
  return { mu, sigma, games: 0 };
}

/** A rated seat of a finished game: who (a stable key such as the user id), where they finished (1 = winner), their skill before. */
export interface RatedSeat {
  readonly player: string;
  readonly place: number;
  readonly skill: Skill;
}

/**
 * The skills after a game, by player. Depends only on the standings (places) and the skills
 * before, never on the order the seats are listed in. Fewer than two rated seats change nothing
 * (an empty map).
 */
export function rateGame(seats: readonly RatedSeat[]): ReadonlyMap<string, Skill> {
  if (seats.length < 2) return new Map();
  const ordered = [...seats].sort((a, b) => a.place - b.place || compareKeys(a.player, b.player));
  const after = rate(
    ordered.map((seat) => [rating({ mu: seat.skill.mu, sigma: seat.skill.sigma })]),
    { rank: ordered.map((seat) => seat.place) },
  );
  return new Map(
    ordered.map((seat, i) => {
      const next = after[i]?.[0];
      if (next === undefined) throw new Error('openskill answered fewer teams than it was given');
      return [seat.player, { mu: next.mu, sigma: next.sigma, games: seat.skill.games + 1 }];
    }),
  );
}

/** The rating as shown: one whole number, provisional for the first `PROVISIONAL_GAMES` games. */
export function shownRating(skill: Skill): { readonly rating: number; readonly provisional: boolean } {
  return {
    rating: Math.round(DISPLAY_BASE + DISPLAY_SCALE * ordinal({ mu: skill.mu, sigma: skill.sigma })),
    provisional: skill.games < PROVISIONAL_GAMES,
  };
}

/** The preset a main game with `rules` is rated in, or null when its switches make it unrated. */
export function mainRatedPreset(rules: MainRules): RatedPreset | null {
  const keys = Object.keys(MAIN_DEFAULT_RULES) as Array<keyof MainRules>;
  return keys.every((key) => rules[key] === MAIN_DEFAULT_RULES[key]) ? 'classic' : null;
}

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
