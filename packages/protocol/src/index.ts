/**
 * @palace/protocol — the typebox schemas of every wire shape, shared by the server (validation,
 * OpenAPI) and the web client (types).
 */
export * from './accounts.js';
export * from './bots.js';
export {
  AI_LEVEL_FIGURES,
  AI_LEVEL_LABEL,
  AiLevelField,
  type AiLevelFigure,
  AiLevelName,
  aiLevelWords,
  ClientConfig,
  ErrorBody,
  Health,
  HiddenCard,
  UnknownCard,
  winsInWords,
} from './common.js';
export * from './daily.js';
export * from './easy-games.js';
export { EMOJI_CATALOGUE, type EmojiCategory, type EmojiEntry, isEmojiMessage, replaceShortcodes } from './emoji.js';
export * from './emoji-picker.js';
export * from './hints.js';
export * from './main-game.js';
export * from './main-socket.js';
export * from './notifications.js';
export * from './preference-defaults.js';
export * from './public-games.js';
export * from './ratings.js';
export * from './records.js';
export * from './rest-games.js';
export * from './reviews.js';
export * from './settings.js';
export * from './simple-games.js';
export * from './tournaments.js';
