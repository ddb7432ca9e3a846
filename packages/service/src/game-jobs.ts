import { ok, type Result } from '@palace/core';
import type { Changed, ServerChange, ServicePorts } from './game-change.js';
import type { Json, StoredGame } from './ports.js';
import { PRESENCE_TIMES, type PresenceTimes } from './presence-clock.js';
import { ABANDON_MS, allAway, seatClockOf, WAITING_EXPIRY_MS } from './seat-clock.js';
import { aiTurn, expired, turnRunOut } from './server-moves.js';
import type { ServiceError } from './service-error.js';

/**
 * How long a node holds a game's lease for one job, in ms: far above a job's duration (a few ms, a
 * strong AI decision well under a second), so it only matters when the node dies mid-job; then the
 * game's jobs wait this long at most for another node (or the restarted one) to take over.
 */
export const LEASE_MS = 10_000;
/**
 * How late an AI turn or a turn clock must be before a rescue runs it, in ms: the node that armed
 * the timer normally runs it on time, so only a dead node's (or a lost timer's) games are found.
 */
export const RESCUE_GRACE_MS = 2_000;
/** How often every node looks for overdue AI turns and turn clocks (`Rescues.run`), in ms. */
export const JOB_RESCUE_MS = 2_000;
/** How long a rescue waits before running again a job that ran for the same deadline and did not move it, in ms. */
export const RESCUE_RETRY_MS = 60_000;
/** At most how often one node notes in the store that a game's players were seen, per game, in ms. */
export const SEEN_WRITE_MS = 60_000;
/**
 * Games whose last sighting a node keeps in memory, per variant (the least recently seen go
 * first). A game forgotten here still counts as seen at its `seen_at` in the store, at most
 * `SEEN_WRITE_MS` older: far inside `ABANDON_MS`. A finished game's sightings are dropped when it
 * ends, but a poll or a socket still on it after the end notes it again, so the count must bind.
 */
export const SEEN_KEPT = 10_000;

/** The scheduler key of a game's turn clock (its id alone keys its AI timer). */
function turnKey(id: string): string {
  return `${id}#turn`;
}

/** The kind an expired game of `kind` is kept under: no variant's service finds it (404). */
export function expiredKind(kind: string): string {
  return `${kind}/expired`;
}

/** What the jobs need of their game service. */
export interface JobHost<M extends Json> {
  get(id: string): Promise<Result<StoredGame<M>, ServiceError>>;
  /** Writes what `plan` decides (null: nothing) as the server acting for the seats, retrying a lost race. */
  write(
    id: string,
    plan: (game: StoredGame<M>) => Result<ServerChange<M> | null, ServiceError>,
  ): Promise<Result<Changed<M>, ServiceError>>;
}

/**
 * The server-side jobs of one variant's games: AI turns and turn clocks on timers, the idle sweep,
 * and the rescue of overdue jobs. With `leases` and a `nodeId`, each job runs under the game's
 * lease, so one node at a time does it across the nodes sharing the store, and a node's games are
 * picked up by another (the rescue) if it dies. Without them a job runs unguarded (one process).
 * Every job also checks its deadline against the stored game, and writes are compare-and-set on the
 * version, so a job fired twice never applies twice.
 */
export class GameJobs<M extends Json> {
  /** Game id → when a seat holder was last seen here (a request, a socket message), ms since the epoch. */
  private readonly lastSeen = new Map<string, number>();
  /** Game id → when this node last noted in the store that it was seen (throttles `markSeen`). */
  private readonly sharedSeen = new Map<string, number>();
  /** Game id → the tail of the jobs of that game running on this node (they run one after another). */
  private readonly running = new Map<string, Promise<void>>();
  /** When this service started, ms since the epoch: games nobody was seen in count from here. */
  private readonly startedAt: number;
  private rescuing = false;
  /**
   * Job key (`{id}` or `{id}#turn`) → the overdue deadline a rescue last ran the job for, and when.
   * A job that ran and left its deadline as it was (a refused write, or a race lost `MAX_ATTEMPTS`
   * times) is tried again after `RESCUE_RETRY_MS`, not every `JOB_RESCUE_MS` for ever.
   */
  private rescued = new Map<string, { readonly dueAt: number; readonly at: number }>();

