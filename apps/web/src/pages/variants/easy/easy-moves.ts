import type {
  EasyAiMoveAnswer,
  EasyGameState,
  EasyPlayAnswer,
  EasyPlayer,
  EasySource,
  MainCard,
} from '@palace/protocol';
import type { Toast } from '../../../stores/toast-store.js';
import { type LastMove, YOU } from '../../../table/model.js';
import { actionSentence } from '../../../table/sentences.js';

/**
 * The easy game screen's pure pieces: when an AI move is due, which own cards may be clicked, and
 * which toast an answer or a refusal becomes (docs/product.md §P2.4, §P2.5 "Easy play", §P2.9). No rule is decided
 * here: playability comes from the server's `playableCards` and `canPickUp`.
 */

/** Toast durations of the variants' game screens, in ms (docs/product.md §P2.9). */
export const EASY_TOAST_MS = 3000;

type ToastInput = Omit<Toast, 'id' | 'shownAt'>;

/** The server's refusal texts of docs/product.md §P2.5 "Easy play", by the row that was clicked. */
const SOURCE_REFUSALS: Readonly<Record<Exclude<EasySource, 'hand'>, { title: string; text: string }>> = {
  faceUp: { title: 'Cannot play from face-up yet', text: 'You must play all cards from your hand first' },
  faceDown: {
    title: 'Cannot play from face-down yet',
    text: 'You must play all cards from your hand and face-up first',
  },
};
const ORDER_TEXTS = new Set(Object.values(SOURCE_REFUSALS).map((r) => r.text));

/**
 * The toast for a refused play: a source-order refusal on the face-up or face-down row gets that
 * row's title from docs/product.md §P2.5 with the server's own text; any other refusal is an "Error" toast.
 */
export function playRefusalToast(source: EasySource, serverText: string): ToastInput {
  const title = source !== 'hand' && ORDER_TEXTS.has(serverText) ? SOURCE_REFUSALS[source].title : 'Error';
  return { title, description: serverText, variant: 'destructive', duration: EASY_TOAST_MS };
}

/** A refusal of any other call, in the server's words (docs/product.md §P2.8). */
export function errorToast(text: string): ToastInput {
  return { title: 'Error', description: text, variant: 'destructive', duration: EASY_TOAST_MS };
}

/** "7♥" */
export function cardName(card: MainCard): string {
  return `${card.value}${card.symbol}`;
}

/**
 * The toast an own play's answer calls for, the weightiest first (one toast shows at a time):
 * a face-down card that could not be played, a burned pile, a skipped player. Null for a plain play.
 */
export function playOutcomeToast(answer: EasyPlayAnswer): ToastInput | null {
  if (answer.gameOver) return null;
  if (answer.pickedUp) {
    return {
      title: 'Picked up the pile',
      description: `Your face-down ${cardName(answer.card)} could not be played`,
      duration: EASY_TOAST_MS,
    };
  }
  if (answer.clearedPile) return { title: 'Pile cleared!', description: 'You play again', duration: EASY_TOAST_MS };
  if (answer.skippedPlayer !== null) return { title: `${answer.skippedPlayer} was skipped`, duration: EASY_TOAST_MS };
  return null;
}

/** The toast an AI move's answer calls for (same order as `playOutcomeToast`), or null. */
export function aiOutcomeToast(answer: EasyAiMoveAnswer): ToastInput | null {
  if (answer.gameOver) return null;
  if (answer.turnedCard !== null) {
    return {
      title: `${answer.aiName} picked up the pile`,
      description: `Their face-down ${cardName(answer.turnedCard)} could not be played`,
      duration: EASY_TOAST_MS,
    };
  }
  if (answer.clearedPile) {
    return { title: 'Pile cleared!', description: `${answer.aiName} plays again`, duration: EASY_TOAST_MS };
  }
  if (answer.skippedPlayer !== null) return { title: `${answer.skippedPlayer} was skipped`, duration: EASY_TOAST_MS };
  return null;
}

