import { type AiAnswer, type AiRequest, answer } from './ai-requests.js';

/**
 * Asks the computer without freezing the page (docs/web.md "The computer in a worker"): the
 * request runs in one shared Web Worker, made on the first request; where the browser has no
 * workers (or the worker cannot start), the same code answers on this thread.
 */
let worker: Worker | null | undefined;
let nextId = 1;
interface Waiting {
  readonly request: AiRequest;
  readonly resolve: (a: AiAnswer) => void;
  readonly reject: (e: Error) => void;
}
const pending = new Map<number, Waiting>();

/** Answers `waiting` on this thread (no worker, or the worker failed). */
function answerHere(waiting: Waiting): void {
  try {
    waiting.resolve(answer(waiting.request));
  } catch (error) {
    waiting.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

function theWorker(): Worker | null {
  if (worker !== undefined) return worker;
  if (typeof Worker === 'undefined') {
    worker = null;
    return worker;
  }
  try {
    worker = new Worker(new URL('./ai-worker.ts', import.meta.url), { type: 'module', name: 'palace-ai' });
  } catch {
    worker = null;
    return worker;
  }
  worker.onmessage = (event: MessageEvent<{ id: number; answer?: AiAnswer; error?: string }>) => {
    const waiting = pending.get(event.data.id);
    if (waiting === undefined) return;
    pending.delete(event.data.id);
    if (event.data.error !== undefined) waiting.reject(new Error(event.data.error));
    else waiting.resolve(event.data.answer ?? null);
  };
  worker.onerror = () => {
    // A worker that fails to load: every request waiting is answered here instead, and later ones too.
    worker = null;
    const waiting = [...pending.values()];
    pending.clear();
    for (const w of waiting) answerHere(w);
  };
  return worker;
}

/** The computer's answer to `request`, from the worker when there is one. */
export function askComputer(request: AiRequest): Promise<AiAnswer> {
  const w = theWorker();
  return new Promise<AiAnswer>((resolve, reject) => {
    const waiting = { request, resolve, reject };
    if (w === null) {
      queueMicrotask(() => answerHere(waiting));
      return;
    }
    const id = nextId++;
    pending.set(id, waiting);
    w.postMessage({ id, request });
  });
}

/**
 * Starts the worker now (a screen that will ask, as it opens): its script loads while the page is
 * still online, so a hint asked for later works offline too.
 */
export function warmComputer(): void {
  theWorker();
}