  constructor(
    private readonly ports: ServicePorts,
    private readonly kind: string,
    private readonly host: JobHost<M>,
    private readonly presence: PresenceTimes = PRESENCE_TIMES,
  ) {
    this.startedAt = ports.clock.now();
    ports.rescues?.add(() => this.rescue());
  }

  /** See `GameService.touch`. */
  touch(id: string): void {
    const now = this.ports.clock.now();
    keepNewest(this.lastSeen, id, now);
    if (now - (this.sharedSeen.get(id) ?? Number.NEGATIVE_INFINITY) < SEEN_WRITE_MS) return;
    keepNewest(this.sharedSeen, id, now);
    // Best effort: a failed note is tried again on the next sighting; the sweep allows 10 minutes.
    this.ports.store.markSeen(id, now).catch(() => this.sharedSeen.delete(id));
  }

  /** Arms (or cancels) the game's AI timer and turn clock on this node after a change it made. */
  arm(game: StoredGame<M>): void {
    const { scheduler } = this.ports;
    if (game.aiDueAt === null) scheduler.cancel(game.id);
    else this.schedule(game.id, game.aiDueAt);
    const turnDueAt = seatClockOf(game).turnDueAt;
    if (turnDueAt === null) scheduler.cancel(turnKey(game.id));
    else this.scheduleTurn(game.id, turnDueAt);
    if (game.state.phase === 'finished' || game.kind !== this.kind) {
      this.lastSeen.delete(game.id);
      this.sharedSeen.delete(game.id);
    }
  }

  /** How many games' sightings are held (tests check the bound). */
  get seenSize(): { readonly lastSeen: number; readonly sharedSeen: number } {
    return { lastSeen: this.lastSeen.size, sharedSeen: this.sharedSeen.size };
  }

  /** See `GameService.rearm`. */
  async rearm(): Promise<number> {
    const games = new Set<string>();
    for (const { id, aiDueAt } of await this.ports.store.withAiDue(this.kind)) {
      this.schedule(id, aiDueAt);
      games.add(id);
    }
    for (const { id, turnDueAt } of await this.ports.store.withTurnDue(this.kind)) {
      this.scheduleTurn(id, turnDueAt);
      games.add(id);
    }
    return games.size;
  }

  /**
   * Runs this variant's AI turns and turn clocks overdue by more than `RESCUE_GRACE_MS`: their
   * timers lived on a node that died (or were lost). Each runs under the game's lease like any job.
   * Answers how many games it looked at (0 in normal operation); a rescue still running is not doubled.
   */
  async rescue(): Promise<number> {
    if (this.rescuing) return 0;
    this.rescuing = true;
    try {
      const dueBy = this.ports.clock.now() - RESCUE_GRACE_MS;
      const { store } = this.ports;
      const jobs = [
        ...(await store.withAiDue(this.kind, dueBy)).map(({ id, aiDueAt }) => ({ key: id, id, dueAt: aiDueAt })),
        ...(await store.withTurnDue(this.kind, dueBy)).map(({ id, turnDueAt }) => ({
          key: turnKey(id),
          id,
          dueAt: turnDueAt,
        })),
      ];
      const rescued = new Map<string, { readonly dueAt: number; readonly at: number }>();
      let found = 0;
      for (const { key, id, dueAt } of jobs) {
        const before = this.rescued.get(key);
        if (before?.dueAt === dueAt && this.ports.clock.now() - before.at < RESCUE_RETRY_MS) {
          rescued.set(key, before);
          continue;
        }
        found++;
        const at = this.ports.clock.now();
        const ran = key === id ? await this.runAi(id) : await this.runClock(id);
        if (ran) rescued.set(key, { dueAt, at });
      }
      this.rescued = rescued;
      return found;
    } finally {
      this.rescuing = false;
    }
  }

  /** See `GameService.runAi`. True if the job ran here (not skipped: not due, or another node's). */
  async runAi(id: string): Promise<boolean> {
    const loaded = await this.host.get(id);
    if (!loaded.ok || loaded.value.aiDueAt === null) return false;
    if (this.ports.clock.now() < loaded.value.aiDueAt) {
      this.schedule(id, loaded.value.aiDueAt);
      return false;
    }
    const done = await this.exclusive(id, () =>
      this.host.write(id, (game) => ok(aiTurn(game, this.ports.clock.now()))),
    );
    return done !== null;
  }

