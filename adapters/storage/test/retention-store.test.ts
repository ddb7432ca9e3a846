import type { StoredGame } from '@palace/service';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { KyselyAccountsStore, KyselyGamesStore, KyselyRetention, KyselyReviewsStore } from '../src/index.js';
import type { Database } from '../src/schema.js';
import { DIALECTS, DialectDatabases } from './dialects.js';
import { expectLedgerBalanced, fee, newGame, pay, registrar, sit } from './helpers.js';

const DAY = 86_400_000;

/** A finished game of `entries` record entries, last changed at `at`. */
function finished(id: string, at: number, entries: number): StoredGame {
  const game = newGame(id, at);
  return {
    ...game,
    state: { ...game.state, phase: 'finished' },
    record: {
      ...game.record,
      entries: Array.from({ length: entries }, (_, i) => ({ at: at + i, command: sit(`s${i}`) })),
    },
  };
}

/** Rows of `table` for `gameId`. */
async function rows(
  db: Kysely<Database>,
  table: 'game_entries' | 'results' | 'ledger' | 'rating_history',
  gameId: string,
) {
  return Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('game_id', '=', gameId)
        .executeTakeFirstOrThrow()
    ).n,
  );
}

describe.each(DIALECTS)('%s records retention', (dialect) => {
  const temp = new DialectDatabases(dialect);
  afterEach(() => temp.cleanUp(expectLedgerBalanced));

  it('retention - an old finished game loses its entries and review; its state, results, ratings and ledger stay', async () => {
    const db = await temp.fresh('retention');
    const games = new KyselyGamesStore(db);
    const reviews = new KyselyReviewsStore(db);
    const register = await registrar(new KyselyAccountsStore(db));
    const [ann, bob] = [await register('Ann', 500), await register('Bob', 500)];
    const now = 100 * DAY;
    // Old and finished, with a pot, results and ratings; old and finished without; recent; old but running.
    const old = finished('OLD', now - 10 * DAY, 40);
    const effects = {
      postings: [fee(ann.id, 100, 'OLD'), fee(bob.id, 100, 'OLD'), pay(ann.id, 200, 'OLD')],
      results: [
        { userId: ann.id, won: true },
        { userId: bob.id, won: false },
      ],
      ratings: {
        preset: 'classic',
        seats: [
          { userId: ann.id, place: 1 },
          { userId: bob.id, place: 2 },
        ],
      },
    };
    expect(await games.insert(old, effects)).toBe('saved');
    expect(await games.insert(finished('PLAIN', now - 8 * DAY, 5))).toBe('saved');
    expect(await games.insert(finished('RECENT', now - 2 * DAY, 5))).toBe('saved');
    const running = newGame('RUNNING', now - 30 * DAY);
    expect(await games.insert(running)).toBe('saved');
    const review = { seats: [], moves: [] } as unknown as Parameters<KyselyReviewsStore['save']>[2];
    await reviews.save('test', 'OLD', review, now - 9 * DAY);
    await reviews.save('test', 'RECENT', review, now - DAY);
    const before = await games.load('OLD', { entries: false });

    const retention = new KyselyRetention(db);
    expect(await retention.removeOldEntries({ before: now - 7 * DAY, now })).toEqual({ games: 2, entries: 45 });

    expect(await rows(db, 'game_entries', 'OLD')).toBe(0);
    expect(await rows(db, 'game_entries', 'PLAIN')).toBe(0);
    expect(await rows(db, 'game_entries', 'RECENT')).toBe(5);
    expect(await rows(db, 'game_entries', 'RUNNING')).toBe(1);
    expect(await rows(db, 'results', 'OLD')).toBe(2);
    expect(await rows(db, 'ledger', 'OLD')).toBe(6);
    expect(await rows(db, 'rating_history', 'OLD')).toBe(2);
    expect(await reviews.load('test', 'OLD')).toBeNull();
    expect(await reviews.load('test', 'RECENT')).toEqual(review);
    // The game reads as before, with no entries, whichever way it is loaded, and says since when.
    const gone = { ...before, entriesRemovedAt: now };
    expect(await games.load('OLD', { entries: false })).toEqual(gone);
    expect(await games.load('OLD', { entries: true })).toEqual(gone);
    expect((await games.load('RECENT'))?.record.entries).toHaveLength(5);
    expect((await games.load('RECENT'))?.entriesRemovedAt).toBeUndefined();
    // Its players' history still lists it.
    expect((await games.finishedBy('test', ann.id, 10)).map((f) => [f.game.id, f.won])).toEqual([['OLD', true]]);

    // Nothing is left for a second run; a later save (a chat line after the end) keeps the mark.
    expect(await retention.removeOldEntries({ before: now - 7 * DAY, now: now + 1 })).toEqual({ games: 0, entries: 0 });
    const loaded = await games.load('PLAIN', { entries: false });
    if (loaded === null) throw new Error('no game');
    expect(await games.save({ ...loaded, version: loaded.version + 1, meta: { n: 99 } }, loaded.version)).toBe('saved');
    expect((await games.load('PLAIN'))?.entriesRemovedAt).toBe(now);
  });

  it('retention - works in transactions of about the batch size, whole games each, pausing between them', async () => {
    const db = await temp.fresh('retention');
    const games = new KyselyGamesStore(db);
    const now = 50 * DAY;
    // Oldest first: 3 + 3 entries fit a batch of 6, then one game of 9 alone (never split), then 2 + 4.
    const sizes = [3, 3, 9, 2, 4];
    for (const [i, size] of sizes.entries()) {
      expect(await games.insert(finished(`G${i}`, now - (20 - i) * DAY, size))).toBe('saved');
    }
    const batches: string[][] = [];
    const retention = new KyselyRetention(db);
    const removedIds = async () =>
      (
        await db.selectFrom('games').select('id').where('entries_removed_at', 'is not', null).orderBy('id').execute()
      ).map((g) => g.id);
    const outcome = await retention.removeOldEntries({
      before: now,
      now,
      batchRows: 6,
      pause: async () => {
        const all = await removedIds();
        batches.push(all.filter((id) => !batches.flat().includes(id)));
      },
    });
    expect(outcome).toEqual({ games: 5, entries: 21 });
    expect(batches).toEqual([['G0', 'G1'], ['G2'], ['G3', 'G4']]);
  });

  it('retention - a stopped run ends between two transactions and the next run goes on from there', async () => {
    const db = await temp.fresh('retention');
    const games = new KyselyGamesStore(db);
    const now = 50 * DAY;
    for (let i = 0; i < 4; i++) expect(await games.insert(finished(`G${i}`, now - (10 - i) * DAY, 2))).toBe('saved');
    const retention = new KyselyRetention(db);
    let transactions = 0;
    const first = await retention.removeOldEntries({
      before: now,
      now,
      batchRows: 2,
      pause: async () => {
        transactions += 1;
      },
      stopped: () => transactions >= 1,
    });
    expect(first).toEqual({ games: 1, entries: 2 });
    expect(await rows(db, 'game_entries', 'G0')).toBe(0);
    expect(await rows(db, 'game_entries', 'G1')).toBe(2);
    expect(await retention.removeOldEntries({ before: now, now, batchRows: 2 })).toEqual({ games: 3, entries: 6 });
  });
});
