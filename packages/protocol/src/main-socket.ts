import { type Static, type TProperties, Type } from 'typebox';
import { AiLevelField } from './common.js';
import type { HintAnswer } from './hints.js';
import { CreateGameBody, type MainChatMessage, type MainGameState } from './main-game.js';

/** Largest socket message the server reads, in bytes; longer ones get a `game_error`. */
export const SOCKET_MAX_BYTES = 16 * 1024;

/** A game id as clients send it: a number, or a string of digits. */
const GameId = Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[0-9]{1,15}$' })]);
/** Optional; when given it must be the session's own user id. */
const UserId = Type.Optional(Type.Union([Type.Integer(), Type.String({ pattern: '^-?[0-9]{1,15}$' }), Type.Null()]));
const CardIds = Type.Array(Type.String({ maxLength: 40 }), { maxItems: 104 });

const message = <T extends string, P extends TProperties>(type: T, props: P) =>
  Type.Object({ type: Type.Literal(type), ...props });

/** Client → server messages of the main game's socket (docs/product.md §P1.7, §D9 wire form). */
export const ClientMessages = {
  join_game: message('join_game', { gameId: GameId, userId: UserId }),
  create_game: message('create_game', { game: CreateGameBody, userId: UserId }),
  leave_game: message('leave_game', { gameId: GameId, userId: UserId }),
  play_card: message('play_card', { gameId: GameId, userId: UserId, cardIds: CardIds }),
  pickup_cards: message('pickup_cards', { gameId: GameId, userId: UserId }),
  select_faceup_cards: message('select_faceup_cards', { gameId: GameId, userId: UserId, cardIds: CardIds }),
  chat_message: message('chat_message', { gameId: GameId, userId: UserId, message: Type.String({ maxLength: 2000 }) }),
  ready: message('ready', { gameId: GameId, userId: UserId }),
  /** Watches a game without a seat: a stranger's view, counted among its watchers (docs/product.md §D11). */
  watch_game: message('watch_game', { gameId: GameId, userId: UserId }),
  /** After game over: offers a rematch (a new game with the same settings), or joins the one offered. */
  offer_rematch: message('offer_rematch', { gameId: GameId, userId: UserId }),
  /** The host adds a computer player (docs/product.md §D13); `level` defaults to `greedy` (Normal). */
  add_computer: message('add_computer', { gameId: GameId, userId: UserId, level: AiLevelField }),
  /** The host removes computer player `playerId` (its id in `players`) before the start. */
  remove_computer: message('remove_computer', { gameId: GameId, userId: UserId, playerId: Type.Integer() }),
  /** One tap: a free private game against `playerLimit − 1` computer players at `level` (defaults 2, greedy). */
  play_computer: message('play_computer', {
    userId: UserId,
    playerLimit: Type.Optional(Type.Integer()),
    level: AiLevelField,
  }),
  /** One tap: a seat in the public waiting game of that size and fee closest to full, or a new one (defaults 2, 0). */
  quick_match: message('quick_match', {
    userId: UserId,
    playerLimit: Type.Optional(Type.Integer()),
    entryFee: Type.Optional(Type.Integer()),
  }),
  /**
   * Asks for a hint (docs/product.md §D14 hint): the strong AI's move for the player's own view, on
   * their turn, in a game that offers hints (`hints.allowed` in the state). Answered by a `hint` frame.
   */
  request_hint: message('request_hint', { gameId: GameId, userId: UserId }),
  ping: message('ping', {}),
  pong: message('pong', {}),
} as const;

export type ClientMessageType = keyof typeof ClientMessages;
export type ClientMessage = { [K in ClientMessageType]: Static<(typeof ClientMessages)[K]> }[ClientMessageType];

/** Server → client messages (docs/product.md §P1.7). */
export type ServerMessage =
  | { readonly type: 'connection_established'; readonly connectionId: string; readonly userId: number | null }
  | { readonly type: 'game_state'; readonly game: MainGameState }
  | { readonly type: 'game_error'; readonly message: string; readonly gameId?: number }
  | ({ readonly type: 'chat_message'; readonly user: ChatUser } & MainChatMessage)
  | { readonly type: 'game_create_success'; readonly gameId: number; readonly message: string }
  | { readonly type: 'join_success'; readonly gameId: number }
  | { readonly type: 'watch_success'; readonly gameId: number }
  | { readonly type: 'connection_replaced'; readonly message: string }
  /** The answer to `request_hint`, to the asking socket only. */
  | ({ readonly type: 'hint'; readonly gameId: number } & HintAnswer)
  | { readonly type: 'ping'; readonly timestamp: number }
  | { readonly type: 'pong'; readonly timestamp: number };

export interface ChatUser {
  readonly id: number;
  readonly username: string;
  readonly avatar: string | null;
}
