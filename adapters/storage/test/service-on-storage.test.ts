import { ok, PRESETS, tableOptions } from '@palace/core';
import {
  GameService,
  MAX_ATTEMPTS,
  MainGames,
  type MainMeta,
  ManualClock,
  ManualScheduler,
  mainView,
  RecordingPublisher,
  type SaveOutcome,
  SequentialIds,
  type StoredGame,
  type User,
} from '@palace/service';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { HOUSE_ID, KyselyAccountsStore, KyselyGamesStore, KyselyTokensStore } from '../src/index.js';
import type { Database } from '../src/schema.js';
import { DIALECTS, DialectDatabases } from './dialects.js';
import { expectLedgerBalanced } from './helpers.js';

type Meta = { n: number };

/** A games store that lets a test run something (another node's write) just before each save. */
class InterferingStore extends KyselyGamesStore {
  /** Run before the next saves, each call once, in order. */
  readonly before: Array<() => Promise<unknown>> = [];

  override async save(...args: Parameters<KyselyGamesStore['save']>): Promise<SaveOutcome> {
    await this.before.shift()?.();
    return super.save(...args);
  }
}

/** One server node's GameService over its own connection (the clock is shared: one test timeline). */
function node(db: Kysely<Database>, clock: ManualClock) {
  const store = new InterferingStore(db);
  const publisher = new RecordingPublisher();
  const service = new GameService<Meta>(
    { store, clock, ids: new SequentialIds(), scheduler: new ManualScheduler(clock), publisher },
    'test',
  );
  return { store, publisher, service };
}

/** A change of the variant data only: one more. */
const bump = (game: StoredGame<Meta>) => ok({ commands: [], meta: { n: game.meta.n + 1 } });

/** Card values from the cheapest to play to the most precious (as the MainGames tests play). */
const VALUE_ORDER = ['3', '4', '5', '6', '7', '8', '9', 'J', 'Q', 'K', 'A', '2', '10'];

