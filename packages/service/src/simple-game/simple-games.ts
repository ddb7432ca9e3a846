import { type AiLevel, err, ok, PRESETS, pickFaceUp, type Result, type Seat, tableOptions } from '@palace/core';
import { SIMPLE_CHAT_MAX, SIMPLE_MAX_PLAYERS, SIMPLE_ROOM_ID_PATTERN, type SimpleGameState } from '@palace/protocol';
import { DEFAULT_AI_LEVEL } from '../ai-levels.js';
import type { Change, ServicePorts } from '../game-change.js';
import type { StoredGame } from '../ports.js';
import { proveSeat, seatNamed } from '../seat-proofs.js';
import { checkName, freeAiName, freeSeatId } from '../seating.js';
import { type ServiceError, serviceError } from '../service-error.js';
import { chatText, STATUS_LINES, systemLine, withChat } from '../status-lines.js';
import { VariantGames } from '../variant-games.js';
import {
  reactSimple,
  SIMPLE_NAME_RULE,
  type SimpleActor,
  type SimpleChanged,
  type SimpleKind,
  type SimpleMeta,
  type SimpleSeated,
} from './simple-meta.js';
import { simpleView } from './simple-view.js';

type Answer<T> = Promise<Result<T, ServiceError>>;

/**
 * The simple websocket and simple REST games (docs/product.md §P2.4, §P2.7): a room a player joins by typing a
 * name; everyone dealt on sitting down picks 3 face-up cards, and play starts by itself once at
 * least 2 players have chosen. AI players join on request and act on the server. One class for
 * both variants: they differ only in the transport and how the seat token travels.
 */
export class SimpleGames extends VariantGames<SimpleMeta> {
  private readonly aiDelayMs: number;

  /** After how long without a change a game counts as closed (websocket rooms), in ms; null: never. */
  private readonly idleMs: number | null;

  /**
   * `aiDelayMs`: how long an AI seat waits before acting (default 1.5 s). `idleMs`: a game not
   * changed for this long counts as closed even if nobody marked it so (a room idle across a
   * restart); default never.
   */
  constructor(
    ports: ServicePorts,
    private readonly variant: SimpleKind,
    options: { readonly aiDelayMs?: number; readonly idleMs?: number; readonly turnMs?: number } = {},
  ) {
    super(ports, variant.kind, { react: reactSimple, turnMs: options.turnMs });
    this.aiDelayMs = options.aiDelayMs ?? 1500;
    this.idleMs = options.idleMs ?? null;
  }

  /** The game id as stored: trimmed, and upper-cased where the server makes the ids. */
  normalize(id: string): string {
    const trimmed = id.trim();
    return this.variant.ids === 'server' ? trimmed.toUpperCase() : trimmed;
  }

  /**
   * Seats `username` in game `gameId`: a new game without an id (REST) or, for client-chosen ids,
   * when the room does not exist yet (websocket). The same name with its seat token takes the seat
   * back; the same name without it is `username/taken`.
   */
  async join(gameId: string | undefined, actor: SimpleActor): Answer<SimpleSeated> {
    const name = checkName(actor.username, SIMPLE_NAME_RULE);
    if (!name.ok) return name;
    if (gameId === undefined || gameId.trim() === '') {
      if (this.variant.ids === 'client') return err(serviceError('room/id_invalid'));
      return this.create(undefined, name.value);
    }
    const id = this.normalize(gameId);
    if (this.variant.ids === 'client' && !new RegExp(SIMPLE_ROOM_ID_PATTERN).test(id)) {
      return err(serviceError('room/id_invalid'));
    }
    const seated = await this.sit(id, name.value, actor.token);
    if (seated.ok || seated.error.code !== 'game/not_found' || this.variant.ids === 'server') return seated;
    const created = await this.create(id, name.value);
    // Two first joins of one room at once: the loser sits down in the winner's room.
    if (!created.ok && created.error.code === 'game/id_taken') return this.sit(id, name.value, actor.token);
    return created;
  }

  /** Picks one face-up card (websocket): the third pick confirms all three; a card picked twice is put back. */
  selectOne(gameId: string, actor: SimpleActor, cardId: string): Answer<SimpleChanged> {
    return this.seated(gameId, actor, (seat, game) => {
      const pick = pickFaceUp(game.state, seat.id, game.meta.selecting[seat.id] ?? [], cardId);
      if (!pick.ok) return pick;
      const { [seat.id]: _before, ...others } = game.meta.selecting;
      const selecting = pick.value.command === null ? { ...others, [seat.id]: pick.value.picked } : others;
      return ok({
        commands: pick.value.command === null ? [] : [pick.value.command],
        meta: { ...game.meta, selecting },
      });
    });
  }

