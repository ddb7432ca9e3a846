import { type Static, Type } from 'typebox';
import { AiLevelField, AiLevelName, HiddenCard, RematchOffer } from './common.js';
import { HintsState } from './hints.js';

/**
 * Wire shapes of the server-backed REST game (docs/product.md §P2.3 and §P2.7, §D8), under
 * `/api/rest-games`. Ids a client may act with (`playerId`) are secret credentials; every other id
 * (`players[].id` of others, `currentTurn`, `winner`, chat `sender`, lobby players) is a public
 * seat id, except that the viewer's own seat shows the viewer's credential.
 */

/** Rule presets the game offers. */
export const RestVariant = Type.Union([Type.Literal('classic'), Type.Literal('easy'), Type.Literal('wild')]);
export type RestVariant = Static<typeof RestVariant>;

export const REST_MIN_PLAYERS = 2;
export const REST_MAX_PLAYERS = 6;
export const REST_DEFAULT_MAX_PLAYERS = 4;
/** Longest player name, in characters, after trimming. */
export const REST_NAME_MAX = 20;
/** Longest chat message, in characters. */
export const REST_CHAT_MAX = 500;
/** How many chat messages a game keeps (the oldest are dropped). */
export const REST_CHAT_KEEP = 200;
/** How long an AI seat waits before acting, in ms (docs/product.md §P2.9). */
export const REST_AI_DELAY_MS = 1500;

/** A card face: value 2–10, J, Q, K, A and the suit's symbol. */
export const RestCard = Type.Object({
  id: Type.String(),
  value: Type.String({ description: '2–10, J, Q, K or A' }),
  suit: Type.String({ description: '♠, ♥, ♦ or ♣' }),
  color: Type.Union([Type.Literal('red'), Type.Literal('black')]),
});
export type RestCard = Static<typeof RestCard>;

export const RestPlayer = Type.Object({
  /** The viewer's credential on their own seat; a public seat id on every other. */
  id: Type.String(),
  name: Type.String(),
  isAI: Type.Boolean(),
  /** Present on AI seats: the level it plays at. */
  aiLevel: Type.Optional(AiLevelName),
  /** Timed out three turns in a row: the AI plays this seat until its player acts again. */
  away: Type.Boolean(),
  isReady: Type.Boolean(),
  isHost: Type.Boolean(),
  /** Cards for the viewer's own seat; a count for everyone else. */
  hand: Type.Union([Type.Array(RestCard), Type.Integer()]),
  handCount: Type.Integer(),
  faceUp: Type.Array(RestCard),
  /** Hidden slots (`blind-{n}`, playable by id) for the viewer; a count for everyone else. */
  faceDown: Type.Union([Type.Array(HiddenCard), Type.Integer()]),
  faceDownCount: Type.Integer(),
});
export type RestPlayer = Static<typeof RestPlayer>;

export const RestLastAction = Type.Object({
  /** Seat id (the viewer's credential when it was the viewer). */
  player: Type.String(),
  playerName: Type.String(),
  action: Type.Union([Type.Literal('play'), Type.Literal('pickup')]),
  /** Cards played, or the face-down card turned over before a forced pick-up. */
  cards: Type.Array(RestCard),
  /** Whether the play burned the pile. */
  burned: Type.Boolean(),
  timestamp: Type.Integer(),
});
export type RestLastAction = Static<typeof RestLastAction>;

export const RestChatMessage = Type.Object({
  id: Type.String(),
  sender: Type.String(),
  senderName: Type.String(),
  text: Type.String(),
  isEmoji: Type.Boolean(),
  timestamp: Type.Integer(),
});
export type RestChatMessage = Static<typeof RestChatMessage>;

