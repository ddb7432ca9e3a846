import { type Static, Type } from 'typebox';
import { AiLevelField, AiLevelName, RematchOffer } from './common.js';
import { MainCard, MaskedCard } from './main-game.js';

/**
 * Wire shapes of the public-games variant ("palace games", docs/product.md §P2.3, §P2.4, §P2.7) under
 * `/api/palace/games`. Players are known by the username they typed; a seat (or a spectator's
 * place) is proved by a secret seat token in an HttpOnly cookie scoped to the game's path
 * (docs/product.md §D8). No token or digest ever appears in these shapes.
 */

/** Seats per game: 2–5 play with one 52-card deck, 6 with two (docs/product.md §D3; lobby slider max). */
export const PUBLIC_MAX_PLAYERS = 6;
/** Shortest username, in characters after trimming (docs/product.md §P2.5). */
export const PUBLIC_NAME_MIN = 3;
/** Longest username, in characters after trimming (docs/product.md §P2.5). */
export const PUBLIC_NAME_MAX = 15;
/** Longest chat message, in characters after trimming. */
export const PUBLIC_CHAT_MAX = 500;
/** How many chat lines a game keeps (the oldest are dropped). */
export const PUBLIC_CHAT_KEEP = 200;
/** How many spectators one game holds at most (bounds the stored game). */
export const PUBLIC_SPECTATORS_MAX = 50;
/** How many games the public list shows at most. */
export const PUBLIC_LIST_LIMIT = 50;
/** How long an AI seat waits before acting, in ms (the spec gives none here; the REST games' 1.5 s). */
export const PUBLIC_AI_DELAY_MS = 1500;
/** Sender of the status lines the server writes into the chat. */
export const PUBLIC_SYSTEM_SENDER = 'System';

/** Who may find a game: `public` games are in the list; `private` ones only by id or link. */
export const PublicVisibility = Type.Union([Type.Literal('public'), Type.Literal('private')]);
export type PublicVisibility = Static<typeof PublicVisibility>;

/** The engine's phases, word for word (docs/product.md §D4). */
export const PublicStatus = Type.Union([
  Type.Literal('waiting'),
  Type.Literal('setup'),
  Type.Literal('playing'),
  Type.Literal('finished'),
]);
export type PublicStatus = Static<typeof PublicStatus>;

export const PublicPlayer = Type.Object({
  username: Type.String(),
  /** The viewer's own hand; every other hand as masked cards (`hand-{n}`). */
  hand: Type.Array(Type.Union([MainCard, MaskedCard])),
  handCount: Type.Integer(),
  faceUp: Type.Array(MainCard),
  /** Masked for everyone, the owner included (`blind-{n}`: the owner plays one by this id). */
  faceDown: Type.Array(MaskedCard),
  faceDownCount: Type.Integer(),
  isAI: Type.Boolean(),
  /** Present on AI seats: the level it plays at. */
  aiLevel: Type.Optional(AiLevelName),
  /** Timed out three turns in a row: the AI plays this seat until its player acts again. */
  away: Type.Boolean(),
  /** Has chosen the 3 face-up cards (setup). */
  isReady: Type.Boolean(),
  /** Left a started game; the seat stays and its owner may come back. */
  hasLeft: Type.Boolean(),
  isTurn: Type.Boolean(),
});
export type PublicPlayer = Static<typeof PublicPlayer>;

export const PublicChatEntry = Type.Object({
  sender: Type.String({ description: `A username, or "${PUBLIC_SYSTEM_SENDER}" for status lines` }),
  text: Type.String(),
  /** ms since the epoch */
  timestamp: Type.Integer(),
  isSystem: Type.Boolean(),
});
export type PublicChatEntry = Static<typeof PublicChatEntry>;

export const PublicStanding = Type.Object({
  username: Type.String(),
  place: Type.Integer({ minimum: 1 }),
  cardsLeft: Type.Integer(),
});
export type PublicStanding = Static<typeof PublicStanding>;

