import { type Static, type TProperties, Type } from 'typebox';
import { AiLevelField, AiLevelName, UnknownCard } from './common.js';
import { MainCard } from './main-game.js';

/**
 * Wire shapes of the two simple variants (docs/product.md §P2.3, §P2.4, §P2.7): the simple websocket game on
 * `/simple-ws` and the simple REST game under `/api/simple-game`. Both show one state shape; players
 * are known by the username they typed, and a seat is proved by a secret seat token (docs/product.md §D8):
 * a cookie on REST, the socket (or the `seatToken` of `join_success`) on the websocket.
 */

/** Seats per simple game (one 52-card deck). */
export const SIMPLE_MAX_PLAYERS = 4;
/** Longest username, in characters after trimming. */
export const SIMPLE_NAME_MAX = 20;
/** Longest chat message, in characters after trimming. */
export const SIMPLE_CHAT_MAX = 500;
/** How many chat lines a game keeps (the oldest are dropped). */
export const SIMPLE_CHAT_KEEP = 200;
/** A websocket room id: 1–64 letters, digits, `-` or `_` (the client makes "game" + a timestamp). */
export const SIMPLE_ROOM_ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';
/** A websocket room with no message and no move for this long closes (`room_closed`), in ms. */
export const SIMPLE_ROOM_IDLE_MS = 30 * 60 * 1000;
/** Sender of the status lines the server writes into the chat. */
export const SIMPLE_SYSTEM_SENDER = 'System';

/** A card nobody at the table may see: common.ts's hidden card with suit and value "unknown". */
export const SimpleHiddenCard = UnknownCard;
export type SimpleHiddenCard = UnknownCard;

export const SimplePlayer = Type.Object({
  username: Type.String(),
  /** The viewer's own hand; every other hand as hidden cards. */
  hand: Type.Array(Type.Union([MainCard, SimpleHiddenCard])),
  handCount: Type.Integer(),
  faceUp: Type.Array(MainCard),
  /** How many face-down cards the player has (spec: "faceDown count"). */
  faceDown: Type.Integer(),
  faceDownCount: Type.Integer(),
  /** The face-down slots (`blind-{n}`), hidden for everyone, the owner included: play one by its id. */
  faceDownCards: Type.Array(SimpleHiddenCard),
  isAI: Type.Boolean(),
  /** Present on AI seats: the level it plays at. */
  aiLevel: Type.Optional(AiLevelName),
  /** Timed out three turns in a row: the AI plays this seat until its player acts again. */
  away: Type.Boolean(),
  /** Has chosen the 3 face-up cards. */
  isReady: Type.Boolean(),
  /** Same as `isReady` (the simple REST game's field name). */
  selectedFaceUp: Type.Boolean(),
  /** The viewer's own cards picked so far on the websocket, one `select_faceup` at a time; [] for others. */
  selecting: Type.Array(Type.String()),
  /** Left a game in play (the seat stays). */
  hasLeft: Type.Boolean(),
});
export type SimplePlayer = Static<typeof SimplePlayer>;

export const SimpleChatEntry = Type.Object({
  sender: Type.String({ description: `A username, or "${SIMPLE_SYSTEM_SENDER}" for status lines` }),
  text: Type.String(),
  /** ms since the epoch */
  timestamp: Type.Integer(),
  isSystem: Type.Boolean(),
});
export type SimpleChatEntry = Static<typeof SimpleChatEntry>;

export const SimpleStanding = Type.Object({
  username: Type.String(),
  place: Type.Integer({ minimum: 1 }),
  cardsLeft: Type.Integer(),
});

export const SimpleGameState = Type.Object({
  id: Type.String(),
  status: Type.Union([Type.Literal('setup'), Type.Literal('playing'), Type.Literal('finished')]),
  players: Type.Array(SimplePlayer),
  /** Bottom to top: the last element is the top card. */
  pile: Type.Array(MainCard),
  pileCount: Type.Integer(),
  deckCount: Type.Integer(),
  /** Username of the player to act, or null outside play. */
  currentTurn: Type.Union([Type.String(), Type.Null()]),
  winner: Type.Union([Type.String(), Type.Null()]),
  /** Final standings once finished: the winner, then fewest cards left. */
  standings: Type.Union([Type.Array(SimpleStanding), Type.Null()]),
  chat: Type.Array(SimpleChatEntry),
  /** The viewer's username when the view is a seat's, else null. */
  you: Type.Union([Type.String(), Type.Null()]),
  /** What the viewer may do now (the client never decides a rule): card ids of legal plays. */
  playableCards: Type.Array(Type.String()),
  canPickUp: Type.Boolean(),
  /** The viewer still has to choose 3 face-up cards. */
  mustSelectFaceUp: Type.Boolean(),
  /**
   * When the seat whose turn it is runs out of time, in ms since the epoch (docs/product.md §D6: the
   * server then plays it with the normal AI); null when no human turn clock runs.
   */
  turnDeadline: Type.Union([Type.Integer(), Type.Null()]),
  /** Hex sha256 of the deal's seed (revealed when the game's record is published). */
  commitment: Type.String(),
  /** Grows with every change. */
  lastUpdate: Type.Integer(),
});
export type SimpleGameState = Static<typeof SimpleGameState>;

