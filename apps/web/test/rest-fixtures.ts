import type { RestPlayer } from '@palace/protocol';

/** A REST game seat for tests: a human, not ready, three cards in hand and face down, none face up. */
export const restSeat = (id: string, name: string, extra: Partial<RestPlayer> = {}): RestPlayer => ({
  id,
  name,
  isAI: false,
  away: false,
  isReady: false,
  isHost: false,
  hand: 3,
  handCount: 3,
  faceUp: [],
  faceDown: 3,
  faceDownCount: 3,
  ...extra,
});
