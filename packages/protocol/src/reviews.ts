import { type Static, Type } from 'typebox';
import { AiLevelName } from './common.js';

/**
 * Wire shapes of the post-game review, `GET /api/records/{variant}/{gameId}/review`
 * (docs/product.md §D14 review; docs/records.md "Reviews"): the engine's `GameReview` of a finished
 * game's record, computed once by a job on the server and kept with the record.
 */

/** A card as the record names it: its id, rank (2…14, Ace high) and suit. */
export const ReviewCard = Type.Object({
  id: Type.String(),
  rank: Type.Integer({ minimum: 2, maximum: 14 }),
  suit: Type.String(),
});
export type ReviewCard = Static<typeof ReviewCard>;

/** A move as the review names it: a pick-up, or the cards played (a face-down play: the card it turned). */
export const ReviewMove = Type.Union([
  Type.Object({ type: Type.Literal('pickUp') }),
  Type.Object({ type: Type.Literal('play'), cards: Type.Array(ReviewCard), faceDown: Type.Boolean() }),
]);
export type ReviewMove = Static<typeof ReviewMove>;

/** One reviewed move: the mover's chance to win before and after it (0…1) from what they could see. */
export const ReviewedMove = Type.Object({
  /** Index of the command in the record's `entries`. */
  entry: Type.Integer({ minimum: 0 }),
  seat: Type.String(),
  played: ReviewMove,
  /** The chance with the best move (the strong AI's estimate). */
  before: Type.Number({ minimum: 0, maximum: 1 }),
  /** The chance after the move played, on the same sampled deals. */
  after: Type.Number({ minimum: 0, maximum: 1 }),
  /** The strong AI's preferred move where it differs from the one played; null otherwise. */
  best: Type.Union([ReviewMove, Type.Null()]),
  /** Distinct moves there were; 1 = forced. */
  choices: Type.Integer({ minimum: 1 }),
  mark: Type.Union([Type.Literal('mistake'), Type.Literal('blunder'), Type.Null()]),
});
export type ReviewedMove = Static<typeof ReviewedMove>;

/** One seat's summary: the deal's luck beside the play. */
export const ReviewSeat = Type.Object({
  seat: Type.String(),
  name: Type.String(),
  ai: Type.Union([AiLevelName, Type.Null()]),
  /** The chance to win at the seat's first decision of play, from its own view: what the deal gave. */
  luck: Type.Number({ minimum: 0, maximum: 1 }),
  /** The mean drop (before - after) over its unforced moves. */
  meanDrop: Type.Number(),
  moves: Type.Integer({ minimum: 0 }),
  mistakes: Type.Integer({ minimum: 0 }),
  blunders: Type.Integer({ minimum: 0 }),
});
export type ReviewSeat = Static<typeof ReviewSeat>;

export const GameReview = Type.Object({
  version: Type.Literal(1),
  /** Sampled deals per decision. */
  worlds: Type.Integer({ minimum: 1 }),
  seats: Type.Array(ReviewSeat),
  moves: Type.Array(ReviewedMove),
});
export type GameReview = Static<typeof GameReview>;

/**
 * 200: `ready` with the review. 202: `pending` while the job reviews the game (`done` of `total`
 * decisions so far); ask again in a second or two.
 */
export const ReviewAnswer = Type.Union([
  Type.Object({ status: Type.Literal('ready'), review: GameReview }),
  Type.Object({
    status: Type.Literal('pending'),
    done: Type.Integer({ minimum: 0 }),
    total: Type.Integer({ minimum: 0 }),
  }),
]);
export type ReviewAnswer = Static<typeof ReviewAnswer>;
