import type { PublicGameState, PublicVisibility } from '@palace/protocol';
import type { RematchOffer } from '../rematch.js';
import type { SeatKeys } from '../seat-proofs.js';
import { type ChatLine, reactStatus } from '../status-lines.js';

/** Someone watching: the name they typed and the digest of their seat token (never the token). */
export type PublicSpectator = { readonly name: string; readonly key: string };

/** What a public game keeps beside the engine state. */
export type PublicMeta = {
  readonly visibility: PublicVisibility;
  /** Public seat id → digest of that seat's token (human seats only). */
  readonly keys: SeatKeys;
  /** In the order they came. */
  readonly spectators: readonly PublicSpectator[];
  readonly chat: readonly ChatLine[];
  /** Chat lines ever written (the newest `chat.length` of them are kept). */
  readonly chatSeq: number;
  /** After game over: the rematch a player offered (absent in games stored before rematches). */
  readonly rematch?: RematchOffer | null;
};

/**
 * Writes the status lines of every accepted change (AI moves included) into the chat; the setup
 * line comes with the start (the `manual` flow deals then).
 */
export const reactPublic = reactStatus<PublicMeta>({ setupOnFirstSeat: false });

/** Who a request says it is: a typed username and the seat token its cookie carries for that name. */
export interface PublicActor {
  readonly username: string | undefined;
  readonly token: string | undefined;
}

/** A seat or a spectator's place taken (or taken back). */
export interface PublicEntered {
  readonly gameId: string;
  /** The name as the game keeps it (the spelling first typed, trimmed). */
  readonly username: string;
  /** The place's secret token: set it as the seat cookie. */
  readonly token: string;
  readonly asSpectator: boolean;
  /** False when the request took back a place it already held. */
  readonly isNew: boolean;
}

export interface PublicViewed {
  readonly gameState: PublicGameState;
  readonly asSpectator: boolean;
}

/** An action's answer: the state as the actor now sees it and a short sentence for a toast. */
export interface PublicAnswer {
  readonly gameState: PublicGameState;
  readonly message: string;
}
