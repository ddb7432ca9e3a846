import { type Command, entryFeeFor, err, ok, PRESETS, type Result, ruleError, tableOptions } from '@palace/core';
import {
  type LobbyGame,
  MAIN_CHAT_KEEP,
  MAIN_CHAT_MAX,
  MAIN_DEFAULT_FEE,
  MAIN_DEFAULT_PLAYERS,
  MAIN_DEFAULT_RULES,
  MAIN_FEE_MAX,
  MAIN_FEE_MIN,
  MAIN_FEE_STEP,
  MAIN_MAX_PLAYERS,
  MAIN_MIN_PLAYERS,
  MAIN_NAME_MAX,
  MAIN_NAME_MIN,
  type MainRules,
  type RecentGame,
} from '@palace/protocol';
import type { TokensStore, User } from '../accounts/account-ports.js';
import type { ServicePorts } from '../game-change.js';
import type { StoredGame } from '../ports.js';
import { offerRematch } from '../rematch.js';
import { userSeat, userSeatId } from '../seat-proofs.js';
import { type ServiceError, serviceError } from '../service-error.js';
import { type GameListener, VariantGames } from '../variant-games.js';
import { effectsOf } from './main-effects.js';
import { MainLobby } from './main-lobby.js';
import {
  type CreateInput,
  type MainChatEntry,
  type MainMeta,
  type MainSeatMeta,
  mainGameId,
  reactMain,
} from './main-meta.js';
import { iso } from './main-view.js';

/** What creating a game like `meta` asks for: a rematch's settings. */
function sameSettings(meta: MainMeta): CreateInput {
  return {
    name: meta.name,
    gameCode: meta.gameCode ?? undefined,
    playerLimit: meta.playerLimit,
    isPrivate: meta.isPrivate,
    entryFee: meta.entryFee,
    rules: meta.rules,
  };
}

/** The `kind` of main games in the store. */
export const MAIN_KIND = 'main';
/** How many finished games `recent` lists. */
export const MAIN_RECENT_LIMIT = 20;
/** Main game ids are whole numbers from 1 to this (the spec's client checks they are numeric). */
const MAIN_ID_MAX = 999_999_999;

export type MainListener = GameListener<MainMeta>;

type Answer<T> = Promise<Result<T, ServiceError>>;

function short(needed: number, verb: 'create' | 'join'): ServiceError {
  return { code: 'tokens/short', message: `You need ${needed} more tokens to ${verb} this game` };
}

/**
 * The main real-time game (docs/product.md §P1): signed-in players (guests included) create and join games by
 * user id, pay entry fees from their token balance, choose face-up cards (which counts as ready),
 * play, chat, and the winner takes `entryFee × playerLimit`. Every token movement is booked in the
 * same write as the game change that causes it (see `effects`).
 */
export class MainGames extends VariantGames<MainMeta> {
  private readonly lobbyCache: MainLobby;
  private readonly aiDelayMs: number;

  constructor(
    protected override readonly ports: ServicePorts & { readonly tokens: TokensStore },
    options: { readonly aiDelayMs?: number; readonly turnMs?: number } = {},
  ) {
    super(ports, MAIN_KIND, {
      listed: (state, meta) => !meta.cancelled && state.phase !== 'finished',
      react: reactMain,
      gameId: () => String(1 + ports.ids.pick(MAIN_ID_MAX)),
      effects: effectsOf,
      turnMs: options.turnMs,
    });
    this.aiDelayMs = options.aiDelayMs ?? 1500;
    this.lobbyCache = new MainLobby((limit) => this.games.listed(limit));
  }

