import { SIMPLE_NAME_MAX, type SimpleGameState } from '@palace/protocol';
import type { StoredGame } from '../ports.js';
import type { SeatKeys } from '../seat-proofs.js';
import type { NameRule } from '../seating.js';
import { type ChatLine, reactStatus } from '../status-lines.js';
import type { GameListener } from '../variant-games.js';

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

/** How a simple variant names its games. */
export interface SimpleKind {
  /** The `kind` in the store: `simple-ws` or `simple-rest`. */
  readonly kind: string;
  /**
   * `client`: the client picks the room id (the websocket's "game" + timestamp) and the first
   * `join_game` creates the room; ids are kept as typed. `server`: the server makes 6-character
   * upper-case ids and lower-case ones in requests are accepted.
   */
  readonly ids: 'client' | 'server';
}

export const SIMPLE_WS: SimpleKind = { kind: 'simple-ws', ids: 'client' };
export const SIMPLE_REST: SimpleKind = { kind: 'simple-rest', ids: 'server' };

/** The seat a request acts for: a username proved by its seat token. */
export interface SimpleActor {
  readonly username: string;
  readonly token: string | undefined;
}

export interface SimpleSeated {
  readonly gameId: string;
  /** The seat's name as stored (the first spelling typed). */
  readonly username: string;
  /** The seat's secret token: a cookie on REST, `join_success.seatToken` on the websocket. */
  readonly token: string;
  /** False when the request took back a seat it already held. */
  readonly isNew: boolean;
  readonly gameState: SimpleGameState;
}

/** A game after a change, with what the change means for the socket's broadcasts. */
export interface SimpleChanged {
  readonly game: StoredGame<SimpleMeta>;
  readonly seat: string;
}

export type SimpleListener = GameListener<SimpleMeta>;

/** A username of 1–20 characters after trimming. */
export const SIMPLE_NAME_RULE: NameRule = {
  max: SIMPLE_NAME_MAX,
  required: 'username/required',
  outOfRange: 'username/too_long',
};
