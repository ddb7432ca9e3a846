import type { GameRecord } from '@palace/core';
import type { GameReview } from '@palace/protocol';
import type { ReviewMessage } from './review-requests.js';

/**
 * Reviews a record file in the browser (docs/web.md "Review"; docs/product.md §D14 review): the
 * engine's review runs in a Web Worker of its own (the same script as `ai-client.ts`'s), never on
 * the page, so the page stays live for the seconds it takes and a hint is never queued behind it.
 * The worker is ended when the review is done, fails or is cancelled.
 */

/** Said when the browser cannot run the review off the page (it would freeze the page meanwhile). */
export const NO_WORKER = 'This browser cannot review a game here: it does not run Web Workers.';
/** Said when the worker's script does not load (offline before it was ever loaded, or blocked). */
export const WORKER_FAILED = 'The review could not start in this browser. Reload the page and try again.';

/**
 * The review of `record`, computed in a worker; `onProgress` hears `done` of `total` decisions (from
 * 0 %). Fails with the reason in words (a record that does not replay says why). Aborting `signal`
 * (the page going away, another file opened) ends the worker and rejects with an `AbortError`;
 * `onProgress` is not called after that.
 */
export function reviewInWorker(
  record: GameRecord,
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<GameReview> {
  return new Promise<GameReview>((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(new DOMException('The review was cancelled.', 'AbortError'));
      return;
    }
    if (typeof Worker === 'undefined') {
      reject(new Error(NO_WORKER));
      return;
    }
    let worker: Worker;
    try {
      worker = new Worker(new URL('./ai-worker.ts', import.meta.url), { type: 'module', name: 'palace-review' });
    } catch {
      reject(new Error(WORKER_FAILED));
      return;
    }
    const end = () => {
      worker.terminate();
      signal?.removeEventListener('abort', cancel);
    };
    function cancel() {
      end();
      reject(new DOMException('The review was cancelled.', 'AbortError'));
    }
    signal?.addEventListener('abort', cancel);
    worker.onmessage = (event: MessageEvent<{ review?: ReviewMessage; error?: string }>) => {
      const { review, error } = event.data;
      if (review?.kind === 'progress') {
        onProgress(review.done, review.total);
        return;
      }
      end();
      if (review?.kind === 'ready') resolve(review.review);
      else if (review?.kind === 'failed') reject(new Error(review.message));
      // A record whose shape fooled the file check can still break the engine: its words, plainly.
      else reject(new Error(error === undefined ? WORKER_FAILED : `The review failed: ${error}`));
    };
    worker.onerror = () => {
      end();
      reject(new Error(WORKER_FAILED));
    };
    worker.postMessage({ id: 1, request: { kind: 'review', record } });
  });
}
