import {
  AI_POLICIES,
  aiCommand,
  appendEntry,
  applyCommand,
  type Command,
  createGame,
  createRng,
  err,
  type GameEvent,
  type GameRecord,
  type GameState,
  newRecord,
  nextAiSeat,
  ok,
  type Result,
  type TableOptions,
} from '@palace/core';
import type { Clock, Effects, GamesStore, IdSource, Json, Publisher, Scheduler, StoredGame } from './ports.js';
import { type ServiceError, serviceError } from './service-error.js';

/** What a request wants done: engine commands (applied in order, all or none) and new variant data. */
export interface Change<M extends Json> {
  readonly commands: readonly Command[];
  /** Replaces the variant data; omitted = unchanged. */
  readonly meta?: M;
}

/** Decides a change from the current game, or refuses. Called again if the write loses a race. */
export type Planner<M extends Json> = (game: StoredGame<M>) => Result<Change<M>, ServiceError>;

export interface Changed<M extends Json> {
  readonly game: StoredGame<M>;
  /** Events of all the commands, in order. */
  readonly events: readonly GameEvent[];
}

export interface ServicePorts {
  readonly store: GamesStore;
  readonly clock: Clock;
  readonly ids: IdSource;
  readonly scheduler: Scheduler;
  readonly publisher: Publisher;
}

/** How a variant tailors the service. */
export interface GameServiceOptions<M extends Json> {
  /** Whether a game shows in the variant's public list; default never. Evaluated on every change. */
  readonly listed?: (state: GameState, meta: M) => boolean;
  /**
   * Updates the variant data from the events of every accepted change, AI moves included (for
   * example the last action shown to players). `at` is the change's time in ms.
   */
  readonly react?: (meta: M, events: readonly GameEvent[], state: GameState, at: number) => M;
  /** The variant's game id format; default the id source's. */
  readonly gameId?: () => string;
  /**
   * What a change does beside the game (token postings, results), stored in the same transaction.
   * Evaluated on every change, AI moves included; `before` is null on creation.
   */
  readonly effects?: (before: StoredGame<M> | null, after: StoredGame<M>, events: readonly GameEvent[]) => Effects;
}

/** Attempts at a write before answering `game/stale`. */
export const MAX_ATTEMPTS = 5;
/** Attempts at finding an unused game id. */
const MAX_ID_ATTEMPTS = 20;

/**
 * Runs games of one variant (`kind`): load, decide with the engine, store with the expected
 * version, publish, and schedule AI seats. Holds no state of its own, so several server nodes can
 * share one store.
 */
export class GameService<M extends Json> {
  constructor(
    private readonly ports: ServicePorts,
    private readonly kind: string,
    private readonly options: GameServiceOptions<M> = {},
  ) {}

  /** Creates a game, applying `initial` (for example the creator's `sit`) before it is first stored. */
  async create(input: {
    readonly options: TableOptions;
    readonly meta: M;
    readonly aiDelayMs: number;
    readonly initial: (id: string) => Change<M>;
    /**
     * The id to create the game under (a room id the client chose); one attempt, and
     * `game/id_taken` if a game (of any variant) already has it. Default: a fresh id.
     */
    readonly id?: string;
  }): Promise<Result<Changed<M>, ServiceError>> {
    const { clock, ids, store } = this.ports;
    const attempts = input.id === undefined ? MAX_ID_ATTEMPTS : 1;
    for (let attempt = 0; attempt < attempts; attempt++) {
      const id = input.id ?? this.options.gameId?.() ?? ids.gameId();
      const seed = ids.seed();
      const now = clock.now();
      const blank: StoredGame<M> = {
        id,
        kind: this.kind,
        version: 0,
        createdAt: now,
        updatedAt: now,
        state: createGame(input.options, seed),
        record: newRecord(input.options, seed, now),
        commitment: ids.digest(seed),
        aiDueAt: null,
        aiDelayMs: input.aiDelayMs,
        listed: false,
        meta: input.meta,
      };
      const applied = this.applyChange(blank, input.initial(id), now, true);
      if (!applied.ok) return applied;
      const game = applied.value.game;
      const outcome = await store.insert(game, this.effectsOf(null, applied.value));
      if (outcome === 'short') return err(serviceError('tokens/short'));
      if (outcome === 'saved') {
        this.after(game);
        return ok({ game, events: applied.value.events });
      }
    }
    return err(serviceError(input.id === undefined ? 'game/no_id' : 'game/id_taken'));
  }

  /**
   * The game, or `game/not_found`. Its record comes without the earlier entries unless
   * `withEntries` (a record download or a replay needs them; a move or a view does not).
   */
  async get(id: string, withEntries = false): Promise<Result<StoredGame<M>, ServiceError>> {
    const game = await this.ports.store.load(id, { entries: withEntries });
    if (game === null || game.kind !== this.kind) {
      return err(serviceError('game/not_found'));
    }
    return ok(game as StoredGame<M>);
  }

