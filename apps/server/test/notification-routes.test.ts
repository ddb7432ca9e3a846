import type { NotificationsResponse } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { useServer } from './harness.js';
import {
  chooseFaceUp,
  createGame,
  guest,
  headsUp,
  Jar,
  joinGame,
  ok200,
  type Player,
  type Reply,
  registered,
  seatOf,
} from './main-harness.js';

/**
 * Friends' invitations into main games and the bell's notifications over HTTP (docs/api.md
 * "Notifications"; docs/product.md §D13 friend-invitations): a real server, real SQLite file.
 */

const CODE = 'NOTIFY';

function expectMessage(got: Reply, status: number, message?: string): void {
  expect(got.status, `${got.status} ${got.text}`).toBe(status);
  expect(got.headers.get('content-type') ?? '').toContain('application/json');
  expect(Object.keys(got.body as object)).toEqual(['message']);
  if (message !== undefined) expect((got.body as { message: string }).message).toBe(message);
}

async function befriend(a: Player, b: Player): Promise<void> {
  ok200(await a.jar.post('/api/friends', { username: b.user.username }), 'add friend');
}

const invite = (from: Player, friendId: number | string, body: unknown) =>
  from.jar.post(`/api/friends/${friendId}/invite`, body);

const list = async (player: Player) => ok200(await player.jar.get<NotificationsResponse>('/api/notifications'));

