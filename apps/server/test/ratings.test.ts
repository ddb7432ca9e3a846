import type { MyRatingsResponse, RatingLeader } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { type TestServer, useServer } from './harness.js';
import { guest, headsUp, Jar, ok200, type Player, registered } from './main-harness.js';

/** Ratings over the real server: a finished main game rates its registered players once (docs/product.md §D11). */

const CODE = 'RATED';

/** A two-seat main game where `loser` picks up whenever it may: `winner` wins. */
async function play(
  server: TestServer,
  winner: Player,
  loser: Player,
  rules?: Record<string, boolean>,
): Promise<number> {
  const final = await headsUp(server.base, winner, loser, {
    name: 'Rated Table',
    entryFee: 100,
    ...(rules ? { rules } : {}),
  });
  expect(final.winnerId).toBe(winner.user.id);
  return final.id;
}

describe('ratings', () => {
  const served = useServer({ inviteCodes: [CODE], inviteUses: 100 });

  it('ratings - a finished classic main game rates both players once; the leaderboard and profiles show it', async () => {
    const { server } = served();
    const ann = await registered(server.base, CODE, 'Ann');
    const bob = await registered(server.base, CODE, 'Bob');
    const before = ok200(await ann.jar.get<MyRatingsResponse>('/api/ratings/me'));
    expect(before).toEqual({ ratings: [] });

    const gameId = await play(server, ann, bob);
    const mine = ok200(await ann.jar.get<MyRatingsResponse>('/api/ratings/me')).ratings;
    expect(mine).toHaveLength(1);
    const [classic] = mine;
    expect(classic).toMatchObject({ preset: 'classic', provisional: true, games: 1 });
    expect(classic?.rating).toBeGreaterThan(1000);
    expect(classic?.history).toEqual([
      { gameId, rating: classic?.rating, delta: (classic?.rating ?? 0) - 1000, timestamp: expect.any(String) },
    ]);
    const theirs = ok200(await bob.jar.get<MyRatingsResponse>('/api/ratings/me')).ratings[0];
    expect(theirs?.rating).toBeLessThan(1000);
    expect(theirs?.history[0]?.delta).toBeLessThan(0);

    // Anyone may read the leaderboard, best first.
    const board = ok200(await new Jar(server.base).get<RatingLeader[]>('/api/ratings/leaderboard?preset=classic'));
    expect(board.map((l) => [l.rank, l.id, l.provisional, l.games])).toEqual([
      [1, ann.user.id, true, 1],
      [2, bob.user.id, true, 1],
    ]);
    expect(ok200(await new Jar(server.base).get<RatingLeader[]>('/api/ratings/leaderboard?preset=wild'))).toEqual([]);

    // A second game counts once more, from the ratings as they now are (Bob spent his gift: Eve plays).
    const eve = await registered(server.base, CODE, 'Eve');
    await play(server, eve, ann);
    const after = ok200(await ann.jar.get<MyRatingsResponse>('/api/ratings/me')).ratings[0];
    expect(after?.games).toBe(2);
    expect(after?.history.map((h) => h.gameId)).toEqual([gameId, expect.any(Number)]);
    expect(after?.history[1]?.delta).toBeLessThan(0);
  });

  it('ratings - games against a guest, or with a rule switch off its default, are not rated', async () => {
    const { server } = served();
    const cat = await registered(server.base, CODE, 'Cat');
    const dan = await registered(server.base, CODE, 'Dan');
    const visitor = await guest(server.base);
    await play(server, cat, visitor);
    await play(server, cat, dan, { sevenLower: false });
    expect(ok200(await cat.jar.get<MyRatingsResponse>('/api/ratings/me'))).toEqual({ ratings: [] });
    expect(ok200(await visitor.jar.get<MyRatingsResponse>('/api/ratings/me'))).toEqual({ ratings: [] });
  });

  it('ratings - bad input is refused with a message; the own ratings need a session', async () => {
    const { server } = served();
    const anyone = new Jar(server.base);
    for (const query of ['preset=poker', 'limit=0', 'limit=101', 'limit=abc']) {
      const got = await anyone.get(`/api/ratings/leaderboard?${query}`);
      expect(got.status, query).toBe(400);
      expect(Object.keys(got.body as object)).toEqual(['message']);
    }
    const me = await anyone.get('/api/ratings/me');
    expect([me.status, me.body]).toEqual([401, { message: 'Not signed in' }]);
  });
});
