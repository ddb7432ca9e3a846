import type { GameReview } from '@palace/core';
import type { ReviewsStore } from '@palace/service';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Finished games' reviews on Kysely, one row per game (docs/records.md "Reviews"). */
export class KyselyReviewsStore implements ReviewsStore {
  constructor(private readonly db: Kysely<Database>) {}

  async load(variant: string, gameId: string): Promise<GameReview | null> {
    const row = await this.db
      .selectFrom('game_reviews')
      .select('review')
      .where('variant', '=', variant)
      .where('game_id', '=', gameId)
      .executeTakeFirst();
    return row === undefined ? null : (JSON.parse(row.review) as GameReview);
  }

  async save(variant: string, gameId: string, review: GameReview, at: number): Promise<void> {
    await this.db
      .insertInto('game_reviews')
      .values({ variant, game_id: gameId, review: JSON.stringify(review), created_at: at })
      .onConflict((oc) => oc.columns(['variant', 'game_id']).doNothing())
      .execute();
  }
}
