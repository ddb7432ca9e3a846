import { type Static, Type } from 'typebox';

/** Every refusal of the REST variants: `{ "error": "…" }` with a message fit for players. */
export const ErrorBody = Type.Object({ error: Type.String() }, { additionalProperties: false });
export type ErrorBody = Static<typeof ErrorBody>;

/** `GET /healthz`. */
export const Health = Type.Object({ status: Type.Literal('ok') });
export type Health = Static<typeof Health>;

/** `GET /api/config`: server configuration the web client shows (docs/product.md §D1). */
export const ClientConfig = Type.Object({ supportEmail: Type.String(), poweredByUrl: Type.String() });
export type ClientConfig = Static<typeof ClientConfig>;

/**
 * An AI player's level, chosen where a player adds one (optional `level` in every add-AI call;
 * `greedy` when absent, as the spec's behaviour): `random` any legal move, `prototype` Casual
 * (mostly any legal move, now and then `greedy`'s; the level keeps its name), `greedy` the normal
 * AI, `strong` a search that plays out sampled deals from its own view.
 */
export const AiLevelName = Type.Union(
  [Type.Literal('random'), Type.Literal('prototype'), Type.Literal('greedy'), Type.Literal('strong')],
  { description: 'AI level: random, prototype, greedy (the default) or strong' },
);
export type AiLevelName = Static<typeof AiLevelName>;

/** Each level's name as players see it. */
export const AI_LEVEL_LABEL: { readonly [L in AiLevelName]: string } = {
  random: 'Beginner',
  prototype: 'Casual',
  greedy: 'Normal',
  strong: 'Strong',
};

/** How a level measured against the level below it, heads-up (docs/product.md §D11). */
export interface AiLevelFigure {
  /** The level below. */
  readonly against: AiLevelName;
  /** Games this level won of `games`, on seat-swapped duplicate classic deals. */
  readonly wins: number;
  readonly games: number;
  /** The levels bench seed the deals came from. */
  readonly seed: string;
}

/**
 * Each AI level's published strength (docs/product.md §D11): for each level above
 * Beginner, its heads-up win share against the level below, from the levels bench
 * (packages/core/bench/ai-levels.ts, `npx palace ai-strength`). Never a rating: AI seats are not
 * rated and their self-play figures are not on the players' scale. Run the bench again after
 * changing an AI and write the new figures here.
 *
 * Casual and Normal: the levels bench (`runLevelsBench`, behind the `ai.levels` lines of
 * `BENCH_ONLY=ai npm run bench` and `npx palace ai-strength`, seed `levels`), 1,000 seat-swapped
 * duplicate classic deals each, 2026-11-29: Casual 1,412 of 2,000 against Beginner
 * (70.6 %, 95 % 68.6–72.6), Normal 1,990 of 2,000 against Casual (99.5 %, 99.1–99.7).
 * Strong: the table bench's heads-up row against Normal (docs/architecture.md "AI levels", seed
 * `table`, 500 duplicate classic deals, 2026-12-05, after `Seat.lacks`): 855 of 1,000 (85.5 %, 95 %
 * 83.2–87.5); the levels bench's quick run agrees (176 of 200, 88.0 %).
 */
export const AI_LEVEL_FIGURES: { readonly [L in AiLevelName]: AiLevelFigure | null } = {
  random: null,
  prototype: { against: 'random', wins: 1412, games: 2000, seed: 'levels/prototype-random' },
  greedy: { against: 'prototype', wins: 1990, games: 2000, seed: 'levels/greedy-prototype' },
  strong: { against: 'greedy', wins: 855, games: 1000, seed: 'table/2' },
};

/**
 * A level's strength in words, as players read it beside the level: Beginner "plays any legal
 * card"; the others "wins 7 in 10 against Casual" (the share to the nearest tenth), "wins almost
 * every game against Casual" from 95 %.
 */
export function aiLevelWords(level: AiLevelName): string {
  const figure = AI_LEVEL_FIGURES[level];
  if (figure === null) return 'plays any legal card';
  return winsInWords(figure.wins / figure.games, AI_LEVEL_LABEL[figure.against]);
}

/** "wins 7 in 10 against Casual" for a share (0–1) of games won against `against`. */
export function winsInWords(share: number, against: string): string {
  if (share >= 0.95) return `wins almost every game against ${against}`;
  return `wins ${Math.round(share * 10)} in 10 against ${against}`;
}

/** The optional level of an add-AI request. */
export const AiLevelField = Type.Optional(AiLevelName);

/**
 * A card the receiver may not see (another player's hand card, every face-down card, the deck):
 * only its slot id (`blind-{n}` for a face-down card, docs/product.md §D3). The one hidden-card shape every
 * variant's wire card family builds on.
 */
/**
 * A finished game's rematch offer (docs/product.md §D11 rematch): the new game's id and the name of
 * the player who offered it; null until somebody does.
 */
export const RematchOffer = Type.Union([Type.Object({ gameId: Type.String(), offeredBy: Type.String() }), Type.Null()]);
export type RematchOffer = Static<typeof RematchOffer>;

export const HiddenCard = Type.Object({ id: Type.String(), hidden: Type.Literal(true) });
export type HiddenCard = Static<typeof HiddenCard>;

/** The simple websocket game's hidden card (docs/product.md §P2.3): the same, with suit and value "unknown". */
export const UnknownCard = Type.Object({
  ...HiddenCard.properties,
  suit: Type.Literal('unknown'),
  value: Type.Literal('unknown'),
});
export type UnknownCard = Static<typeof UnknownCard>;
