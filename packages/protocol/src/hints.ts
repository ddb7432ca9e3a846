import { type Static, Type } from 'typebox';

/**
 * Wire shapes of the hint (docs/product.md §D14 hint): the strong AI's move for the asking
 * player's own view, offered only in games against the computer with nothing at stake. Asked for
 * with the main socket's `request_hint` (answered by a `hint` frame) or the REST game's
 * `POST /api/rest-games/{gameId}/hint`.
 */

/** The hinted move: `play` the `cardIds` (hand, face-up or `blind-{n}` ids), or `pickup` the pile (no ids). */
export const HintAnswer = Type.Object({
  action: Type.Union([Type.Literal('play'), Type.Literal('pickup')]),
  cardIds: Type.Array(Type.String()),
  /** Why, in one line in the player's words ("Burns the pile (7 cards): you play again"). */
  reason: Type.String(),
});
export type HintAnswer = Static<typeof HintAnswer>;

/**
 * The viewer's hints in a game that offers them (absent elsewhere): `allowed` when a request now
 * would be accepted (the viewer's turn in play), `used` how many the viewer was given in the game.
 */
export const HintsState = Type.Object({ allowed: Type.Boolean(), used: Type.Integer({ minimum: 0 }) });
export type HintsState = Static<typeof HintsState>;

/** A record's hint counts: the seats (public ids) that used any, and how many each. */
export const RecordHints = Type.Array(Type.Object({ seat: Type.String(), count: Type.Integer({ minimum: 1 }) }));
export type RecordHints = Static<typeof RecordHints>;
