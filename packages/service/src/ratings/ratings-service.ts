import type { User } from '../accounts/account-ports.js';
import { type RatedPreset, type Skill, shownRating } from './rating-model.js';

/** A player's stored rating in one preset. */
export interface StoredRating extends Skill {
  readonly preset: string;
}

/** A leaderboard row: the player and their skill in the preset. */
export interface RatedPlayer extends Skill {
  readonly id: number;
  readonly username: string;
  readonly avatar: string | null;
  /** A bot account (docs/bots.md). */
  readonly isBot: boolean;
}

/** A rated game in a player's history: the shown rating after it and its change. */
export interface RatingHistoryLine {
  readonly gameId: string;
  readonly rating: number;
  readonly delta: number;
  readonly at: number;
}

/** Where ratings are read (the store writes them with each rated game's final version). */
export interface RatingsStore {
  /** The preset's rated players, best shown rating first. */
  leaders(preset: string, limit: number): Promise<RatedPlayer[]>;
  /** The player's ratings, one per preset they were rated in. */
  ratingsOf(userId: number): Promise<StoredRating[]>;
  /** The player's rated games in the preset, newest first. */
  historyOf(userId: number, preset: string, limit: number): Promise<RatingHistoryLine[]>;
}

/** How many leaders the leaderboard lists by default, and how many history points a preset shows. */
export const RATING_LEADERS_LIMIT = 50;
export const RATING_HISTORY_LIMIT = 100;

/** A rating as shown (docs/product.md §D11). */
export interface ShownRating {
  readonly rating: number;
  readonly provisional: boolean;
  readonly games: number;
}

/** Ratings for the leaderboard and a player's profile (docs/api.md "Ratings"). */
export class RatingsService {
  constructor(private readonly store: RatingsStore) {}

  /** The preset's rated players, best first, with their shown rating. */
  async leaderboard(
    preset: RatedPreset,
    limit = RATING_LEADERS_LIMIT,
  ): Promise<Array<ShownRating & Omit<RatedPlayer, keyof Skill>>> {
    const players = await this.store.leaders(preset, limit);
    return players.map((p) => ({ id: p.id, username: p.username, avatar: p.avatar, isBot: p.isBot, ...shown(p) }));
  }

  /** The user's ratings with their history (oldest first); none for a guest. */
  async mine(
    user: User,
  ): Promise<Array<ShownRating & { readonly preset: string; readonly history: readonly RatingHistoryLine[] }>> {
    if (user.isGuest) return [];
    const ratings = await this.store.ratingsOf(user.id);
    return Promise.all(
      ratings.map(async (r) => ({
        preset: r.preset,
        ...shown(r),
        history: (await this.store.historyOf(user.id, r.preset, RATING_HISTORY_LIMIT)).reverse(),
      })),
    );
  }
}

function shown(skill: Skill): ShownRating {
  return { ...shownRating(skill), games: skill.games };
}
