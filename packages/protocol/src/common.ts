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
 * `greedy` when absent, as the spec's behaviour): `random` any legal move, `prototype` the offline
 * prototype's habit (plays 80 %, picks up 20 %), `greedy` the normal AI, `strong` a search that
 * plays out sampled deals from its own view.
 */
export const AiLevelName = Type.Union(
  [Type.Literal('random'), Type.Literal('prototype'), Type.Literal('greedy'), Type.Literal('strong')],
  { description: 'AI level: random, prototype, greedy (the default) or strong' },
);
export type AiLevelName = Static<typeof AiLevelName>;

/**
 * Each AI level's published strength (docs/product.md §D11): its rating on the players' scale (a
 * newcomer shows 1000) from `npx palace ai-strength --games 50 --seed palace`, rounded to 10 — 50
 * duplicate classic deals, each played by all four at one table and by every pair heads-up, 500
 * rated games a level (sigma about 1.9 each; docs/architecture.md "AI levels"). Run it again after
 * changing an AI and write the new figures here.
 */
export const AI_LEVEL_STRENGTH: { readonly [L in AiLevelName]: number } = {
  random: 1390,
  prototype: 1200,
  greedy: 2240,
  strong: 2320,
};

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
