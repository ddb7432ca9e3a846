import { type AiLevel, err, type GameEvent, type GameState, ok, type Result } from '@palace/core';
import {
  MAIN_CHAT_KEEP,
  MAIN_DEFAULT_FEE,
  MAIN_DEFAULT_PLAYERS,
  MAIN_FEE_MAX,
  MAIN_FEE_MIN,
  MAIN_FEE_STEP,
  MAIN_MAX_PLAYERS,
  MAIN_MIN_PLAYERS,
  MAIN_NAME_MAX,
  MAIN_NAME_MIN,
  type MainRules,
} from '@palace/protocol';
import type { HintCounts } from '../hints.js';
import type { RematchOffer } from '../rematch.js';
import { type ServiceError, serviceError } from '../service-error.js';
import { type StoredCard, storedCard as stored } from '../wire-cards.js';

/** Who sits in a seat (the seat id is the user id as a string). */
export type MainSeatMeta = {
  readonly userId: number;
  readonly username: string;
  readonly avatar: string | null;
  /** Tokens paid on sitting (0 for guests and bots); refunded if the seat is given up before the start. */
  readonly paid: number;
  /** A bot account (docs/bots.md); absent in games stored before bots. */
  readonly isBot?: boolean;
};

export type MainChatEntry = {
  readonly id: number;
  readonly userId: number;
  readonly username: string;
  readonly avatar: string | null;
  readonly message: string;
  /** ms since the epoch. */
  readonly at: number;
};

export type MainActionEntry = {
  readonly type: 'play' | 'pickup' | 'burn' | 'game_over';
  readonly userId: number;
  readonly cards: readonly StoredCard[];
  readonly at: number;
};

/** What the main game keeps beside the engine state. */
export type MainMeta = {
  readonly name: string;
  readonly gameCode: string | null;
  readonly isPrivate: boolean;
  /** Whether bot accounts may join (docs/bots.md); absent (false) in games stored before bots. */
  readonly allowBots?: boolean;
  readonly playerLimit: number;
  readonly entryFee: number;
  readonly rules: MainRules;
  readonly hostId: number;
  readonly hostName: string;
  readonly hostAvatar: string | null;
  readonly seats: { readonly [seat: string]: MainSeatMeta };
  readonly chat: readonly MainChatEntry[];
  readonly chatSeq: number;
  readonly lastAction: MainActionEntry | null;
  /** ms since the epoch, or null. */
  readonly startedAt: number | null;
  readonly finishedAt: number | null;
  /** Every player left before the start: the game is over without being played. */
  readonly cancelled: boolean;
  /** What the last accepted change was: chat lines are sent as `chat_message`, the rest as state. */
  readonly lastChange: 'state' | 'chat';
  /** After game over: the rematch a player offered (absent in games stored before rematches). */
  readonly rematch?: RematchOffer | null;
  /** The users watching the game without a seat, by id (absent in games stored before watching). */
  readonly watchers?: readonly number[];
  /** A tournament table's place in its tournament (docs/tournaments.md); absent for other games. */
  readonly tournament?: MainTournamentMeta;
  /** Hints each seat was given (docs/product.md §D14 hint); absent when none was. */
  readonly hints?: HintCounts;
  /** A daily deal's game (docs/daily.md): unlisted, unwatchable, no hint, no rematch; absent for other games. */
  readonly daily?: MainDailyMeta;
};

/** The day whose deal a daily game plays (docs/daily.md). */
export type MainDailyMeta = {
  /** `YYYY-MM-DD`, UTC. */
  readonly date: string;
};

/** Where a tournament table belongs: its room shows "Round r of R, table t". */
export type MainTournamentMeta = {
  readonly id: number;
  readonly name: string;
  readonly round: number;
  readonly rounds: number;
  readonly table: number;
  /** The tournament's rule preset: the table is rated in it. */
  readonly preset: 'classic' | 'easy' | 'wild';
  /** Everyone seated in the round at any table: they may not watch another table of it while it plays. */
  readonly roundPlayers: readonly number[];
};

/**
 * Keeps the variant data in step with the engine's events, AI moves included: the last action
 * (play, burn, pick-up, game over), start and finish times, and the cancelled flag.
 */
export function reactMain(meta: MainMeta, events: readonly GameEvent[], state: GameState, at: number): MainMeta {
  let { lastAction, startedAt, finishedAt } = meta;
  let flipped: StoredCard | null = null;
  let playedNow = false;
  const userOf = (seat: string): number => meta.seats[seat]?.userId ?? Number(seat);
  for (const event of events) {
    switch (event.type) {
      case 'started':
        startedAt = at;
        break;
      case 'played':
        lastAction = { type: 'play', userId: userOf(event.seat), cards: event.cards.map(stored), at };
        playedNow = true;
        break;
      case 'burned':
        if (playedNow && lastAction !== null) lastAction = { ...lastAction, type: 'burn' };
        break;
      case 'blindFlipped':
        if (!event.playable) flipped = stored(event.card);
        break;
      case 'pickedUp':
        lastAction = { type: 'pickup', userId: userOf(event.seat), cards: flipped === null ? [] : [flipped], at };
        break;
      case 'gameOver':
        finishedAt = at;
        lastAction = { type: 'game_over', userId: userOf(event.winner), cards: lastAction?.cards ?? [], at };
        break;
      default:
        break;
    }
  }
  // Every player gone before the start (computer players do not keep a game open).
  const humans = state.seats.filter((s) => meta.seats[s.id] !== undefined || s.ai === null).length;
  const cancelled = meta.cancelled || (state.phase === 'waiting' && humans === 0);
  if (cancelled && finishedAt === null) finishedAt = at;
  return { ...meta, lastAction, startedAt, finishedAt, cancelled, lastChange: 'state' };
}

