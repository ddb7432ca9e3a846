import type { PublicVisibility } from '@palace/protocol';
import type { SeatKeys } from '../named-seats.js';
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
};

/**
 * Writes the status lines of every accepted change (AI moves included) into the chat; the setup
 * line comes with the start (the `manual` flow deals then).
 */
export const reactPublic = reactStatus<PublicMeta>({ setupOnFirstSeat: false });
