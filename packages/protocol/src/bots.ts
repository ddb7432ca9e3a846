import { type Static, Type } from 'typebox';

/**
 * What every bot token starts with (docs/bots.md): a token is recognisable as one (secret scanners,
 * logs), and never starts with a dash that a command line would read as an option.
 */
export const BOT_TOKEN_PREFIX = 'palace_bot_';

/** A bot account as its owner sees it (docs/bots.md). Times in ms since the epoch. */
export const BotBody = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.Integer(),
  /** False once the token was revoked (the bot cannot connect until it gets a new one). */
  hasToken: Type.Boolean(),
  tokenCreatedAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type BotBody = Static<typeof BotBody>;

/** `GET /api/bots`: the caller's bots, oldest first. */
export const BotsList = Type.Object({ bots: Type.Array(BotBody) });
export type BotsList = Static<typeof BotsList>;

/** `POST /api/bots`: the name follows the registration's rules (the server checks them). */
export const CreateBotBody = Type.Object(
  { username: Type.String({ maxLength: 320 }) },
  { additionalProperties: false },
);
export type CreateBotBody = Static<typeof CreateBotBody>;

/** A bot with its new token: shown only in this answer (the server keeps its hash). */
export const BotWithToken = Type.Object({ bot: BotBody, token: Type.String() });
export type BotWithToken = Static<typeof BotWithToken>;

/** `DELETE /api/bots/{botId}/token`: the bot after the revocation. */
export const BotAnswer = Type.Object({ bot: BotBody });
export type BotAnswer = Static<typeof BotAnswer>;

export const BotParams = Type.Object({ botId: Type.Integer() });
export type BotParams = Static<typeof BotParams>;
