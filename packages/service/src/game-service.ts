import { err, ok, type Result } from '@palace/core';
import { type Applying, applyChange } from './apply-change.js';
import type { Changed, GameServiceOptions, Origin, Planner, ServerChange, ServicePorts } from './game-change.js';
import { expiredKind, GameJobs, type JobHost } from './game-jobs.js';
import { GameMemory } from './game-memory.js';
import { firstVersion, type NewGame } from './new-game.js';
import type { Effects, Json, StoredGame } from './ports.js';
import { PRESENCE_TIMES, seatPresence } from './presence-clock.js';
import { seatClockOf, TURN_MS } from './seat-clock.js';
import { comeBack, dropped } from './server-moves.js';
import { type ServiceError, serviceError } from './service-error.js';

export type { Change, Changed, GameServiceOptions, Planner, ServerChange, ServicePorts } from './game-change.js';

/** Attempts at a write before answering `game/stale`. */
export const MAX_ATTEMPTS = 5;
/** Attempts at finding an unused game id. */
const MAX_ID_ATTEMPTS = 20;

/**
 * Runs games of one variant (`kind`): load, decide with the engine, store with the expected
 * version, publish, and schedule AI seats and the human seats' turn clock (docs/product.md §D6; the jobs
 * are in `GameJobs`). The games live in the store, so several server nodes can share one; the only
 * state kept here is what this node published and saw (timers, last sightings of players).
 */
export class GameService<M extends Json> {
  /** What every change applies with (see `applyChange`). */
  private readonly applying: Applying<M>;
  /** The copies this node last saw and the versions it published (see `write`, `changedElsewhere`). */
  private readonly memory = new GameMemory<M>();
  private readonly jobs: GameJobs<M>;

  constructor(
    private readonly ports: ServicePorts,
    private readonly kind: string,
    private readonly options: GameServiceOptions<M> = {},
  ) {
    const turnMs = options.turnMs ?? TURN_MS;
    if (!Number.isInteger(turnMs) || turnMs <= 0)
      throw new RangeError(`turnMs must be a whole number above 0, got ${turnMs}`);
    const startDelayMs = options.startDelayMs ?? 0;
    if (!Number.isInteger(startDelayMs) || startDelayMs < 0)
      throw new RangeError(`startDelayMs must be a whole number, 0 or more, got ${startDelayMs}`);
    const { react, listed, seatNotice, presence = PRESENCE_TIMES } = options;
    this.applying = { react, listed, seatNotice, turnMs, startDelayMs, presence };
    const write: JobHost<M>['write'] = (id, plan) => this.write(id, plan, { keepAiDeadline: false, byServer: true });
    this.jobs = new GameJobs<M>(ports, kind, { get: (id) => this.get(id), write }, presence);
  }

  /** Creates a game, applying `initial` (for example the creator's `sit`) before it is first stored. */
  async create(input: NewGame<M>): Promise<Result<Changed<M>, ServiceError>> {
    const { clock, ids, store } = this.ports;
    const attempts = input.id === undefined ? MAX_ID_ATTEMPTS : 1;
    for (let attempt = 0; attempt < attempts; attempt++) {
      const id = input.id ?? this.newId();
      const seed = input.seed ?? ids.seed();
      const now = clock.now();
      const applied = firstVersion(this.kind, input, { id, seed, commitment: ids.digest(seed), now }, this.applying);
      if (!applied.ok) return applied;
      const game = applied.value.game;
      const outcome = await store.insert(game, this.effectsOf(null, applied.value));
      if (outcome === 'short') return err(serviceError('tokens/short'));
      if (outcome === 'saved') {
        this.touch(id);
        this.after(game);
        return ok({ game, events: applied.value.events });
      }
    }
    return err(serviceError(input.id === undefined ? 'game/no_id' : 'game/id_taken'));
  }

  /** A fresh id for a new game of this variant (`create` with it answers `game/id_taken` if it was taken). */
  newId(): string {
    return this.options.gameId?.() ?? this.ports.ids.gameId();
  }

  /** Whether a game of any variant has id `id`. */
  async exists(id: string): Promise<boolean> {
    return (await this.ports.store.load(id, { entries: false })) !== null;
  }

