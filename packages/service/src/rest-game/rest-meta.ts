import type { GameEvent, GameState } from '@palace/core';
import type { RestVariant } from '@palace/protocol';
import type { HintCounts } from '../hints.js';
import type { RematchOffer } from '../rematch.js';
import { type StoredCard, storedCard as stored } from '../wire-cards.js';

export type RestChatEntry = {
  readonly id: string;
  /** Public seat id of the sender. */
  readonly seat: string;
  readonly name: string;
  readonly text: string;
  readonly isEmoji: boolean;
  /** ms since the epoch. */
  readonly at: number;
};

export type RestActionEntry = {
  readonly seat: string;
  readonly name: string;
  readonly action: 'play' | 'pickup';
  readonly cards: readonly StoredCard[];
  readonly burned: boolean;
  readonly at: number;
};

/** What the REST game keeps beside the engine state. */
export type RestMeta = {
  readonly variant: RestVariant;
  readonly isPublic: boolean;
  readonly maxPlayers: number;
  /** Public seat id → digest of that seat's credential (human seats only; never the credential). */
  readonly keys: { readonly [seat: string]: string };
  readonly chat: readonly RestChatEntry[];
  /** Number of chat messages ever sent (chat ids stay unique when old ones are dropped). */
  readonly chatSeq: number;
  readonly lastAction: RestActionEntry | null;
  /** After game over: the rematch a player offered (absent in games stored before rematches). */
  readonly rematch?: RematchOffer | null;
  /** Hints each seat was given (docs/product.md §D14 hint); absent when none was. */
  readonly hints?: HintCounts;
};

/** Keeps `lastAction` in step with the engine's events: the last play or pick-up, AI moves included. */
export function reactRest(meta: RestMeta, events: readonly GameEvent[], state: GameState, at: number): RestMeta {
  let lastAction = meta.lastAction;
  let flipped: StoredCard | null = null;
  let playedNow = false;
  const nameOf = (seat: string): string => state.seats.find((s) => s.id === seat)?.name ?? seat;
  for (const event of events) {
    switch (event.type) {
      case 'played':
        lastAction = {
          seat: event.seat,
          name: nameOf(event.seat),
          action: 'play',
          cards: event.cards.map(stored),
          burned: false,
          at,
        };
        playedNow = true;
        break;
      case 'burned':
        if (playedNow && lastAction !== null) lastAction = { ...lastAction, burned: true };
        break;
      case 'blindFlipped':
        if (!event.playable) flipped = stored(event.card);
        break;
      case 'pickedUp':
        lastAction = {
          seat: event.seat,
          name: nameOf(event.seat),
          action: 'pickup',
          cards: flipped === null ? [] : [flipped],
          burned: false,
          at,
        };
        break;
      default:
        break;
    }
  }
  return lastAction === meta.lastAction ? meta : { ...meta, lastAction };
}
