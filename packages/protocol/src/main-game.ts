import { type Static, Type } from 'typebox';
import { AiLevelField, AiLevelName, HiddenCard } from './common.js';
import { DailyOfGame } from './daily.js';
import { HintsState } from './hints.js';
import { TableOfTournament } from './tournaments.js';

/** Limits of the main game (docs/product.md §P1.5, §P1.9). */
export const MAIN_NAME_MIN = 3;
export const MAIN_NAME_MAX = 30;
export const MAIN_MIN_PLAYERS = 2;
export const MAIN_MAX_PLAYERS = 8;
export const MAIN_DEFAULT_PLAYERS = 4;
export const MAIN_FEE_MIN = 100;
export const MAIN_FEE_MAX = 1000;
export const MAIN_FEE_STEP = 50;
export const MAIN_DEFAULT_FEE = 100;
export const MAIN_CHAT_MAX = 500;
export const MAIN_CHAT_KEEP = 200;
/**
 * The "Game Starting" countdown (3, 2, 1) that every client shows when a main game's play begins
 * (docs/product.md §P1.9): nobody can move under it, so the first turn's clock and the first AI
 * move start after it (docs/api.md "Turn clock").
 */
export const MAIN_COUNTDOWN_MS = 3000;

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const NullableInt = Type.Union([Type.Integer(), Type.Null()]);
const NullableText = Nullable(Type.String());

/** A card face up: value 2–10, J, Q, K, A; suit name; suit symbol; red or black. */
export const MainCard = Type.Object({
  id: Type.String(),
  value: Type.String(),
  suit: Type.Union([Type.Literal('hearts'), Type.Literal('diamonds'), Type.Literal('clubs'), Type.Literal('spades')]),
  symbol: Type.String(),
  color: Type.Union([Type.Literal('red'), Type.Literal('black')]),
});
export type MainCard = Static<typeof MainCard>;

/** A masked card: only a slot id (`blind-{n}` for face-down cards). */
export const MaskedCard = HiddenCard;
export type MaskedCard = HiddenCard;

export const MainRules = Type.Object({
  clearWithTens: Type.Boolean(),
  sevenLower: Type.Boolean(),
  burnFourOfAKind: Type.Boolean(),
  mustPlayAllSameValue: Type.Boolean(),
});
export type MainRules = Static<typeof MainRules>;
/** The create form's four switches as a new game has them (classic; only such a game is rated). */
export const MAIN_DEFAULT_RULES: MainRules = {
  clearWithTens: true,
  sevenLower: true,
  burnFourOfAKind: true,
  mustPlayAllSameValue: false,
};

export const MainPlayer = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  avatar: NullableText,
  isGuest: Type.Boolean(),
  /** A bot account's seat (docs/bots.md). */
  isBot: Type.Boolean(),
  /** A computer player: a seat the server's AI plays, with no account (docs/product.md §D13). */
  isComputer: Type.Boolean(),
  /** A computer player's level; absent on every other seat. */
  aiLevel: AiLevelField,
  isHost: Type.Boolean(),
  /** Confirmed their face-up cards (spec: "each confirmed player counts as ready"). */
  isReady: Type.Boolean(),
  isCurrentTurn: Type.Boolean(),
  /** The viewer's own hand in full; anyone else's as masked cards. */
  handCards: Type.Array(Type.Union([MainCard, MaskedCard])),
  handCount: Type.Integer(),
  faceUpCards: Type.Array(MainCard),
  faceDownCards: Type.Array(MaskedCard),
  /** Left a game in play; the seat stays. */
  hasLeft: Type.Boolean(),
  /** Timed out three turns in a row: the AI plays this seat until its player acts again. */
  away: Type.Boolean(),
  /**
   * The seat's presence from its player's sockets (docs/product.md §D13): `connected`;
   * `reconnecting` from the moment the last socket closed (`droppedAt`; 20 s later the computer
   * plays the seat when it is due); `away` while the computer plays it (dropped, left, or timed out).
   */
  connection: Type.Union([Type.Literal('connected'), Type.Literal('reconnecting'), Type.Literal('away')]),
  /** When the player's last socket closed (ms since the epoch), while `reconnecting`; else null. */
  droppedAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type MainPlayer = Static<typeof MainPlayer>;

export const MainActionCard = Type.Object({ value: Type.String(), symbol: Type.String() });

export const MainLastAction = Type.Object({
  type: Type.Union([Type.Literal('play'), Type.Literal('pickup'), Type.Literal('burn'), Type.Literal('game_over')]),
  playerId: Type.Integer(),
  username: Type.String(),
  cards: Type.Array(MainActionCard),
  guestWinner: Type.Boolean(),
  prizeAmount: Type.Integer(),
  timestamp: Type.String(),
});
export type MainLastAction = Static<typeof MainLastAction>;

export const MainChatMessage = Type.Object({
  id: Type.Integer(),
  gameId: Type.Integer(),
  userId: Type.Integer(),
  username: Type.String(),
  avatar: NullableText,
  message: Type.String(),
  timestamp: Type.String(),
});
export type MainChatMessage = Static<typeof MainChatMessage>;