export const PublicGameState = Type.Object({
  id: Type.String(),
  status: PublicStatus,
  visibility: PublicVisibility,
  maxPlayers: Type.Integer(),
  players: Type.Array(PublicPlayer),
  /** The pile with the top card FIRST (docs/product.md §P2.3, §D9). */
  pile: Type.Array(MainCard),
  pileSize: Type.Integer(),
  deckSize: Type.Integer(),
  burnedCount: Type.Integer(),
  /** Username of the player to act, or null outside play. */
  currentTurn: Type.Union([Type.String(), Type.Null()]),
  winner: Type.Union([Type.String(), Type.Null()]),
  /** Once finished: the winner, then the others by fewest cards left. */
  standings: Type.Union([Type.Array(PublicStanding), Type.Null()]),
  spectators: Type.Array(Type.String()),
  chat: Type.Array(PublicChatEntry),
  /** The viewer's username when the view is a seat's, else null. */
  you: Type.Union([Type.String(), Type.Null()]),
  /** Card ids (hand, face-up or `blind-{n}`) the viewer may play now, as the engine says. */
  playableCards: Type.Array(Type.String()),
  canPickUp: Type.Boolean(),
  /** The viewer still has to choose 3 face-up cards. */
  mustSelectFaceUp: Type.Boolean(),
  /**
   * When the seat whose turn it is runs out of time, in ms since the epoch (docs/product.md §D6: the
   * server then plays it with the normal AI); null when no human turn clock runs.
   */
  turnDeadline: Type.Union([Type.Integer(), Type.Null()]),
  /** Hex sha256 of the deal's secret seed, published at creation (fair deal). */
  commitment: Type.String(),
  /** ms since the epoch */
  createdAt: Type.Integer(),
  /** The game's version: grows with every change. */
  lastUpdate: Type.Integer(),
  /**
   * After game over: the rematch a player offered; its players and spectators join it with
   * `POST …/rematch`. Null until then.
   */
  rematch: RematchOffer,
});
export type PublicGameState = Static<typeof PublicGameState>;

export const PublicListEntry = Type.Object({
  id: Type.String(),
  playerCount: Type.Integer(),
  /** ms since the epoch */
  createdAt: Type.Integer(),
  status: PublicStatus,
  maxPlayers: Type.Integer(),
  /** Seated players' usernames, in seat order. */
  players: Type.Array(Type.String()),
  spectatorCount: Type.Integer(),
});
export type PublicListEntry = Static<typeof PublicListEntry>;

/** `GET /api/palace/games`: public games not finished, newest first. */
export const PublicList = Type.Object({ games: Type.Array(PublicListEntry) });
export type PublicList = Static<typeof PublicList>;

/** A card as a client names it: its id, or the card object it was shown. */
export const PublicCardRef = Type.Union([
  Type.String({ minLength: 1, maxLength: 40 }),
  Type.Object({ id: Type.String({ minLength: 1, maxLength: 40 }) }),
]);
export type PublicCardRef = Static<typeof PublicCardRef>;

/** The id of a card reference. */
export function publicCardId(ref: PublicCardRef): string {
  return typeof ref === 'string' ? ref : ref.id;
}

/** Checked by the service (so a missing or blank one reads "Username is required"). */
const Username = Type.Optional(Type.String({ maxLength: 200, description: '3–15 characters after trimming' }));
const CardRefs = Type.Array(PublicCardRef, { maxItems: 104 });

/**
 * `POST /api/palace/games`: with `gameId` a join (blank: "Game ID is required"); without, a create
 * (`visibility` defaults to `public`).
 */
export const PublicEntryBody = Type.Object({
  username: Username,
  visibility: Type.Optional(PublicVisibility),
  gameId: Type.Optional(Type.String({ maxLength: 200 })),
});
export type PublicEntryBody = Static<typeof PublicEntryBody>;

/** `POST /api/palace/games/{id}/join` and the actions that need only the name. */
export const PublicUsernameBody = Type.Object({ username: Username });
export type PublicUsernameBody = Static<typeof PublicUsernameBody>;

/** `POST /api/palace/games/{id}/ai`: the name and, optionally, the AI's level. */
export const PublicAiBody = Type.Object({ username: Username, level: AiLevelField });
export type PublicAiBody = Static<typeof PublicAiBody>;

export const PublicReadyBody = Type.Object({ username: Username, selectedCards: CardRefs });
export type PublicReadyBody = Static<typeof PublicReadyBody>;

export const PublicPlayBody = Type.Object({ username: Username, cardIds: CardRefs });
export type PublicPlayBody = Static<typeof PublicPlayBody>;

export const PublicChatBody = Type.Object({ username: Username, message: Type.String({ maxLength: 10_000 }) });
export type PublicChatBody = Static<typeof PublicChatBody>;

export const PublicGameParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export type PublicGameParams = Static<typeof PublicGameParams>;

export const PublicViewQuery = Type.Object({ username: Username });
export type PublicViewQuery = Static<typeof PublicViewQuery>;

/** Create or join: the game, and whether the caller watches rather than plays. */
export const PublicSeated = Type.Object({
  gameId: Type.String(),
  asSpectator: Type.Boolean(),
  /** The name as the game keeps it (the spelling first typed, trimmed). */
  username: Type.String(),
});
export type PublicSeated = Static<typeof PublicSeated>;

/** `GET /api/palace/games/{id}`: the state as the caller may see it. */
export const PublicViewAnswer = Type.Object({ gameState: PublicGameState, asSpectator: Type.Boolean() });
export type PublicViewAnswer = Static<typeof PublicViewAnswer>;

/** Every action's answer: the new state as the caller sees it and a short sentence for a toast. */
export const PublicActionAnswer = Type.Object({ gameState: PublicGameState, message: Type.String() });
export type PublicActionAnswer = Static<typeof PublicActionAnswer>;
