import { MemoryBank } from './accounts/memory-tokens.js';
import type {
  Clock,
  Effects,
  Finished,
  GamesStore,
  IdSource,
  Leases,
  Publisher,
  SaveOutcome,
  Scheduler,
  StoredGame,
  UnfinishedGame,
} from './ports.js';

/**
 * In-memory stand-ins for every port, for tests of the service and of adapters. They behave like
 * the real ones where it matters: the store copies what it keeps (through JSON, as a database
 * would) and refuses a write whose expected version is stale.
 */
export class MemoryGamesStore implements GamesStore {
  private readonly rows = new Map<string, string>();
  /** Game id → when a seat holder was last seen (`markSeen`), beside the game as the `seen_at` column is. */
  private readonly sightings = new Map<string, number>();
  /** Called before each save completes; tests use it to slip in a competing write. */
  beforeSave: ((game: StoredGame) => Promise<void>) | null = null;

  /** `bank`: where game effects (fees, prizes, results) are booked; share it with the accounts store. */
  constructor(readonly bank: MemoryBank = new MemoryBank()) {}

  async load(id: string, options: { readonly entries?: boolean } = {}): Promise<StoredGame | null> {
    const row = this.rows.get(id);
    if (row === undefined) return null;
    const game = JSON.parse(row) as StoredGame;
    if (options.entries !== false) return game;
    return { ...game, record: { ...game.record, entries: [] }, entriesFrom: game.record.entries.length };
  }

  async insert(game: StoredGame, effects?: Effects): Promise<SaveOutcome> {
    if (this.rows.has(game.id)) return 'conflict';
    if (!this.bank.apply(game, effects)) return 'short';
    this.rows.set(game.id, JSON.stringify(game));
    return 'saved';
  }

  async save(game: StoredGame, expectedVersion: number, effects?: Effects): Promise<SaveOutcome> {
    const hook = this.beforeSave;
    if (hook !== null) {
      this.beforeSave = null;
      await hook(game);
    }
    // Read and compare with no await before the write, so two concurrent saves cannot both pass (as in a database).
    const row = this.rows.get(game.id);
    const current = row === undefined ? null : (JSON.parse(row) as StoredGame);
    if (current === null || current.version !== expectedVersion) return 'conflict';
    if (!this.bank.apply(game, effects)) return 'short';
    // A partial record continues the stored one.
    const entries = [...current.record.entries.slice(0, game.entriesFrom ?? 0), ...game.record.entries];
    const { entriesFrom: _, ...whole } = game;
    this.rows.set(game.id, JSON.stringify({ ...whole, record: { ...game.record, entries } }));
    return 'saved';
  }

  async finishedBy(kind: string, userId: number, limit: number): Promise<Finished[]> {
    const found: Finished[] = [];
    for (const { gameId, won } of this.bank.resultsOf(kind, userId).slice(0, limit)) {
      const game = await this.load(gameId);
      if (game !== null) found.push({ game, won });
    }
    return found;
  }

  async listed(kind: string, limit: number): Promise<StoredGame[]> {
    const games = [...this.rows.values()].map((row) => JSON.parse(row) as StoredGame);
    return games
      .filter((g) => g.kind === kind && g.listed)
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, limit);
  }

  async withAiDue(kind: string, dueBy = Number.POSITIVE_INFINITY): Promise<Array<{ id: string; aiDueAt: number }>> {
    const due: Array<{ id: string; aiDueAt: number }> = [];
    for (const row of this.rows.values()) {
      const game = JSON.parse(row) as StoredGame;
      const { aiDueAt } = game;
      if (game.kind === kind && aiDueAt !== null && aiDueAt <= dueBy) due.push({ id: game.id, aiDueAt });
    }
    return due;
  }

  async withTurnDue(kind: string, dueBy = Number.POSITIVE_INFINITY): Promise<Array<{ id: string; turnDueAt: number }>> {
    const due: Array<{ id: string; turnDueAt: number }> = [];
    for (const row of this.rows.values()) {
      const game = JSON.parse(row) as StoredGame;
      const turnDueAt = game.seatClock.turnDueAt;
      if (game.kind === kind && turnDueAt !== null && turnDueAt <= dueBy) due.push({ id: game.id, turnDueAt });
    }
    return due;
  }

  async markSeen(id: string, at: number): Promise<void> {
    if (this.rows.has(id) && at > (this.sightings.get(id) ?? Number.NEGATIVE_INFINITY)) this.sightings.set(id, at);
  }

  async unfinished(kind: string): Promise<UnfinishedGame[]> {
    const found: UnfinishedGame[] = [];
    for (const row of this.rows.values()) {
      const game = JSON.parse(row) as StoredGame;
      const { phase } = game.state;
      if (game.kind !== kind || phase === 'finished') continue;
      const seenAt = this.sightings.get(game.id);
      found.push({ id: game.id, phase, updatedAt: game.updatedAt, ...(seenAt === undefined ? {} : { seenAt }) });
    }
    return found;
  }
}

