import type { RestGameState } from '@palace/protocol';
import type { Toast } from '../../stores/toast-store.js';

/**
 * The pure rules of the server-backed REST game's screens (docs/product.md §P2.4, §P2.5, §P2.8, §P2.9): texts, poll
 * intervals, the failure counter and the toasts a new state calls for. No rule of the card game is
 * decided here: what may be played always comes from the server's state.
 */

/** A toast as the screens show it (docs/product.md §P2.9: 3 s). */
export type ToastInput = Omit<Toast, 'id' | 'shownAt'>;

/** Toasts of the game last 3 s (docs/product.md §P2.9). */
export const TOAST_MS = 3000;

/** Poll intervals in ms (docs/product.md §P2.9). */
export const POLL_MY_TURN_MS = 1000;
export const POLL_PLAYING_MS = 1500;
export const POLL_WAITING_MS = 2500;
/** A finished game is polled this slowly, and only for a rematch offer. */
export const POLL_FINISHED_MS = 5000;
/** The lobby's list is fetched again this often while it is open and the page is visible (our call). */
export const LOBBY_REFRESH_MS = 10_000;
/** Consecutive poll failures before the connection warning (docs/product.md §P2.9). */
export const POLL_FAILURE_LIMIT = 3;
/** Length of the chat toast's preview (docs/product.md §P2.9). */
export const CHAT_PREVIEW_CHARS = 50;
/** Game ids are 6 characters (docs/product.md §P2.9). */
export const GAME_ID_LENGTH = 6;

/** A destructive toast of 3 s. */
export function errorToast(title: string, description: string): ToastInput {
  return { title, description, variant: 'destructive', duration: TOAST_MS };
}

/** An informative toast of 3 s. */
export function infoToast(title: string, description?: string): ToastInput {
  return description === undefined ? { title, duration: TOAST_MS } : { title, description, duration: TOAST_MS };
}

/** The refusal toast of a network failure on an action (docs/product.md §P2.8). */
export const CONNECTION_ERROR: ToastInput = errorToast(
  'Connection Error',
  'Failed to connect to server. Please try again.',
);
/** The error panel's text when create or join cannot reach the server (docs/product.md §P2.8). */
export const NETWORK_PANEL_TEXT = 'Network error. Please try again.';

/**
 * The next poll's delay (docs/product.md §P2.9): 1 s on your turn while playing, 1.5 s otherwise while
 * playing, 2.5 s while waiting. Once the game is finished, every 5 s only until a rematch is offered
 * (docs/product.md §D11: the other players see the offer), then null: polling stops.
 */
export function pollInterval(state: RestGameState | null, playerId: string): number | null {
  if (state === null) return POLL_WAITING_MS;
  if (state.status === 'finished') return state.rematch === null ? POLL_FINISHED_MS : null;
  if (state.status === 'playing') return state.currentTurn === playerId ? POLL_MY_TURN_MS : POLL_PLAYING_MS;
  return POLL_WAITING_MS;
}

/** How a poll failed: a non-OK answer, or no answer at all (an exception). */
export type PollFailure = 'status' | 'network';

/**
 * One more failed poll (docs/product.md §P2.8): the counter goes up; exactly at the 3rd consecutive failure
 * the warning toast is due once ("Connection Issue" for a non-OK answer, "Connection Lost" for a
 * network exception). A success resets the counter to 0 (the caller's job).
 */
export function pollFailed(failures: number, kind: PollFailure): { failures: number; toast: ToastInput | null } {
  const next = failures + 1;
  if (next !== POLL_FAILURE_LIMIT) return { failures: next, toast: null };
  return {
    failures: next,
    toast:
      kind === 'status'
        ? errorToast('Connection Issue', "Having trouble reaching the game server. We'll keep trying...")
        : errorToast('Connection Lost', 'Lost connection to the game server. Attempting to reconnect...'),
  };
}

/** Where a name is asked for (docs/product.md §P2.5): the create form, the join form, the lobby's join. */
export type NameUse = 'create' | 'join' | 'lobby-join';

const NAME_TEXTS: Readonly<Record<NameUse, string>> = {
  create: 'Please enter your name to create a game',
  join: 'Please enter your name to join a game',
  'lobby-join': 'Please enter your name to join the game',
};

/** "Name Required" when the name is empty after trimming (docs/product.md §P2.5), else null. */
export function nameProblem(name: string, use: NameUse): ToastInput | null {
  return name.trim() === '' ? errorToast('Name Required', NAME_TEXTS[use]) : null;
}

/** "Game ID Required" when the id is empty (docs/product.md §P2.5), else null. */
export function gameIdProblem(id: string): ToastInput | null {
  return normalGameId(id) === '' ? errorToast('Game ID Required', 'Please enter a game ID to join') : null;
}

/** A game id as typed, forced upper-case (docs/product.md §P2.5), spaces dropped. */
export function normalGameId(id: string): string {
  return id.replace(/\s+/g, '').toUpperCase();
}
