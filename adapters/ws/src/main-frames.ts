import type { ServerMessage } from '@palace/protocol';
import { type MainChatEntry, type MainMeta, mainChatMessage, mainView, type StoredGame } from '@palace/service';
import type { Connection } from './connection.js';
import { INTERNAL_TEXT } from './socket-door.js';
import { FRAME_TEXTS } from './socket-frames.js';

/** What the main game's socket (`/ws`) sends: its refusal texts and the frames it builds. */

export const SOCKET_TEXTS = {
  notSignedIn: 'You must be signed in to play. Please sign in and reconnect.',
  ...FRAME_TEXTS,
  notYou: 'You can only act for yourself',
  chatTooFast: "You're sending messages too fast. Please wait a moment.",
  replaced: "You've connected from another device. This session will be closed.",
  /** The upgrade's `Authorization: Bearer` token is no bot's current token (docs/bots.md). */
  badToken: 'Invalid or revoked bot token.',
  internal: INTERNAL_TEXT,
} as const;

/** The `game_error` answering a refused message (with the game id when it is one). */
export function refusal(message: string, gameId?: number | string): ServerMessage {
  const id = gameId === undefined ? undefined : Number(gameId);
  return id === undefined || !Number.isSafeInteger(id)
    ? { type: 'game_error', message }
    : { type: 'game_error', message, gameId: id };
}

/** Sends one frame to one socket. */
export function send(connection: Connection, message: ServerMessage): void {
  connection.send(JSON.stringify(message));
}

/** The `game_state` of `game` as the socket's user sees it (a stranger's view when signed out). */
export function stateFor(connection: Connection, game: StoredGame<MainMeta>): ServerMessage {
  return { type: 'game_state', game: mainView(game, connection.user?.id ?? null) };
}

/** A chat line of game `gameId` as its `chat_message`. */
export function chatFrame(gameId: string, line: MainChatEntry): ServerMessage {
  return {
    type: 'chat_message',
    user: { id: line.userId, username: line.username, avatar: line.avatar },
    ...mainChatMessage(gameId, line),
  };
}
