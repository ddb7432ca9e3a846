import { expect, it } from 'vitest';
import { clusterDescribe, useNodes } from './cluster-nodes.js';
import { Jar, PASSWORD, registered, SocketClient, uniqueName } from './main-harness.js';
import { freshRoom, SimpleSocket } from './simple-socket-client.js';

/**
 * The abuse limits on two nodes sharing one PostgreSQL database (docs/product.md §D12): the counts live
 * in the database, so an attacker who reaches both nodes (as a load balancer spreads requests)
 * meets the same limit as on one. Skipped without PALACE_TEST_DATABASE_URL (CI sets it).
 */

const TOO_MANY = { message: 'Too many attempts. Please try again later.' };
const TOO_FAST = 'You are opening games too fast. Please wait a minute.';

clusterDescribe('limits across nodes', () => {
  const nodes = useNodes({
    limits: { authPerMinute: 6, loginFailuresPerHour: 4, gamesPerMinute: 4, guestsPerMinute: 4 },
    trustProxy: ['127.0.0.1'],
  });

  it('cluster limits - login failures lock an account on both nodes; per-address budgets count on both', async () => {
    const { a, b } = nodes();
    const victim = await registered(a.base, 'INVITE-1', 'victim');
    // Failures spread over the nodes (and over addresses): four in all lock the account everywhere.
    for (let n = 0; n < 4; n++) {
      const node = n % 2 === 0 ? a : b;
      const got = await new Jar(node.base).post(
        '/api/auth/login',
        { username: victim.user.username, password: 'wrong-password' },
        { 'x-forwarded-for': `198.51.100.${n + 1}` },
      );
      expect(got.status).toBe(401);
    }
    for (const node of [a, b]) {
      const locked = await new Jar(node.base).post(
        '/api/auth/login',
        { username: victim.user.username, password: PASSWORD },
        { 'x-forwarded-for': '198.51.100.50' },
      );
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual(TOO_MANY);
    }

    // One address's six logins a minute, half on each node: the seventh is refused on either.
    const address = { 'x-forwarded-for': '203.0.113.7' };
    for (let n = 0; n < 6; n++) {
      const node = n % 2 === 0 ? a : b;
      const got = await new Jar(node.base).post(
        '/api/auth/login',
        { username: uniqueName('x'), password: PASSWORD },
        address,
      );
      expect(got.status).toBe(401);
    }
    expect(
      (await new Jar(b.base).post('/api/auth/login', { username: uniqueName('x'), password: PASSWORD }, address))
        .status,
    ).toBe(429);

    // Guests: four a minute for the address, whichever node mints them.
    const guestAddress = { 'x-forwarded-for': '203.0.113.8' };
    for (let n = 0; n < 4; n++) {
      expect((await new Jar((n % 2 === 0 ? a : b).base).post('/api/auth/guest-login', {}, guestAddress)).status).toBe(
        200,
      );
    }
    expect((await new Jar(a.base).post('/api/auth/guest-login', {}, guestAddress)).status).toBe(429);

    // Games: one budget for every door on every node (HTTP on a, a room on b, a main game on a ...).
    const gameAddress = { 'x-forwarded-for': '203.0.113.9' };
    expect((await new Jar(a.base).post('/api/rest-games', { playerName: 'Ann' }, gameAddress)).status).toBe(200);
    const room = await SimpleSocket.connect(b.base, gameAddress);
    await room.join(freshRoom(), 'Ann');
    const player = await registered(a.base, 'INVITE-2', 'maker');
    const main = await SocketClient.open(b.base, player.jar, gameAddress);
    await main.next('connection_established');
    main.send({ type: 'create_game', game: { name: 'Node game', playerLimit: 2 } });
    await main.next('game_create_success');
    expect((await new Jar(a.base).post('/api/simple-palace/games', { playerName: 'Ann' }, gameAddress)).status).toBe(
      200,
    );
    expect((await main.refused({ type: 'create_game', game: { name: 'One more', playerLimit: 2 } })).message).toBe(
      TOO_FAST,
    );
    expect(await room.refused({ type: 'join_game', roomId: freshRoom(), username: 'Ann' })).toBe(TOO_FAST);
    expect((await new Jar(a.base).post('/api/rest-games', { playerName: 'Ann' }, gameAddress)).status).toBe(429);
    await Promise.all([room.close(), main.close()]);
  });
});
