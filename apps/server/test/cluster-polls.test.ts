import { SEAT_MOVED } from '@palace/adapter-ws';
import type { RestGameState } from '@palace/protocol';
import { SIMPLE_ROOM_IDLE_MS } from '@palace/protocol';
import { ManualClock } from '@palace/service';
import { expect, it } from 'vitest';
import { clusterDescribe, until, useNodes } from './cluster-nodes.js';
import { Client, twoPlayers } from './harness.js';
import { Browser } from './public-client.js';
import { freshRoom, SimpleSocket } from './simple-socket-client.js';

/**
 * Polled games and the simple websocket rooms on two server nodes sharing one PostgreSQL database
 * (issue 10): a change made through node A is what a poll on node B answers, and players of one
 * room on two nodes hear each other.
 */

clusterDescribe('polls and rooms on two nodes', () => {
  const nodes = useNodes();

  it('cluster - a REST game changed on node A is seen by a poll on node B (never "unchanged" once known there)', async () => {
    const { a, b } = nodes();
    const onA = new Client(a.base);
    const onB = new Client(b.base);
    const { gameId, alice, bob } = await twoPlayers(onA, { start: true });
    // Bob acts through node B, so node B keeps the game's version for its fast path.
    const before = await onB.state(gameId, bob.playerId);
    const chatted = await onB.done(gameId, 'chat', { playerId: bob.playerId, message: 'from node B' });
    const known = chatted.lastUpdate;
    const idle = await onB.poll(gameId, bob.playerId, known);
    expect(idle.body?.gameState).toBeUndefined();
    // Alice changes the game through node A.
    await onA.done(gameId, 'chat', { playerId: alice.playerId, message: 'from node A' });
    let seen: RestGameState | undefined;
    await until(async () => {
      const polled = await onB.poll(gameId, bob.playerId, known);
      seen = polled.body?.gameState;
      return seen !== undefined;
    }, 'node B to answer the poll with the change');
    expect(seen?.lastUpdate).toBeGreaterThan(known);
    expect(seen?.chatMessages.map((c) => c.text)).toContain('from node A');
    expect(before.status).toBe('playing');
  });

  it('cluster - a public game changed on node A is what node B shows', async () => {
    const { a, b } = nodes();
    const alice = new Browser(a.base);
    const bob = new Browser(b.base);
    const { gameId } = await alice.entered({ username: 'Alice', visibility: 'public' });
    expect(await bob.entered({ username: 'Bob', gameId })).toEqual({ gameId, asSpectator: false, username: 'Bob' });
    await alice.done(gameId, 'ai', { username: 'Alice' });
    const state = await bob.waitFor(gameId, 'Bob', (s) => s.players.length === 3);
    expect(state.players.map((p) => p.username)).toEqual(['Alice', 'Bob', 'AI Player 1']);
    const listed = await bob.list();
    expect(listed.body.games.find((g) => g.id === gameId)?.playerCount).toBe(3);
  });

  it('cluster - a simple room with players on two nodes: states, chat, the seat taken back elsewhere, leaving', async () => {
    const { a, b } = nodes();
    const room = freshRoom();
    const alice = await SimpleSocket.connect(a.base);
    const bob = await SimpleSocket.connect(b.base);
    const seated = await alice.join(room, 'Alice');
    await bob.join(room, 'Bob');
    // Bob sat down through node B: Alice on node A gets the new state and his status line.
    await alice.reach((s) => s.players.some((p) => p.username === 'Bob'));
    bob.send({ type: 'chat_message', roomId: room, username: 'Bob', text: 'hi from node B' });
    await until(() => alice.chatTexts().includes('hi from node B'), 'Bob’s line on node A');

    // Alice takes her seat back through node B: her socket on node A lets it go, as on one node.
    const again = await SimpleSocket.connect(b.base);
    await again.join(room, 'Alice', seated.seatToken);
    expect((await alice.next('error')).message).toBe(SEAT_MOVED);
    expect(await alice.refused({ type: 'chat_message', roomId: room, username: 'Alice', text: 'still me?' })).toBe(
      'You are not playing as that user in this game',
    );

    // Bob's socket on node B closes: Alice (now on node B too) and nobody else is told.
    const other = await SimpleSocket.connect(a.base);
    await other.join(room, 'Carol');
    await bob.close();
    expect(await other.next('player_left')).toEqual({ type: 'player_left', username: 'Bob', reason: 'disconnected' });
    expect(await again.next('player_left')).toEqual({ type: 'player_left', username: 'Bob', reason: 'disconnected' });
    await Promise.all([alice.close(), again.close(), other.close()]);
  });
});

clusterDescribe('simple rooms closing on two nodes', () => {
  const clock = new ManualClock();
  const nodes = useNodes({ roomClock: clock });

  it('cluster - a room closed for inactivity by node A is closed for its players on node B too', async () => {
    const { a, b } = nodes();
    const room = freshRoom();
    const alice = await SimpleSocket.connect(a.base);
    const bob = await SimpleSocket.connect(b.base);
    await alice.join(room, 'Alice');
    await bob.join(room, 'Bob');
    await alice.reach((s) => s.players.length === 2);
    clock.advance(SIMPLE_ROOM_IDLE_MS + 60_000);
    expect(await a.closeIdleRooms()).toBe(1);
    for (const socket of [alice, bob]) expect((await socket.next('room_closed')).roomId).toBe(room);
    // Node B let the room go when it heard: nothing left for its own sweep.
    expect(await b.closeIdleRooms()).toBe(0);
    expect(await bob.refused({ type: 'pickup_pile', roomId: room, username: 'Bob' })).toBe(
      'You are not playing as that user in this game',
    );
    await Promise.all([alice.close(), bob.close()]);
  });
});
