import { type GameReview, reviewRecord } from '@palace/core';
import { describe, expect, it } from 'vitest';
import { Records, Reviews, type ReviewsStore } from '../src/index.js';
import { aiToMove, driveAi, setup, value } from './rest-support.js';

/** A few worlds per decision: these tests check the job and the store, not the estimates. */
const BUDGET = { worlds: 4, perSeatDepth: 10 };

/** Reviews kept in memory, counting saves. */
class MemoryReviews implements ReviewsStore {
  readonly kept = new Map<string, GameReview>();
  saves = 0;
  async load(variant: string, gameId: string): Promise<GameReview | null> {
    return this.kept.get(`${variant}/${gameId}`) ?? null;
  }
  async save(variant: string, gameId: string, review: GameReview): Promise<void> {
    this.saves += 1;
    if (!this.kept.has(`${variant}/${gameId}`)) this.kept.set(`${variant}/${gameId}`, review);
  }
}

/** A REST game of Alice against the AI, played to the end (Alice plays her first playable card). */
async function finishedGame() {
  const s = setup();
  const { id, alice } = await aiToMove(s);
  for (let i = 0; i < 2000; i++) {
    const state = value(await s.rest.view(id, alice));
    if (state.status === 'finished') return { s, id };
    if (state.currentTurn !== alice) {
      await driveAi(s);
      continue;
    }
    const [first] = state.playableCards;
    value(first === undefined ? await s.rest.pickUp(id, alice) : await s.rest.play(id, alice, [first]));
  }
  throw new Error('the game did not finish');
}

/** A pause the test releases by hand: the job runs one decision per `step()`. */
function steppedPause() {
  const waiting: Array<() => void> = [];
  return {
    pause: () => new Promise<void>((resume) => waiting.push(resume)),
    async step(): Promise<boolean> {
      const next = waiting.shift();
      if (next === undefined) return false;
      next();
      await new Promise((r) => setImmediate(r));
      return true;
    },
  };
}

describe('reviews', () => {
  it('reviews - pending with its progress while the job works a decision at a time, then ready and kept', async () => {
    const { s, id } = await finishedGame();
    const records = new Records(s.store);
    const store = new MemoryReviews();
    const gate = steppedPause();
    const reviews = new Reviews(records, store, { pause: gate.pause, now: () => 5, budget: BUDGET });
    expect(value(await reviews.get('rest', id))).toEqual({ status: 'pending', done: 0, total: 0 });
    await gate.step();
    const first = value(await reviews.get('rest', id));
    expect(first.status).toBe('pending');
    if (first.status !== 'pending') return;
    expect(first.done).toBe(1);
    expect(first.total).toBeGreaterThan(10);
    // Asked again meanwhile: the same job (no second one), its progress.
    expect(value(await reviews.get('rest', id.toLowerCase()))).toMatchObject({ status: 'pending', done: 1 });
    while (await gate.step()) {}
    const ready = value(await reviews.get('rest', id));
    expect(ready.status).toBe('ready');
    if (ready.status !== 'ready') return;
    expect(store.saves).toBe(1);
    // The review is the engine's for the published record (the same for whoever computes it).
    const record = value(await records.get('rest', id));
    const direct = reviewRecord(record, BUDGET);
    if (!direct.ok) throw new Error(direct.error.message);
    expect(ready.review).toEqual(direct.value);
    expect(ready.review.moves.length).toBe(first.total);
    // Kept: asked again, it is read back, not computed again.
    expect(value(await reviews.get('rest', id))).toEqual(ready);
    expect(store.saves).toBe(1);
  });

  it("reviews - the record's refusals as they are: an unknown game, a game still running (with its commitment)", async () => {
    const s = setup();
    const { id } = await aiToMove(s);
    const reviews = new Reviews(new Records(s.store), new MemoryReviews(), {
      pause: async () => {},
      now: () => 5,
      budget: BUDGET,
    });
    const running = await reviews.get('rest', id);
    expect(running.ok).toBe(false);
    if (!running.ok) expect(running.error.code).toBe('record/not_over');
    if (!running.ok) expect(running.error.commitment).toMatch(/\S/);
    const unknown = await reviews.get('rest', 'NOSUCH');
    expect(!unknown.ok && unknown.error.code).toBe('game/not_found');
    const kind = await reviews.get('poker', id);
    expect(!kind.ok && kind.error.code).toBe('game/not_found');
  });

  it('reviews - a full queue refuses the game as busy and queues nothing', async () => {
    const { s, id } = await finishedGame();
    const store = new MemoryReviews();
    let paused = 0;
    const pause = async () => {
      paused += 1;
    };
    const reviews = new Reviews(new Records(s.store), store, { pause, now: () => 5, budget: BUDGET, queueLimit: 0 });
    const busy = await reviews.get('rest', id);
    expect(!busy.ok && busy.error).toEqual({
      code: 'review/busy',
      message: 'Too many games are being reviewed. Please try again in a minute.',
    });
    await new Promise((r) => setImmediate(r));
    expect(paused).toBe(0);
    expect(store.saves).toBe(0);
  });

  it('reviews - a record that does not replay is said once (logged) and then answered as failed, not queued again', async () => {
    const { s, id } = await finishedGame();
    const records = new Records(s.store);
    const record = value(await records.get('rest', id));
    // A damaged record: its result names another winner than the replay reaches.
    const damaged = { ...record, result: record.result === null ? null : { ...record.result, winner: 'nobody' } };
    const failed: string[] = [];
    const reviews = new Reviews({ get: async () => ({ ok: true, value: damaged }) }, new MemoryReviews(), {
      pause: async () => {},
      now: () => 5,
      budget: BUDGET,
      failed: (key) => failed.push(key),
    });
    expect(value(await reviews.get('rest', id)).status).toBe('pending');
    for (let i = 0; i < 5 && failed.length === 0; i++) await new Promise((r) => setImmediate(r));
    expect(failed).toEqual([`rest/${id}`]);
    const after = await reviews.get('rest', id);
    expect(!after.ok && after.error).toEqual({ code: 'review/failed', message: 'This game could not be reviewed.' });
    expect(failed).toHaveLength(1);
  });
});
