import type { Posting, StoredTournament, TournamentData } from '@palace/service';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { HOUSE_ID, KyselyAccountsStore, KyselyTokensStore, KyselyTournamentsStore } from '../src/index.js';
import { tournamentScores } from '../src/migrations/0015-tournament-scores.js';
import type { Database } from '../src/schema.js';
import { DIALECTS, DialectDatabases } from './dialects.js';
import { expectLedgerBalanced, fee, pay, registrar } from './helpers.js';

/** What a tournament's postings name as their game. */
const key = (id: string) => `tournament:${id}`;

/** A tournament's data with every kind of nested value (entries, a round with tables and results, prizes). */
function data(name: string): TournamentData {
  return {
    name,
    preset: 'classic',
    maxPlayers: 8,
    tableSize: 4,
    rounds: 3,
    entryFee: 10,
    startsAt: null,
    fillBy: 1_700_000_900_000,
    createdBy: { userId: 1, username: 'Ann' },
    seed: 'seed-ü-"quoted"',
    commitment: 'c0ffee',
    deals: 'duplicate',
    entries: [
      { userId: 1, username: 'Ann', avatar: '/a/Ann.svg', isGuest: false, paid: 10, enteredAt: 1_700_000_000_000 },
      {
        userId: -3,
        username: 'Guest3',
        avatar: null,
        isGuest: true,
        paid: 0,
        enteredAt: 1_700_000_000_001,
        ai: 'greedy',
      },
    ],
    roundList: [
      {
        number: 1,
        startedAt: 1_700_000_100_000,
        finishedAt: null,
        deals: [{ tableSize: 4, seed: 's1', commitment: 'k1' }],
        tables: [
          { number: 1, gameId: 'g-1', seats: [1, -3], results: null },
          { number: 2, gameId: 'g-2', seats: [2, 3], results: [{ userId: 2, place: 1, cardsLeft: 0 }] },
        ],
        byes: [4],
      },
    ],
    startedAt: null,
    finishedAt: null,
    prizes: [{ place: 1, userId: 2, amount: 25 }],
  };
}

/** A stored tournament at version 1, created and updated at `at`. */
function tournament(id: string, at: number, fields: Partial<StoredTournament> = {}): StoredTournament {
  return {
    id,
    version: 1,
    status: 'open',
    createdAt: at,
    updatedAt: at,
    dueAt: at + 60_000,
    data: data(`Cup ${id}`),
    ...fields,
  };
}

/** The tournament's next version, changed at `at`. */
function next(t: StoredTournament, at: number, fields: Partial<StoredTournament> = {}): StoredTournament {
  return { ...t, version: t.version + 1, updatedAt: at, ...fields };
}

async function open(temp: DialectDatabases) {
  const db = await temp.fresh('tournaments');
  const store = new KyselyTournamentsStore(db);
  const tokens = new KyselyTokensStore(db);
  const registered = await registrar(new KyselyAccountsStore(db));
  /** A registered user with `gift` tokens; its id. */
  const register = async (username: string, gift = 100): Promise<number> => (await registered(username, gift)).id;
  return { db, store, tokens, register };
}

/** Every balance (house included) and every ledger row. */
async function snapshot(db: Kysely<Database>) {
  const balances = await db.selectFrom('users').select(['id', 'balance']).orderBy('id').execute();
  const ledger = await db.selectFrom('ledger').selectAll().orderBy('id').execute();
  return { balances, ledger };
}

/** The ledger rows of tournament `id`: user, amount, kind, game id, time. */
async function booked(db: Kysely<Database>, id: string) {
  const rows = await db
    .selectFrom('ledger')
    .select(['user_id', 'amount', 'kind', 'game_id', 'at'])
    .where('game_id', '=', key(id))
    .orderBy('id')
    .execute();
  return rows.map((r) => [r.user_id, r.amount, r.kind, r.game_id, Number(r.at)]);
}

