import type { SeatKeys } from '../named-seats.js';
import { type ChatLine, reactStatus } from '../status-lines.js';

/** What a simple game keeps beside the engine state. */
export type SimpleMeta = {
  /** Public seat id → digest of that seat's token (human seats only; never the token). */
  readonly keys: SeatKeys;
  /** Face-up cards picked so far, one `select_faceup` at a time, per seat id (websocket). */
  readonly selecting: { readonly [seat: string]: readonly string[] };
  readonly chat: readonly ChatLine[];
  /** Chat lines ever written (the newest `chat.length` of them are kept): tells a socket which are new. */
  readonly chatSeq: number;
  /** Closed after its inactivity period: nothing more happens in it. */
  readonly closed: boolean;
};

/**
 * Writes the status lines of every accepted change (AI moves included) into the chat; the setup
 * line comes when the first player sits down (the face-up choice starts at once in these variants).
 */
export const reactSimple = reactStatus<SimpleMeta>({ setupOnFirstSeat: true });
