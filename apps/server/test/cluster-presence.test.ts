import type { MainGameState } from '@palace/protocol';
import { expect, it } from 'vitest';
import { clusterDescribe, useNodes } from './cluster-nodes.js';
import { chooseFaceUp, createGame, guest, joinGame, type Seat, SocketClient, seatOf } from './main-harness.js';

/**
 * Presence on two nodes sharing one PostgreSQL database (docs/product.md §D13 presence): a drop on
 * one node reaches the player on the other; a player who comes back through the other node is
 * connected again; a socket replaced by the same player's newer socket on another node is no drop.
 */
clusterDescribe('main game presence on two nodes', () => {
  const nodes = useNodes({});

  const seatIn = (state: MainGameState, id: number) => state.players.find((p) => p.id === id);

  async function tableAcrossNodes(): Promise<{ gameId: number; onA: Seat; onB: Seat }> {
    const { a, b } = nodes();
    const onA = await seatOf(a.base, await guest(a.base));
    const onB = await seatOf(b.base, await guest(b.base));
    const gameId = await createGame(onA.jar, { name: 'Presence on two', playerLimit: 2 });
    await joinGame(onA, gameId);
    await joinGame(onB, gameId);
    await chooseFaceUp([onA, onB], gameId);
    return { gameId, onA, onB };
  }

  it('cluster - a drop on node B shows on node A, and the player back through node A is connected again', async () => {
    const { a } = nodes();
    const { gameId, onA, onB } = await tableAcrossNodes();
    await onB.socket.close();
    const dropped = await onA.socket.next(
      'game_state',
      (f) => seatIn(f.game, onB.user.id)?.connection === 'reconnecting',
    );
    expect(dropped.game.chatMessages.at(-1)?.message).toBe(`${onB.user.username} lost connection — reconnecting…`);
    const back: Seat = { ...onB, socket: await SocketClient.connect(a.base, onB.jar) };
    expect(seatIn(await joinGame(back, gameId), onB.user.id)?.connection).toBe('connected');
    await onA.socket.next('game_state', (f) => seatIn(f.game, onB.user.id)?.connection === 'connected');
    await Promise.all([onA.socket.close(), back.socket.close()]);
  });

  it('cluster - a socket replaced by the same player’s newer socket on the other node is no drop', async () => {
    const { a } = nodes();
    const { gameId, onA, onB } = await tableAcrossNodes();
    const newer: Seat = { ...onB, socket: await SocketClient.connect(a.base, onB.jar) };
    // Node B hears of the newer socket and closes its own.
    await onB.socket.closed;
    await joinGame(newer, gameId);
    onA.socket.send({ type: 'chat_message', gameId, message: 'are you there?' });
    await onA.socket.next('chat_message', (f) => f.message === 'are you there?');
    // Every state A was sent with B at the table (from the join on): B never dropped.
    const states = onA.socket
      .all('game_state')
      .map((f) => f.game)
      .filter((state) => seatIn(state, onB.user.id) !== undefined);
    expect(states.length).toBeGreaterThan(0);
    expect(states.map((s) => seatIn(s, onB.user.id)?.connection)).toEqual(states.map(() => 'connected'));
    await Promise.all([onA.socket.close(), newer.socket.close()]);
  });
});
