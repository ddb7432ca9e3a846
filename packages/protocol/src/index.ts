/**
 * @palace/protocol — the typebox schemas of every wire shape, shared by the server (validation,
 * OpenAPI) and the web client (types).
 */
export * from './accounts.js';
export { ClientConfig, ErrorBody, Health } from './common.js';
export { EMOJI_CATALOGUE, type EmojiCategory, type EmojiEntry, isEmojiMessage, replaceShortcodes } from './emoji.js';
export * from './emoji-picker.js';
export * from './main-game.js';
export * from './main-socket.js';
export * from './rest-games.js';
// — simple games (simple websocket, simple REST) —
export * from './simple-games.js';
// — public games —
// — easy variant —
