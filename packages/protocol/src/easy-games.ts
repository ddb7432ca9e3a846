import { type Static, Type } from 'typebox';
import { AiLevelField, AiLevelName } from './common.js';
import { MainCard, MaskedCard } from './main-game.js';

/**
 * Wire shapes of the easy variant (docs/product.md §P2.3, §P2.4, §P2.7, §D8) under
 * `/api/simple-palace/games`. The `playerId` a client receives is a secret credential; every id
 * anyone else sees (`players[].id`, `currentTurn`, `winner`, `standings[].id`) is a public seat id,
 * except that the viewer's own seat shows the viewer's credential.
 */

/** Seats per easy game (one 52-card deck). */
export const EASY_MAX_PLAYERS = 4;
/** Longest player name, in characters after trimming. */
export const EASY_NAME_MAX = 20;
/** How long the client waits before asking for an AI's move, in ms (docs/product.md §P2.9). */
export const EASY_AI_MOVE_DELAY_MS = 1000;
/**
 * How long a due AI seat waits for the client's `ai-move` before the server plays it itself, in ms,
 * so a game never stalls when no client triggers the AI.
 */
export const EASY_AI_FALLBACK_MS = 10_000;
/** How often the client polls the game state, in ms (docs/product.md §P2.9). */
export const EASY_POLL_MS = 2000;

/** Where a played card comes from. */
export const EasySource = Type.Union([Type.Literal('hand'), Type.Literal('faceUp'), Type.Literal('faceDown')]);
export type EasySource = Static<typeof EasySource>;

export const EasyPlayer = Type.Object({
  /** The viewer's credential on their own seat; a public seat id on every other. */
  id: Type.String(),
  name: Type.String(),
  isAI: Type.Boolean(),
  /** Present on AI seats: the level it plays at. */
  aiLevel: Type.Optional(AiLevelName),
  /** Timed out three turns in a row: the AI plays this seat until its player acts again. */
  away: Type.Boolean(),
  /** The viewer's own hand; every other hand as masked cards (one per card). */
  hand: Type.Array(Type.Union([MainCard, MaskedCard])),
  handCount: Type.Integer(),
  faceUp: Type.Array(MainCard),
  faceDownCount: Type.Integer(),
  /** The face-down slots (`blind-{n}`), masked for everyone, the owner included: play one by its id. */
  faceDown: Type.Array(MaskedCard),
  isCurrentTurn: Type.Boolean(),
});
export type EasyPlayer = Static<typeof EasyPlayer>;

/** A place in the final standings: the winner first, then by fewest cards left, ties by seat. */
export const EasyStanding = Type.Object({
  /** Seat id (the viewer's credential on the viewer's own seat). */
  id: Type.String(),
  name: Type.String(),
  /** 1 for the winner. */
  place: Type.Integer(),
  /** Cards still held (hand, face-up and face-down) when the game ended. */
  cardsLeft: Type.Integer(),
});
export type EasyStanding = Static<typeof EasyStanding>;

export const EasyGameState = Type.Object({
  id: Type.String(),
  status: Type.Union([Type.Literal('waiting'), Type.Literal('playing'), Type.Literal('finished')]),
  maxPlayers: Type.Integer(),
  players: Type.Array(EasyPlayer),
  /** Bottom to top: the last card is the top. */
  pile: Type.Array(MainCard),
  pileCount: Type.Integer(),
  deckCount: Type.Integer(),
  /** Seat id of the player to act (the viewer's credential on their turn); null outside play. */
  currentTurn: Type.Union([Type.String(), Type.Null()]),
  currentTurnPlayerName: Type.Union([Type.String(), Type.Null()]),
  /** Seat id of the winner (the viewer's credential when the viewer won). */
  winner: Type.Union([Type.String(), Type.Null()]),
  winnerName: Type.Union([Type.String(), Type.Null()]),
  /** Final standings; empty until the game is finished. */
  standings: Type.Array(EasyStanding),
  /** Why the game ended: a player ran out of cards, or the 1,000-move safety cap. */
  endReason: Type.Union([Type.Literal('out'), Type.Literal('moveCap'), Type.Null()]),
  /** Card ids (hand, face-up or `blind-{n}`) the viewer may play now, as the engine says. */
  playableCards: Type.Array(Type.String()),
  /** Whether the viewer may pick up the pile now. */
  canPickUp: Type.Boolean(),
  /**
   * When the seat whose turn it is runs out of time, in ms since the epoch (docs/product.md §D6: the
   * server then plays it with the normal AI); null when no human turn clock runs.
   */
  turnDeadline: Type.Union([Type.Integer(), Type.Null()]),
  /** Hex sha256 of the deal's secret seed, published at creation (fair deal). */
  commitment: Type.String(),
  /** ms since the Unix epoch. */
  createdAt: Type.Integer(),
  /** The game's version: grows by one with every accepted change. */
  lastUpdate: Type.Integer(),
});
export type EasyGameState = Static<typeof EasyGameState>;