  /**
   * Applies what `plan` decides, exactly once. If another writer got there first, the game is
   * reloaded and `plan` runs again on the fresh game (up to `MAX_ATTEMPTS` times, then
   * `game/stale`). A refused plan or command writes nothing.
   */
  async change(id: string, plan: Planner<M>, keepAiDeadline = true): Promise<Result<Changed<M>, ServiceError>> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const loaded = await this.get(id);
      if (!loaded.ok) return loaded;
      const planned = plan(loaded.value);
      if (!planned.ok) return planned;
      if (planned.value.commands.length === 0 && planned.value.meta === undefined) {
        return ok({ game: loaded.value, events: [] });
      }
      const applied = this.applyChange(loaded.value, planned.value, this.ports.clock.now(), keepAiDeadline);
      if (!applied.ok) return applied;
      const outcome = await this.ports.store.save(
        applied.value.game,
        loaded.value.version,
        this.effectsOf(loaded.value, applied.value),
      );
      if (outcome === 'short') return err(serviceError('tokens/short'));
      if (outcome === 'saved') {
        this.after(applied.value.game);
        return applied;
      }
    }
    return err(serviceError('game/stale'));
  }

  /** This variant's listed games, newest first. */
  async listed(limit: number): Promise<ReadonlyArray<StoredGame<M>>> {
    return (await this.ports.store.listed(this.kind, limit)) as ReadonlyArray<StoredGame<M>>;
  }

  /** Re-arms the AI timers of this variant's stored games that have an AI action pending (at boot). */
  async rearm(): Promise<number> {
    const due = await this.ports.store.withAiDue(this.kind);
    for (const { id, aiDueAt } of due) this.schedule(id, aiDueAt);
    return due.length;
  }

  /**
   * Lets the AI act in game `id` if its action is due: one command per call; the next one is
   * scheduled after the variant's delay again. Safe to call at any time (it checks the deadline).
   */
  async runAi(id: string): Promise<void> {
    const loaded = await this.get(id);
    if (!loaded.ok || loaded.value.aiDueAt === null) return;
    const now = this.ports.clock.now();
    if (now < loaded.value.aiDueAt) {
      this.schedule(id, loaded.value.aiDueAt);
      return;
    }
    await this.change(
      id,
      (game) => {
        if (game.aiDueAt === null || this.ports.clock.now() < game.aiDueAt) return ok({ commands: [] });
        const index = nextAiSeat(game.state);
        const level = game.state.seats[index]?.ai;
        if (index < 0 || level === undefined || level === null) return ok({ commands: [] });
        // Deterministic given the (secret) seed and the version; the policy only sees its seat's view.
        const rng = createRng(`${game.record.seed}/ai/${game.version}`);
        const command = aiCommand(game.state, index, AI_POLICIES[level], rng);
        return ok({ commands: command === null ? [] : [command] });
      },
      false,
    );
  }

  private applyChange(
    game: StoredGame<M>,
    change: Change<M>,
    now: number,
    keepAiDeadline: boolean,
  ): Result<Changed<M>, ServiceError> {
    let state: GameState = game.state;
    let record: GameRecord = game.record;
    const events: GameEvent[] = [];
    for (const command of change.commands) {
      const applied = applyCommand(state, command);
      if (!applied.ok) return err(applied.error);
      state = applied.value.state;
      record = appendEntry(record, now, command, state);
      events.push(...applied.value.events);
    }
    const planned = change.meta ?? game.meta;
    const meta =
      events.length > 0 && this.options.react !== undefined ? this.options.react(planned, events, state, now) : planned;
    const aiWaiting = nextAiSeat(state) >= 0;
    const aiDueAt = !aiWaiting ? null : keepAiDeadline && game.aiDueAt !== null ? game.aiDueAt : now + game.aiDelayMs;
    return ok({
      game: {
        ...game,
        version: game.version + 1,
        updatedAt: now,
        state,
        record,
        aiDueAt,
        listed: this.options.listed?.(state, meta) ?? false,
        meta,
      },
      events,
    });
  }

  private effectsOf(before: StoredGame<M> | null, changed: Changed<M>): Effects | undefined {
    return this.options.effects?.(before, changed.game, changed.events);
  }

  private after(game: StoredGame<M>): void {
    this.ports.publisher.publish(game);
    if (game.aiDueAt === null) this.ports.scheduler.cancel(game.id);
    else this.schedule(game.id, game.aiDueAt);
  }

  private schedule(id: string, at: number): void {
    this.ports.scheduler.schedule(id, at, () => {
      void this.runAi(id);
    });
  }
}