  /** Chooses the 3 face-up cards at once (REST). */
  selectFaceUp(gameId: string, actor: SimpleActor, cardIds: readonly string[]): Answer<SimpleChanged> {
    return this.seated(gameId, actor, (seat, game) => {
      const { [seat.id]: _done, ...others } = game.meta.selecting;
      return ok({
        commands: [{ type: 'chooseFaceUp', seat: seat.id, cardIds }],
        meta: { ...game.meta, selecting: others },
      });
    });
  }

  /** Plays one card, several of one value, or one face-down card by its `blind-{n}` id. */
  play(gameId: string, actor: SimpleActor, cardIds: readonly string[]): Answer<SimpleChanged> {
    return this.seated(gameId, actor, (seat) => ok({ commands: [{ type: 'play', seat: seat.id, cardIds }] }));
  }

  pickUp(gameId: string, actor: SimpleActor): Answer<SimpleChanged> {
    return this.seated(gameId, actor, (seat) => ok({ commands: [{ type: 'pickUp', seat: seat.id }] }));
  }

  /** Adds a player's chat line (trimmed; empty refused; at most 500 characters). */
  chat(gameId: string, actor: SimpleActor, message: string): Answer<SimpleChanged> {
    const checked = chatText(message, SIMPLE_CHAT_MAX);
    if (!checked.ok) return Promise.resolve(checked);
    const text = checked.value;
    const at = this.ports.clock.now();
    return this.seated(gameId, actor, (seat, game) =>
      ok({ commands: [], meta: withChat(game.meta, [{ sender: seat.name, text, at, system: false }]) }),
    );
  }

  /**
   * Seats an AI player ("AI Player {n}", any seated player may ask) while the game is being set up,
   * at `level` (the normal `greedy` AI unless asked).
   */
  async addAi(
    gameId: string,
    actor: SimpleActor,
    level: AiLevel = DEFAULT_AI_LEVEL,
  ): Answer<SimpleChanged & { readonly aiName: string }> {
    let aiName = '';
    const changed = await this.seated(gameId, actor, (_, game) => {
      aiName = freeAiName(game.state);
      return ok({ commands: [{ type: 'sit', seat: freeSeatId(game.state), name: aiName, ai: level }] });
    });
    return changed.ok ? ok({ ...changed.value, aiName }) : changed;
  }

  /** Leaves: frees the seat while the game is being set up; in play the seat stays (docs/product.md §D4). */
  leave(gameId: string, actor: SimpleActor): Answer<SimpleChanged> {
    return this.seated(gameId, actor, (seat, game) => {
      const { [seat.id]: _key, ...keys } = game.meta.keys;
      const { [seat.id]: _picked, ...selecting } = game.meta.selecting;
      const freed = game.state.phase === 'waiting';
      const at = this.ports.clock.now();
      const gone = systemLine(STATUS_LINES.left(seat.name), at);
      return ok({
        commands: [{ type: 'leave', seat: seat.id }],
        // A freed seat's token proves nothing any more; a kept seat can be taken back with it.
        meta: withChat(freed ? { ...game.meta, keys, selecting } : game.meta, [gone]),
      });
    });
  }

  /**
   * The game as `actor` sees it: their seat's view when the token proves the name, a stranger's
   * view without a name; a seated name without its token is `seat/not_yours`.
   */
  async view(gameId: string, actor: SimpleActor | null): Answer<SimpleGameState> {
    const game = await this.games.get(this.normalize(gameId));
    if (!game.ok) return game;
    if (actor === null || actor.username.trim() === '') return ok(simpleView(game.value, null));
    const seat = proveSeat(game.value.state, game.value.meta.keys, actor.username, actor.token, this.ports.ids);
    if (!seat.ok) {
      // A name nobody has sees what a stranger sees; a taken name must prove itself.
      return seatNamed(game.value.state, actor.username) === undefined ? ok(simpleView(game.value, null)) : seat;
    }
    return ok(simpleView(await this.games.seen(game.value, seat.value.id), seat.value.id));
  }

  /** The game (for the socket adapter's broadcasts and its inactivity check). */
  get(gameId: string): Answer<StoredGame<SimpleMeta>> {
    return this.games.get(this.normalize(gameId));
  }

  /** `game` as the seat `seat` sees it (null: a stranger). */
  viewOf(game: StoredGame<SimpleMeta>, seat: string | null): SimpleGameState {
    return simpleView(game, seat);
  }

