/// <reference lib="webworker" />
import { type AiRequest, answer } from './ai-requests.js';

/**
 * The computer's search off the page's main thread (docs/web.md "The computer in a worker"): each
 * message is one request with its id; the answer goes back with the same id, or the error's text.
 */
declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<{ readonly id: number; readonly request: AiRequest }>) => {
  const { id, request } = event.data;
  try {
    self.postMessage({ id, answer: answer(request) });
  } catch (error) {
    self.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
