import { type Static, Type } from 'typebox';

/**
 * Ratings (docs/product.md §D11; docs/api.md "Ratings"): one per registered player and rule preset,
 * a whole number (1000 for a newcomer), provisional for the first 10 rated games.
 */
export const RATING_PRESETS = ['classic', 'easy', 'wild'] as const;
export const RatingPreset = Type.Union([Type.Literal('classic'), Type.Literal('easy'), Type.Literal('wild')]);
export type RatingPreset = Static<typeof RatingPreset>;

/** `GET /api/ratings/leaderboard?preset=classic&limit=50`. */
export const RatingsLeaderboardQuery = Type.Object({
  preset: Type.Optional(RatingPreset),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export const RatingLeader = Type.Object({
  rank: Type.Integer(),
  id: Type.Integer(),
  username: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  /** A bot account (docs/bots.md). */
  isBot: Type.Boolean(),
  rating: Type.Integer(),
  provisional: Type.Boolean(),
  games: Type.Integer(),
});
export type RatingLeader = Static<typeof RatingLeader>;
export const RatingsLeaderboardResponse = Type.Array(RatingLeader);

/** One rated game in a player's history: the rating after it and its change. */
export const RatingPoint = Type.Object({
  gameId: Type.Integer(),
  rating: Type.Integer(),
  delta: Type.Integer(),
  timestamp: Type.String(),
});
export type RatingPoint = Static<typeof RatingPoint>;

/** A player's rating in one preset, with its history (oldest first, at most 100 games). */
export const PresetRating = Type.Object({
  preset: RatingPreset,
  rating: Type.Integer(),
  provisional: Type.Boolean(),
  games: Type.Integer(),
  history: Type.Array(RatingPoint),
});
export type PresetRating = Static<typeof PresetRating>;

/** `GET /api/ratings/me`: the signed-in player's ratings (none for a guest or before a rated game). */
export const MyRatingsResponse = Type.Object({ ratings: Type.Array(PresetRating) });
export type MyRatingsResponse = Static<typeof MyRatingsResponse>;
