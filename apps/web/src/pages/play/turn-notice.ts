import type { MainGameState } from '@palace/protocol';
import { actionSentence } from '../../table/sentences.js';

/** Where the notification prompt's dismissal is remembered (docs/product.md §P1.3). */
export const PROMPT_DISMISSED_KEY = 'palace_notification_prompt_dismissed';
/**
 * Set once this browser's player has finished a game in a seat: the notification prompt waits for
 * it (a player asked on entering their very first room has not yet seen why they would want it).
 */
export const PLAYED_A_GAME_KEY = 'palace_played_a_game';
/** How long the "notifications on" confirmation shows, in ms (docs/product.md §P1.9). */
export const ENABLED_CONFIRMATION_MS = 2000;

export interface NoticeInputs {
  readonly signedIn: boolean;
  readonly permission: NotificationPermission | 'unsupported';
  /** Whether the game screen has the focus (a visible, focused tab). */
  readonly focused: boolean;
  readonly game: MainGameState | null;
  readonly userId: number | null;
  /** The game we last notified about whose turn has not passed away since. */
  readonly notifiedGameId: number | null;
}

/**
 * Whether to send the turn notification now (docs/product.md §P1.4): signed in, permission granted, the
 * screen not focused, the game active and the user's turn — and not again for the same game until
 * the turn has passed away.
 */
export function shouldNotify(input: NoticeInputs): boolean {
  const { game } = input;
  return (
    input.signedIn &&
    input.permission === 'granted' &&
    !input.focused &&
    game !== null &&
    game.status === 'active' &&
    input.userId !== null &&
    game.currentTurn === input.userId &&
    input.notifiedGameId !== game.id
  );
}

/** The notification's title and text. */
export function noticeText(game: MainGameState): { title: string; body: string } {
  const last = game.lastAction;
  // The move in the table's own words (table/sentences.ts), then the turn.
  const summary =
    last === null || last.type === 'game_over'
      ? ''
      : `${actionSentence({
          who: last.username,
          kind: last.type === 'pickup' ? 'pickup' : 'play',
          cards: last.cards,
          burned: last.type === 'burn',
        })}. `;
  return { title: `Your Turn in ${game.name}`, body: `${summary}It's your turn in ${game.name}` };
}
