import { type Command, err, ok, type Result, ruleError } from '@palace/core';
import { type LobbyGame, MAIN_COUNTDOWN_MS } from '@palace/protocol';
import type { TokensStore, User } from '../accounts/account-ports.js';
import type { ServicePorts } from '../game-change.js';
import type { StoredGame } from '../ports.js';
import type { PresenceTimes } from '../presence-clock.js';
import { userSeat } from '../seat-proofs.js';
import { type ServiceError, serviceError } from '../service-error.js';
import { VariantGames } from '../variant-games.js';
import { computerSits } from './main-computers.js';
import { type DailyInput, dailyGame } from './main-daily.js';
import { effectsOf } from './main-effects.js';
import { MAIN_LOBBY_LIMIT, MainLobby } from './main-lobby.js';
import { type CreateInput, checkCreate, type MainMeta, mainGameId, reactMain } from './main-meta.js';
import { playerGame, type TableInput, tournamentTable } from './main-new-game.js';
import { mainSeatNotice } from './main-presence.js';
import { feeOf, short } from './main-seating.js';

/** The `kind` of main games in the store. */
export const MAIN_KIND = 'main';
/** Main game ids are whole numbers from 1 to this (the spec's client checks they are numeric). */
const MAIN_ID_MAX = 999_999_999;

export type Answer<T> = Promise<Result<T, ServiceError>>;

/** How a main games service is tuned: the AI's delay, the turn clock, the presence times (tests shorten them). */
export interface MainGamesOptions {
  readonly aiDelayMs?: number;
  readonly turnMs?: number | undefined;
  readonly presence?: PresenceTimes | undefined;
}

/**
 * The main game's store of games (docs/product.md §P1): how a game is opened (a player's game, a
 * tournament table), found and listed, and how a seated player's engine commands run. `MainGames`
 * adds what players do at the table.
 */
export abstract class MainGameBase extends VariantGames<MainMeta> {
  private readonly lobbyCache: MainLobby;
  private readonly aiDelayMs: number;

  protected constructor(
    protected override readonly ports: ServicePorts & { readonly tokens: TokensStore },
    options: MainGamesOptions = {},
  ) {
    super(ports, MAIN_KIND, {
      // A daily deal's game is nobody else's to join or watch (docs/daily.md): never in the lobby.
      listed: (state, meta) => !meta.cancelled && state.phase !== 'finished' && meta.daily === undefined,
      react: reactMain,
      seatNotice: mainSeatNotice,
      gameId: () => String(1 + ports.ids.pick(MAIN_ID_MAX)),
      effects: effectsOf,
      turnMs: options.turnMs,
      presence: options.presence,
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
      ...playerGame(user, checked.value, input, paid, computerSits(checked.value.computers, null)),
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
    return this.createOnce(
      input.id,
      { ...tournamentTable(input), seed: input.seed },
      (game) =>
        game.meta.tournament?.id === input.tournament.id &&
        game.meta.tournament.round === input.tournament.round &&
        game.meta.tournament.table === input.tournament.table,
    );
  }

  /**
   * Opens a daily deal's game (docs/daily.md) under `input.id`, dealt from the day's seed, the
   * player seated first and the computer players after; it starts once the player has chosen
   * face-up cards. Creating it again (a start retried after a crash) answers the one there, when
   * it is that player's game of that day.
   */
  async createDaily(input: DailyInput): Answer<StoredGame<MainMeta>> {
    return this.createOnce(
      input.id,
      { ...dailyGame(input), seed: input.seed },
      (game) =>
        game.meta.daily?.date === input.date && game.meta.hostId === input.user.id && game.record.seed === input.seed,
    );
  }

  /**
   * Creates a game under a chosen id, or answers the game already there when `same` says it is
   * this one created before (a retry after a crash); any other game under that id is `game/id_taken`.
   */
  private async createOnce(
    id: string,
    game: Omit<Parameters<typeof this.games.create>[0], 'aiDelayMs' | 'id'>,
    same: (existing: StoredGame<MainMeta>) => boolean,
  ): Answer<StoredGame<MainMeta>> {
    const created = await this.games.create({ ...game, id, aiDelayMs: this.aiDelayMs });
    if (created.ok) return ok(created.value.game);
    if (created.error.code !== 'game/id_taken') return created;
    const existing = await this.games.get(id);
    return existing.ok && same(existing.value) ? existing : created;
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
  /** Open games (waiting or in play), newest first; a private one only for its own players. */
  lobby(viewerId: number | null): Promise<LobbyGame[]> {
    return this.lobbyCache.entries(viewerId, this.ports.clock.now());
  }

  protected override noted(game: StoredGame<MainMeta>): void {
    this.lobbyCache.touch(game);
  }
  /** Forgets what this node cached (the lobby): changes made elsewhere may have been missed. */
  override forgetCaches(): void {
    super.forgetCaches();
    this.lobbyCache.forget();
  }
  /** The open games (waiting or in play) as stored, newest first: what quick match picks from. */
  openGames(): Promise<ReadonlyArray<StoredGame<MainMeta>>> {
    return this.games.listed(MAIN_LOBBY_LIMIT);
  }

  /** Runs engine commands for the user's own seat; refused for someone without a seat. */
  protected async seated(
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
