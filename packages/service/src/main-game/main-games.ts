import {
  type Command,
  err,
  type GameEvent,
  ok,
  PRESETS,
  prizeFor,
  type Result,
  ruleError,
  tableOptions,
} from '@palace/core';
import {
  type LobbyGame,
  MAIN_CHAT_KEEP,
  MAIN_CHAT_MAX,
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
  type RecentGame,
} from '@palace/protocol';
import type { TokensStore, User } from '../accounts/account-ports.js';
import { type Change, GameService, type ServicePorts } from '../game-service.js';
import type { Effects, Posting, StoredGame } from '../ports.js';
import { type ServiceError, serviceError } from '../service-error.js';
import { type MainChatEntry, type MainMeta, type MainSeatMeta, reactMain } from './main-meta.js';
import { iso, mainStatus } from './main-view.js';

/** The `kind` of main games in the store. */
export const MAIN_KIND = 'main';
/** How many open games the lobby looks at. */
export const MAIN_LOBBY_LIMIT = 200;
/**
 * How long the lobby cache may live even without a local change, in ms: a safety net for changes
 * made elsewhere (another server node) and for a change that commits while the lobby is being read.
 */
const LOBBY_CACHE_MS = 5_000;
/** How many finished games `recent` lists. */
export const MAIN_RECENT_LIMIT = 20;
/** Main game ids are whole numbers from 1 to this (the spec's client checks they are numeric). */
const MAIN_ID_MAX = 999_999_999;
/** The house account: the other side of fees, refunds and prizes. */
const HOUSE = 0;

export interface CreateInput {
  readonly name: string;
  readonly gameCode?: string | undefined;
  readonly hostId?: number | null | undefined;
  readonly guestUserId?: number | null | undefined;
  readonly playerLimit?: number | undefined;
  readonly isPrivate?: boolean | undefined;
  readonly entryFee?: number | undefined;
  readonly rules?: Partial<MainRules> | undefined;
}

export type MainListener = (game: StoredGame<MainMeta>) => void;

type Answer<T> = Promise<Result<T, ServiceError>>;

const DEFAULT_RULES: MainRules = {
  clearWithTens: true,
  sevenLower: true,
  burnFourOfAKind: true,
  mustPlayAllSameValue: false,
};

/** A game id from the wire (a number or a string of digits), or null when it cannot be one. */
export function mainGameId(raw: number | string): string | null {
  const text = String(raw).trim();
  return /^[1-9][0-9]{0,14}$/.test(text) ? text : null;
}

function seatOf(user: User): string {
  return String(user.id);
}

function short(needed: number, verb: 'create' | 'join'): ServiceError {
  return { code: 'tokens/short', message: `You need ${needed} more tokens to ${verb} this game` };
}

/**
 * The main real-time game (spec 01): signed-in players (guests included) create and join games by
 * user id, pay entry fees from their token balance, choose face-up cards (which counts as ready),
 * play, chat, and the winner takes `entryFee × playerLimit`. Every token movement is booked in the
 * same write as the game change that causes it (see `effects`).
 */
export class MainGames {
  private readonly games: GameService<MainMeta>;
  private readonly listeners = new Set<MainListener>();
  /** The lobby's entries, kept until a change alters one (the lobby is polled every 5 s by everyone). */
  private lobbyCache: { readonly at: number; readonly entries: ReadonlyMap<string, LobbyListing> } | null = null;

  constructor(
    private readonly ports: ServicePorts & { readonly tokens: TokensStore },
    options: { readonly aiDelayMs?: number; readonly turnMs?: number } = {},
  ) {
    this.aiDelayMs = options.aiDelayMs ?? 1500;
    const publisher = ports.publisher;
    this.games = new GameService<MainMeta>(
      {
        ...ports,
        publisher: {
          publish: (game) => {
            this.touchLobby(game as StoredGame<MainMeta>);
            publisher.publish(game);
            for (const listener of this.listeners) listener(game as StoredGame<MainMeta>);
          },
        },
      },
      MAIN_KIND,
      {
        listed: (state, meta) => !meta.cancelled && state.phase !== 'finished',
        react: reactMain,
        gameId: () => String(1 + ports.ids.pick(MAIN_ID_MAX)),
        effects: (before, after, events) => effectsOf(before, after, events),
        turnMs: options.turnMs,
      },
    );
  }

