import { err, ok } from '@palace/core';
import type { Effects, StoredGame } from '@palace/service';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { HOUSE_ID, KyselyAccountsStore, KyselyGamesStore, KyselyTokensStore } from '../src/index.js';
import type { Database } from '../src/schema.js';
import { DIALECTS, DialectDatabases } from './dialects.js';
import { expectLedgerBalanced, fee, newGame, nextVersion, pay, registrar } from './helpers.js';

async function open(temp: DialectDatabases) {
  const db = await temp.fresh('tokens');
  const accounts = new KyselyAccountsStore(db);
  const tokens = new KyselyTokensStore(db);
  const games = new KyselyGamesStore(db);
  const registered = await registrar(accounts);
  /** A registered user with the registration gift of `gift` tokens; its id. */
  const register = async (username: string, gift = 100, at = 0): Promise<number> =>
    (await registered(username, gift, at)).id;
  const guest = async (name: string): Promise<number> => (await accounts.createGuest(name, 0)).id;
  /** Inserts a game at `at` with `effects`, expecting it to be stored. */
  const insert = async (id: string, at: number, effects?: Effects, kind = 'test'): Promise<StoredGame> => {
    const game = newGame(id, at, kind);
    expect(await games.insert(game, effects)).toBe('saved');
    return game;
  };
  return { db, accounts, tokens, games, register, guest, insert };
}

/** Every balance (house included) and the number of ledger rows. */
async function snapshot(db: Kysely<Database>) {
  const balances = await db.selectFrom('users').select(['id', 'balance']).orderBy('id').execute();
  const ledger = await db.selectFrom('ledger').select('id').execute();
  return { balances, ledgerRows: ledger.length };
}

