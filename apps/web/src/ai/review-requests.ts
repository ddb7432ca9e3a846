import { type EstimateBudget, type GameRecord, REVIEW_BUDGET, startReview } from '@palace/core';
import type { GameReview } from '@palace/protocol';

/**
 * The post-game review of a record file, computed off the page's main thread (docs/web.md "Hints and
 * the computer in a worker"; docs/product.md §D14 review): the engine's `startReview`, one decision
 * at a time, with its progress said every few decisions. The worker (`ai-worker.ts`) runs
 * `reviewAnswer`; tests call it directly.
 */
export interface ReviewRequest {
  readonly kind: 'review';
  /** The record as the file holds it (its shape checked, its commands not yet). */
  readonly record: GameRecord;
}

/** What the worker says about a review, in order: progress (from 0 of `total`), then the review or why not. */
export type ReviewMessage =
  | { readonly kind: 'progress'; readonly done: number; readonly total: number }
  | { readonly kind: 'ready'; readonly review: GameReview }
  | { readonly kind: 'failed'; readonly message: string };

/** Progress is said after this many decisions (a decision takes about a tenth of a second). */
export const REVIEW_PROGRESS_EVERY = 4;

/**
 * Reviews `request.record` with `budget` (the engine's `REVIEW_BUDGET`, as the server's job uses:
 * the same record gets the same review), telling `post` the progress and then the review; a record
 * that does not replay gets the engine's reason.
 */
export function reviewAnswer(
  request: ReviewRequest,
  post: (message: ReviewMessage) => void,
  budget: EstimateBudget = REVIEW_BUDGET,
): void {
  const job = startReview(request.record, budget);
  if (!job.ok) {
    post({ kind: 'failed', message: `This record does not replay: ${job.error.message}.` });
    return;
  }
  const { total } = job.value;
  post({ kind: 'progress', done: 0, total });
  let done = 0;
  while (job.value.next()) {
    done += 1;
    if (done % REVIEW_PROGRESS_EVERY === 0 && done < total) post({ kind: 'progress', done, total });
  }
  // The engine's review has the wire shape of `@palace/protocol`'s, only read-only; the page gets a copy.
  post({ kind: 'ready', review: job.value.result() as GameReview });
}