  /**
   * The game, or `game/not_found`. Its record comes without the earlier entries unless
   * `withEntries` (a record download or a replay needs them; a move or a view does not).
   */
  async get(id: string, withEntries = false): Promise<Result<StoredGame<M>, ServiceError>> {
    const game = await this.ports.store.load(id, { entries: withEntries });
    if (game === null || game.kind !== this.kind) {
      this.memory.forget(id);
      return err(serviceError('game/not_found'));
    }
    this.memory.keep(game as StoredGame<M>);
    return ok(game as StoredGame<M>);
  }

  /**
   * Applies what `plan` decides, exactly once. If another writer got there first, the game is
   * reloaded and `plan` runs again on the fresh game (up to `MAX_ATTEMPTS` times, then
   * `game/stale`). A refused plan or command writes nothing. The commands count as their seats'
   * own (a player's request): they reset those seats' strikes and bring an away seat back.
   */
  async change(id: string, plan: Planner<M>, keepAiDeadline = true): Promise<Result<Changed<M>, ServiceError>> {
    const changed = await this.write(
      id,
      (game) => {
        const planned = plan(game);
        if (!planned.ok) return planned;
        return planned.value.commands.length === 0 && planned.value.meta === undefined ? ok(null) : planned;
      },
      { keepAiDeadline, byServer: false },
    );
    if (changed.ok) this.touch(id);
    return changed;
  }

  /**
   * Notes that a holder of a seat of game `id` was seen (a view, a poll, a socket message): a game
   * nobody is seen in for `ABANDON_MS` is played out by the AI. In memory, and in the store for the
   * other nodes' sweeps at most once per `SEEN_WRITE_MS` per game.
   */
  touch(id: string): void {
    this.jobs.touch(id);
  }

  /**
   * Notes that the holder of `seat` was seen in `game` (an authenticated view or join): the game is
   * touched and, if the seat was away or its player had dropped, it is theirs again (one write, only
   * then). Answers the game as it now is.
   */
  async seen(game: StoredGame<M>, seat: string): Promise<StoredGame<M>> {
    this.touch(game.id);
    if (seatPresence(seatClockOf(game), seat) === 'connected') return game;
    const back = await this.write(game.id, (fresh) => ok(comeBack(fresh, seat)), {
      keepAiDeadline: true,
      byServer: false,
    });
    return back.ok ? back.value.game : game;
  }

  /**
   * The player of `seat` in game `id` dropped: their last socket closed (docs/product.md §D13
   * presence). A human seat of an unfinished game, connected until now, is reconnecting from now.
   */
  async gone(id: string, seat: string): Promise<void> {
    const now = this.ports.clock.now();
    await this.write(id, (fresh) => ok(dropped(fresh, seat, now)), { keepAiDeadline: true, byServer: true });
  }