/** The last move the page saw an answer of, told on the table until the game moves on. */
export interface EasyNote {
  /** The move in words (see `table/sentences.ts`). */
  readonly text: string;
  /** Who made it (a seat id, or `YOU`) and what it was, for the motion. */
  readonly move: LastMove;
  /** The game's version the move led to: a newer state is another move, and the note goes. */
  readonly version: number;
}

/** What an AI just did, in the table's words ("AI Player 1 played 7♥"), and who it was for the motion. */
export function aiMoveNote(answer: EasyAiMoveAnswer): EasyNote {
  const cards = answer.cards.length > 0 ? answer.cards : answer.card === null ? [] : [answer.card];
  const seat = answer.gameState.players.find((p) => p.name === answer.aiName);
  return {
    text: actionSentence({ who: answer.aiName, kind: answer.action, cards, burned: answer.clearedPile }),
    move: {
      by: seat?.id ?? answer.aiName,
      kind: answer.action === 'pickup' ? 'pickup' : answer.clearedPile ? 'burn' : 'play',
    },
    version: answer.gameState.lastUpdate,
  };
}

/** What the viewer's own play did ("You played 8♥", or picked up the pile with a face-down card). */
export function ownPlayNote(answer: EasyPlayAnswer): EasyNote {
  const kind = answer.pickedUp ? 'pickup' : 'play';
  return {
    text: actionSentence({ who: 'You', you: true, kind, cards: [answer.card], burned: answer.clearedPile }),
    move: { by: YOU, kind: answer.pickedUp ? 'pickup' : answer.clearedPile ? 'burn' : 'play' },
    version: answer.gameState.lastUpdate,
  };
}

/** The viewer picked up the pile. */
export function ownPickUpNote(version: number): EasyNote {
  return {
    text: actionSentence({ who: 'You', you: true, kind: 'pickup', cards: [] }),
    move: { by: YOU, kind: 'pickup' },
    version,
  };
}

/**
 * A key naming the AI turn that is due now (the game's version and the seat), or null when no AI
 * is to move: the game is not in play, it is over, or the current seat is human. The AI trigger
 * fires once per key, so polls and re-renders that show the same turn never call twice.
 */
export function aiDueKey(state: EasyGameState | null, over: boolean): string | null {
  if (state === null || over || state.status !== 'playing' || state.currentTurn === null) return null;
  const seat = state.players.find((p) => p.id === state.currentTurn);
  return seat?.isAI === true ? `${state.lastUpdate}:${seat.id}` : null;
}

/** The viewer's own seat: the one carrying the viewer's credential. */
export function ownSeat(state: EasyGameState, playerId: string): EasyPlayer | null {
  return state.players.find((p) => p.id === playerId) ?? null;
}

/** What the viewer may click now, for the card rows. */
export interface EasyClicks {
  /** Cards the server lists as playable now (outlined and enabled); nothing off turn. */
  readonly playable: (id: string) => boolean;
  /** The face-up row stays clickable (the hand still holds cards: the server explains the order). */
  readonly faceUpEarly: boolean;
  /** The face-down row stays clickable (the hand or the face-up row still holds cards). */
  readonly faceDownEarly: boolean;
}

/**
 * Which of the viewer's cards can be clicked. Nothing off turn. Hand cards only when the server
 * lists them. Face-up cards stay clickable while the hand holds cards, and face-down ones while the
 * hand or the face-up row does, so the server's refusal can explain the order (docs/product.md §P2.5 "Easy
 * play"); once a row is the one to play from, only its cards the server lists are enabled.
 */
export function easyClicks(state: EasyGameState, me: EasyPlayer, myTurn: boolean): EasyClicks {
  return {
    playable: (id) => myTurn && state.playableCards.includes(id),
    faceUpEarly: myTurn && me.hand.length > 0,
    faceDownEarly: myTurn && (me.hand.length > 0 || me.faceUp.length > 0),
  };
}
