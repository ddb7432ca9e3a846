import { type EstimateBudget, err, type GameReview, ok, REVIEW_BUDGET, type Result, startReview } from '@palace/core';
import type { RecordFile, RecordRefusal, Records } from './records.js';
import { serviceError } from './service-error.js';

/** Where finished games' reviews are kept once computed (docs/records.md "Reviews"). */
export interface ReviewsStore {
  load(variant: string, gameId: string): Promise<GameReview | null>;
  /** Keeps the review; a second save of the same game (another node was quicker) keeps the first. */
  save(variant: string, gameId: string, review: GameReview, at: number): Promise<void>;
}

/** The answer to a review request: ready, or still being computed (`done` of `total` decisions). */
export type ReviewAnswer =
  | { readonly status: 'ready'; readonly review: GameReview }
  | { readonly status: 'pending'; readonly done: number; readonly total: number };

export interface ReviewsOptions {
  /** Lets other work run between two reviewed decisions (the server: a `setImmediate` turn). */
  readonly pause: () => Promise<void>;
  readonly now: () => number;
  /** Sampled worlds per decision; default the engine's `REVIEW_BUDGET`. */
  readonly budget?: EstimateBudget;
  /** Games waiting for the job at most (the one being reviewed included); more are refused as busy. */
  readonly queueLimit?: number;
  /** Told when a review could not be computed (a record that does not replay: a bug, logged). */
  readonly failed?: (key: string, error: unknown) => void;
}

/** Reviews waiting at most, by default: a game of four takes about 2 s of one core. */
export const REVIEW_QUEUE_LIMIT = 20;

/** Failed reviews remembered at most (then forgotten together, and tried again if asked). */
export const FAILURES_KEPT = 1000;

interface Pending {
  readonly record: RecordFile;
  done: number;
  total: number;
}

/**
 * Post-game reviews (docs/product.md §D14 review; docs/records.md "Reviews"). Whoever may read a
 * game's record may read its review: the record is fetched through `Records` with its rules (over,
 * not sealed). A review is computed once, by one job per process that reviews one decision at a time
 * and pauses between them, so it never holds the event loop for more than one decision's playouts;
 * requests are answered at once, `pending` with the progress until the review is kept in the store.
 */
export class Reviews {
  private readonly queue = new Map<string, Pending>();
  /** Games whose review failed in this process, so a reader is told so rather than kept waiting. */
  private readonly failures = new Set<string>();
  private running = false;

  constructor(
    private readonly records: Pick<Records, 'get'>,
    private readonly store: ReviewsStore,
    private readonly options: ReviewsOptions,
  ) {}

  /** The review of game `gameId` of kind `variant`, or its progress; the record's refusals as they are. */
  async get(variant: string, gameId: string): Promise<Result<ReviewAnswer, RecordRefusal>> {
    const record = await this.records.get(variant, gameId);
    if (!record.ok) return record;
    const key = `${record.value.variant}/${record.value.gameId}`;
    if (this.failures.has(key)) return err(serviceError('review/failed'));
    const waiting = this.queue.get(key);
    if (waiting !== undefined) return ok({ status: 'pending', done: waiting.done, total: waiting.total });
    const kept = await this.store.load(record.value.variant, record.value.gameId);
    if (kept !== null) return ok({ status: 'ready', review: kept });
    if (this.queue.size >= (this.options.queueLimit ?? REVIEW_QUEUE_LIMIT)) return err(serviceError('review/busy'));
    const pending: Pending = { record: record.value, done: 0, total: 0 };
    this.queue.set(key, pending);
    if (!this.running) void this.drain();
    return ok({ status: 'pending', done: 0, total: 0 });
  }

  /** Reviews the queued games one after another, in the order they were asked for. */
  private async drain(): Promise<void> {
    this.running = true;
    try {
      for (let next = this.queue.entries().next(); !next.done; next = this.queue.entries().next()) {
        const [key, pending] = next.value;
        try {
          await this.review(pending);
        } catch (error) {
          if (this.failures.size >= FAILURES_KEPT) this.failures.clear();
          this.failures.add(key);
          this.options.failed?.(key, error);
        } finally {
          this.queue.delete(key);
        }
      }
    } finally {
      this.running = false;
    }
  }

  private async review(pending: Pending): Promise<void> {
    const { record } = pending;
    // Not in the request that queued it: the replay and the first decision wait for a turn of their own.
    await this.options.pause();
    const job = startReview(record, this.options.budget ?? REVIEW_BUDGET);
    if (!job.ok)
      throw new Error(`the record of ${record.variant}/${record.gameId} does not replay: ${job.error.message}`);
    pending.total = job.value.total;
    while (job.value.next()) {
      pending.done += 1;
      await this.options.pause();
    }
    pending.done = pending.total;
    await this.store.save(record.variant, record.gameId, job.value.result(), this.options.now());
  }
}
