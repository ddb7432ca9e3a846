import { FACE_UP_COUNT } from '@palace/core';
import type { MainCard, PublicGameState, PublicPlayer } from '@palace/protocol';
import { PUBLIC_NAME_MAX, PUBLIC_NAME_MIN } from '@palace/protocol';

/**
 * The public-games screens' pure helpers (docs/product.md §P2.2 "Public-games variant", §P2.5, §P2.9): the name
 * checks and the Guest default, the list's relative age, the selection checks with their toasts,
 * the pile turned round for the table and the invite text. No rule of the game is decided here.
 */

/** Where the home keeps the last name used (docs/product.md §P2.3 "Browser storage", §D1). */
export const PUBLIC_NAME_KEY = 'palace_username';
/** Game state poll, in ms (docs/product.md §P2.9). */
export const GAME_POLL_MS = 2000;
/** A finished game is polled this slowly, and only until a rematch is offered (docs/product.md §D11). */
export const FINISHED_POLL_MS = 5000;
/** Public list poll, in ms (docs/product.md §P2.9). */
export const LIST_POLL_MS = 15_000;
/** Every toast of these screens lasts 3 s (docs/product.md §P2.9). */
export const TOAST_MS = 3000;

/** The spec's texts, word for word (docs/product.md §P2.4, §P2.5, §P2.8). */
export const PUBLIC_TEXTS = {
  nameRequired: 'Username is required',
  nameLength: `Username must be between ${PUBLIC_NAME_MIN} and ${PUBLIC_NAME_MAX} characters`,
  idRequired: 'Game ID is required',
  listFailed: 'Could not load public games',
  invalidSelection: 'Invalid Selection',
  exactlyThree: 'You must select exactly 3 cards',
  noCardSelected: 'No Card Selected',
  selectToPlay: 'Please select a card to play',
  spectatorTitle: 'Joined as Spectator',
  spectatorText: 'The game has already started, you are in spectator mode',
} as const;

/** Fallbacks of docs/product.md §P2.8 for when the server gives no text. */
export const FALLBACKS = {
  create: 'Failed to create game',
  join: 'Failed to join game',
  fetch: 'Failed to fetch game state',
  ai: 'Failed to add AI opponent',
  start: 'Failed to start game',
  ready: 'Failed to confirm selection',
  play: 'Failed to play card',
  pickup: 'Failed to pickup pile',
  chat: 'Failed to send message',
  /** Not in the spec (leaving has no fallback there): ours. */
  leave: 'Failed to leave game',
  /** Not in the spec (rematches are docs/product.md §D11): ours. */
  rematch: 'Failed to start the rematch',
} as const;

/** The name's error (docs/product.md §P2.5), or null when it passes. Counted after trimming, as the server does. */
export function usernameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return PUBLIC_TEXTS.nameRequired;
  if (trimmed.length < PUBLIC_NAME_MIN || trimmed.length > PUBLIC_NAME_MAX) return PUBLIC_TEXTS.nameLength;
  return null;
}

/** The game id's error when joining, or null. */
export function gameIdError(id: string): string | null {
  return id.trim() === '' ? PUBLIC_TEXTS.idRequired : null;
}

/** "Guest" and a number 1000–9999 (docs/product.md §P2.5, §P2.9); `random` is in [0, 1). */
export function guestName(random: () => number = Math.random): string {
  return `Guest${1000 + Math.floor(random() * 9000)}`;
}

/** The saved name, else a fresh Guest name. Storage may be off (private mode): then a Guest name. */
export function initialName(storage: Pick<Storage, 'getItem'> | null, random?: () => number): string {
  let saved: string | null = null;
  try {
    saved = storage?.getItem(PUBLIC_NAME_KEY) ?? null;
  } catch {
    saved = null;
  }
  return saved !== null && saved.trim() !== '' ? saved : guestName(random);
}

/** Remembers the name used to create or join; a storage that refuses only means it is not remembered. */
export function saveName(storage: Pick<Storage, 'setItem'> | null, name: string): void {
  try {
    storage?.setItem(PUBLIC_NAME_KEY, name);
  } catch {
    // Nothing to do: the next visit starts from a Guest name.
  }
}

/** The browser's localStorage, or null where reading it throws. */
export function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The public state's pile has the top card first (docs/product.md §P2.3); the table draws bottom to top. */
export function pileBottomToTop(pile: readonly MainCard[]): MainCard[] {
  return [...pile].reverse();
}

/** A toast's title and text. */
export interface Notice {
  readonly title: string;
  readonly description: string;
}

/** Ready with anything but exactly 3 cards is refused before any call (docs/product.md §P2.5). */
export function readySelectionError(chosen: readonly string[]): Notice | null {
  return chosen.length === FACE_UP_COUNT
    ? null
    : { title: PUBLIC_TEXTS.invalidSelection, description: PUBLIC_TEXTS.exactlyThree };
}

/** Play Selected with nothing selected is refused before any call (docs/product.md §P2.5). */
export function playSelectionError(selected: readonly unknown[]): Notice | null {
  return selected.length > 0 ? null : { title: PUBLIC_TEXTS.noCardSelected, description: PUBLIC_TEXTS.selectToPlay };
}

/** The shareable invite: the game id and the home page to join it from (docs/product.md §P2.2). */
export function inviteText(gameId: string, origin: string): string {
  return `Join my Palace game ${gameId} at ${origin}/palace-home`;
}

/** The game screen's address for a game and a name (docs/product.md §P2.2). */
export function gamePath(gameId: string, username: string): string {
  return `/palace-game?${new URLSearchParams({ id: gameId, username }).toString()}`;
}

/** The viewer's seat in the state, or null for a spectator. */
export function ownSeat(state: PublicGameState): PublicPlayer | null {
  return state.you === null ? null : (state.players.find((p) => p.username === state.you) ?? null);
}

/** Whether `name` holds a place in the game (a seat or a spectator's), names compared as the server does. */
export function isInGame(state: PublicGameState, name: string): boolean {
  const key = name.trim().toLowerCase();
  return (
    state.players.some((p) => p.username.toLowerCase() === key) || state.spectators.some((s) => s.toLowerCase() === key)
  );
}
