import type { MainGameState, PublicGameState, RestSeated } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { expectError, own, restToEnd, sleep, twoPlayers, unknownCredential, useServer } from './harness.js';
import { guest, ok200, type Player, registered } from './main-harness.js';
import {
  chooseFaceUp as chooseMainFaceUp,
  createGame,
  joinGame,
  playToEnd,
  type Seat,
  seatOf as socketSeat,
} from './main-table.js';
import { Browser, chooseFaceUp, moveIfDue, type Player as PublicPlayer } from './public-client.js';

/**
 * Rematches over the real transports (docs/product.md §D11 rematch): the main game over `/ws`, the
 * REST game and public games over HTTP — an offer after game over, seen by the others, joined with
 * one request; refused before the end and for someone not in the game, changing nothing.
 */

const CODE = 'REMATCH';
/**
 * How long a rematch's answer may take: it is several writes (the offer, the new game with its fee, the
 * seat); on a busy CI machine sharing its disk with the load tests that took over 5 s once. The bound
 * only turns a hang into a failure.
 */
const SLOW_MS = 30_000;

describe('rematch', () => {
  const served = useServer({ inviteCodes: [CODE], inviteUses: 100 });

  it('rematch - the REST game: refused in play and for a stranger; after the end one new game for both players', async () => {
    const { c } = served();
    const { gameId, alice, bob } = await twoPlayers(c, { start: true, variant: 'wild' });
    const path = `/api/rest-games/${gameId}/rematch`;
    expectError(
      await c.post(path, { playerId: alice.playerId }),
      409,
      'A rematch can be offered once the game is over',
    );
    await restToEnd(c, gameId, [alice, bob]);
    const before = await c.state(gameId);
    expectError(await c.post(path, { playerId: unknownCredential() }), 403);
    expectError(await c.post(path, {}), 400);
    expectError(await c.post('/api/rest-games/NOSUCH/rematch', { playerId: alice.playerId }), 404);
    expect((await c.state(gameId)).lastUpdate).toBe(before.lastUpdate);
    expect(before.rematch).toBeNull();

    const offered = await c.post<RestSeated>(path, { playerId: alice.playerId });
    expect(offered.status).toBe(200);
    const next = offered.body;
    expect(next.gameId).not.toBe(gameId);
    expect(next.gameState).toMatchObject({ status: 'waiting', variant: 'wild', maxPlayers: before.maxPlayers });
    expect(own(next.gameState, next.playerId).name).toBe('Alice');

    // Bob's poll of the finished game brings the offer.
    const polled = await c.poll(gameId, bob.playerId, before.lastUpdate);
    expect(polled.status).toBe(200);
    expect(polled.body?.gameState.rematch).toEqual({ gameId: next.gameId, offeredBy: 'Alice' });
    const joined = await c.seated(c.post<RestSeated>(path, { playerId: bob.playerId }));
    expect(joined.gameId).toBe(next.gameId);
    expect(joined.gameState.players.map((p) => p.name)).toEqual(['Alice', 'Bob']);
    // The new game plays like any other.
    await c.done(next.gameId, 'ready', { playerId: next.playerId });
    await c.done(next.gameId, 'ready', { playerId: joined.playerId });
    expect((await c.done(next.gameId, 'start', { playerId: next.playerId })).status).toBe('playing');
  });

  it('rematch - public games: a player offers, a spectator joins it with one request and gets its seat cookie', async () => {
    const { server } = served();
    const alice: PublicPlayer = { browser: new Browser(server.base), username: 'Alice' };
    const bob: PublicPlayer = { browser: new Browser(server.base), username: 'Bobby' };
    const { gameId } = await alice.browser.entered({ username: 'Alice', visibility: 'private' });
    await bob.browser.entered({ username: 'Bobby', gameId });
    await alice.browser.done(gameId, 'start', { username: 'Alice' });
    await chooseFaceUp(gameId, alice);
    await chooseFaceUp(gameId, bob);
    const carol: PublicPlayer = { browser: new Browser(server.base), username: 'Carol' };
    expect((await carol.browser.entered({ username: 'Carol', gameId })).asSpectator).toBe(true);
    const rematch = (who: PublicPlayer) =>
      who.browser.request<{ gameId: string; asSpectator: boolean; username: string }>(
        'POST',
        `/api/palace/games/${gameId}/rematch`,
        { username: who.username },
      );
    expectError(await rematch(alice), 409, 'A rematch can be offered once the game is over');
    let state: PublicGameState = await alice.browser.state(gameId, 'Alice');
    for (let i = 0; i < 5000 && state.status !== 'finished'; i++) {
      if (!(await moveIfDue(gameId, [alice, bob], state))) await sleep(2);
      state = await alice.browser.state(gameId, 'Alice');
    }
    expect(state.status).toBe('finished');
    expectError(await rematch(carol), 403, "Only the game's players can offer a rematch");
    const stranger: PublicPlayer = { browser: new Browser(server.base), username: 'Mallory' };
    expectError(await rematch(stranger), 403);

    const offered = await rematch(bob);
    expect(offered.status).toBe(200);
    expect(offered.body).toMatchObject({ asSpectator: false, username: 'Bobby' });
    const next = offered.body.gameId;
    expect((await carol.browser.state(gameId, 'Carol')).rematch).toEqual({ gameId: next, offeredBy: 'Bobby' });
    const carolIn = await rematch(carol);
    expect(carolIn.body).toMatchObject({ gameId: next, asSpectator: false, username: 'Carol' });
    // Her browser now holds the new game's seat: she acts in it as a player.
    const seen = await carol.browser.state(next, 'Carol');
    expect(seen.you).toBe('Carol');
    expect(seen.visibility).toBe('private');
    expect(seen.players.map((p) => p.username)).toEqual(['Bobby', 'Carol']);
    // A second tap takes the same place back.
    expect((await rematch(carol)).body).toMatchObject({ gameId: next, username: 'Carol' });
    expect((await carol.browser.state(next, 'Carol')).players).toHaveLength(2);
  });

  it('rematch - the main game over /ws: the offer reaches the other player, who joins with one message; fees as for any join', async () => {
    const { server } = served();
    const ann = await registered(server.base, CODE, 'Ann');
    const visitor = await guest(server.base);
    const outsider = await registered(server.base, CODE, 'Bob');
    const balance = async (p: Player) => ok200(await p.jar.get<{ balance: number }>('/api/tokens/balance')).balance;
    const seats = [await socketSeat(server.base, ann), await socketSeat(server.base, visitor)];
    const [annSeat, visitorSeat] = seats as [Seat, Seat];
    const bobSeat = await socketSeat(server.base, outsider);
    try {
      // Ann plays her lowest cards and the guest picks up whenever it may: Ann wins the pot, her own 100-token fee (the guest pays none).
      const gameId = await createGame(ann.jar, { name: 'Best of three', entryFee: 100, playerLimit: 2 });
      for (const seat of seats) await joinGame(seat, gameId);
      await chooseMainFaceUp(seats, gameId);
      await playToEnd(seats, gameId, ['lowest', 'pickup']);
      for (const seat of seats) seat.socket.drain();
      const annBefore = await balance(ann);
      expect(annBefore).toBe(100);
      annSeat.socket.send({ type: 'offer_rematch', gameId, userId: ann.user.id });
      const moved = await annSeat.socket.nextOf(['join_success', 'game_error'], () => true, SLOW_MS);
      if (moved.type !== 'join_success') throw new Error(`rematch refused: ${moved.message}`);
      const next = moved.gameId;
      expect(next).not.toBe(gameId);
      const fresh = (await annSeat.socket.next('game_state', (f) => f.game.id === next, SLOW_MS)).game;
      expect(fresh).toMatchObject({ name: 'Best of three', entryFee: 100, status: 'waiting', hostId: ann.user.id });
      expect(await balance(ann)).toBe(annBefore - 100);

      // The guest, still at the finished table, sees the offer arrive and joins it (guests pay no fee).
      const offer = await visitorSeat.socket.next(
        'game_state',
        (f) => f.game.id === gameId && f.game.rematch !== null,
        SLOW_MS,
      );
      expect(offer.game.rematch).toEqual({ gameId: next, offeredBy: ann.user.username });
      visitorSeat.socket.send({ type: 'offer_rematch', gameId });
      const joined = await visitorSeat.socket.nextOf(['join_success', 'game_error'], () => true, SLOW_MS);
      if (joined.type !== 'join_success') throw new Error(`rematch refused: ${joined.message}`);
      expect(joined.gameId).toBe(next);
      const both = (await visitorSeat.socket.next('game_state', (f) => f.game.id === next, SLOW_MS)).game;
      expect(both.players.map((p) => p.username)).toEqual([ann.user.username, visitor.user.username]);
      // Ann asking again lands in the same game and pays nothing more; someone who did not play is refused.
      annSeat.socket.send({ type: 'offer_rematch', gameId });
      expect((await annSeat.socket.next('join_success', (f) => f.gameId === next, SLOW_MS)).gameId).toBe(next);
      expect(await balance(ann)).toBe(annBefore - 100);
      bobSeat.socket.send({ type: 'offer_rematch', gameId });
      expect((await bobSeat.socket.next('game_error', () => true, SLOW_MS)).message).toBe(
        'You are not a player in this game',
      );
    } finally {
      for (const seat of [...seats, bobSeat]) await seat.socket.close();
    }
  });

  it('rematch - the main game: an offer its maker cannot pay is refused with a game_error and taken back', async () => {
    const { server } = served();
    const cat = await registered(server.base, CODE, 'Cat');
    const eve = await registered(server.base, CODE, 'Eve');
    const seats = [await socketSeat(server.base, cat), await socketSeat(server.base, eve)];
    const [catSeat, eveSeat] = seats as [Seat, Seat];
    try {
      // Cat picks up whenever she may and loses the 100 tokens she paid.
      const gameId = await createGame(cat.jar, { name: 'Grudge match', entryFee: 100, playerLimit: 2 });
      for (const seat of seats) await joinGame(seat, gameId);
      await chooseMainFaceUp(seats, gameId);
      await playToEnd(seats, gameId, ['pickup', 'lowest']);
      for (const seat of seats) seat.socket.drain();
      // The offer goes out (and is taken back) as the finished game's state meanwhile: the refusal still arrives.
      catSeat.socket.send({ type: 'offer_rematch', gameId });
      const refused = await catSeat.socket.nextOf(['join_success', 'game_error'], () => true, SLOW_MS);
      expect(refused).toMatchObject({ type: 'game_error', message: 'You need 100 more tokens to create this game' });
      const last = eveSeat.socket
        .all('game_state')
        .filter((f) => f.game.id === gameId)
        .at(-1)?.game;
      expect(last?.rematch).toBeNull();
      // Eve may offer it herself.
      eveSeat.socket.send({ type: 'offer_rematch', gameId });
      const moved = await eveSeat.socket.nextOf(['join_success', 'game_error'], () => true, SLOW_MS);
      expect(moved.type).toBe('join_success');
    } finally {
      for (const seat of seats) await seat.socket.close();
    }
  });
  it('rematch - the main game: refused in play, for a non-player and for a game that is not one, with a game_error', async () => {
    const { server } = served();
    const ann = await registered(server.base, CODE, 'Cat');
    const visitor = await guest(server.base);
    const annSeat = await socketSeat(server.base, ann);
    const visitorSeat = await socketSeat(server.base, visitor);
    try {
      const gameId = await createGame(ann.jar, { name: 'Open table', entryFee: 100 });
      const refused = async (seat: typeof annSeat, message: Record<string, unknown>) => {
        seat.socket.send(message);
        return seat.socket.next('game_error');
      };
      expect((await refused(annSeat, { type: 'offer_rematch', gameId })).message).toBe(
        'A rematch can be offered once the game is over',
      );
      expect((await refused(visitorSeat, { type: 'offer_rematch', gameId })).message).toBe(
        'You are not a player in this game',
      );
      expect((await refused(annSeat, { type: 'offer_rematch', gameId: 'abc' })).message).toMatch(/./);
      const state: MainGameState = await joinGame(annSeat, gameId);
      expect(state.rematch).toBeNull();
      expect(state.players).toHaveLength(1);
    } finally {
      await annSeat.socket.close();
      await visitorSeat.socket.close();
    }
  });
});
