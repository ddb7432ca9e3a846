import type { EasyAiAnswer, EasyCreated, PublicActionAnswer, SimpleGameState } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { EasyClient } from './easy-client.js';
import { expectError, useServer } from './harness.js';
import { Browser as PublicBrowser } from './public-client.js';
import { Browser as SimpleBrowser } from './simple-rest-client.js';
import { freshRoom, SimpleSocket } from './simple-socket-client.js';

/** The AI level choice of every add-AI call, over the real transports. */

const BAD_LEVEL = 'level must be one of random, prototype, greedy, strong';

describe('AI levels over the transports', () => {
  const served = useServer();

  it('ai levels - REST games: POST …/ai takes a level (greedy without one); a bad level is a 400 that changes nothing', async () => {
    const { c } = served();
    const alice = await c.seated(c.create({ playerName: 'Alice', maxPlayers: 4 }));
    const { gameId, playerId } = alice;
    expectError(await c.act(gameId, 'ai', { playerId, level: 'genius' }), 400, BAD_LEVEL);
    expectError(await c.act(gameId, 'ai', { playerId, level: 7 }), 400, BAD_LEVEL);
    expect((await c.state(gameId, playerId)).players).toHaveLength(1);
    await c.done(gameId, 'ai', { playerId, level: 'strong' });
    const state = await c.done(gameId, 'ai', { playerId });
    expect(state.players.map((p) => [p.name, p.isAI, p.aiLevel])).toEqual([
      ['Alice', false, undefined],
      ['AI Player 1', true, 'strong'],
      ['AI Player 2', true, 'greedy'],
    ]);
  });

  it('ai levels - easy games: POST …/ai takes a level; a bad one is refused with the error field', async () => {
    const { c } = served();
    const ez = new EasyClient(c);
    const created = (await ez.create('Alice')).body as EasyCreated;
    const bad = await ez.act(created.gameId, 'ai', { playerId: created.playerId, level: 'expert' });
    expectError(bad, 400, BAD_LEVEL);
    const added = await ez.act<EasyAiAnswer>(created.gameId, 'ai', { playerId: created.playerId, level: 'random' });
    expect(added.status).toBe(200);
    expect(added.body.aiName).toBe('AI Player 1');
    const state = await ez.state(created.gameId, created.playerId);
    expect(state.players.map((p) => p.aiLevel)).toEqual([undefined, 'random']);
  });

  it('ai levels - public games: POST …/ai takes a level', async () => {
    const { server } = served();
    const alice = new PublicBrowser(server.base);
    const { gameId } = await alice.entered({ username: 'Alice', visibility: 'public' });
    expectError(await alice.act(gameId, 'ai', { username: 'Alice', level: 'hard' }), 400, BAD_LEVEL);
    const added = await alice.act(gameId, 'ai', { username: 'Alice', level: 'prototype' });
    expect(added.status).toBe(200);
    const body = added.body as PublicActionAnswer;
    expect(body.message).toBe('AI Player 1 joined the game');
    expect(body.gameState.players.map((p) => [p.username, p.aiLevel])).toEqual([
      ['Alice', undefined],
      ['AI Player 1', 'prototype'],
    ]);
  });

  it('ai levels - simple REST: POST …/add-ai takes a level; simple websocket: add_ai carries one too', async () => {
    const { server } = served();
    const alice = new SimpleBrowser(server.base, 'Alice');
    const joined = await alice.join();
    const gameId = (joined.body as { gameState: SimpleGameState }).gameState.id;
    const bad = await alice.post(`/api/simple-game/${gameId}/add-ai`, { username: 'Alice', level: 'best' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: BAD_LEVEL });
    const added = await alice.post<{ gameState: SimpleGameState }>(`/api/simple-game/${gameId}/add-ai`, {
      username: 'Alice',
      level: 'strong',
    });
    expect(added.status).toBe(200);
    expect(added.body.gameState.players.map((p) => p.aiLevel)).toEqual([undefined, 'strong']);

    const socket = await SimpleSocket.connect(server.base);
    try {
      const roomId = freshRoom();
      await socket.join(roomId, 'Carol');
      expect(await socket.refused({ type: 'add_ai', roomId, username: 'Carol', level: 'godlike' })).not.toBe('');
      socket.send({ type: 'add_ai', roomId, username: 'Carol', level: 'random' });
      await socket.next('ai_joined');
      const state = await socket.reach((s) => s.players.length === 2);
      expect(state.players.map((p) => [p.username, p.aiLevel])).toEqual([
        ['Carol', undefined],
        ['AI Player 1', 'random'],
      ]);
    } finally {
      await socket.close();
    }
  });

  it('ai levels - the OpenAPI document lists the level choice on every add-AI body', async () => {
    const { c } = served();
    const doc = (await c.get<{ paths: Record<string, { post?: unknown }> }>('/api/docs/json')).body;
    const paths = [
      '/api/rest-games/{gameId}/ai',
      '/api/simple-palace/games/{gameId}/ai',
      '/api/palace/games/{id}/ai',
      '/api/simple-game/{id}/add-ai',
    ];
    for (const path of paths) expect(JSON.stringify(doc.paths[path]?.post)).toContain('strong');
  });
});