  /**
   * Writes what `plan` decides (null: nothing to do), retrying a lost race like `change`.
   *
   * The first try plans from the game as this node last saw it (`recent`: its own last write, or
   * the version another node announced and this node read), so a move is one round trip to the
   * store instead of two (issue 23). That copy may be behind: the save is conditional on its
   * version, so a stale copy only loses the race and the game is read again; and an answer other
   * than a save (a refusal, nothing to do) is never given from it: the game is read and planned
   * again first. Neither extra try counts against `MAX_ATTEMPTS`.
   */
  private async write(
    id: string,
    plan: (game: StoredGame<M>) => Result<ServerChange<M> | null, ServiceError>,
    origin: Origin,
  ): Promise<Result<Changed<M>, ServiceError>> {
    let cached = this.memory.recall(id);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; ) {
      const fromCache = cached !== undefined;
      let current: StoredGame<M>;
      if (cached !== undefined) {
        current = cached;
        cached = undefined;
      } else {
        const loaded = await this.get(id);
        if (!loaded.ok) return loaded;
        current = loaded.value;
      }
      const planned = plan(current);
      const applied =
        planned.ok && planned.value !== null
          ? applyChange(current, planned.value, { now: this.ports.clock.now(), origin, ...this.applying })
          : null;
      if (fromCache && (applied === null || !applied.ok)) continue;
      if (!planned.ok) return planned;
      if (planned.value === null || applied === null) return ok({ game: current, events: [] });
      if (!applied.ok) return applied;
      const outcome = await this.ports.store.save(
        applied.value.game,
        current.version,
        this.effectsOf(current, applied.value),
      );
      if (outcome === 'saved') {
        this.after(applied.value.game);
        return applied;
      }
      // From a stale copy the effects may have been other than the game's own: read it and retry.
      if (fromCache) continue;
      if (outcome === 'short') return err(serviceError('tokens/short'));
      attempt++;
    }
    return err(serviceError('game/stale'));
  }

  /** Forgets the games kept for writing (changes made elsewhere may have been missed; see `write`). */
  forgetRecent(): void {
    this.memory.forgetCopies();
  }

  /**
   * Game `id` was changed by another server node sharing the store (it announced the change): the
   * game it stored (`announced`, as the store reads it back without entries) or, without one, the
   * game read again goes out through this node's publisher (sockets, caches), as if it had changed
   * here. Games of other variants, and versions already published, are ignored. Answers the game
   * published, or null.
   */
  async changedElsewhere(id: string, announced?: StoredGame): Promise<StoredGame<M> | null> {
    const game = announced?.id === id ? announced : await this.ports.store.load(id, { entries: false });
    if (game === null || (game.kind !== this.kind && game.kind !== expiredKind(this.kind))) return null;
    if (game.kind === this.kind) this.memory.keep(game as StoredGame<M>);
    else this.memory.forget(id);
    if (this.memory.wasPublished(game)) return null;
    this.publish(game as StoredGame<M>);
    return game as StoredGame<M>;
  }

  /** This variant's listed games, newest first. */
  async listed(limit: number): Promise<ReadonlyArray<StoredGame<M>>> {
    return (await this.ports.store.listed(this.kind, limit)) as ReadonlyArray<StoredGame<M>>;
  }

  /**
   * Re-arms the AI timers and the turn clocks of this variant's stored games (at boot); a deadline
   * already past fires at once. Answers how many games got a timer.
   */
  rearm(): Promise<number> {
    return this.jobs.rearm();
  }

  /**
   * Runs this variant's AI turns and turn clocks overdue by more than `RESCUE_GRACE_MS` (their
   * timers lived on a node that died), under each game's lease. The server runs it every
   * `JOB_RESCUE_MS` on every node (through `ServicePorts.rescues`). Answers how many overdue jobs
   * it found (a job it already ran for the same deadline, to no effect, is not counted or run again).
   */
  rescue(): Promise<number> {
    return this.jobs.rescue();
  }

  /**
   * Lets the server act in game `id` if an action is due from a seat it plays (an AI seat, or an
   * away one with the greedy AI): one command per call; the next one is scheduled after the
   * variant's delay again. Safe to call at any time, on any node (it checks the deadline and runs
   * under the game's lease).
   */
  async runAi(id: string): Promise<void> {
    await this.jobs.runAi(id);
  }

  /**
   * Runs the turn clock of game `id` if it ran out: every human seat it runs for is played once
   * with the greedy AI and gets a strike (the third in a row makes it away). Safe to call at any
   * time, on any node (it checks the deadline and runs under the game's lease).
   */
  async runClock(id: string): Promise<void> {
    await this.jobs.runClock(id);
  }

  /**
   * The sweep, run every minute: plays out the games in setup or play that no seat holder was
   * seen in for `ABANDON_MS` on any node (every human seat away, so the AI finishes them and tokens
   * settle), and expires the games still waiting for players with no change for
   * `WAITING_EXPIRY_MS` (everyone seated leaves, refunding fees through the variant's effects, and
   * the game is kept under `expiredKind`, where no variant finds it). Answers how many games it changed.
   */
  sweepIdle(): Promise<number> {
    return this.jobs.sweepIdle();
  }

  private effectsOf(before: StoredGame<M> | null, changed: Changed<M>): Effects | undefined {
    return this.options.effects?.(before, changed.game, changed.events);
  }

  /** Sends `game` out through the publisher and notes its version as published here. */
  private publish(game: StoredGame<M>): void {
    this.ports.publisher.publish(game);
    this.memory.notePublished(game);
  }

  /** After a write here: the copy kept, the change published, the game's timers armed. */
  private after(game: StoredGame<M>): void {
    this.memory.keep(game);
    this.publish(game);
    this.jobs.arm(game);
  }
}
