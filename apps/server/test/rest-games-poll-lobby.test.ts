import type { RestGameState, RestLobby } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { expectError, seatNamed, sleep, unknownCredential, useServer } from './harness.js';

/** Polling (200, then 304 until a change) and the lobby, which gets a server of its own. */

describe('rest games over HTTP', () => {
  const served = useServer();

  it('rest games - poll answers 200 with the state, then 304 until something changes', async () => {
    const { c } = served();
    const alice = await c.seated(c.create({ playerName: 'Alice' }));
    const { gameId } = alice;
    const first = await c.poll(gameId, alice.playerId, 0);
    expect(first.status).toBe(200);
    if (first.body === undefined) throw new Error('no body');
    expect(Object.keys(first.body).sort()).toEqual(['gameState', 'lastUpdate']);
    expect(first.body.lastUpdate).toBe(first.body.gameState.lastUpdate);
    expect(first.body.lastUpdate).toBe(alice.gameState.lastUpdate);
    const seen = first.body.lastUpdate;

    const unchanged = await c.poll(gameId, alice.playerId, seen);
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');
    // No body announced either (a stray "null" payload would promise bytes that never come).
    expect(['0', null]).toContain(unchanged.headers.get('content-length'));
    // The idle poll is answered before the framework; the same poll with a field the route ignores
    // goes through Fastify and must answer alike.
    expect(unchanged.headers.get('keep-alive')).toMatch(/timeout=72/);
    const viaFramework = await c.get(
      `/api/rest-games/${gameId}/poll?playerId=${encodeURIComponent(alice.playerId)}&lastUpdate=${seen}&x=1`,
    );
    expect([viaFramework.status, viaFramework.text]).toEqual([304, '']);
    // A stranger's poll works the same way.
    expect((await c.poll(gameId, undefined, seen)).status).toBe(304);
    expect((await c.poll(gameId, undefined, 0)).status).toBe(200);

    const bob = await c.seated(c.join(gameId, { playerName: 'Bob' }));
    const afterJoin = await c.poll(gameId, alice.playerId, seen);
    expect(afterJoin.status).toBe(200);
    expect(afterJoin.body?.lastUpdate).toBeGreaterThan(seen);
    expect(afterJoin.body?.gameState.players.map((p) => p.name)).toEqual(['Alice', 'Bob']);
    const joined = afterJoin.body?.lastUpdate ?? Number.NaN;
    expect((await c.poll(gameId, alice.playerId, joined)).status).toBe(304);
    expect((await c.poll(gameId, bob.playerId, joined)).status).toBe(304);

    await c.done(gameId, 'chat', { playerId: bob.playerId, message: 'hello' });
    const afterChat = await c.poll(gameId, alice.playerId, joined);
    expect(afterChat.status).toBe(200);
    expect(afterChat.body?.lastUpdate).toBeGreaterThan(joined);
    expect(afterChat.body?.gameState.chatMessages.map((m) => m.text)).toEqual(['hello']);
    const chatted = afterChat.body?.lastUpdate ?? Number.NaN;
    expect((await c.poll(gameId, alice.playerId, chatted)).status).toBe(304);

    // A public seat id is refused even when nothing changed (and when something did).
    const bobPublic = seatNamed(afterChat.body?.gameState as RestGameState, 'Bob').id;
    expectError(await c.poll(gameId, bobPublic, chatted), 403, 'You are not a player in this game');
    expectError(await c.poll(gameId, bobPublic, 0), 403, 'You are not a player in this game');
    expectError(await c.poll(gameId, unknownCredential(), chatted), 403, 'You are not a player in this game');
  });
});

describe('rest games lobby', () => {
  const served = useServer();

  it('rest games - the lobby lists public waiting games (full ones too) without credentials', async () => {
    const { c } = served();
    const open = await c.seated(c.create({ playerName: 'Olive', variant: 'wild' }));
    await sleep(3);
    const hidden = await c.seated(c.create({ playerName: 'Priv', isPublic: false }));
    await sleep(3);
    const started = await c.seated(c.create({ playerName: 'Stan' }));
    await sleep(3);
    const small = await c.seated(c.create({ playerName: 'Host', maxPlayers: 2, isPublic: true }));
    const guest = await c.seated(c.join(small.gameId, { playerName: 'Guest' }));
    const withAi = await c.done(open.gameId, 'ai', { playerId: open.playerId });
    const starter = await c.seated(c.join(started.gameId, { playerName: 'Sue' }));

    const listed = await c.get<RestLobby>('/api/rest-games/lobby');
    expect(listed.status).toBe(200);
    const lobby = listed.body;
    expect(lobby.map((g) => g.id)).toEqual([small.gameId, started.gameId, open.gameId]);
    expect(lobby.map((g) => g.id)).not.toContain(hidden.gameId);

    const entry = lobby.find((g) => g.id === open.gameId);
    expect(entry).toMatchObject({ id: open.gameId, playerCount: 2, maxPlayers: 4, hostName: 'Olive' });
    expect(Number.isInteger(entry?.createdAt)).toBe(true);
    expect(Math.abs((entry?.createdAt ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(entry?.createdAt).toBe(open.gameState.createdAt);
    const openSeats = (await c.state(open.gameId)).players;
    expect(entry?.players).toEqual([
      { id: openSeats[0]?.id, name: 'Olive', isAI: false, isReady: false },
      { id: seatNamed(withAi, 'AI Player 1').id, name: 'AI Player 1', isAI: true, isReady: true },
    ]);
    expect(entry?.players[0]?.id).not.toBe(open.playerId);
    for (const game of lobby) {
      for (const p of game.players) expect(Object.keys(p).sort()).toEqual(['id', 'isAI', 'isReady', 'name']);
    }
    const json = JSON.stringify(lobby);
    for (const credential of [open.playerId, hidden.playerId, started.playerId, small.playerId, guest.playerId]) {
      expect(json).not.toContain(credential);
    }
    expect(json).not.toContain(starter.playerId);

    // "Game Full" is the client's business: the full game is listed, and joining it is refused.
    const full = lobby.find((g) => g.id === small.gameId);
    expect(full).toMatchObject({ playerCount: 2, maxPlayers: 2, hostName: 'Host' });
    expectError(await c.join(small.gameId, { playerName: 'Late' }), 409, 'This game is full');

    // A started game leaves the lobby.
    await c.done(started.gameId, 'ready', { playerId: starter.playerId });
    await c.done(started.gameId, 'start', { playerId: starter.playerId });
    const later = await c.get<RestLobby>('/api/rest-games/lobby');
    expect(later.body.map((g) => g.id)).toEqual([small.gameId, open.gameId]);
  });
});
