import type { Card } from './card.js';
import type { AiLevel, GameResult, Source } from './state.js';

/**
 * What happened. Events carry only public information (a drawn or dealt card is never named), so
 * a variant may broadcast them as banners, chat lines and toasts.
 */
export type GameEvent =
  | { readonly type: 'seated'; readonly seat: string; readonly name: string; readonly ai: AiLevel | null }
  | { readonly type: 'returned'; readonly seat: string }
  /** `freed`: the seat is gone (waiting; its cards go back into the deck, which is reshuffled). */
  | { readonly type: 'left'; readonly seat: string; readonly freed: boolean }
  /** A fresh deck of `decks` decks is built and shuffled with the game's RNG. */
  | { readonly type: 'shuffled'; readonly decks: 1 | 2 }
  /** 3 face-down cards and 6 hand cards (3 face-up and 3 hand without `chooseFaceUp`). */
  | { readonly type: 'dealt'; readonly seat: string }
  | { readonly type: 'readied'; readonly seat: string; readonly ready: boolean }
  | { readonly type: 'faceUpChosen'; readonly seat: string; readonly cards: readonly Card[] }
  | { readonly type: 'setupStarted' }
  | { readonly type: 'started'; readonly first: string }
  | { readonly type: 'played'; readonly seat: string; readonly source: Source; readonly cards: readonly Card[] }
  /** A face-down card turned over. Not playable: it goes to the hand and the pile follows. */
  | {
      readonly type: 'blindFlipped';
      readonly seat: string;
      readonly index: number;
      readonly card: Card;
      readonly playable: boolean;
    }
  | { readonly type: 'burned'; readonly reason: 'ten' | 'fourOfAKind'; readonly count: number }
  | { readonly type: 'drew'; readonly seat: string; readonly count: number }
  | {
      readonly type: 'pickedUp';
      readonly seat: string;
      readonly count: number;
      readonly reason: 'choice' | 'blind';
    }
  | { readonly type: 'skipped'; readonly seats: readonly string[] }
  | { readonly type: 'reversed'; readonly direction: 1 | -1 }
  /** The turn goes to `seat`; `again` when it stays with the player who just played. */
  | { readonly type: 'turn'; readonly seat: string; readonly again: boolean }
  | ({ readonly type: 'gameOver' } & GameResult);

export type EventType = GameEvent['type'];