/**
 * Leases in memory, like the `game_leases` table: share one between several services to stand for
 * the nodes of a cluster.
 */
export class MemoryLeases implements Leases {
  private readonly held = new Map<string, { readonly holder: string; readonly until: number }>();

  async take(key: string, holder: string, now: number, until: number): Promise<boolean> {
    const lease = this.held.get(key);
    if (lease !== undefined && lease.holder !== holder && lease.until > now) return false;
    this.held.set(key, { holder, until });
    return true;
  }

  async release(key: string, holder: string): Promise<void> {
    if (this.held.get(key)?.holder === holder) this.held.delete(key);
  }

  /** Who holds `key`, whatever its expiry (tests). */
  holder(key: string): string | undefined {
    return this.held.get(key)?.holder;
  }
}

/** A clock that moves only when told. */
export class ManualClock implements Clock {
  constructor(private time = 1_700_000_000_000) {}
  now(): number {
    return this.time;
  }
  advance(ms: number): void {
    this.time += ms;
  }
}

/**
 * A scheduler driven by a `ManualClock`: `runDue()` runs what is due by the clock's time. Keys are
 * game ids (AI timers) or `{id}#turn` (turn clocks).
 */
export class ManualScheduler implements Scheduler {
  private readonly tasks = new Map<string, { at: number; task: () => void }>();
  constructor(private readonly clock: Clock) {}

  schedule(gameId: string, at: number, task: () => void): void {
    this.tasks.set(gameId, { at, task });
  }

  cancel(gameId: string): void {
    this.tasks.delete(gameId);
  }

  /** When the task of `gameId` is due, or undefined. */
  dueAt(gameId: string): number | undefined {
    return this.tasks.get(gameId)?.at;
  }

  /** When the earliest task is due (ms), or undefined when nothing is scheduled. */
  nextAt(): number | undefined {
    let next: number | undefined;
    for (const { at } of this.tasks.values()) if (next === undefined || at < next) next = at;
    return next;
  }

  /** Runs every task due now; returns how many ran. */
  runDue(): number {
    let ran = 0;
    for (const [id, { at, task }] of [...this.tasks]) {
      if (at > this.clock.now()) continue;
      this.tasks.delete(id);
      task();
      ran++;
    }
    return ran;
  }
}

/** Predictable ids: games `G00001`, `G00002` … (optionally repeating one first, to test collisions). */
export class SequentialIds implements IdSource {
  private n = 0;
  constructor(private readonly repeats: string[] = []) {}
  gameId(): string {
    const repeat = this.repeats.shift();
    if (repeat !== undefined) return repeat;
    this.n++;
    return `G${String(this.n).padStart(5, '0')}`;
  }
  private secrets = 0;
  seed(): string {
    return `seed-${this.n}`;
  }
  secret(): string {
    this.secrets++;
    return `secret-${this.secrets}`;
  }
  private tokens = 0;
  token(): string {
    this.tokens++;
    return `token-${this.tokens}`;
  }
  private picks = 0;
  /** Walks through 0, 1, 2 … (mod n), so tests can predict it. */
  pick(n: number): number {
    return this.picks++ % n;
  }
  /** Not a real hash: the real adapter uses sha256; tests only need a stable stand-in. */
  digest(value: string): string {
    return `digest(${value})`;
  }
}

/** Remembers every published version. */
export class RecordingPublisher implements Publisher {
  readonly published: Array<{ id: string; version: number }> = [];
  publish(game: StoredGame): void {
    this.published.push({ id: game.id, version: game.version });
  }
}