  /**
   * Creates a game and seats its creator (paying the entry fee unless a guest); under `id` when
   * given (a rematch's, `game/id_taken` if it exists).
   */
  async create(user: User, input: CreateInput, id?: string): Answer<StoredGame<MainMeta>> {
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
    if (entryFee < MAIN_FEE_MIN) return err(serviceError('game/fee_low'));
    if (entryFee > MAIN_FEE_MAX || (entryFee - MAIN_FEE_MIN) % MAIN_FEE_STEP !== 0) {
      return err(serviceError('game/fee_step'));
    }
    const paid = entryFeeFor(entryFee, user.isGuest);
    const balance = paid > 0 ? await this.ports.tokens.balance(user.id) : 0;
    if (balance < paid) return err(short(paid - balance, 'create'));
    const rules: MainRules = { ...MAIN_DEFAULT_RULES, ...input.rules };
    const seat = userSeatId(user);
    const created = await this.games.create({
      options: tableOptions({
        rules: { ...PRESETS.classic.rules, ...rules, chooseFaceUp: true },
        flow: 'auto',
        maxSeats: playerLimit,
        startNeedsReady: false,
      }),
      meta: {
        name,
        gameCode: input.gameCode?.trim() || null,
        isPrivate: input.isPrivate ?? false,
        playerLimit,
        entryFee,
        rules,
        hostId: user.id,
        hostName: user.username,
        hostAvatar: user.avatar,
        seats: { [seat]: { userId: user.id, username: user.username, avatar: user.avatar, paid } },
        chat: [],
        chatSeq: 0,
        lastAction: null,
        startedAt: null,
        finishedAt: null,
        cancelled: false,
        lastChange: 'state',
      },
      aiDelayMs: this.aiDelayMs,
      initial: () => ({ commands: [{ type: 'sit', seat, name: user.username, ai: null }] }),
      ...(id === undefined ? {} : { id }),
    });
    if (!created.ok) {
      if (created.error.code === 'tokens/short')
        return err(short(paid - (await this.ports.tokens.balance(user.id)), 'create'));
      return created;
    }
    return ok(created.value.game);
  }

  /** The game, or `game/not_found` (also for an id that cannot be one). */
  async get(rawId: number | string): Answer<StoredGame<MainMeta>> {
    const id = mainGameId(rawId);
    if (id === null) return err(serviceError('game/not_found'));
    return this.games.get(id);
  }

  /**
   * Takes a seat in a waiting game (paying the fee), or returns the player to their own seat in a
   * game in play. A finished game, a started game without a seat, or a full one are refused.
   */
  async join(user: User, rawId: number | string): Answer<StoredGame<MainMeta>> {
    const id = mainGameId(rawId);
    if (id === null) return err(serviceError('game/not_found'));
    const seat = userSeatId(user);
    let fee = 0;
    const joined = await this.games.change(id, (game) => {
      const mine = game.state.seats.find((s) => s.id === seat);
      if (game.meta.cancelled || game.state.phase === 'finished') return err(ruleError('game/over'));
      if (mine !== undefined) {
        // Back in a game in play after leaving it: the seat is theirs again.
        return ok(mine.left ? { commands: [{ type: 'sit', seat, name: user.username, ai: null }] } : { commands: [] });
      }
      // A new seat: the engine refuses it in a game already started (`game/started`) or full.
      fee = entryFeeFor(game.meta.entryFee, user.isGuest);
      const entry: MainSeatMeta = { userId: user.id, username: user.username, avatar: user.avatar, paid: fee };
      return ok({
        commands: [{ type: 'sit', seat, name: user.username, ai: null }],
        meta: { ...game.meta, seats: { ...game.meta.seats, [seat]: entry }, lastChange: 'state' },
      });
    });
    if (!joined.ok && joined.error.code === 'tokens/short') {
      return err(short(fee - (await this.ports.tokens.balance(user.id)), 'join'));
    }
    // A player back at the table (a join or a rejoin) is no longer away.
    return joined.ok ? ok(await this.games.seen(joined.value.game, seat)) : joined;
  }

  /**
   * After game over, any of its players offers a rematch — a new game with the same name, code,
   * privacy, table size, fee and rules, the asker seated (paying the fee) — or joins the one
   * another player offered (docs/product.md §D11 rematch). Refused before the end and for a user
   * without a seat in the game.
   */
  async rematch(user: User, rawId: number | string): Answer<StoredGame<MainMeta>> {
    const id = mainGameId(rawId);
    if (id === null) return err(serviceError('game/not_found'));
    return offerRematch(this.games, this.ports.clock, id, {
      prove: (game) => {
        const seat = userSeat(game.state, user);
        return seat.ok ? ok({ who: user, mayOffer: true, name: user.username }) : seat;
      },
      open: (next, _, old) => this.create(user, sameSettings(old.meta), next),
      enter: (next) => this.join(user, next),
    });
  }

  /** Leaves: a waiting game frees the seat and refunds the fee; in play the seat stays. */
  async leave(user: User, rawId: number | string): Answer<StoredGame<MainMeta>> {
    return this.seated(user, rawId, (seat) => [{ type: 'leave', seat }]);
  }

