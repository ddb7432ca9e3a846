import { type Command, err, ok, type Result, ruleError } from '@palace/core';
import { type LobbyGame, MAIN_CHAT_MAX, MAIN_COUNTDOWN_MS, type RecentGame } from '@palace/protocol';
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
  chatPlan,
  checkCreate,
  type MainChatEntry,
  type MainMeta,
  mainGameId,
  reactMain,
  sameSettings,
} from './main-meta.js';
import { playerGame, type TableInput, tournamentTable } from './main-new-game.js';
import { feeOf, joinPlan, short } from './main-seating.js';
import { recentGame } from './main-view.js';
import { isWatching, unwatchPlan, watchPlan } from './main-watchers.js';

/** The `kind` of main games in the store. */
export const MAIN_KIND = 'main';
/** How many finished games `recent` lists. */
export const MAIN_RECENT_LIMIT = 20;
/** Main game ids are whole numbers from 1 to this (the spec's client checks they are numeric). */
const MAIN_ID_MAX = 999_999_999;

export type MainListener = GameListener<MainMeta>;

type Answer<T> = Promise<Result<T, ServiceError>>;

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
      // Every client counts 3, 2, 1 when play begins: the first turn's clock starts after it.
      startDelayMs: MAIN_COUNTDOWN_MS,
    });
    this.aiDelayMs = options.aiDelayMs ?? 1500;
    this.lobbyCache = new MainLobby((limit) => this.games.listed(limit));
  }

  /**
   * Creates a game and seats its creator (paying the entry fee unless a guest); under `id` when
   * given (a rematch's, `game/id_taken` if it exists).
   */
  async create(user: User, input: CreateInput, id?: string): Answer<StoredGame<MainMeta>> {
    const checked = checkCreate(user, input);
    if (!checked.ok) return checked;
    const paid = feeOf(checked.value.entryFee, user);
    const balance = paid > 0 ? await this.ports.tokens.balance(user.id) : 0;
    if (balance < paid) return err(short(paid - balance, 'create'));
    const created = await this.games.create({
      ...playerGame(user, checked.value, input, paid),
      aiDelayMs: this.aiDelayMs,
      ...(id === undefined ? {} : { id }),
    });
    if (!created.ok) {
      if (created.error.code === 'tokens/short')
        return err(short(paid - (await this.ports.tokens.balance(user.id)), 'create'));
      return created;
    }
    return ok(created.value.game);
  }

  /**
   * Opens a tournament table (docs/tournaments.md): a main game under `id` with every player seated
   * in the order given, dealt from `seed` (the round's deal for the table's size), with the
   * tournament preset's rules, no fee and no prize of its own. Seated in full, it starts at once
   * (face-up choice; turn clocks and AI takeover as in any game). `ai`: a simulated entrant the AI
   * plays. Creating a table that exists already answers it (a round's tables are created again
   * after a crash).
   */
  async createTable(input: TableInput): Answer<StoredGame<MainMeta>> {
    const created = await this.games.create({
      ...tournamentTable(input),
      id: input.id,
      seed: input.seed,
      aiDelayMs: this.aiDelayMs,
    });
    if (created.ok) return ok(created.value.game);
    if (created.error.code !== 'game/id_taken') return created;
    const existing = await this.games.get(input.id);
    const same =
      existing.ok &&
      existing.value.meta.tournament?.id === input.tournament.id &&
      existing.value.meta.tournament.round === input.tournament.round &&
      existing.value.meta.tournament.table === input.tournament.table;
    return same ? existing : created;
  }

  /** A fresh main game id (a tournament table's, chosen when its round is planned). */
  newTableId(): string {
    return this.games.newId();
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
      const planned = joinPlan(game, user, seat);
      if (!planned.ok) return planned;
      fee = planned.value.fee;
      return ok(planned.value.change);
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
        // A tournament seats its next round itself (docs/tournaments.md).
        if (game.meta.tournament !== undefined) return err(serviceError('rematch/tournament'));
        const seat = userSeat(game.state, user);
        return seat.ok ? ok({ who: user, mayOffer: true, name: user.username }) : seat;
      },
      open: (next, _, old) => this.create(user, sameSettings(old.meta), next),
      enter: (next) => this.join(user, next),
    });
  }

  /**
   * Watches game `rawId` without a seat (docs/product.md §D11 watching): the user is counted among
   * its watchers (everyone sees the count) and sees it as a stranger would. A player of the game
   * watches it as a player (not counted). Any game but a cancelled one; a private one too, by its id
   * (its invitation link): the lobby lists only public ones to watch.
   */
  async watch(user: User, rawId: number | string): Answer<StoredGame<MainMeta>> {
    const id = mainGameId(rawId);
    if (id === null) return err(serviceError('game/not_found'));
    const changed = await this.games.change(id, (game) => watchPlan(game, user));
    return changed.ok ? ok(changed.value.game) : changed;
  }

  /** Stops watching game `rawId`: the game without the user among its watchers, or null when they were not one. */
  async unwatch(user: User, rawId: number | string): Answer<StoredGame<MainMeta> | null> {
    const id = mainGameId(rawId);
    if (id === null) return err(serviceError('game/not_found'));
    let was = false;
    const changed = await this.games.change(id, (game) => {
      was = isWatching(game, user);
      return ok(unwatchPlan(game, user));
    });
    if (!changed.ok) return changed;
    return ok(was ? changed.value.game : null);
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
    const out: { line?: MainChatEntry } = {};
    const changed = await this.games.change(id, (game) => {
      // The engine's seats, not `meta.seats`: a seat freed while waiting stays in `meta.seats`.
      const seat = userSeat(game.state, user);
      if (!seat.ok) return seat;
      const planned = chatPlan(game, user, message, this.ports.clock.now());
      out.line = planned.line;
      return ok(planned.change);
    });
    return changed.ok ? ok(out.line ?? null) : changed;
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
    return finished.map(({ game, won }) => recentGame(game as StoredGame<MainMeta>, won));
  }

  /** Notes that a player of game `rawId` was seen (a socket message or heartbeat), for the abandoned-game sweep. */
  touch(rawId: number | string): void {
    const id = mainGameId(rawId);
    if (id !== null) this.games.touch(id);
  }

  /** Forgets what this node cached (the lobby): changes made elsewhere may have been missed. */
  override forgetCaches(): void {
    super.forgetCaches();
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