/** The live state of a main game as one viewer may see it (docs/product.md §P1.3). */
export const MainGameState = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  status: Type.Union([Type.Literal('waiting'), Type.Literal('active'), Type.Literal('completed')]),
  isPrivate: Type.Boolean(),
  /** Whether bot accounts may join (docs/bots.md); a game a bot creates allows them. */
  allowBots: Type.Boolean(),
  hostId: Type.Integer(),
  playerLimit: Type.Integer(),
  entryFee: Type.Integer(),
  prizeAmount: Type.Integer(),
  rules: MainRules,
  players: Type.Array(MainPlayer),
  /** User id of the player to act, or null outside play. */
  currentTurn: NullableInt,
  /** Face down, so masked; the count is its length. */
  deck: Type.Array(MaskedCard),
  /** The pile, bottom to top. */
  playedCards: Type.Array(MainCard),
  burnedCount: Type.Integer(),
  lastAction: Type.Union([MainLastAction, Type.Null()]),
  winnerId: NullableInt,
  /** Card ids (hand, face-up or `blind-{n}`) the viewer may play now. */
  playableCards: Type.Array(Type.String()),
  canPickUp: Type.Boolean(),
  /** Whether the viewer still has to choose 3 face-up cards. */
  mustChooseFaceUp: Type.Boolean(),
  chatMessages: Type.Array(MainChatMessage),
  /**
   * When the seat whose turn it is runs out of time, in ms since the epoch (docs/product.md §D6: the
   * server then plays it with the normal AI); null when no human turn clock runs. The first turn's
   * deadline counts from the end of the countdown (`MAIN_COUNTDOWN_MS`, docs/product.md §D13).
   */
  turnDeadline: Type.Union([Type.Integer(), Type.Null()]),
  /** Hex sha256 of the deal's seed (fair-deal commitment). */
  commitment: Type.String(),
  createdAt: Type.String(),
  startedAt: NullableText,
  finishedAt: NullableText,
  /**
   * After game over: the rematch a player offered (docs/product.md §D11 rematch) — the new game's
   * id and who offered it; null until then. Join it with `join_game` or `offer_rematch`.
   */
  rematch: Type.Union([Type.Object({ gameId: Type.Integer(), offeredBy: Type.String() }), Type.Null()]),
  /** How many users watch the game without a seat (docs/product.md §D11 watching); everyone sees it. */
  watchers: Type.Integer(),
  /** A tournament table's place in its tournament (docs/tournaments.md), or null. */
  tournament: Type.Union([TableOfTournament, Type.Null()]),
  /** The viewer's hints (docs/product.md §D14 hint), only in a game that offers them to the viewer. */
  hints: Type.Optional(HintsState),
  /** A daily deal's game (docs/daily.md): its day; absent on other games. */
  daily: Type.Optional(DailyOfGame),
});
export type MainGameState = Static<typeof MainGameState>;

/** `POST /api/games` (docs/product.md §P1.3 create-game payload). */
export const CreateGameBody = Type.Object({
  gameCode: Type.Optional(Type.String({ maxLength: 100 })),
  name: Type.String({ maxLength: 200 }),
  hostId: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  playerLimit: Type.Optional(Type.Integer()),
  isPrivate: Type.Optional(Type.Boolean()),
  entryFee: Type.Optional(Type.Integer()),
  rules: Type.Optional(Type.Partial(MainRules)),
  /** Let bot accounts join (docs/bots.md); false unless given. */
  allowBots: Type.Optional(Type.Boolean()),
  /** Computer players seated with the creator, each at its level: 0 to `playerLimit` − 1 (docs/product.md §D13). */
  computers: Type.Optional(Type.Array(AiLevelName, { maxItems: MAIN_MAX_PLAYERS - 1 })),
  guestUserId: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  timestamp: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 100 })])),
});
export type CreateGameBody = Static<typeof CreateGameBody>;
export const CreateGameResponse = Type.Object({ id: Type.Integer(), message: Type.String() });

/** One entry of `GET /api/games`. */
export const LobbyGame = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('waiting')]),
  isPrivate: Type.Boolean(),
  /** Whether bot accounts may join (docs/bots.md). */
  allowBots: Type.Boolean(),
  playerCount: Type.Integer(),
  playerLimit: Type.Integer(),
  players: Type.Array(
    Type.Object({
      id: Type.Integer(),
      username: Type.String(),
      avatar: NullableText,
      isBot: Type.Boolean(),
      /** A computer player (docs/product.md §D13). */
      isComputer: Type.Boolean(),
    }),
  ),
  startedAt: Type.String(),
  entryFee: Type.Integer(),
  /** What the winner takes, as the game's own `prizeAmount` says (the lobby card's "Prize"). */
  prizeAmount: Type.Integer(),
  hostId: Type.Integer(),
  hostName: Type.String(),
  /** A tournament table's place in its tournament (the lobby's Tournaments chip), or null. */
  tournament: Type.Union([TableOfTournament, Type.Null()]),
});
export type LobbyGame = Static<typeof LobbyGame>;
export const LobbyGames = Type.Array(LobbyGame);

/** One entry of `GET /api/games/recent`: `duration` in ms. */
export const RecentGame = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  hostName: Type.String(),
  hostAvatar: NullableText,
  timestamp: Type.String(),
  result: Type.Union([Type.Literal('won'), Type.Literal('lost')]),
  duration: Type.Integer(),
});
export type RecentGame = Static<typeof RecentGame>;
export const RecentGames = Type.Array(RecentGame);