const PlayerName = Type.String({ maxLength: 200, description: `1–${EASY_NAME_MAX} characters after trimming` });
/** Longest `playerId` a request may carry (real ones are 32 characters). */
export const EASY_CREDENTIAL_MAX = 200;
const Credential = Type.String({ minLength: 1, maxLength: EASY_CREDENTIAL_MAX, description: 'your secret playerId' });

export const EasyNameBody = Type.Object({ playerName: PlayerName });
export type EasyNameBody = Static<typeof EasyNameBody>;

export const EasyPlayerBody = Type.Object({ playerId: Credential });

/** `POST …/ai`: your playerId and, optionally, the AI's level. */
export const EasyAiBody = Type.Object({ playerId: Credential, level: AiLevelField });
export type EasyAiBody = Static<typeof EasyAiBody>;
export type EasyPlayerBody = Static<typeof EasyPlayerBody>;

export const EasyPlayBody = Type.Object({
  playerId: Credential,
  /** A hand or face-up card id, or a face-down slot `blind-{n}`. */
  cardId: Type.String({ minLength: 1, maxLength: 100 }),
  /** Where the card is; a card that is elsewhere is refused. */
  source: EasySource,
});
export type EasyPlayBody = Static<typeof EasyPlayBody>;

export const EasyGameParams = Type.Object({ gameId: Type.String({ maxLength: 100 }) });
export type EasyGameParams = Static<typeof EasyGameParams>;

export const EasyViewQuery = Type.Object({ playerId: Type.Optional(Credential) });
export type EasyViewQuery = Static<typeof EasyViewQuery>;

export const EasyCreated = Type.Object({
  gameId: Type.String(),
  playerId: Type.String(),
  gameState: EasyGameState,
});
export type EasyCreated = Static<typeof EasyCreated>;

export const EasyJoined = EasyCreated;
export type EasyJoined = EasyCreated;

/** What a move did, as the play and ai-move answers report it (names, not ids: the client shows them). */
const MoveOutcome = {
  /** Whether the move ended the game. */
  gameOver: Type.Boolean(),
  /** The winner's name once the game is over, else null. */
  winner: Type.Union([Type.String(), Type.Null()]),
  /** Whether the move burned the pile (a 10 in the easy rules). */
  clearedPile: Type.Boolean(),
  /** Name of the (first) player an 8 skipped, or null (8s do not skip in the easy rules). */
  skippedPlayer: Type.Union([Type.String(), Type.Null()]),
  /** Names of every player skipped. */
  skippedPlayers: Type.Array(Type.String()),
  /** Whether the mover ended up picking up the pile (a face-down card that could not be played). */
  pickedUp: Type.Boolean(),
};

export const EasyPlayAnswer = Type.Object({
  ...MoveOutcome,
  /** The card played, or the face-down card turned over (also when it could not be played). */
  card: MainCard,
  /** The state as the player sees it after the move. */
  gameState: EasyGameState,
});
export type EasyPlayAnswer = Static<typeof EasyPlayAnswer>;

export const EasyPickUpAnswer = Type.Object({ success: Type.Literal(true), gameState: EasyGameState });
export type EasyPickUpAnswer = Static<typeof EasyPickUpAnswer>;

export const EasyAiAnswer = Type.Object({ aiName: Type.String(), gameState: EasyGameState });
export type EasyAiAnswer = Static<typeof EasyAiAnswer>;

export const EasyStartAnswer = Type.Object({
  /** Name of the player who plays first (the engine's choice: lowest card from 3 up). */
  firstPlayer: Type.String(),
  gameState: EasyGameState,
});
export type EasyStartAnswer = Static<typeof EasyStartAnswer>;

export const EasyAiMoveAnswer = Type.Object({
  ...MoveOutcome,
  /** `pickup` also when a face-down card turned over could not be played. */
  action: Type.Union([Type.Literal('play'), Type.Literal('pickup')]),
  aiName: Type.String(),
  /** The (first) card played; null on a pick-up. */
  card: Type.Union([MainCard, Type.Null()]),
  /** Every card played (several of one value); empty on a pick-up. */
  cards: Type.Array(MainCard),
  /** The face-down card the AI turned over before a forced pick-up, else null. */
  turnedCard: Type.Union([MainCard, Type.Null()]),
  /** The state as a stranger sees it (the request carries no player id). */
  gameState: EasyGameState,
});
export type EasyAiMoveAnswer = Static<typeof EasyAiMoveAnswer>;
