import type { GameEvent, GameState } from '@palace/core';
import type { MainRules } from '@palace/protocol';
import type { RematchOffer } from '../rematch.js';
import { type StoredCard, storedCard as stored } from '../wire-cards.js';

/** Who sits in a seat (the seat id is the user id as a string). */
export type MainSeatMeta = {
  readonly userId: number;
  readonly username: string;
  readonly avatar: string | null;
  /** Tokens paid on sitting (0 for guests); refunded if the seat is given up before the start. */
  readonly paid: number;
};

export type MainChatEntry = {
  readonly id: number;
  readonly userId: number;
  readonly username: string;
  readonly avatar: string | null;
  readonly message: string;
  /** ms since the epoch. */
  readonly at: number;
};

export type MainActionEntry = {
  readonly type: 'play' | 'pickup' | 'burn' | 'game_over';
  readonly userId: number;
  readonly cards: readonly StoredCard[];
  readonly at: number;
};

/** What the main game keeps beside the engine state. */
export type MainMeta = {
  readonly name: string;
  readonly gameCode: string | null;
  readonly isPrivate: boolean;
  readonly playerLimit: number;
  readonly entryFee: number;
  readonly rules: MainRules;
  readonly hostId: number;
  readonly hostName: string;
  readonly hostAvatar: string | null;
  readonly seats: { readonly [seat: string]: MainSeatMeta };
  readonly chat: readonly MainChatEntry[];
  readonly chatSeq: number;
  readonly lastAction: MainActionEntry | null;
  /** ms since the epoch, or null. */
  readonly startedAt: number | null;
  readonly finishedAt: number | null;
  /** Every player left before the start: the game is over without being played. */
  readonly cancelled: boolean;
  /** What the last accepted change was: chat lines are sent as `chat_message`, the rest as state. */
  readonly lastChange: 'state' | 'chat';
  /** After game over: the rematch a player offered (absent in games stored before rematches). */
  readonly rematch?: RematchOffer | null;
};

/**
 * Keeps the variant data in step with the engine's events, AI moves included: the last action
 * (play, burn, pick-up, game over), start and finish times, and the cancelled flag.
 */
export function reactMain(meta: MainMeta, events: readonly GameEvent[], state: GameState, at: number): MainMeta {
  let { lastAction, startedAt, finishedAt } = meta;
  let flipped: StoredCard | null = null;
  let playedNow = false;
  const userOf = (seat: string): number => meta.seats[seat]?.userId ?? Number(seat);
  for (const event of events) {
    switch (event.type) {
      case 'started':
        startedAt = at;
        break;
      case 'played':
        lastAction = { type: 'play', userId: userOf(event.seat), cards: event.cards.map(stored), at };
        playedNow = true;
        break;
      case 'burned':
        if (playedNow && lastAction !== null) lastAction = { ...lastAction, type: 'burn' };
        break;
      case 'blindFlipped':
        if (!event.playable) flipped = stored(event.card);
        break;
      case 'pickedUp':
        lastAction = { type: 'pickup', userId: userOf(event.seat), cards: flipped === null ? [] : [flipped], at };
        break;
      case 'gameOver':
        finishedAt = at;
        lastAction = { type: 'game_over', userId: userOf(event.winner), cards: lastAction?.cards ?? [], at };
        break;
      default:
        break;
    }
  }
  const cancelled = meta.cancelled || (state.phase === 'waiting' && state.seats.length === 0);
  if (cancelled && finishedAt === null) finishedAt = at;
  return { ...meta, lastAction, startedAt, finishedAt, cancelled, lastChange: 'state' };
}

/** What creating a main game asks for (the wire's fields, checked by `MainGames.create`). */
export interface CreateInput {
  readonly name: string;
  readonly gameCode?: string | undefined;
  readonly hostId?: number | null | undefined;
  readonly guestUserId?: number | null | undefined;
  readonly playerLimit?: number | undefined;
  readonly isPrivate?: boolean | undefined;
  readonly entryFee?: number | undefined;
  readonly rules?: Partial<MainRules> | undefined;
}

/** A game id from the wire (a number or a string of digits), or null when it cannot be one. */
export function mainGameId(raw: number | string): string | null {
  const text = String(raw).trim();
  return /^[1-9][0-9]{0,14}$/.test(text) ? text : null;
}
