import type { RatedPlayer, RatingHistoryLine, RatingsStore, StoredRating } from '@palace/service';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Ratings as read for the leaderboard and profiles (they are written with each rated game: ledger.ts). */
export class KyselyRatingsStore implements RatingsStore {
  constructor(private readonly db: Kysely<Database>) {}

  async leaders(preset: string, limit: number): Promise<RatedPlayer[]> {
    const rows = await this.db
      .selectFrom('ratings')
      .innerJoin('users', 'users.id', 'ratings.user_id')
      .select([
        'users.id',
        'users.username',
        'users.avatar',
        'users.bot_owner_id',
        'ratings.mu',
        'ratings.sigma',
        'ratings.games',
      ])
      .where('ratings.preset', '=', preset)
      .where('users.deleted_at', 'is', null)
      .orderBy('ratings.shown', 'desc')
      .orderBy('ratings.games', 'desc')
      .orderBy('users.id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      username: r.username,
      avatar: r.avatar,
      isBot: r.bot_owner_id !== null,
      mu: Number(r.mu),
      sigma: Number(r.sigma),
      games: Number(r.games),
    }));
  }

  async ratingsOf(userId: number): Promise<StoredRating[]> {
    const rows = await this.db
      .selectFrom('ratings')
      .select(['preset', 'mu', 'sigma', 'games'])
      .where('user_id', '=', userId)
      .orderBy('preset')
      .execute();
    return rows.map((r) => ({ preset: r.preset, mu: Number(r.mu), sigma: Number(r.sigma), games: Number(r.games) }));
  }

  async historyOf(userId: number, preset: string, limit: number): Promise<RatingHistoryLine[]> {
    const rows = await this.db
      .selectFrom('rating_history')
      .select(['game_id', 'shown', 'delta', 'at'])
      .where('user_id', '=', userId)
      .where('preset', '=', preset)
      .orderBy('at', 'desc')
      .orderBy('games', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ gameId: r.game_id, rating: Number(r.shown), delta: Number(r.delta), at: Number(r.at) }));
  }
}
