/**
 * What a socket is sent of a game's change (both sockets; lila-ws's versioned deliveries): a pure
 * function of what this node last delivered of the game and of the change. A node may hear of
 * changes coalesced (one made on another node is read again, by which time a later one may have
 * committed: chat at v5 and a move at v6 read as v6 only), so every chat line newer than the last
 * one delivered goes out, and a skipped version sends the state too.
 */

/** What was last delivered of a game: its version and the sequence number of its newest chat line. */
export interface Delivered {
  readonly version: number;
  readonly chatSeq: number;
}

/** A change as delivered: its version, its newest chat line's number, and whether it was only a chat line. */
export interface Change extends Delivered {
  /** The change added a chat line and nothing else (its game state is the same as before). */
  readonly chatOnly: boolean;
}

/** Send the `lines` newest chat lines, and the state too when `state`. */
export interface Delivery {
  readonly lines: number;
  readonly state: boolean;
}

/**
 * The delivery of `change` after `before` (undefined: nothing delivered from this node yet), or
 * null when the change is not newer than what was delivered (it came twice, or out of order).
 * First delivery: the change alone — its own chat line, or the state.
 */
export function deliveryOf(before: Delivered | undefined, change: Change): Delivery | null {
  if (before === undefined) return change.chatOnly ? { lines: 1, state: false } : { lines: 0, state: true };
  if (change.version <= before.version) return null;
  const coalesced = change.version > before.version + 1;
  return { lines: Math.max(0, change.chatSeq - before.chatSeq), state: !change.chatOnly || coalesced };
}

/** What is delivered after `change` (never going back: an older change read late does not rewind it). */
export function afterDelivery(before: Delivered | undefined, change: Change): Delivered {
  if (before === undefined) return { version: change.version, chatSeq: change.chatSeq };
  return { version: Math.max(before.version, change.version), chatSeq: Math.max(before.chatSeq, change.chatSeq) };
}