describe.each(DIALECTS)('%s tournaments store', (dialect) => {
  const temp = new DialectDatabases(dialect);
  afterEach(() => temp.cleanUp(expectLedgerBalanced));

  it('tournaments - an inserted tournament loads back exactly, its data JSON intact; an unknown id is null', async () => {
    const { store } = await open(temp);
    const t = tournament('t1', 1_700_000_000_000);
    expect(await store.insert(t, [])).toBe('saved');
    expect(await store.load('t1')).toEqual(t);
    const undated = tournament('t2', 1_700_000_000_500, { dueAt: null, status: 'finished' });
    expect(await store.insert(undated, [])).toBe('saved');
    expect(await store.load('t2')).toEqual(undated);
    expect(await store.load('nope')).toBeNull();
  });

  it('tournaments - inserting a taken id answers conflict and keeps the first, booking nothing', async () => {
    const { db, store, tokens, register } = await open(temp);
    const ann = await register('Ann');
    const first = tournament('t1', 1000);
    expect(await store.insert(first, [])).toBe('saved');
    const before = await snapshot(db);
    const again = tournament('t1', 2000, { data: data('Other') });
    expect(await store.insert(again, [fee(ann, 10, key('t1'))])).toBe('conflict');
    expect(await store.load('t1')).toEqual(first);
    expect(await snapshot(db)).toEqual(before);
    expect(await tokens.balance(ann)).toBe(100);
  });

  it('tournaments - a save on the stored version replaces the row; a stale version answers conflict and books nothing', async () => {
    const { db, store, tokens, register } = await open(temp);
    const ann = await register('Ann');
    const t = tournament('t1', 1000);
    expect(await store.insert(t, [])).toBe('saved');
    const v2 = next(t, 2000, { status: 'running', dueAt: null, data: { ...t.data, startedAt: 2000 } });
    expect(await store.save(v2, 1, [])).toBe('saved');
    expect(await store.load('t1')).toEqual(v2);

    const before = await snapshot(db);
    const stale = next(t, 3000, { status: 'cancelled' });
    expect(await store.save(stale, 1, [fee(ann, 10, key('t1'))])).toBe('conflict');
    expect(await store.load('t1')).toEqual(v2);
    expect(await snapshot(db)).toEqual(before);
    expect(await tokens.balance(ann)).toBe(100);
    // A tournament that is not stored at all is a conflict too.
    expect(await store.save(tournament('ghost', 1000), 1, [fee(ann, 10, key('ghost'))])).toBe('conflict');
    expect(await store.load('ghost')).toBeNull();
    expect(await snapshot(db)).toEqual(before);
  });

  it('tournaments - fees are booked with the write, two ledger rows each at the tournament time', async () => {
    const { db, store, tokens, register } = await open(temp);
    const ann = await register('Ann');
    const bob = await register('Bob');
    const t = tournament('t1', 1000);
    // The creator's entry fee comes with the insert, the next entrant's with a save.
    expect(await store.insert(t, [fee(ann, 10, key('t1'))])).toBe('saved');
    const v2 = next(t, 2000);
    expect(await store.save(v2, 1, [fee(bob, 10, key('t1'))])).toBe('saved');
    expect([await tokens.balance(ann), await tokens.balance(bob), await tokens.balance(HOUSE_ID)]).toEqual([
      90, 90, -180,
    ]);
    expect(await booked(db, 't1')).toEqual([
      [ann, -10, 'fee', 'tournament:t1', 1000],
      [HOUSE_ID, 10, 'fee', 'tournament:t1', 1000],
      [bob, -10, 'fee', 'tournament:t1', 2000],
      [HOUSE_ID, 10, 'fee', 'tournament:t1', 2000],
    ]);
    expect(await store.load('t1')).toEqual(v2);
  });

  it('tournaments - a debit the balance does not cover answers short and changes nothing at all', async () => {
    const { db, store, tokens, register } = await open(temp);
    const ann = await register('Ann');
    const poor = await register('Poor', 5);
    const t = tournament('t1', 1000);
    expect(await store.insert(t, [])).toBe('saved');
    const before = await snapshot(db);
    // The first fee is covered, the second is not: both roll back, and the row keeps its version.
    const postings = [fee(ann, 10, key('t1')), fee(poor, 6, key('t1'))];
    expect(await store.save(next(t, 2000), 1, postings)).toBe('short');
    expect(await store.load('t1')).toEqual(t);
    expect(await snapshot(db)).toEqual(before);
    expect(await booked(db, 't1')).toEqual([]);
    // A short insert stores nothing, and the id stays free.
    expect(await store.insert(tournament('t2', 1500), [fee(poor, 6, key('t2'))])).toBe('short');
    expect(await store.load('t2')).toBeNull();
    expect(await snapshot(db)).toEqual(before);
    // Exactly the balance is enough.
    expect(await store.save(next(t, 2000), 1, [fee(ann, 10, key('t1')), fee(poor, 5, key('t1'))])).toBe('saved');
    expect([await tokens.balance(ann), await tokens.balance(poor)]).toEqual([90, 0]);
    expect((await store.load('t1'))?.version).toBe(2);
  });

  it('tournaments - fees, refunds and prizes keep the ledger balanced, every row naming the tournament', async () => {
    const { db, store, tokens, register } = await open(temp);
    const [ann, bob, cyd] = [await register('Ann'), await register('Bob'), await register('Cyd')];
    let t = tournament('t1', 1000);
    expect(await store.insert(t, [fee(ann, 20, key('t1'))])).toBe('saved');
    const changes: Array<readonly Posting[]> = [
      [fee(bob, 20, key('t1')), fee(cyd, 20, key('t1'))],
      // Cyd withdraws: the fee comes back.
      [pay(cyd, 20, key('t1'), 'refund')],
      // The end: the pool of 40 split between the two players.
      [pay(bob, 28, key('t1')), pay(ann, 12, key('t1'))],
    ];
    for (const [i, postings] of changes.entries()) {
      const changed = next(t, 2000 + i);
      expect(await store.save(changed, t.version, postings)).toBe('saved');
      t = changed;
    }
    expect([await tokens.balance(ann), await tokens.balance(bob), await tokens.balance(cyd)]).toEqual([92, 108, 100]);
    expect(await tokens.balance(HOUSE_ID)).toBe(-300);
    const rows = await booked(db, 't1');
    expect(rows).toHaveLength(12);
    expect(rows.reduce((sum, r) => sum + Number(r[1]), 0)).toBe(0);
    expect(new Set(rows.map((r) => r[2]))).toEqual(new Set(['fee', 'refund', 'prize']));
    await expectLedgerBalanced(db);
  });

  it('tournaments - saves racing on one version: exactly one is saved and only its fee is booked', async () => {
    const { db, store, tokens, register } = await open(temp);
    const players = [];
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) players.push(await register(`P${n}`));
    const t = tournament('t1', 1000);
    expect(await store.insert(t, [])).toBe('saved');
    const outcomes = await Promise.all(
      players.map((p, i) => store.save(next(t, 2000 + i), 1, [fee(p, 10, key('t1'))])),
    );
    expect(outcomes.filter((o) => o === 'saved')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'conflict')).toHaveLength(players.length - 1);
    expect(await tokens.balance(HOUSE_ID)).toBe(-790);
    expect(await booked(db, 't1')).toHaveLength(2);
    expect((await store.load('t1'))?.version).toBe(2);
  });

  it('tournaments - list answers the given statuses newest created first, ties by id, at most the limit', async () => {
    const { store } = await open(temp);
    const stored = [
      tournament('a', 1000),
      tournament('b', 3000, { status: 'running' }),
      tournament('c', 2000, { status: 'finished' }),
      tournament('d', 3000),
      tournament('e', 4000, { status: 'cancelled' }),
      tournament('f', 5000, { status: 'finished' }),
    ];
    for (const t of stored) expect(await store.insert(t, [])).toBe('saved');
    const ids = async (statuses: readonly StoredTournament['status'][], limit: number) =>
      (await store.list(statuses, limit)).map((t) => t.id);
    expect(await ids(['open', 'running'], 10)).toEqual(['b', 'd', 'a']);
    expect(await ids(['open', 'running'], 2)).toEqual(['b', 'd']);
    expect(await ids(['finished', 'cancelled'], 10)).toEqual(['f', 'e', 'c']);
    expect(await ids(['open', 'running', 'finished', 'cancelled'], 4)).toEqual(['f', 'e', 'b', 'd']);
    expect(await ids([], 10)).toEqual([]);
    expect(await ids(['open'], 0)).toEqual([]);
    expect((await store.list(['finished'], 1))[0]).toEqual(stored[5]);
  });

  it('tournaments - active answers every open or running tournament with its due time', async () => {
    const { store } = await open(temp);
    expect(await store.active()).toEqual([]);
    const t = tournament('a', 1000, { dueAt: 1_700_000_000_000 });
    for (const row of [
      t,
      tournament('b', 2000, { status: 'running', dueAt: null }),
      tournament('c', 3000, { status: 'finished', dueAt: null }),
      tournament('d', 4000, { status: 'cancelled' }),
    ]) {
      expect(await store.insert(row, [])).toBe('saved');
    }
    const sorted = async () => [...(await store.active())].sort((x, y) => x.id.localeCompare(y.id));
    expect(await sorted()).toEqual([
      { id: 'a', status: 'open', dueAt: 1_700_000_000_000 },
      { id: 'b', status: 'running', dueAt: null },
    ]);
    expect(await store.save(next(t, 5000, { status: 'cancelled', dueAt: null }), 1, [])).toBe('saved');
    expect(await sorted()).toEqual([{ id: 'b', status: 'running', dueAt: null }]);
  });

  it('migrate - 0015 drops the place points stored with table results, keeping everything else; down puts them back', async () => {
    // (A fresh database has run 0015 already: its down brings back the rows of before, its up is the migration.)
    const { db, store } = await open(temp);
    const t = tournament('t1', 1000, { status: 'finished', dueAt: null });
    const round = t.data.roundList[0];
    if (round === undefined) throw new Error('no round');
    const finished: StoredTournament = {
      ...t,
      data: {
        ...t.data,
        roundList: [
          {
            ...round,
            finishedAt: 1_700_000_200_000,
            tables: [
              { number: 1, gameId: 'g-1', seats: [1, -3, 5], results: [] },
              { number: 2, gameId: 'g-2', seats: [2, 3], results: null },
              {
                number: 3,
                gameId: 'g-3',
                seats: [6, 7, 8, 9],
                results: [
                  { userId: 8, place: 1, cardsLeft: 0 },
                  { userId: 6, place: 2, cardsLeft: 3 },
                  { userId: 9, place: 3, cardsLeft: 7 },
                  { userId: 7, place: 4, cardsLeft: 12 },
                ],
              },
            ],
          },
        ],
      },
    };
    expect(await store.insert(finished, [])).toBe('saved');
    expect(await store.insert(tournament('t2', 2000), [])).toBe('saved');
    // Back to 0014: the results as they were stored then, with the place points (size − place).
    await tournamentScores.down(db as unknown as Kysely<unknown>);
    const old = await db.selectFrom('tournaments').select('data').where('id', '=', 't1').executeTakeFirstOrThrow();
    const oldResults = (JSON.parse(old.data) as TournamentData).roundList[0]?.tables[2]?.results;
    expect(oldResults).toEqual([
      { userId: 8, place: 1, cardsLeft: 0, points: 3 },
      { userId: 6, place: 2, cardsLeft: 3, points: 2 },
      { userId: 9, place: 3, cardsLeft: 7, points: 1 },
      { userId: 7, place: 4, cardsLeft: 12, points: 0 },
    ]);
    const untouched = await db
      .selectFrom('tournaments')
      .select('data')
      .where('id', '=', 't2')
      .executeTakeFirstOrThrow();
    expect((JSON.parse(untouched.data) as TournamentData).roundList[0]?.tables[1]?.results).toEqual([
      { userId: 2, place: 1, cardsLeft: 0, points: 1 },
    ]);
    await tournamentScores.up(db as unknown as Kysely<unknown>);
    // Every other field as it was (the seed with its quotes and umlaut, the empty and pending results).
    expect(await store.load('t1')).toEqual(finished);
    expect(await store.load('t2')).toEqual(tournament('t2', 2000));
  });
});