/** A card as a client names it: its id, or the card object it was shown. */
export const SimpleCardRef = Type.Union([
  Type.String({ minLength: 1, maxLength: 40 }),
  Type.Object({ id: Type.String({ minLength: 1, maxLength: 40 }) }),
]);
export type SimpleCardRef = Static<typeof SimpleCardRef>;

/** The id of a card reference. */
export function cardRefId(ref: SimpleCardRef): string {
  return typeof ref === 'string' ? ref : ref.id;
}

const Username = Type.String({ maxLength: 200 });
const RoomId = Type.String({ maxLength: 200 });
const CardRefs = Type.Array(SimpleCardRef, { maxItems: 104 });
const ChatText = Type.String({ maxLength: 2000 });

// — Simple REST (`/api/simple-game`) —

export const SimpleJoinBody = Type.Object({
  username: Username,
  gameId: Type.Optional(Type.String({ maxLength: 200 })),
});
export const SimpleUsernameBody = Type.Object({ username: Username });
/** `POST /api/simple-game/{id}/add-ai`: the name and, optionally, the AI's level. */
export const SimpleAiBody = Type.Object({ username: Username, level: AiLevelField });
export const SimpleViewQuery = Type.Object({ username: Type.Optional(Username) });
export const SimpleGameParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
export const SimpleSelectBody = Type.Object({ username: Username, cards: CardRefs });
export const SimplePlayBody = Type.Object({
  username: Username,
  card: Type.Optional(SimpleCardRef),
  /** Several cards of one value at once (instead of `card`). */
  cards: Type.Optional(CardRefs),
});
export const SimpleChatBody = Type.Object({ username: Username, message: ChatText });
export const SimpleStateAnswer = Type.Object({ gameState: SimpleGameState });
export const SimpleMessageAnswer = Type.Object({ gameState: SimpleGameState, message: Type.String() });
/** A join's answer: the spec's `gameState`, and the game's id beside it (the id to put in paths). */
export const SimpleJoinAnswer = Type.Object({ gameState: SimpleGameState, gameId: Type.String() });

// — Simple websocket (`/simple-ws`) —

const message = <T extends string, P extends TProperties>(type: T, props: P) =>
  Type.Object({ type: Type.Literal(type), ...props });

/** Client → server messages (docs/product.md §P2.7, §D9 wire form). `add_ai` and `leave_game` are ours. */
export const SimpleClientMessages = {
  join_game: message('join_game', {
    roomId: RoomId,
    username: Username,
    /** The `seatToken` of an earlier `join_success`: takes that seat back after a reconnect. */
    seatToken: Type.Optional(Type.String({ maxLength: 200 })),
  }),
  select_faceup: message('select_faceup', { roomId: RoomId, username: Username, card: SimpleCardRef }),
  play_card: message('play_card', {
    roomId: RoomId,
    username: Username,
    card: Type.Optional(SimpleCardRef),
    cards: Type.Optional(CardRefs),
  }),
  pickup_pile: message('pickup_pile', { roomId: RoomId, username: Username }),
  chat_message: message('chat_message', { roomId: RoomId, username: Username, text: ChatText }),
  add_ai: message('add_ai', { roomId: RoomId, username: Username, level: AiLevelField }),
  leave_game: message('leave_game', { roomId: RoomId, username: Username }),
} as const;

export type SimpleClientMessageType = keyof typeof SimpleClientMessages;
export type SimpleClientMessage = {
  [K in SimpleClientMessageType]: Static<(typeof SimpleClientMessages)[K]>;
}[SimpleClientMessageType];

/** Server → client messages of `/simple-ws`. */
export type SimpleServerMessage =
  | { readonly type: 'connection_established'; readonly connectionId: string }
  | {
      readonly type: 'join_success';
      readonly roomId: string;
      readonly username: string;
      /** Keep it (session storage) and send it in `join_game` to take the seat back after a reconnect. */
      readonly seatToken: string;
      readonly state: SimpleGameState;
    }
  | { readonly type: 'error'; readonly message: string }
  | { readonly type: 'game_state'; readonly state: SimpleGameState }
  | { readonly type: 'game_over'; readonly winner: string }
  | {
      readonly type: 'chat_message';
      /** The sender, or "System" for the status lines of docs/product.md §P2.4. */
      readonly username: string;
      readonly text: string;
      /** ms since the epoch */
      readonly timestamp: number;
      /** A status line written by the server (joins, start, turns, the end), not a player's message. */
      readonly isSystem: boolean;
    }
  | { readonly type: 'player_left'; readonly username: string; readonly reason: 'left' | 'disconnected' }
  | { readonly type: 'ai_joined'; readonly aiName: string }
  | { readonly type: 'room_closed'; readonly roomId: string; readonly message: string };