describe('notifications over HTTP', () => {
  const served = useServer({ inviteCodes: [CODE], inviteUses: 50 });

  it('invite - Ann invites her friend Bob into her waiting game; his bell counts it, lists it and marks it read', async () => {
    const { server } = served();
    const ann = await registered(server.base, CODE, 'Ann');
    const bob = await registered(server.base, CODE, 'Bob');
    await befriend(ann, bob);
    const gameId = await createGame(ann.jar, { name: 'Friday game', playerLimit: 3 });
    const before = Date.now();
    const sent = await invite(ann, bob.user.id, { gameId });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toEqual({ message: `Invitation sent to ${bob.user.username}` });
    // A game id as a numeric string is refused, not read as the number (docs/product.md §D12 strict-input).
    expectMessage(await invite(ann, bob.user.id, { gameId: String(gameId) }), 400, 'gameId must be integer');

    expect(ok200(await bob.jar.get('/api/notifications/unread'))).toEqual({ unread: 1 });
    const page = await list(bob);
    expect(page).toEqual({
      unread: 1,
      items: [
        {
          id: expect.any(Number),
          kind: 'game_invite',
          fromUser: { id: ann.user.id, username: ann.user.username, avatar: ann.user.avatar },
          gameId,
          gameName: 'Friday game',
          gameStatus: 'open',
          createdAt: expect.any(String),
          read: false,
        },
      ],
    });
    expect(Date.parse(page.items[0]?.createdAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(await list(ann)).toEqual({ unread: 0, items: [] });

    // Bob takes the seat: the invitation says so. Marking read, by id or all.
    const bobSeat = await seatOf(server.base, bob);
    await joinGame(bobSeat, gameId);
    expect((await list(bob)).items[0]?.gameStatus).toBe('seated');
    expect(ok200(await bob.jar.post('/api/notifications/read', { ids: [page.items[0]?.id] }))).toEqual({ unread: 0 });
    expect((await list(bob)).items[0]?.read).toBe(true);
    expect(ok200(await bob.jar.post('/api/notifications/read', {}))).toEqual({ unread: 0 });
    await bobSeat.socket.close();
  });

  it('invite - refusals: not signed in, guests, bad ids, not friends, unknown player or game, not seated', async () => {
    const { server } = served();
    const ann = await registered(server.base, CODE, 'Ann');
    const bob = await registered(server.base, CODE, 'Bob');
    const cy = await registered(server.base, CODE, 'Cy');
    await befriend(ann, bob);
    const gameId = await createGame(ann.jar, { name: 'Ann game', playerLimit: 3 });
    const cyGame = await createGame(cy.jar, { name: 'Cy game', playerLimit: 3 });

    const visitor = new Jar(server.base);
    for (const got of [
      await visitor.post(`/api/friends/${bob.user.id}/invite`, { gameId }),
      await visitor.get('/api/notifications'),
      await visitor.get('/api/notifications/unread'),
      await visitor.post('/api/notifications/read', {}),
    ]) {
      expectMessage(got, 401, 'Not signed in');
    }
    const g = await guest(server.base);
    expectMessage(await invite(g, bob.user.id, { gameId }), 403, 'Register to invite friends to a game');
    expect(ok200(await g.jar.get('/api/notifications'))).toEqual({ unread: 0, items: [] });

    expectMessage(await invite(ann, 'abc', { gameId }), 400, 'id must be integer');
    expectMessage(await invite(ann, bob.user.id, {}), 400, 'gameId is required');
    expectMessage(await invite(ann, bob.user.id, { gameId: 'soon' }), 400, 'gameId must be integer');
    expectMessage(await invite(ann, bob.user.id, { gameId: 0 }), 400, 'gameId must be >= 1');
    expectMessage(await invite(ann, bob.user.id, '{"gameId":'), 400, 'The request body is not valid JSON');
    expectMessage(await invite(ann, ann.user.id, { gameId }), 400, 'You cannot invite yourself');
    expectMessage(await invite(ann, cy.user.id, { gameId }), 403, 'You can only invite your friends');
    expectMessage(await invite(ann, 987_654, { gameId }), 404, 'No player with that id');
    expectMessage(await invite(ann, g.user.id, { gameId }), 404, 'No player with that id');
    // Past 2^53 a path id is no exact number: refused, not rounded (docs/api.md "Validation").
    expectMessage(await invite(ann, '100000000000000000000', { gameId }), 400, 'id must be integer');
    expectMessage(await invite(ann, bob.user.id, { gameId: 999_999_999 }), 404, 'Game not found');
    expectMessage(await invite(ann, bob.user.id, { gameId: 1e12 }), 404, 'Game not found');
    expectMessage(
      await invite(ann, bob.user.id, { gameId: cyGame }),
      403,
      'You can only invite friends to a game you are in',
    );

    expectMessage(await bob.jar.post('/api/notifications/read', { ids: ['x'] }), 400, 'ids.0 must be integer');
    expectMessage(
      await bob.jar.post('/api/notifications/read', { ids: Array.from({ length: 101 }, (_, i) => i + 1) }),
      400,
      'ids must NOT have more than 100 items',
    );
    expect(ok200(await bob.jar.post('/api/notifications/read', { ids: [2 ** 31, 1e20] }))).toEqual({ unread: 0 });
    // Nothing reached Bob.
    expect(await list(bob)).toEqual({ unread: 0, items: [] });
  });

  it('invite - a full game, a started game and a finished game are refused with 409', async () => {
    const { server } = served();
    const ann = await registered(server.base, CODE, 'Ann');
    const bob = await registered(server.base, CODE, 'Bob');
    const cy = await registered(server.base, CODE, 'Cy');
    await befriend(ann, bob);
    await befriend(ann, cy);
    const gameId = await createGame(ann.jar, { name: 'Pair', playerLimit: 2 });
    const seats = [await seatOf(server.base, ann), await seatOf(server.base, bob)];
    for (const seat of seats) await joinGame(seat, gameId);
    expectMessage(await invite(ann, bob.user.id, { gameId }), 409, 'Your friend is already in this game');
    expectMessage(await invite(ann, cy.user.id, { gameId }), 409, 'This game is full');
    await chooseFaceUp(seats, gameId);
    expectMessage(await invite(ann, cy.user.id, { gameId }), 409, 'This game has already started');
    await Promise.all(seats.map((s) => s.socket.close()));
    // A finished game (Dee and Eve each had 100 tokens for its fee).
    const dee = await registered(server.base, CODE, 'Dee');
    const eve = await registered(server.base, CODE, 'Eve');
    const over = await headsUp(server.base, dee, eve, { name: 'Done' });
    expectMessage(await invite(eve, cy.user.id, { gameId: over.id }), 403, 'You can only invite your friends');
    await befriend(eve, cy);
    expectMessage(await invite(eve, cy.user.id, { gameId: over.id }), 409, 'This game is over');
    expect(await list(cy)).toEqual({ unread: 0, items: [] });
  });

  it('notifications - the OpenAPI document lists the routes under the friends tag, each with a summary', async () => {
    const { server } = served();
    const doc = ok200(
      await new Jar(server.base).get<{ paths: Record<string, Record<string, { tags?: string[]; summary?: string }>> }>(
        '/api/docs/json',
      ),
    );
    for (const [path, method] of [
      ['/api/friends/{id}/invite', 'post'],
      ['/api/notifications', 'get'],
      ['/api/notifications/unread', 'get'],
      ['/api/notifications/read', 'post'],
    ] as const) {
      const operation = doc.paths[path]?.[method];
      expect(operation?.tags, path).toEqual(['friends']);
      expect(operation?.summary ?? '', path).not.toBe('');
    }
  });
});