  /** Chooses exactly 3 face-up cards; confirming counts as ready, and the last one starts the game. */
  async chooseFaceUp(user: User, rawId: number | string, cardIds: readonly string[]): Answer<StoredGame<MainMeta>> {
    return this.seated(user, rawId, (seat) => [{ type: 'chooseFaceUp', seat, cardIds }]);
  }

  /** Says ready: already true once face-up cards are chosen; before that the engine explains. */
  async ready(user: User, rawId: number | string): Answer<StoredGame<MainMeta>> {
    return this.seated(user, rawId, (seat, game) =>
      game.state.seats.find((s) => s.id === seat)?.ready === true ? [] : [{ type: 'ready', seat, ready: true }],
    );
  }

  async play(user: User, rawId: number | string, cardIds: readonly string[]): Answer<StoredGame<MainMeta>> {
    return this.seated(user, rawId, (seat) => [{ type: 'play', seat, cardIds }]);
  }

  async pickUp(user: User, rawId: number | string): Answer<StoredGame<MainMeta>> {
    return this.seated(user, rawId, (seat) => [{ type: 'pickUp', seat }]);
  }

  /**
   * Adds a chat line from a seated player (trimmed, at most 500 characters; the last 200 kept).
   * An empty line is ignored: null, nothing stored.
   */
  async chat(user: User, rawId: number | string, text: string): Answer<MainChatEntry | null> {
    const message = text.trim();
    if (message === '') return ok(null);
    if (message.length > MAIN_CHAT_MAX) return err(serviceError('chat/too_long'));
    const id = mainGameId(rawId);
    if (id === null) return err(serviceError('game/not_found'));
    let line: MainChatEntry | null = null;
    const changed = await this.games.change(id, (game) => {
      // The engine's seats, not `meta.seats`: a seat freed while waiting stays in `meta.seats`.
      const seat = userSeat(game.state, user);
      if (!seat.ok) return seat;
      const entry: MainChatEntry = {
        id: game.meta.chatSeq + 1,
        userId: user.id,
        username: user.username,
        avatar: user.avatar,
        message,
        at: this.ports.clock.now(),
      };
      line = entry;
      return ok({
        commands: [],
        meta: {
          ...game.meta,
          chat: [...game.meta.chat, entry].slice(-MAIN_CHAT_KEEP),
          chatSeq: entry.id,
          lastChange: 'chat',
        },
      });
    });
    return changed.ok ? ok(line) : changed;
  }

  /** Open games (waiting or in play), newest first; a private one only for its own players. */
  lobby(viewerId: number | null): Promise<LobbyGame[]> {
    return this.lobbyCache.entries(viewerId, this.ports.clock.now());
  }

  protected override noted(game: StoredGame<MainMeta>): void {
    this.lobbyCache.touch(game);
  }

  /** The user's finished games, most recent first (`duration` in ms from start to finish). */
  async recent(userId: number): Promise<RecentGame[]> {
    const finished = await this.ports.store.finishedBy(MAIN_KIND, userId, MAIN_RECENT_LIMIT);
    return finished.map(({ game, won }) => {
      const meta = game.meta as MainMeta;
      const end = meta.finishedAt ?? game.updatedAt;
      return {
        id: Number(game.id),
        name: meta.name,
        hostName: meta.hostName,
        hostAvatar: meta.hostAvatar,
        timestamp: iso(end),
        result: won ? 'won' : 'lost',
        duration: Math.max(0, end - (meta.startedAt ?? game.createdAt)),
      };
    });
  }

  /** Notes that a player of game `rawId` was seen (a socket message or heartbeat), for the abandoned-game sweep. */
  touch(rawId: number | string): void {
    const id = mainGameId(rawId);
    if (id !== null) this.games.touch(id);
  }

  /** Forgets what this node cached (the lobby): changes made elsewhere may have been missed. */
  override forgetCaches(): void {
    this.lobbyCache.forget();
  }

  /** Runs engine commands for the user's own seat; refused for someone without a seat. */
  private async seated(
    user: User,
    rawId: number | string,
    commands: (seat: string, game: StoredGame<MainMeta>) => readonly Command[],
  ): Answer<StoredGame<MainMeta>> {
    const id = mainGameId(rawId);
    if (id === null) return err(serviceError('game/not_found'));
    const acted = await this.act(
      id,
      (game) => (game.meta.cancelled ? err(ruleError('game/over')) : userSeat(game.state, user)),
      (seat, game) => ok({ commands: commands(seat.id, game) }),
    );
    return acted.ok ? ok(acted.value.game) : acted;
  }
}
