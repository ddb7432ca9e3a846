import type { KyselyRetention, RetentionOutcome } from '@palace/adapter-storage';
import type { Leases } from '@palace/service';

/** How often finished games' old records are looked for, in ms (and once at start). */
export const RETENTION_EVERY_MS = 60 * 60_000;

/** A day in ms (`RECORDS_KEEP_DAYS` counts days). */
export const DAY_MS = 86_400_000;

/** The pause between two of the job's transactions, in ms: requests and moves go first. */
const PAUSE_MS = 5;

/**
 * The job's lease in `game_leases`, so one node of a cluster runs it at a time (a second would only
 * find nothing left to do). Not a game id: no kind spells its ids with a colon and this word.
 */
const LEASE_KEY = 'palace:records-retention';

/** How long the lease lasts; a run renews it every `LEASE_RENEW_MS` while it works. */
const LEASE_MS = 10 * 60_000;
const LEASE_RENEW_MS = 60_000;

const NOTHING: RetentionOutcome = { games: 0, entries: 0 };

export interface RetentionJobOptions {
  readonly retention: KyselyRetention;
  readonly leases: Leases;
  readonly nodeId: string;
  /** `RECORDS_KEEP_DAYS`: whole days a finished game's moves are kept. */
  readonly keepDays: number;
  /** The time, ms since the epoch. */
  readonly now: () => number;
  /** A run that removed something (logged). */
  readonly removed: (outcome: RetentionOutcome) => void;
  /** A run that failed (logged; the next run tries again). */
  readonly failed: (error: unknown) => void;
}

/**
 * `RECORDS_KEEP_DAYS` (docs/deploy.md "Retention"): every hour, and once at start, the record
 * entries of finished games last changed more than that many days ago are removed, a few hundred
 * rows per transaction with a pause between (`KyselyRetention`). On a cluster one node at a time
 * does it, under a lease. Closing stops a run between two transactions.
 */
export class RetentionJob {
  private running: Promise<RetentionOutcome> | null = null;
  private stopped = false;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly options: RetentionJobOptions) {
    this.timer = setInterval(() => void this.run().catch(() => undefined), RETENTION_EVERY_MS);
    this.timer.unref();
  }

  /** Runs the job now, or answers the run under way. A failure is reported to `failed` and rethrown. */
  run(): Promise<RetentionOutcome> {
    if (this.stopped) return Promise.resolve(NOTHING);
    this.running ??= this.once(this.options.now()).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Stops the timer and waits for a run under way to stop after its current transaction. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  private async once(at: number): Promise<RetentionOutcome> {
    const { leases, nodeId, retention } = this.options;
    if (!(await leases.take(LEASE_KEY, nodeId, at, at + LEASE_MS))) return NOTHING;
    let renewedAt = at;
    try {
      const outcome = await retention.removeOldEntries({
        before: at - this.options.keepDays * DAY_MS,
        now: at,
        stopped: () => this.stopped,
        pause: async () => {
          await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
          const now = this.options.now();
          if (now - renewedAt >= LEASE_RENEW_MS && (await leases.take(LEASE_KEY, nodeId, now, now + LEASE_MS))) {
            renewedAt = now;
          }
        },
      });
      if (outcome.games > 0) this.options.removed(outcome);
      return outcome;
    } catch (error) {
      this.options.failed(error);
      throw error;
    } finally {
      await leases.release(LEASE_KEY, nodeId).catch(() => undefined);
    }
  }
}
