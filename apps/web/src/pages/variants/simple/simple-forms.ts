import { SIMPLE_ROOM_ID_PATTERN } from '@palace/protocol';

/**
 * The start pages' checks and the game screens' address (docs/product.md §P2.2, §P2.5). The texts are the spec's,
 * word for word; the servers check everything again.
 */

/** docs/product.md §P2.5 "Simple websocket home" and "Simple REST home", word for word. */
export const SIMPLE_TEXTS = {
  wsName: 'Please enter your name',
  wsCode: 'Please enter a valid game code',
  restName: 'Please enter a username',
  restGameId: 'Please enter a game ID',
} as const;

/** A field's error, or nothing when it passes. */
export type FieldError = string | undefined;

const ROOM_ID = new RegExp(SIMPLE_ROOM_ID_PATTERN);

/** The websocket start page's name: required after trimming. */
export function wsNameError(name: string): FieldError {
  return name.trim() === '' ? SIMPLE_TEXTS.wsName : undefined;
}

/** The websocket game code: what the server takes as a room id (letters, digits, `-`, `_`; 1–64). */
export function wsCodeError(code: string): FieldError {
  return ROOM_ID.test(code.trim()) ? undefined : SIMPLE_TEXTS.wsCode;
}

/** The REST start page's username: required after trimming. */
export function restNameError(name: string): FieldError {
  return name.trim() === '' ? SIMPLE_TEXTS.restName : undefined;
}

/** The REST game id to join: required after trimming (the server says whether it exists). */
export function restGameIdError(gameId: string): FieldError {
  return gameId.trim() === '' ? SIMPLE_TEXTS.restGameId : undefined;
}

/** A new websocket room's id: "game" plus the time in ms (docs/product.md §P2.2). */
export function newRoomId(now: number = Date.now()): string {
  return `game${now}`;
}

/** What a game screen's query holds: both parameters, none (the start page), or only one. */
export type GameQuery =
  | { readonly kind: 'game'; readonly gameId: string; readonly username: string }
  | { readonly kind: 'none' }
  | { readonly kind: 'partial' };

/** Reads `gameId` and `username`; a blank one counts as missing. */
export function readGameQuery(params: URLSearchParams): GameQuery {
  const gameId = params.get('gameId')?.trim() ?? '';
  const username = params.get('username')?.trim() ?? '';
  if (gameId !== '' && username !== '') return { kind: 'game', gameId, username };
  return gameId === '' && username === '' ? { kind: 'none' } : { kind: 'partial' };
}

/** The game screen's address for a game and a name. */
export function gamePath(base: '/simple-game' | '/simple-game-rest', gameId: string, username: string): string {
  return `${base}?${new URLSearchParams({ gameId, username }).toString()}`;
}

/** The name the public-games home saved, to prefill the name field (read only: that home owns it). */
export function savedUsername(): string {
  try {
    return localStorage.getItem('palace_username') ?? '';
  } catch {
    return '';
  }
}
