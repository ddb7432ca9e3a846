import {
  AuthService,
  GUEST_UNSEEN_MS,
  ManualClock,
  type PasswordHasher,
  RateLimiter,
  SequentialIds,
} from '@palace/service';
import { afterEach, describe, expect, it } from 'vitest';
import { KyselyAccountsStore, KyselyGamesStore, KyselyRateCounters, KyselyTokensStore } from '../src/index.js';
import { DIALECTS, DialectDatabases } from './dialects.js';
import { expectLedgerBalanced, newGame, value } from './helpers.js';

const plain: PasswordHasher = {
  hash: async (password) => `plain:${password}`,
  verify: async (password, stored) => stored === `plain:${password}`,
};
const DAY = 24 * 60 * 60 * 1000;

describe.each(DIALECTS)('%s abuse storage', (dialect) => {
  const temp = new DialectDatabases(dialect);
  afterEach(() => temp.cleanUp(expectLedgerBalanced));

  it('rate counters - two nodes on one database share one count; a window opens with its first event', async () => {
    const location = await temp.location('rate');
    const [a, b] = [await temp.open(location), await temp.open(location)];
    const clock = new ManualClock(1_700_000_000_123);
    const nodeA = new RateLimiter(new KyselyRateCounters(a), clock);
    const nodeB = new RateLimiter(new KyselyRateCounters(b), clock);
    // Five events a minute, spread over both nodes (and some at once): the sixth is refused on either.
    const first = await Promise.all([0, 1, 2, 3, 4].map((n) => (n % 2 === 0 ? nodeA : nodeB).take('ip:1', 5, 60_000)));
    expect(first.every((t) => t.allowed)).toBe(true);
    expect(await nodeA.take('ip:1', 5, 60_000)).toEqual({ allowed: false, retryAfterMs: 60_000 });
    clock.advance(15_000);
    expect(await nodeB.take('ip:1', 5, 60_000)).toEqual({ allowed: false, retryAfterMs: 45_000 });
    // Another key has its own count and its own window.
    expect((await nodeB.take('ip:2', 5, 60_000)).allowed).toBe(true);
    clock.advance(45_000);
    expect((await nodeA.take('ip:1', 5, 60_000)).allowed).toBe(true);
    // Given back and cleared: a refused-before-checking attempt does not count; a success clears.
    await nodeA.giveBack('ip:1', 60_000);
    await nodeA.giveBack('ip:1', 60_000);
    for (let n = 0; n < 5; n++) expect((await nodeB.take('ip:1', 5, 60_000)).allowed).toBe(true);
    expect((await nodeB.take('ip:1', 5, 60_000)).allowed).toBe(false);
    await nodeB.clear('ip:1');
    expect((await nodeA.take('ip:1', 5, 60_000)).allowed).toBe(true);
    // Expired counts are pruned (ip:2's window ended; ip:1's has a minute left).
    clock.advance(30_000);
    expect(await nodeA.prune()).toBe(1);
    expect(await a.selectFrom('rate_counters').select('key').execute()).toEqual([{ key: 'ip:1' }]);
  });

  it('guest purge - unseen guests go with their rows; a seen guest, a prize holder and accounts stay', async () => {
    const db = await temp.fresh('purge');
    const clock = new ManualClock(1_700_000_000_000);
    const accounts = new KyselyAccountsStore(db);
    const tokens = new KyselyTokensStore(db);
    const auth = new AuthService({ accounts, tokens, hasher: plain, clock, ids: new SequentialIds() });
    await auth.seedInvites(['INV'], 1);
    const ann = value(
      await auth.register({ username: 'Ann', email: 'ann@example.com', password: 'secret1', inviteCode: 'INV' }),
    );
    const gone = value(await auth.guestLogin());
    const winner = value(await auth.guestLogin());
    const seen = value(await auth.guestLogin());
    const at = clock.now();
    // The unseen guest has a friend, a result, presence and a support message; the winner a held prize.
    await new KyselyGamesStore(db).insert(newGame('G1', at));
    await new KyselyGamesStore(db).insert(newGame('G2', at));
    await db.insertInto('friends').values({ user_id: ann.user.id, friend_id: gone.user.id, created_at: at }).execute();
    await db.insertInto('friends').values({ user_id: gone.user.id, friend_id: ann.user.id, created_at: at }).execute();
    await db
      .insertInto('results')
      .values({ game_id: 'G1', user_id: gone.user.id, kind: 'main', won: 0, finished_at: at })
      .execute();
    await db
      .insertInto('presence')
      .values({ user_id: gone.user.id, node_id: 'n', connection_id: 'c', active_at: at })
      .execute();
    await db
      .insertInto('support_messages')
      .values({ user_id: gone.user.id, subject: 'Hi', message: 'Kept', created_at: at })
      .execute();
    await db
      .insertInto('held_prizes')
      .values({ game_id: 'G2', guest_id: winner.user.id, amount: 400, created_at: at })
      .execute();

    // 29 days on, nobody is unseen for 30 days yet.
    clock.advance(29 * DAY);
    expect(await auth.purgeGuests()).toBe(0);
    // The third guest comes back on day 29 (its session is used, and so extended).
    expect((await auth.check(seen.token)).ok).toBe(true);
    clock.advance(GUEST_UNSEEN_MS - 29 * DAY + 1);
    expect(await auth.purgeGuests()).toBe(1);
    const ids = (await db.selectFrom('users').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(ids).toEqual([winner.user.id, seen.user.id, 0, ann.user.id].sort((x, y) => x - y));
    expect(await db.selectFrom('sessions').select('user_id').where('user_id', '=', gone.user.id).execute()).toEqual([]);
    expect(await db.selectFrom('friends').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('results').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('presence').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('support_messages').select(['user_id', 'message']).execute()).toEqual([
      { user_id: null, message: 'Kept' },
    ]);
    // The prize is still there to claim, by an account that played as that guest.
    expect(await db.selectFrom('held_prizes').select('guest_id').execute()).toEqual([{ guest_id: winner.user.id }]);
    // The guest seen on day 29 goes 30 days after that.
    clock.advance(29 * DAY);
    expect(await auth.purgeGuests()).toBe(1);
    expect(await auth.purgeGuests()).toBe(0);
  });
});