  /** See `GameService.runClock`. True if the job ran here, like `runAi`. */
  async runClock(id: string): Promise<boolean> {
    const loaded = await this.host.get(id);
    if (!loaded.ok) return false;
    const dueAt = seatClockOf(loaded.value).turnDueAt;
    if (dueAt === null) return false;
    if (this.ports.clock.now() < dueAt) {
      this.scheduleTurn(id, dueAt);
      return false;
    }
    const done = await this.exclusive(id, () =>
      this.host.write(id, (game) => ok(turnRunOut(game, this.ports.clock.now(), this.presence))),
    );
    return done !== null;
  }

  /** See `GameService.sweepIdle`. */
  async sweepIdle(): Promise<number> {
    let changed = 0;
    for (const game of await this.ports.store.unfinished(this.kind)) {
      const now = this.ports.clock.now();
      const seen = (updatedAt: number) => this.seenAt(game.id, updatedAt, game.seenAt);
      const due =
        game.phase === 'waiting' ? now - game.updatedAt >= WAITING_EXPIRY_MS : now - seen(game.updatedAt) >= ABANDON_MS;
      if (!due) continue;
      const wrote = await this.exclusive(game.id, () =>
        game.phase === 'waiting' ? this.expire(game.id) : this.abandon(game.id, seen),
      );
      if (wrote === true) changed++;
    }
    return changed;
  }

  /**
   * When a seat holder of game `id` was last seen: the latest of this node's sighting, the one
   * noted in the store by any node (`storedSeen`), the last change and this service's start.
   */
  private seenAt(id: string, updatedAt: number, storedSeen: number | undefined): number {
    const here = this.lastSeen.get(id) ?? Number.NEGATIVE_INFINITY;
    return Math.max(here, storedSeen ?? Number.NEGATIVE_INFINITY, updatedAt, this.startedAt);
  }

  /** Marks every human seat of an abandoned game away; true if it wrote. */
  private async abandon(id: string, seen: (updatedAt: number) => number): Promise<boolean> {
    let wrote = false;
    const done = await this.host.write(id, (game) => {
      const { phase, seats } = game.state;
      const clock = seatClockOf(game);
      wrote =
        (phase === 'setup' || phase === 'playing') &&
        this.ports.clock.now() - seen(game.updatedAt) >= ABANDON_MS &&
        seats.some((seat) => seat.ai === null && !clock.away.includes(seat.id));
      return ok(wrote ? { commands: [], seatClock: allAway } : null);
    });
    return done.ok && wrote;
  }

  /** Expires a game still waiting with no change for `WAITING_EXPIRY_MS`; true if it wrote. */
  private async expire(id: string): Promise<boolean> {
    let wrote = false;
    const done = await this.host.write(id, (game) => {
      const expiry = expired(game, this.ports.clock.now(), expiredKind(this.kind));
      wrote = expiry !== null;
      return ok(expiry);
    });
    return done.ok && wrote;
  }

  /**
   * Runs `job` for game `id` after the game's other jobs on this node, holding the game's lease
   * (then released); answers null without running it if another node holds the lease: that node
   * is doing the game's job, and if it dies its lease expires and a rescue picks the job up.
   */
  private async exclusive<T>(id: string, job: () => Promise<T>): Promise<T | null> {
    const { leases, nodeId } = this.ports;
    if (leases === undefined || nodeId === undefined) return job();
    const before = this.running.get(id) ?? Promise.resolve();
    const run = before.then(async () => {
      const now = this.ports.clock.now();
      if (!(await leases.take(id, nodeId, now, now + LEASE_MS))) return null;
      try {
        return await job();
      } finally {
        await leases.release(id, nodeId);
      }
    });
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.running.set(id, tail);
    void tail.then(() => {
      if (this.running.get(id) === tail) this.running.delete(id);
    });
    return run;
  }

  private schedule(id: string, at: number): void {
    this.ports.scheduler.schedule(id, at, () => {
      void this.runAi(id);
    });
  }

  private scheduleTurn(id: string, at: number): void {
    this.ports.scheduler.schedule(turnKey(id), at, () => {
      void this.runClock(id);
    });
  }
}

/** Sets `key` in `map` as its newest entry, forgetting the oldest past `SEEN_KEPT`. */
function keepNewest(map: Map<string, number>, key: string, value: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > SEEN_KEPT) map.delete(map.keys().next().value ?? '');
}
