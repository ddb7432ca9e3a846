import type { RestCard, RestChatMessage, RestGameState, RestLastAction, RestPlayer } from '@palace/protocol';

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

/** The credential of Ann, the viewer in the REST game tests. */
export const ME = 'secret-credential-of-ann';

export const card = (id: string, value: string, suit: string): RestCard => ({
  id,
  value,
  suit,
  color: suit === '♥' || suit === '♦' ? 'red' : 'black',
});

export function restState(extra: Partial<RestGameState> = {}): RestGameState {
  return {
    id: 'ABC123',
    variant: 'classic',
    isPublic: true,
    maxPlayers: 4,
    status: 'waiting',
    players: [restSeat(ME, 'Ann', { isHost: true, hand: [], handCount: 0, faceDown: [] }), restSeat('p2', 'Bob')],
    currentTurn: null,
    pile: [],
    pileCount: 0,
    deck: [],
    deckCount: 0,
    winner: null,
    winnerName: null,
    lastAction: null,
    chatMessages: [],
    playableCards: [],
    canPickUp: false,
    turnDeadline: null,
    commitment: '',
    createdAt: 0,
    lastUpdate: 1,
    rematch: null,
    ...extra,
  };
}

export const action = (player: string, name: string, extra: Partial<RestLastAction> = {}): RestLastAction => ({
  player,
  playerName: name,
  action: 'play',
  cards: [card('c1', '7', '♥')],
  burned: false,
  timestamp: 1000,
  ...extra,
});

export const message = (id: string, sender: string, senderName: string, text: string): RestChatMessage => ({
  id,
  sender,
  senderName,
  text,
  isEmoji: false,
  timestamp: 1000,
});