export const RestGameState = Type.Object({
  id: Type.String(),
  variant: RestVariant,
  isPublic: Type.Boolean(),
  maxPlayers: Type.Integer(),
  status: Type.Union([Type.Literal('waiting'), Type.Literal('playing'), Type.Literal('finished')]),
  players: Type.Array(RestPlayer),
  currentTurn: Type.Union([Type.String(), Type.Null()]),
  /** Bottom to top: the last card is the top. */
  pile: Type.Array(RestCard),
  pileCount: Type.Integer(),
  /** The draw pile, every card hidden (`deckCount` is its length). */
  deck: Type.Array(HiddenCard),
  deckCount: Type.Integer(),
  winner: Type.Union([Type.String(), Type.Null()]),
  winnerName: Type.Union([Type.String(), Type.Null()]),
  lastAction: Type.Union([RestLastAction, Type.Null()]),
  chatMessages: Type.Array(RestChatMessage),
  /** Card ids (hand, face-up or `blind-{n}`) the viewer may play now, as the engine says. */
  playableCards: Type.Array(Type.String()),
  canPickUp: Type.Boolean(),
  /**
   * When the seat whose turn it is runs out of time, in ms since the epoch (docs/product.md §D6: the
   * server then plays it with the normal AI); null when no human turn clock runs.
   */
  turnDeadline: Type.Union([Type.Integer(), Type.Null()]),
  /** Hex sha256 of the deal's secret seed, published at creation (fair deal). */
  commitment: Type.String(),
  createdAt: Type.Integer(),
  /** The game's version: send it back as `lastUpdate` when polling. */
  lastUpdate: Type.Integer(),
  /** After game over: the rematch a player offered (join it with `POST …/rematch`); null until then. */
  rematch: RematchOffer,
  /** The viewer's hints (docs/product.md §D14 hint), only in a game that offers them to the viewer. */
  hints: Type.Optional(HintsState),
});
export type RestGameState = Static<typeof RestGameState>;

const PlayerName = Type.String({ maxLength: 200, description: `1–${REST_NAME_MAX} characters after trimming` });
/** Longest `playerId` a request may carry (real ones are 32 characters). */
export const REST_CREDENTIAL_MAX = 200;
const Credential = Type.String({ minLength: 1, maxLength: REST_CREDENTIAL_MAX, description: 'your secret playerId' });

export const RestCreateBody = Type.Object({
  playerName: PlayerName,
  variant: Type.Optional(RestVariant),
  isPublic: Type.Optional(Type.Boolean()),
  maxPlayers: Type.Optional(Type.Integer({ minimum: REST_MIN_PLAYERS, maximum: REST_MAX_PLAYERS })),
});
export type RestCreateBody = Static<typeof RestCreateBody>;

export const RestJoinBody = Type.Object({
  playerName: Type.Optional(PlayerName),
  /** Resume the seat this credential belongs to. */
  playerId: Type.Optional(Credential),
});
export type RestJoinBody = Static<typeof RestJoinBody>;

export const RestPlayerBody = Type.Object({ playerId: Credential });
export type RestPlayerBody = Static<typeof RestPlayerBody>;

export const RestAiBody = Type.Object({ playerId: Credential, level: AiLevelField });
export type RestAiBody = Static<typeof RestAiBody>;

const CardIds = Type.Array(Type.String({ maxLength: 100 }), { minItems: 1, maxItems: 8 });

export const RestPlayBody = Type.Object({
  playerId: Credential,
  /** One card id, or several of one value played together. */
  cardId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), CardIds])),
  cardIds: Type.Optional(CardIds),
});
export type RestPlayBody = Static<typeof RestPlayBody>;

export const RestChatBody = Type.Object({
  playerId: Credential,
  message: Type.String({ maxLength: 10_000 }),
  /** Ignored: the server decides with the spec's rule. */
  isEmoji: Type.Optional(Type.Boolean()),
});
export type RestChatBody = Static<typeof RestChatBody>;

export const RestGameParams = Type.Object({ gameId: Type.String({ maxLength: 100 }) });
export type RestGameParams = Static<typeof RestGameParams>;

export const RestViewQuery = Type.Object({ playerId: Type.Optional(Credential) });
export type RestViewQuery = Static<typeof RestViewQuery>;

export const RestPollQuery = Type.Object({
  playerId: Type.Optional(Credential),
  /** The `lastUpdate` of the state the client holds; 0 for none. */
  lastUpdate: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type RestPollQuery = Static<typeof RestPollQuery>;

export const RestSeated = Type.Object({
  gameId: Type.String(),
  playerId: Type.String(),
  gameState: RestGameState,
});
export type RestSeated = Static<typeof RestSeated>;

export const RestPollResponse = Type.Object({ gameState: RestGameState, lastUpdate: Type.Integer() });
export type RestPollResponse = Static<typeof RestPollResponse>;

export const RestLobbyPlayer = Type.Object({
  id: Type.String(),
  name: Type.String(),
  isAI: Type.Boolean(),
  isReady: Type.Boolean(),
});

export const RestLobbyEntry = Type.Object({
  id: Type.String(),
  variant: RestVariant,
  playerCount: Type.Integer(),
  maxPlayers: Type.Integer(),
  hostName: Type.String(),
  /** ms since the Unix epoch. */
  createdAt: Type.Integer(),
  players: Type.Array(RestLobbyPlayer),
});
export type RestLobbyEntry = Static<typeof RestLobbyEntry>;

export const RestLobby = Type.Array(RestLobbyEntry);
export type RestLobby = Static<typeof RestLobby>;
