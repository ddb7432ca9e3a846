import { type GameRecord, legalMoves, reviewRecord } from '@palace/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { askComputer } from '../src/ai/ai-client.js';
import { answer } from '../src/ai/ai-requests.js';
import { NO_WORKER, reviewInWorker } from '../src/ai/review-client.js';
import {
  REVIEW_PROGRESS_EVERY,
  type ReviewMessage,
  type ReviewRequest,
  reviewAnswer,
} from '../src/ai/review-requests.js';
import { HUMAN_SEAT, newSinglePlayerGame } from '../src/pages/prototypes/local-game.js';
import { playedRecord } from './record-fixtures.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the computer off the main thread (docs/web.md "Hints and the computer in a worker")', () => {
  it('hint - on the seat’s turn a legal move and its reason, the same for the same seed; none off turn', async () => {
    let state = newSinglePlayerGame('ask');
    const human = state.seats.findIndex((s) => s.id === HUMAN_SEAT);
    if (state.turn !== human) {
      // The AI goes first here: the hint is for the seat whose turn it is.
      expect(await askComputer({ kind: 'hint', state, seat: HUMAN_SEAT, seed: 's' })).toBeNull();
      state = { ...state, turn: human };
    }
    const request = { kind: 'hint' as const, state, seat: HUMAN_SEAT, seed: 'ask:hint:0' };
    // No Worker here (jsdom): the same code answers on this thread.
    const got = await askComputer(request);
    expect(got).toEqual(answer(request));
    expect(legalMoves(state, human)).toContainEqual(got?.move);
    expect(got?.reason).toMatch(/^[A-Z].+/);
  });
});

/** A small budget: the same code as the engine's `REVIEW_BUDGET`, in a fraction of the time. */
const BUDGET = { worlds: 2, perSeatDepth: 25 };

/** The record with another winner: it does not replay. */
function forged(record: GameRecord): GameRecord {
  const other = record.seats.find((s) => s.id !== record.result?.winner)?.id ?? '';
  return { ...record, result: record.result === null ? null : { ...record.result, winner: other } };
}

/**
 * A stand-in for the browser's Worker running `ai-worker.ts`: each request is answered by the
 * same `reviewAnswer`, a moment later, until it is terminated.
 */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.made.push(this);
  }
  postMessage(data: { readonly id: number; readonly request: ReviewRequest }): void {
    setTimeout(() =>
      reviewAnswer(
        data.request,
        (review) => {
          if (!this.terminated) this.onmessage?.({ data: { id: data.id, review } } as MessageEvent);
        },
        BUDGET,
      ),
    );
  }
  terminate(): void {
    this.terminated = true;
  }
}

describe('the review off the main thread (docs/web.md "Review")', () => {
  it('review request - 0 % first, progress every few decisions, then the engine’s review; a forged record says why', () => {
    const record = playedRecord();
    const said: ReviewMessage[] = [];
    reviewAnswer({ kind: 'review', record }, (m) => said.push(m), BUDGET);
    const expected = reviewRecord(record, BUDGET);
    if (!expected.ok) throw new Error(expected.error.message);
    const total = expected.value.moves.length;
    expect(total).toBeGreaterThan(REVIEW_PROGRESS_EVERY);
    const progress = said.slice(0, -1);
    expect(progress[0]).toEqual({ kind: 'progress', done: 0, total });
    const steps = progress.map((m) => (m.kind === 'progress' ? m.done : -1));
    expect(steps.every((done, i) => done === i * REVIEW_PROGRESS_EVERY && done < total)).toBe(true);
    expect(steps.length).toBe(Math.ceil(total / REVIEW_PROGRESS_EVERY));
    // The same review the server's job makes of the same record (with the same budget).
    expect(said.at(-1)).toEqual({ kind: 'ready', review: expected.value });

    const refused: ReviewMessage[] = [];
    reviewAnswer({ kind: 'review', record: forged(record) }, (m) => refused.push(m), BUDGET);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.kind === 'failed' && refused[0].message).toMatch(/^This record does not replay: .+\.$/);
  });

  it('review client - a worker of its own: progress, the review, the worker ended; cancelled; none without workers', async () => {
    const record = playedRecord();
    await expect(reviewInWorker(record, () => undefined)).rejects.toThrow(NO_WORKER);

    vi.stubGlobal('Worker', FakeWorker);
    FakeWorker.made = [];
    const heard: [number, number][] = [];
    const review = await reviewInWorker(record, (done, total) => heard.push([done, total]));
    const expected = reviewRecord(record, BUDGET);
    expect(expected.ok && review).toEqual(expected.ok && expected.value);
    expect(heard[0]).toEqual([0, review.moves.length]);
    const [worker] = FakeWorker.made;
    expect(worker?.url.pathname).toMatch(/\/ai-worker\.ts$/);
    expect(worker?.options.type).toBe('module');
    expect(worker?.terminated).toBe(true);

    // Cancelled at its first progress (the page going away): the worker ends, nothing more is heard.
    const controller = new AbortController();
    const later: number[] = [];
    const cancelled = reviewInWorker(
      record,
      (done) => {
        later.push(done);
        controller.abort();
      },
      controller.signal,
    );
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(later).toEqual([0]);
    expect(FakeWorker.made[1]?.terminated).toBe(true);

    // A record that does not replay: the engine's reason.
    await expect(reviewInWorker(forged(record), () => undefined)).rejects.toThrow(/^This record does not replay/);
  });
});