  private readonly aiDelayMs: number;

  /** Calls `listener` with every accepted change of any main game (for the socket adapter). */
  subscribe(listener: MainListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Creates a game and seats its creator (paying the entry fee unless a guest). */
  async create(user: User, input: CreateInput): Answer<StoredGame<MainMeta>> {
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
    const paid = user.isGuest ? 0 : entryFee;
    const balance = paid > 0 ? await this.ports.tokens.balance(user.id) : 0;
    if (balance < paid) return err(short(paid - balance, 'create'));
    const rules: MainRules = { ...DEFAULT_RULES, ...input.rules };
    const seat = seatOf(user);
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
    const seat = seatOf(user);
    let fee = 0;
    const joined = await this.games.change(id, (game) => {
      const mine = game.state.seats.find((s) => s.id === seat);
      if (game.meta.cancelled || game.state.phase === 'finished') return err(ruleError('game/over'));
      if (mine !== undefined) {
        // Back in a game in play after leaving it: the seat is theirs again.
        return ok(mine.left ? { commands: [{ type: 'sit', seat, name: user.username, ai: null }] } : { commands: [] });
      }
      if (game.state.phase !== 'waiting') return err(ruleError('game/started'));
      fee = user.isGuest ? 0 : game.meta.entryFee;
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

  /** Leaves: a waiting game frees the seat and refunds the fee; in play the seat stays. */
  async leave(user: User, rawId: number | string): Answer<StoredGame<MainMeta>> {
    return this.act(user, rawId, (seat) => [{ type: 'leave', seat }]);
  }

  /** Chooses exactly 3 face-up cards; confirming counts as ready, and the last one starts the game. */
  async chooseFaceUp(user: User, rawId: number | string, cardIds: readonly string[]): Answer<StoredGame<MainMeta>> {
    return this.act(user, rawId, (seat) => [{ type: 'chooseFaceUp', seat, cardIds }]);
  }

  /** Says ready: already true once face-up cards are chosen; before that the engine explains. */
  async ready(user: User, rawId: number | string): Answer<StoredGame<MainMeta>> {
    return this.act(user, rawId, (seat, game) =>
      game.state.seats.find((s) => s.id === seat)?.ready === true ? [] : [{ type: 'ready', seat, ready: true }],
    );
  }

  async play(user: User, rawId: number | string, cardIds: readonly string[]): Answer<StoredGame<MainMeta>> {
    return this.act(user, rawId, (seat) => [{ type: 'play', seat, cardIds }]);
  }

  async pickUp(user: User, rawId: number | string): Answer<StoredGame<MainMeta>> {
    return this.act(user, rawId, (seat) => [{ type: 'pickUp', seat }]);
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
      const seat = seatOf(user);
      if (!game.state.seats.some((s) => s.id === seat)) return err(serviceError('game/not_member'));
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
  async lobby(viewerId: number | null): Promise<LobbyGame[]> {
    const now = this.ports.clock.now();
    let cache = this.lobbyCache;
    if (cache === null || now - cache.at > LOBBY_CACHE_MS) {
      const games = await this.games.listed(MAIN_LOBBY_LIMIT);
      cache = { at: now, entries: new Map(games.map((g) => [g.id, lobbyEntry(g)])) };
      this.lobbyCache = cache;
    }
    const entries: LobbyGame[] = [];
    for (const { entry, private: isPrivate } of cache.entries.values()) {
      if (isPrivate && !entry.players.some((p) => p.id === viewerId)) continue;
      entries.push(entry);
    }
    return entries;
  }

  /** Drops the lobby cache when a published change alters what the lobby shows of that game. */
  private touchLobby(game: StoredGame<MainMeta>): void {
    const cache = this.lobbyCache;
    if (cache === null) return;
    const cached = cache.entries.get(game.id);
    if (!game.listed && cached === undefined) return;
    if (game.listed && cached !== undefined && JSON.stringify(lobbyEntry(game)) === JSON.stringify(cached)) return;
    this.lobbyCache = null;
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

  /** Re-arms pending AI turns and turn clocks at boot; answers how many games. */
  async rearm(): Promise<number> {
    return this.games.rearm();
  }

  /** Notes that a player of game `rawId` was seen (a socket message or heartbeat), for the abandoned-game sweep. */
  touch(rawId: number | string): void {
    const id = mainGameId(rawId);
    if (id !== null) this.games.touch(id);
  }

  /**
   * Plays out this variant's abandoned games and expires its waiting games nobody joined (run
   * every minute; see `GameService.sweepIdle`). Answers how many games changed.
   */
  sweepIdle(): Promise<number> {
    return this.games.sweepIdle();
  }

  /** Another server node changed game `id`: it is read again and published here (see `GameService.changedElsewhere`). */
  changedElsewhere(id: string): Promise<unknown> {
    return this.games.changedElsewhere(id);
  }

  /** Forgets what this node cached (the lobby): changes made elsewhere may have been missed. */
  forgetCaches(): void {
    this.lobbyCache = null;
  }

  /** Runs engine commands for the user's own seat; refused for someone without a seat. */
  private async act(
    user: User,
    rawId: number | string,
    commands: (seat: string, game: StoredGame<MainMeta>) => readonly Command[],
  ): Answer<StoredGame<MainMeta>> {
    const id = mainGameId(rawId);
    if (id === null) return err(serviceError('game/not_found'));
    const seat = seatOf(user);
    const changed = await this.games.change(id, (game): Result<Change<MainMeta>, ServiceError> => {
      if (game.meta.cancelled) return err(ruleError('game/over'));
      if (!game.state.seats.some((s) => s.id === seat)) {
        return err(serviceError('game/not_member'));
      }
      return ok({ commands: commands(seat, game) });
    });
    return changed.ok ? ok(changed.value.game) : changed;
  }
}

interface LobbyListing {
  readonly entry: LobbyGame;
  readonly private: boolean;
}

function lobbyEntry(game: StoredGame<MainMeta>): LobbyListing {
  const { meta } = game;
  const seated = game.state.seats.map((s) => meta.seats[s.id]).filter((s) => s !== undefined);
  return {
    private: meta.isPrivate,
    entry: {
      id: Number(game.id),
      name: meta.name,
      status: mainStatus(game) === 'active' ? 'active' : 'waiting',
      isPrivate: meta.isPrivate,
      playerCount: seated.length,
      playerLimit: meta.playerLimit,
      players: seated.map((s) => ({ id: s.userId, username: s.username, avatar: s.avatar })),
      startedAt: iso(meta.startedAt ?? game.createdAt),
      entryFee: meta.entryFee,
      hostId: meta.hostId,
      hostName: meta.hostName,
    },
  };
}

/**
 * The token side of a change, written in the same transaction: a registered player's fee when
 * seated, its refund when a waiting seat is given up, and at game over the prize (to a registered
 * winner, or held for a guest winner to claim) and every human seat's result.
 */
function effectsOf(
  before: StoredGame<MainMeta> | null,
  after: StoredGame<MainMeta>,
  events: readonly GameEvent[],
): Effects {
  const postings: Posting[] = [];
  const gameId = after.id;
  let results: Array<{ userId: number; won: boolean }> = [];
  let held: Effects['held'] = null;
  for (const event of events) {
    if (event.type === 'seated') {
      const paid = after.meta.seats[event.seat]?.paid ?? 0;
      const wasSeated = before?.state.seats.some((s) => s.id === event.seat) ?? false;
      if (paid > 0 && !wasSeated) {
        postings.push({
          from: after.meta.seats[event.seat]?.userId ?? 0,
          to: HOUSE,
          amount: paid,
          kind: 'fee',
          gameId,
        });
      }
    } else if (event.type === 'left' && event.freed) {
      const seat = (before ?? after).meta.seats[event.seat];
      if (seat !== undefined && seat.paid > 0) {
        postings.push({ from: HOUSE, to: seat.userId, amount: seat.paid, kind: 'refund', gameId });
      }
    } else if (event.type === 'gameOver') {
      const winner = after.meta.seats[event.winner];
      const prize = prizeFor(after.meta.entryFee, after.meta.playerLimit);
      if (winner !== undefined && winner.userId > 0) {
        postings.push({ from: HOUSE, to: winner.userId, amount: prize, kind: 'prize', gameId });
      } else if (winner !== undefined && winner.userId < 0) {
        held = { guestId: winner.userId, amount: prize };
      }
      results = after.state.seats.flatMap((s) => {
        const who = after.meta.seats[s.id];
        return who === undefined ? [] : [{ userId: who.userId, won: s.id === event.winner }];
      });
    }
  }
  return { postings, results, held };
}
