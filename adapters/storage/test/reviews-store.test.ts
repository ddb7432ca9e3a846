import type { GameReview } from '@palace/core';
import { afterAll, describe, expect, it } from 'vitest';
import { KyselyReviewsStore } from '../src/index.js';
import { DIALECTS, DialectDatabases } from './dialects.js';

const review = (worlds: number): GameReview => ({
  version: 1,
  worlds,
  seats: [{ seat: 's0', name: 'Ann', ai: null, luck: 0.42, meanDrop: 0.013, moves: 1, mistakes: 0, blunders: 0 }],
  moves: [
    {
      entry: 7,
      seat: 's0',
      played: { type: 'play', cards: [{ id: 'c1', rank: 7, suit: 'clubs' }], faceDown: false },
      before: 0.5,
      after: 0.487,
      best: null,
      choices: 3,
      mark: null,
    },
  ],
});

describe.each(DIALECTS)('reviews store (%s)', (dialect) => {
  const dbs = new DialectDatabases(dialect);
  afterAll(() => dbs.cleanUp());

  it('reviews store - a review is kept per game and kind, read back whole; the first save wins', async () => {
    const store = new KyselyReviewsStore(await dbs.fresh('reviews'));
    expect(await store.load('rest', 'G1')).toBeNull();
    await store.save('rest', 'G1', review(120), 1);
    await store.save('rest', 'G1', review(60), 2);
    expect(await store.load('rest', 'G1')).toEqual(review(120));
    expect(await store.load('main', 'G1')).toBeNull();
    await store.save('main', 'G1', review(60), 3);
    expect(await store.load('main', 'G1')).toEqual(review(60));
  });
});