describe.each(DIALECTS)('%s service on real storage', (dialect) => {
  const temp = new DialectDatabases(dialect);
  afterEach(() => temp.cleanUp(expectLedgerBalanced));

  /**
   * Two connections to one fresh database, as two server nodes hold. SQLite serves one node, so
   * there both nodes share one connection (their loads and saves still interleave).
   */
  async function twoConnections(): Promise<[Kysely<Database>, Kysely<Database>]> {
    const location = await temp.location('service');
    const a = await temp.open(location);
    return [a, dialect === 'postgres' ? await temp.open(location) : a];
  }

  async function twoNodes() {
    const [dbA, dbB] = await twoConnections();
    const clock = new ManualClock();
    const a = node(dbA, clock);
    const b = node(dbB, clock);
    const created = await a.service.create({
      options: tableOptions({ rules: PRESETS.classic.rules, maxSeats: 4 }),
      meta: { n: 0 },
      aiDelayMs: 0,
      initial: () => ({ commands: [{ type: 'sit', seat: 'a', name: 'a', ai: null }] }),
    });
    if (!created.ok) throw new Error(created.error.code);
    return { a, b, id: created.value.game.id };
  }

  it('service - a change that lost the race to the other node reads the game again and lands', async () => {
    const { a, b, id } = await twoNodes();
    a.store.before.push(() => b.service.change(id, bump));
    let plans = 0;
    const changed = await a.service.change(id, (game) => {
      plans++;
      return bump(game);
    });
    expect(changed.ok).toBe(true);
    expect(plans).toBe(2);
    const stored = await b.store.load(id);
    expect([stored?.version, stored?.meta]).toEqual([3, { n: 2 }]);
    // Each node published only what it wrote itself.
    expect(a.publisher.published.map((g) => g.version)).toEqual([1, 3]);
    expect(b.publisher.published.map((g) => g.version)).toEqual([2]);
  });

  it('service - game/stale only after MAX_ATTEMPTS races lost in a row after its own copy lost one; one fewer still lands', async () => {
    // The first try plans from the node's own copy of the game (GameService.write): a race it loses
    // is not counted; then MAX_ATTEMPTS reads of the game.
    const { a, b, id } = await twoNodes();
    for (let i = 0; i < MAX_ATTEMPTS + 1; i++) a.store.before.push(() => b.service.change(id, bump));
    let plans = 0;
    const counted = (game: StoredGame<Meta>) => {
      plans++;
      return bump(game);
    };
    const stale = await a.service.change(id, counted);
    expect(stale.ok ? 'saved' : stale.error.code).toBe('game/stale');
    expect(plans).toBe(MAX_ATTEMPTS + 1);
    expect((await a.store.load(id))?.meta).toEqual({ n: MAX_ATTEMPTS + 1 });

    plans = 0;
    for (let i = 0; i < MAX_ATTEMPTS; i++) a.store.before.push(() => b.service.change(id, bump));
    const landed = await a.service.change(id, counted);
    expect(landed.ok).toBe(true);
    expect(plans).toBe(MAX_ATTEMPTS + 1);
    expect((await b.store.load(id))?.meta).toEqual({ n: 2 * MAX_ATTEMPTS + 2 });
  });

  it('service - changes sent at once through both nodes all land, in some order', async () => {
    const { a, b, id } = await twoNodes();
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all([a.service.change(id, bump), b.service.change(id, bump)]);
      expect(answers.map((r) => r.ok)).toEqual([true, true]);
    }
    const stored = await a.store.load(id);
    expect([stored?.version, stored?.meta]).toEqual([21, { n: 20 }]);
  });

  it('main games - a game with entry fees played from two nodes, every move sent to both, settles once', async () => {
    const [dbA, dbB] = await twoConnections();
    const clock = new ManualClock();
    const accounts = new KyselyAccountsStore(dbA);
    await accounts.addInvite('INV', 2, 0);
    const user = async (username: string): Promise<User> => {
      const created = await accounts.register({
        username,
        email: `${username}@example.com`,
        passwordHash: 'hash',
        avatar: `/a/${username}.svg`,
        inviteCode: 'INV',
        gift: 1000,
        at: 0,
      });
      if (!created.ok) throw new Error(created.error);
      return created.value;
    };
    const [ann, bob] = [await user('ann'), await user('bob')];
    const mainOn = (db: Kysely<Database>) =>
      new MainGames({
        store: new KyselyGamesStore(db),
        clock,
        ids: new SequentialIds(),
        scheduler: new ManualScheduler(clock),
        publisher: new RecordingPublisher(),
        tokens: new KyselyTokensStore(db),
      });
    const nodes = [mainOn(dbA), mainOn(dbB)] as const;
    const [a, b] = nodes;
    const entryFee = 150;
    const created = await a.create(ann, { name: 'Two nodes', playerLimit: 2, entryFee });
    if (!created.ok) throw new Error(created.error.code);
    const id = created.value.id;
    expect((await b.join(bob, id)).ok).toBe(true);

    /** Sends the same action through both nodes at once: exactly one is accepted. */
    const both = async (act: (main: MainGames) => ReturnType<MainGames['play']>): Promise<StoredGame<MainMeta>> => {
      const answers = await Promise.all(nodes.map(act));
      const accepted = answers.flatMap((r) => (r.ok ? [r.value] : []));
      expect(accepted, 'accepted of the two').toHaveLength(1);
      return accepted[0] as StoredGame<MainMeta>;
    };
    let game = created.value;
    for (const player of [ann, bob]) {
      const hand = mainView(game, player.id).players.find((p) => p.id === player.id)?.handCards ?? [];
      const pick = hand.slice(0, 3).map((c) => c.id);
      game = await both((main) => main.chooseFaceUp(player, id, pick));
    }
    for (let moves = 0; game.state.phase !== 'finished'; moves++) {
      if (moves > 2000) throw new Error('the game did not end');
      const view = mainView(game, null);
      const mover = [ann, bob].find((u) => u.id === view.currentTurn);
      if (mover === undefined) throw new Error(`no mover (turn ${view.currentTurn})`);
      const mine = mainView(game, mover.id);
      const me = mine.players.find((p) => p.id === mover.id);
      const playable = new Set(mine.playableCards);
      const cards = [...(me?.handCards ?? []), ...(me?.faceUpCards ?? [])].flatMap((c) =>
        'value' in c && playable.has(c.id) ? [c] : [],
      );
      cards.sort((x, y) => VALUE_ORDER.indexOf(x.value) - VALUE_ORDER.indexOf(y.value));
      const blind = me?.faceDownCards.find((c) => playable.has(c.id));
      const cardId = cards[0]?.id ?? blind?.id;
      clock.advance(1000);
      game = await both((main) => (cardId === undefined ? main.pickUp(mover, id) : main.play(mover, id, [cardId])));
    }

    // Both paid: the pot is their two fees (docs/product.md §D12 pot).
    const prize = entryFee * 2;
    const postings = await dbB
      .selectFrom('ledger')
      .select(['kind', 'amount', 'user_id'])
      .where('game_id', '=', id)
      .where('amount', '>', 0)
      .orderBy('id')
      .execute();
    const winner = postings.find((p) => p.kind === 'prize')?.user_id;
    expect(postings).toEqual([
      { kind: 'fee', amount: entryFee, user_id: HOUSE_ID },
      { kind: 'fee', amount: entryFee, user_id: HOUSE_ID },
      { kind: 'prize', amount: prize, user_id: winner },
    ]);
    const tokens = new KyselyTokensStore(dbB);
    const balances = [await tokens.balance(ann.id), await tokens.balance(bob.id)];
    expect([...balances].sort((x, y) => x - y)).toEqual([1000 - entryFee, 1000 - entryFee + prize]);
    const results = await dbA.selectFrom('results').select(['user_id', 'won']).where('game_id', '=', id).execute();
    expect(results.map((r) => [r.user_id, r.won]).sort()).toEqual(
      [ann.id, bob.id].sort().map((userId) => [userId, userId === winner ? 1 : 0]),
    );
  });
});