  /** The public seat id `username` holds in `game`, if any. */
  seatOf(game: StoredGame<SimpleMeta>, username: string): string | null {
    return seatNamed(game.state, username)?.id ?? null;
  }

  /**
   * Closes a room after its inactivity period (websocket): nothing more happens in it and joins are
   * refused with `room/closed`. A finished game stays as it is. Idempotent.
   */
  async close(gameId: string): Answer<StoredGame<SimpleMeta>> {
    const changed = await this.games.change(this.normalize(gameId), (game) =>
      game.meta.closed || game.state.phase === 'finished'
        ? ok({ commands: [] })
        : ok({ commands: [], meta: { ...game.meta, closed: true } }),
    );
    return changed.ok ? ok(changed.value.game) : changed;
  }

  /** Notes that a seat holder of `gameId` was seen (a socket message or heartbeat), for the abandoned-game sweep. */
  touch(gameId: string): void {
    this.games.touch(this.normalize(gameId));
  }

  /** Whether nothing more may happen in `game`: closed, or (unfinished and) idle past `idleMs`. */
  isClosed(game: StoredGame<SimpleMeta>): boolean {
    if (game.meta.closed) return true;
    if (this.idleMs === null || game.state.phase === 'finished') return false;
    return this.ports.clock.now() - game.updatedAt >= this.idleMs;
  }

  private async create(id: string | undefined, username: string): Answer<SimpleSeated> {
    const token = this.ports.ids.secret();
    const seat = 'p1';
    const created = await this.games.create({
      options: tableOptions({
        rules: { ...PRESETS.classic.rules, chooseFaceUp: true },
        flow: 'auto',
        maxSeats: SIMPLE_MAX_PLAYERS,
        startNeedsReady: false,
      }),
      meta: { keys: { [seat]: this.ports.ids.digest(token) }, selecting: {}, chat: [], chatSeq: 0, closed: false },
      aiDelayMs: this.aiDelayMs,
      initial: () => ({ commands: [{ type: 'sit', seat, name: username, ai: null }] }),
      ...(id === undefined ? {} : { id }),
    });
    if (!created.ok) return created;
    const { game } = created.value;
    return ok({ gameId: game.id, username, token, isNew: true, gameState: simpleView(game, seat) });
  }

  private async sit(id: string, username: string, token: string | undefined): Answer<SimpleSeated> {
    let seated: { seat: string; name: string; token: string; isNew: boolean } | null = null;
    const changed = await this.games.change(id, (game): Result<Change<SimpleMeta>, ServiceError> => {
      if (this.isClosed(game)) return err(serviceError('room/closed'));
      const existing = seatNamed(game.state, username);
      if (existing !== undefined) {
        const proved = proveSeat(game.state, game.meta.keys, username, token, this.ports.ids);
        if (!proved.ok) return err(serviceError('username/taken'));
        seated = { seat: existing.id, name: existing.name, token: token ?? '', isNew: false };
        // Taking back a seat left in play returns to it; otherwise nothing changes.
        return ok({
          commands: existing.left ? [{ type: 'sit', seat: existing.id, name: existing.name, ai: null }] : [],
        });
      }
      const fresh = this.ports.ids.secret();
      const seat = freeSeatId(game.state);
      seated = { seat, name: username, token: fresh, isNew: true };
      return ok({
        commands: [{ type: 'sit', seat, name: username, ai: null }],
        meta: { ...game.meta, keys: { ...game.meta.keys, [seat]: this.ports.ids.digest(fresh) } },
      });
    });
    if (!changed.ok) return changed;
    const done = seated as { seat: string; name: string; token: string; isNew: boolean } | null;
    if (done === null) return err(serviceError('game/stale'));
    // A player back at the table (a join or a rejoin) is no longer away.
    const game = await this.games.seen(changed.value.game, done.seat);
    return ok({
      gameId: id,
      username: done.name,
      token: done.token,
      isNew: done.isNew,
      gameState: simpleView(game, done.seat),
    });
  }

  /** Runs a request of the seat `actor` proves in an open room (see `VariantGames.act`). */
  private async seated(
    gameId: string,
    actor: SimpleActor,
    plan: (seat: Seat, game: StoredGame<SimpleMeta>) => Result<Change<SimpleMeta>, ServiceError>,
  ): Answer<SimpleChanged> {
    const acted = await this.act(
      this.normalize(gameId),
      (game) =>
        this.isClosed(game)
          ? err(serviceError('room/closed'))
          : proveSeat(game.state, game.meta.keys, actor.username, actor.token, this.ports.ids),
      plan,
    );
    return acted.ok ? ok({ game: acted.value.game, seat: acted.value.who.id }) : acted;
  }
}
