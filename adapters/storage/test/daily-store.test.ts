import { afterAll, describe, expect, it } from 'vitest';
import { KyselyAccountsStore, KyselyDailyStore } from '../src/index.js';
import { DIALECTS, DialectDatabases } from './dialects.js';
import { registrar } from './helpers.js';

const attempt = (date: string, userId: number, gameId: string, startedAt: number) => ({
  date,
  userId,
  gameId,
  username: `P${userId}`,
  avatar: userId > 0 ? `/a/${userId}.svg` : null,
  ranked: userId > 0,
  startedAt,
});

describe.each(DIALECTS)('daily store (%s)', (dialect) => {
  const dbs = new DialectDatabases(dialect);
  afterAll(() => dbs.cleanUp());

  it('daily store - the secret is created once: every later candidate gets the first', async () => {
    const db = await dbs.fresh('daily');
    const [one, two] = [new KyselyDailyStore(db), new KyselyDailyStore(db)];
    const both = await Promise.all([one.secret('first', 1_000), two.secret('second', 2_000)]);
    expect(both[0]).toEqual(both[1]);
    expect(await one.secret('third', 3_000)).toEqual(both[0]);
    expect(['first', 'second']).toContain(both[0].secret);
  });

  it('daily store - one attempt per player and day; its end is written once; read by day and by player', async () => {
    const db = await dbs.fresh('daily');
    const store = new KyselyDailyStore(db);
    const starts = await Promise.all([
      store.begin(attempt('2025-03-14', 7, '101', 10)),
      store.begin(attempt('2025-03-14', 7, '102', 11)),
    ]);
    expect(starts.filter(Boolean)).toHaveLength(1);
    expect(await store.begin(attempt('2025-03-14', -4, '103', 12))).toBe(true);
    expect(await store.begin(attempt('2025-03-15', 7, '104', 20))).toBe(true);
    const first = await store.attempt('2025-03-14', 7);
    expect(first).toMatchObject({ date: '2025-03-14', userId: 7, username: 'P7', ranked: true, finish: null });
    expect(['101', '102']).toContain(first?.gameId);
    expect(await store.attempt('2025-03-16', 7)).toBeNull();

    const end = { place: 2, cardsLeft: 5, end: 'finished' as const, at: 99 };
    expect(await store.finish('2025-03-14', 7, end)).toBe(true);
    expect(await store.finish('2025-03-14', 7, { ...end, place: 4, end: 'day_over' })).toBe(false);
    expect((await store.attempt('2025-03-14', 7))?.finish).toEqual(end);
    expect(await store.finish('2025-03-16', 7, end)).toBe(false);

    const day = await store.onDays(['2025-03-14']);
    expect(day.map((a) => [a.userId, a.ranked, a.avatar])).toEqual([
      [7, true, '/a/7.svg'],
      [-4, false, null],
    ]);
    expect((await store.onDays(['2025-03-14', '2025-03-15'])).map((a) => a.date)).toEqual([
      '2025-03-14',
      '2025-03-14',
      '2025-03-15',
    ]);
    expect(await store.onDays([])).toEqual([]);
    expect((await store.byUser(7, 10)).map((a) => [a.date, a.gameId])).toEqual([
      ['2025-03-15', '104'],
      ['2025-03-14', first?.gameId],
    ]);
    expect(await store.byUser(7, 1)).toHaveLength(1);
  });

  it('daily store - a deleted account is left out of the days (its board lines go)', async () => {
    const db = await dbs.fresh('daily');
    const register = await registrar(new KyselyAccountsStore(db));
    const [ann, bob] = [await register('Ann'), await register('Bob')];
    const store = new KyselyDailyStore(db);
    await store.begin(attempt('2025-03-14', ann.id, '1', 1));
    await store.begin(attempt('2025-03-14', bob.id, '2', 2));
    await db.updateTable('users').set({ deleted_at: 5 }).where('id', '=', bob.id).execute();
    expect((await store.onDays(['2025-03-14'])).map((a) => a.userId)).toEqual([ann.id]);
  });

  it('daily store - the rows survive a new store on the same database (a restart)', async () => {
    const db = await dbs.fresh('daily');
    await new KyselyDailyStore(db).begin(attempt('2025-03-14', 3, '9', 1));
    await new KyselyDailyStore(db).finish('2025-03-14', 3, { place: 1, cardsLeft: 0, end: 'finished', at: 2 });
    expect((await new KyselyDailyStore(db).attempt('2025-03-14', 3))?.finish).toEqual({
      place: 1,
      cardsLeft: 0,
      end: 'finished',
      at: 2,
    });
  });
});
