import type { RestGameState, RestLastAction } from '@palace/protocol';
import { replaceShortcodes } from '@palace/protocol';
import type { Toast } from '../../stores/toast-store.js';
import { actionSentence } from '../../table/sentences.js';

/**
 * The pure rules of the server-backed REST game's screens (spec 02 §4, §5, §8, §9): texts, poll
 * intervals, the failure counter and the toasts a new state calls for. No rule of the card game is
 * decided here: what may be played always comes from the server's state.
 */

/** A toast as the screens show it (spec 02 §9: 3 s). */
export type ToastInput = Omit<Toast, 'id'>;

/** Toasts of the game last 3 s (spec 02 §9). */
export const TOAST_MS = 3000;

/** Poll intervals in ms (spec 02 §9). */
export const POLL_MY_TURN_MS = 1000;
export const POLL_PLAYING_MS = 1500;
export const POLL_WAITING_MS = 2500;
/** The lobby's list is fetched again this often while it is open and the page is visible (our call). */
export const LOBBY_REFRESH_MS = 10_000;
/** Consecutive poll failures before the connection warning (spec 02 §9). */
export const POLL_FAILURE_LIMIT = 3;
/** Length of the chat toast's preview (spec 02 §9). */
export const CHAT_PREVIEW_CHARS = 50;
/** Game ids are 6 characters (spec 02 §9). */
export const GAME_ID_LENGTH = 6;

/** A destructive toast of 3 s. */
export function errorToast(title: string, description: string): ToastInput {
  return { title, description, variant: 'destructive', duration: TOAST_MS };
}

/** An informative toast of 3 s. */
export function infoToast(title: string, description?: string): ToastInput {
  return description === undefined ? { title, duration: TOAST_MS } : { title, description, duration: TOAST_MS };
}

/** The refusal toast of a network failure on an action (spec 02 §8). */
export const CONNECTION_ERROR: ToastInput = errorToast(
  'Connection Error',
  'Failed to connect to server. Please try again.',
);
/** The error panel's text when create or join cannot reach the server (spec 02 §8). */
export const NETWORK_PANEL_TEXT = 'Network error. Please try again.';

/**
 * The next poll's delay (spec 02 §9): 1 s on your turn while playing, 1.5 s otherwise while
 * playing, 2.5 s while waiting; null once the game is finished (polling stops).
 */
export function pollInterval(state: RestGameState | null, playerId: string): number | null {
  if (state === null) return POLL_WAITING_MS;
  if (state.status === 'finished') return null;
  if (state.status === 'playing') return state.currentTurn === playerId ? POLL_MY_TURN_MS : POLL_PLAYING_MS;
  return POLL_WAITING_MS;
}

/** How a poll failed: a non-OK answer, or no answer at all (an exception). */
export type PollFailure = 'status' | 'network';

/**
 * One more failed poll (spec 02 §8): the counter goes up; exactly at the 3rd consecutive failure
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

/** The last action as a line (the table kit's sentence): "Ann played 7♥", "You picked up the pile". */
export function actionLine(action: RestLastAction, playerId: string | null): string {
  return actionSentence({
    who: action.playerName,
    you: action.player === playerId,
    kind: action.action,
    cards: action.cards.map((c) => ({ value: c.value, symbol: c.suit })),
    burned: action.burned,
  });
}

/** The seat's name of a (public or own) seat id. */
function nameOf(state: RestGameState, id: string | null): string {
  return state.players.find((p) => p.id === id)?.name ?? 'Someone';
}

/** The effects a new state calls for (spec 02 §4): one toast (the most important) and the start sound. */
export interface Change {
  readonly toast: ToastInput;
  readonly sound: boolean;
}

/**
 * What changed between two states the viewer saw (spec 02 §4): a new winner → "Game Over"; waiting
 * → playing → "Game Started!" naming who goes first (with a sound); another player's new last action
 * → "{player} played {card}" / "{player} picked up the pile". The first state seen changes nothing.
 */
export function changeOf(prev: RestGameState | null, next: RestGameState, playerId: string): Change | null {
  if (prev === null) return null;
  if (next.winner !== null && prev.winner === null) {
    const won = next.winner === playerId;
    const name = next.winnerName ?? nameOf(next, next.winner);
    return { toast: infoToast('Game Over', won ? 'You won the game!' : `${name} won the game!`), sound: false };
  }
  if (prev.status === 'waiting' && next.status === 'playing') {
    const first = next.currentTurn === playerId ? 'You go first' : `${nameOf(next, next.currentTurn)} goes first`;
    return { toast: infoToast('Game Started!', first), sound: true };
  }
  const action = next.lastAction;
  if (action !== null && action.player !== playerId && !sameAction(prev.lastAction, action)) {
    return { toast: infoToast(actionLine(action, playerId)), sound: false };
  }
  return null;
}

function sameAction(a: RestLastAction | null, b: RestLastAction): boolean {
  return (
    a !== null &&
    a.timestamp === b.timestamp &&
    a.player === b.player &&
    a.action === b.action &&
    a.cards.map((c) => c.id).join() === b.cards.map((c) => c.id).join()
  );
}

/** Chat messages in `next` that `prev` did not have and that someone else sent. */
export function newChatFromOthers(prev: RestGameState | null, next: RestGameState, playerId: string) {
  if (prev === null) return [];
  const known = new Set(prev.chatMessages.map((m) => m.id));
  return next.chatMessages.filter((m) => !known.has(m.id) && m.sender !== playerId);
}

/**
 * The chat toast's text (spec 02 §9): "{sender}: {text}", the text (shortcodes shown as emojis)
 * cut to 50 characters followed by "…" when longer.
 */
export function chatPreview(sender: string, text: string): string {
  const shown = replaceShortcodes(text);
  const cut = shown.length > CHAT_PREVIEW_CHARS ? `${shown.slice(0, CHAT_PREVIEW_CHARS)}…` : shown;
  return `${sender}: ${cut}`;
}

/** Where a name is asked for (spec 02 §5): the create form, the join form, the lobby's join. */
export type NameUse = 'create' | 'join' | 'lobby-join';

const NAME_TEXTS: Readonly<Record<NameUse, string>> = {
  create: 'Please enter your name to create a game',
  join: 'Please enter your name to join a game',
  'lobby-join': 'Please enter your name to join the game',
};

/** "Name Required" when the name is empty after trimming (spec 02 §5), else null. */
export function nameProblem(name: string, use: NameUse): ToastInput | null {
  return name.trim() === '' ? errorToast('Name Required', NAME_TEXTS[use]) : null;
}

/** "Game ID Required" when the id is empty (spec 02 §5), else null. */
export function gameIdProblem(id: string): ToastInput | null {
  return normalGameId(id) === '' ? errorToast('Game ID Required', 'Please enter a game ID to join') : null;
}

/** A game id as typed, forced upper-case (spec 02 §5), spaces dropped. */
export function normalGameId(id: string): string {
  return id.replace(/\s+/g, '').toUpperCase();
}
