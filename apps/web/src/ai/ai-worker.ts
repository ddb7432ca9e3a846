/// <reference lib="webworker" />
import { type AiRequest, answer } from './ai-requests.js';
import { type ReviewRequest, reviewAnswer } from './review-requests.js';

/**
 * The computer's search off the page's main thread (docs/web.md "Hints and the computer in a worker"):
 * each message is one request with its id; the answer goes back with the same id, or the error's
 * text. A review (`review-client.ts`, in a worker of its own) answers with several messages, its
 * progress and then the review, each as `{ id, review }`.
 */
declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<{ readonly id: number; readonly request: AiRequest | ReviewRequest }>) => {
  const { id, request } = event.data;
  try {
    if (request.kind === 'review') reviewAnswer(request, (review) => self.postMessage({ id, review }));
    else self.postMessage({ id, answer: answer(request) });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