/** What creating a main game asks for (the wire's fields, checked by `MainGames.create`). */
export interface CreateInput {
  readonly name: string;
  readonly gameCode?: string | undefined;
  readonly hostId?: number | null | undefined;
  readonly guestUserId?: number | null | undefined;
  readonly playerLimit?: number | undefined;
  readonly isPrivate?: boolean | undefined;
  readonly entryFee?: number | undefined;
  readonly rules?: Partial<MainRules> | undefined;
  readonly allowBots?: boolean | undefined;
  /** Computer players seated with the creator, each at its level (docs/product.md §D13 computer-seats). */
  readonly computers?: readonly AiLevel[] | undefined;
}

/** A create request as checked: what `MainGames` opens. */
export interface CheckedCreate {
  readonly name: string;
  readonly playerLimit: number;
  readonly entryFee: number;
  readonly computers: readonly AiLevel[];
}

/** A chat line from `user` and the change that adds it (the last `MAIN_CHAT_KEEP` lines kept). */
export function chatPlan(
  game: { readonly meta: MainMeta },
  user: { readonly id: number; readonly username: string; readonly avatar: string | null },
  message: string,
  at: number,
): { readonly line: MainChatEntry; readonly change: { readonly commands: []; readonly meta: MainMeta } } {
  const { meta, line } = withChatLine(
    game.meta,
    { userId: user.id, username: user.username, avatar: user.avatar },
    message,
    at,
  );
  return { line, change: { commands: [], meta: { ...meta, lastChange: 'chat' } } };
}

/** `meta` with a chat line from `from` appended (the next id; the last `MAIN_CHAT_KEEP` lines kept), and the line. */
export function withChatLine(
  meta: MainMeta,
  from: Pick<MainChatEntry, 'userId' | 'username' | 'avatar'>,
  message: string,
  at: number,
): { readonly meta: MainMeta; readonly line: MainChatEntry } {
  const line: MainChatEntry = { id: meta.chatSeq + 1, ...from, message, at };
  return { line, meta: { ...meta, chat: [...meta.chat, line].slice(-MAIN_CHAT_KEEP), chatSeq: line.id } };
}

/** What creating a game like `meta` asks for: a rematch's settings (docs/product.md §D11 rematch). */
export function sameSettings(meta: MainMeta, computers: readonly AiLevel[]): CreateInput {
  return {
    computers,
    name: meta.name,
    gameCode: meta.gameCode ?? undefined,
    playerLimit: meta.playerLimit,
    isPrivate: meta.isPrivate,
    entryFee: meta.entryFee,
    rules: meta.rules,
    allowBots: meta.allowBots ?? false,
  };
}

/** A create request's name, table size and fee, checked (docs/product.md §P1.3), or the refusal. */
export function checkCreate(user: { readonly id: number }, input: CreateInput): Result<CheckedCreate, ServiceError> {
  if (input.hostId != null && input.hostId !== user.id) return err(serviceError('auth/not_you'));
  if (input.guestUserId != null && input.guestUserId !== user.id) return err(serviceError('auth/not_you'));
  const name = input.name.trim();
  if (name.length < MAIN_NAME_MIN) return err(serviceError('game/name_short'));
  if (name.length > MAIN_NAME_MAX) return err(serviceError('game/name_long'));
  const playerLimit = input.playerLimit ?? MAIN_DEFAULT_PLAYERS;
  if (!Number.isInteger(playerLimit) || playerLimit < MAIN_MIN_PLAYERS || playerLimit > MAIN_MAX_PLAYERS) {
    return err(serviceError('game/limit'));
  }
  const entryFee = input.entryFee ?? MAIN_DEFAULT_FEE;
  // 0 is a free game (docs/product.md §D13: quick match and Play the computer default to free).
  if (entryFee !== 0 && entryFee < MAIN_FEE_MIN) return err(serviceError('game/fee_low'));
  if (entryFee > MAIN_FEE_MAX || (entryFee - MAIN_FEE_MIN) % MAIN_FEE_STEP !== 0) {
    return err(serviceError('game/fee_step'));
  }
  const computers = input.computers ?? [];
  if (computers.length > playerLimit - 1) return err(serviceError('computer/too_many'));
  return ok({ name, playerLimit, entryFee, computers });
}

/** A game id from the wire (a number or a string of digits), or null when it cannot be one. */
export function mainGameId(raw: number | string): string | null {
  const text = String(raw).trim();
  return /^[1-9][0-9]{0,14}$/.test(text) ? text : null;
}