describe.each(DIALECTS)('%s tokens store', (dialect) => {
  const temp = new DialectDatabases(dialect);
  afterEach(() => temp.cleanUp(expectLedgerBalanced));

  it('games - a save with postings debits and credits, two ledger rows per movement at the game time', async () => {
    const { db, tokens, games, register, insert } = await open(temp);
    const ann = await register('Ann');
    const bob = await register('Bob');
    const game = await insert('g1', 1000);
    const next = nextVersion(game, 2000);
    expect(
      await games.save(next, 1, { postings: [fee(ann, 10, 'g1'), fee(bob, 15, 'g1'), pay(ann, 4, 'g1', 'refund')] }),
    ).toBe('saved');
    expect(await tokens.balance(ann)).toBe(94);
    expect(await tokens.balance(bob)).toBe(85);
    expect(await tokens.balance(HOUSE_ID)).toBe(-179);
    const rows = await db
      .selectFrom('ledger')
      .select(['movement', 'user_id', 'amount', 'kind', 'game_id', 'at'])
      .where('game_id', '=', 'g1')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.user_id, r.amount, r.kind, r.game_id, Number(r.at)])).toEqual([
      [ann, -10, 'fee', 'g1', 2000],
      [HOUSE_ID, 10, 'fee', 'g1', 2000],
      [bob, -15, 'fee', 'g1', 2000],
      [HOUSE_ID, 15, 'fee', 'g1', 2000],
      [HOUSE_ID, -4, 'refund', 'g1', 2000],
      [ann, 4, 'refund', 'g1', 2000],
    ]);
    const movements = rows.map((r) => r.movement);
    expect(movements[0]).toBe(movements[1]);
    expect(movements[2]).toBe(movements[3]);
    expect(movements[4]).toBe(movements[5]);
    expect(new Set(movements).size).toBe(3);
    expect(await games.load('g1')).toEqual(next);
  });

  it('games - a save whose posting exceeds a balance answers short and changes nothing at all', async () => {
    const { db, tokens, games, register, insert } = await open(temp);
    const ann = await register('Ann');
    const poor = await register('Poor', 5);
    const guestId = await register('Cyd');
    const game = await insert('g1', 1000);
    const before = await snapshot(db);
    const next = nextVersion(game, 2000);
    // The first posting is fine; the second is short, so the first must be rolled back with it.
    const effects: Effects = {
      postings: [fee(ann, 10, 'g1'), fee(poor, 6, 'g1')],
      results: [
        { userId: ann, won: true },
        { userId: poor, won: false },
      ],
      held: { guestId, amount: 20 },
    };
    expect(await games.save(next, 1, effects)).toBe('short');
    expect(await games.load('g1')).toEqual(game);
    expect(await db.selectFrom('game_entries').select('seq').where('game_id', '=', 'g1').execute()).toHaveLength(1);
    expect(await snapshot(db)).toEqual(before);
    expect(await db.selectFrom('results').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('held_prizes').selectAll().execute()).toEqual([]);
    expect(await games.finishedBy('test', ann, 10)).toEqual([]);
    // Exactly the balance is enough.
    expect(await games.save(next, 1, { ...effects, postings: [fee(ann, 10, 'g1'), fee(poor, 5, 'g1')] })).toBe('saved');
    expect(await tokens.balance(poor)).toBe(0);
    expect(await tokens.balance(ann)).toBe(90);
    expect((await games.load('g1'))?.record.entries).toHaveLength(2);
  });

  it('games - an insert with a short posting stores nothing, and the id stays free', async () => {
    const { db, games, register } = await open(temp);
    const ann = await register('Ann', 50);
    const before = await snapshot(db);
    const game = newGame('g1', 1000);
    expect(await games.insert(game, { postings: [fee(ann, 51, 'g1')], results: [{ userId: ann, won: true }] })).toBe(
      'short',
    );
    expect(await games.load('g1')).toBeNull();
    expect(await db.selectFrom('game_entries').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('results').selectAll().execute()).toEqual([]);
    expect(await snapshot(db)).toEqual(before);
    expect(await games.insert(game, { postings: [fee(ann, 50, 'g1')] })).toBe('saved');
    expect(await games.load('g1')).toEqual(game);
  });

  it('games - results are stored with the game and finishedBy lists them newest first with the won flag', async () => {
    const { db, games, register, insert } = await open(temp);
    const ann = await register('Ann');
    const bob = await register('Bob');
    const g1 = await insert('g1', 1000);
    const g2 = await insert('g2', 1100);
    const g3 = await insert('g3', 1200, undefined, 'other');
    await insert('g4', 1300);
    const end = async (game: StoredGame, at: number, winner: number, loser: number) => {
      const finished = nextVersion(game, at);
      const effects = {
        results: [
          { userId: winner, won: true },
          { userId: loser, won: false },
        ],
      };
      expect(await games.save(finished, game.version, effects)).toBe('saved');
      return finished;
    };
    const f1 = await end(g1, 5000, ann, bob);
    const f2 = await end(g2, 7000, bob, ann);
    const f3 = await end(g3, 6000, ann, bob);
    const rows = await db.selectFrom('results').selectAll().where('game_id', '=', 'g1').orderBy('user_id').execute();
    expect(rows.map((r) => ({ ...r, finished_at: Number(r.finished_at) }))).toEqual([
      { game_id: 'g1', user_id: ann, kind: 'test', won: 1, finished_at: 5000 },
      { game_id: 'g1', user_id: bob, kind: 'test', won: 0, finished_at: 5000 },
    ]);
    const annTest = await games.finishedBy('test', ann, 10);
    expect(annTest.map((f) => [f.game.id, f.won])).toEqual([
      ['g2', false],
      ['g1', true],
    ]);
    // The games come as stored, without their record entries.
    expect(annTest[1]?.game).toEqual({
      ...f1,
      record: { ...f1.record, entries: [] },
      entriesFrom: f1.record.entries.length,
    });
    expect(annTest[0]?.game.version).toBe(f2.version);
    expect((await games.finishedBy('test', bob, 10)).map((f) => [f.game.id, f.won])).toEqual([
      ['g2', true],
      ['g1', false],
    ]);
    expect((await games.finishedBy('test', ann, 1)).map((f) => f.game.id)).toEqual(['g2']);
    expect((await games.finishedBy('other', ann, 10)).map((f) => [f.game.id, f.won, f.game.meta])).toEqual([
      ['g3', true, f3.meta],
    ]);
    expect(await games.finishedBy('test', 999, 10)).toEqual([]);
  });

  it('tokens - a held guest prize is paid once, only to the account that adopted the guest', async () => {
    const { db, tokens, games, register, guest, insert } = await open(temp);
    const ann = await register('Ann');
    const bob = await register('Bob');
    const winner = await guest('Guest1001');
    const other = await guest('Guest1002');
    const game = await insert('g1', 1000);
    expect(await games.save(nextVersion(game, 2000), 1, { held: { guestId: winner, amount: 30 } })).toBe('saved');
    expect(await tokens.balance(winner)).toBe(0);

    expect(await tokens.claimPrize('nope', winner, ann, 3000)).toEqual(err('prize/none'));
    expect(await tokens.claimPrize('g1', other, ann, 3000)).toEqual(err('prize/none'));
    expect(await tokens.claimPrize('g1', winner, ann, 3000)).toEqual(err('prize/not_yours'));
    await tokens.adoptGuest(winner, ann, 3000);
    await tokens.adoptGuest(winner, bob, 3100);
    expect(await db.selectFrom('guest_links').selectAll().execute()).toEqual([
      { guest_id: winner, user_id: ann, created_at: 3000 },
    ]);
    expect(await tokens.claimPrize('g1', winner, bob, 3200)).toEqual(err('prize/not_yours'));
    expect(await tokens.balance(bob)).toBe(100);

    expect(await tokens.claimPrize('g1', winner, ann, 4000)).toEqual(ok(30));
    expect(await tokens.balance(ann)).toBe(130);
    expect((await tokens.history(ann, 1))[0]).toMatchObject({ kind: 'claim', amount: 30, gameId: 'g1', at: 4000 });
    expect(await tokens.claimPrize('g1', winner, ann, 5000)).toEqual(err('prize/claimed'));
    expect(await tokens.balance(ann)).toBe(130);
    const held = await db.selectFrom('held_prizes').selectAll().execute();
    expect(held.map((h) => ({ ...h, created_at: Number(h.created_at), claimed_at: Number(h.claimed_at) }))).toEqual([
      { game_id: 'g1', guest_id: winner, amount: 30, created_at: 2000, claimed_by: ann, claimed_at: 4000 },
    ]);
  });

  it('tokens - 100 simultaneous identical claims pay the prize exactly once', async () => {
    const { db, tokens, games, register, guest, insert } = await open(temp);
    const ann = await register('Ann');
    const winner = await guest('Guest1001');
    const game = await insert('g1', 1000);
    expect(await games.save(nextVersion(game, 2000), 1, { held: { guestId: winner, amount: 25 } })).toBe('saved');
    await tokens.adoptGuest(winner, ann, 2500);
    const answers = await Promise.all(Array.from({ length: 100 }, () => tokens.claimPrize('g1', winner, ann, 3000)));
    expect(answers.filter((a) => a.ok)).toEqual([ok(25)]);
    expect(answers.filter((a) => !a.ok && a.error === 'prize/claimed')).toHaveLength(99);
    expect(await tokens.balance(ann)).toBe(125);
    expect(await db.selectFrom('ledger').select('id').where('kind', '=', 'claim').execute()).toHaveLength(2);
  });

  it('games - 100 concurrent saves with a fee on one version: one saved, the rest conflict, one fee', async () => {
    const { db, tokens, games, register, insert } = await open(temp);
    const ann = await register('Ann');
    const game = await insert('g1', 1000);
    // A fee of 1 from 100 tokens: without the version guard every save could pay it.
    const candidates = Array.from({ length: 100 }, (_, i) => ({
      ...nextVersion(game, 2000, `s${i}`),
      meta: { n: i },
    }));
    const outcomes = await Promise.all(candidates.map((c) => games.save(c, 1, { postings: [fee(ann, 1, 'g1')] })));
    expect(outcomes.filter((o) => o === 'saved')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'conflict')).toHaveLength(99);
    expect(await tokens.balance(ann)).toBe(99);
    expect(await db.selectFrom('ledger').select('id').where('kind', '=', 'fee').execute()).toHaveLength(2);
    const stored = await games.load('g1');
    expect(stored).toEqual(candidates[outcomes.indexOf('saved')]);
    expect(stored?.record.entries).toHaveLength(2);
  });

  it('tokens - history is newest first with kinds, amounts, games and times', async () => {
    const { tokens, games, register, insert } = await open(temp);
    const ann = await register('Ann', 100, 500);
    const game = await insert('g1', 1000, { postings: [fee(ann, 10, 'g1')] });
    const v2 = nextVersion(game, 2000);
    expect(await games.save(v2, 1, { postings: [pay(ann, 30, 'g1')] })).toBe('saved');
    expect(await games.save(nextVersion(v2, 3000), 2, { postings: [pay(ann, 5, 'g1', 'refund')] })).toBe('saved');
    const lines = await tokens.history(ann, 10);
    expect(lines.map(({ id: _, ...line }) => line)).toEqual([
      { kind: 'refund', amount: 5, gameId: 'g1', at: 3000 },
      { kind: 'prize', amount: 30, gameId: 'g1', at: 2000 },
      { kind: 'fee', amount: -10, gameId: 'g1', at: 1000 },
      { kind: 'gift', amount: 100, gameId: null, at: 500 },
    ]);
    expect(lines.map((l) => l.id)).toEqual([...lines.map((l) => l.id)].sort((a, b) => b - a));
    expect((await tokens.history(ann, 2)).map((l) => l.kind)).toEqual(['refund', 'prize']);
    expect((await tokens.history(HOUSE_ID, 10)).map((l) => [l.kind, l.amount])).toEqual([
      ['refund', -5],
      ['prize', -30],
      ['fee', 10],
      ['gift', -100],
    ]);
    expect(await tokens.history(999, 10)).toEqual([]);
    expect(await tokens.balance(999)).toBe(0);
  });

  it('tokens - the leaderboard orders by balance or by wins, ties by id, without the house and guests', async () => {
    const { tokens, register, guest, insert } = await open(temp);
    const ann = await register('Ann');
    const bob = await register('Bob');
    const cyd = await register('Cyd');
    const dan = await register('Dan');
    const eve = await register('Eve');
    const rich = await guest('Guest1001');
    const won =
      (...winners: number[]) =>
      (...losers: number[]) => ({
        results: [
          ...winners.map((userId) => ({ userId, won: true })),
          ...losers.map((userId) => ({ userId, won: false })),
        ],
      });
    await insert('g1', 1000, won(ann)(bob));
    await insert('g2', 1000, won(ann)(cyd));
    await insert('g3', 1000, won(dan)(bob));
    await insert('g4', 1000, won(dan)());
    await insert('g5', 1000, won(cyd)());
    await insert('g6', 1000, { ...won(bob)(), postings: [pay(bob, 50, 'g6')] });
    // A guest richer and luckier than everyone, who must not show.
    await insert('g7', 1000, { ...won(rich)(), postings: [pay(rich, 500, 'g7')] });
    await insert('g8', 1000, won(rich)());
    await insert('g9', 1000, won(rich)());

    const leader = (id: number, username: string, balance: number, wins: number, gamesPlayed: number) => ({
      id,
      username,
      avatar: `/a/${username}.svg`,
      balance,
      wins,
      gamesPlayed,
    });
    const annL = leader(ann, 'Ann', 100, 2, 2);
    const bobL = leader(bob, 'Bob', 150, 1, 3);
    const cydL = leader(cyd, 'Cyd', 100, 1, 2);
    const danL = leader(dan, 'Dan', 100, 2, 2);
    const eveL = leader(eve, 'Eve', 100, 0, 0);
    // By balance, then wins, then id (Ann and Dan tie on both).
    expect(await tokens.leaderboard('balance', 10)).toEqual([bobL, annL, danL, cydL, eveL]);
    // By wins, then balance, then id.
    expect(await tokens.leaderboard('wins', 10)).toEqual([annL, danL, bobL, cydL, eveL]);
    expect(await tokens.leaderboard('wins', 2)).toEqual([annL, danL]);

    expect(await tokens.stats(ann)).toEqual({ wins: 2, gamesPlayed: 2 });
    expect(await tokens.stats(bob)).toEqual({ wins: 1, gamesPlayed: 3 });
    expect(await tokens.stats(eve)).toEqual({ wins: 0, gamesPlayed: 0 });
    expect(await tokens.stats(rich)).toEqual({ wins: 3, gamesPlayed: 3 });
    expect(await tokens.stats(999)).toEqual({ wins: 0, gamesPlayed: 0 });
  });
});
