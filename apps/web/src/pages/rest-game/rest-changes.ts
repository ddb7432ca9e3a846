import type { RestGameState, RestLastAction } from '@palace/protocol';
import { replaceShortcodes } from '@palace/protocol';
import { actionSentence } from '../../table/sentences.js';
import { CHAT_PREVIEW_CHARS, infoToast, type ToastInput } from './rest-logic.js';

/**
 * What a new state of the REST game tells its player (docs/product.md §P2.4): the one toast a change calls
 * for, new chat lines, their preview. Kept apart from rest-logic.ts so the lobby, which needs none
 * of it, does not ship the table's sentences.
 */

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

/** The effects a new state calls for (docs/product.md §P2.4): one toast (the most important) and the start sound. */
export interface Change {
  readonly toast: ToastInput;
  readonly sound: boolean;
}

/**
 * What changed between two states the viewer saw (docs/product.md §P2.4): a new winner → "Game Over"; waiting
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
 * The chat toast's text (docs/product.md §P2.9): "{sender}: {text}", the text (shortcodes shown as emojis)
 * cut to 50 characters followed by "…" when longer.
 */
export function chatPreview(sender: string, text: string): string {
  const shown = replaceShortcodes(text);
  const cut = shown.length > CHAT_PREVIEW_CHARS ? `${shown.slice(0, CHAT_PREVIEW_CHARS)}…` : shown;
  return `${sender}: ${cut}`;
}
