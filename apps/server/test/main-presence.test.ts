import type { MainGameState } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { useServer } from './harness.js';
import { chooseFaceUp, createGame, guest, joinGame, type Seat, SocketClient, seatOf } from './main-harness.js';

/**
 * Presence over the real socket (docs/product.md §D13 presence): a seated player's socket closing
 * makes the seat `reconnecting` for everyone with one chat line; their reconnection and join make
 * it `connected` again ("… is back"); a socket replaced by the same player's new one is no drop.
 * The 20 s grace and what follows run on the service's clock (packages/service/test/main-presence.test.ts).
 */
describe('main game - presence over the socket', () => {
  const served = useServer();

  const seatIn = (state: MainGameState, id: number) => state.players.find((p) => p.id === id);
  const lines = (state: MainGameState) => state.chatMessages.filter((m) => m.userId === 0).map((m) => m.message);

  async function table(): Promise<{ a: Seat; b: Seat; gameId: number }> {
    const { server } = served();
    const a = await seatOf(server.base, await guest(server.base));
    const b = await seatOf(server.base, await guest(server.base));
    const gameId = await createGame(a.jar, { name: 'Presence', playerLimit: 2 });
    await joinGame(a, gameId);
    await joinGame(b, gameId);
    await chooseFaceUp([a, b], gameId);
    return { a, b, gameId };
  }

  it('main game - a dropped socket shows the seat reconnecting to the table; a rejoin shows it back', async () => {
    const { server } = served();
    const { a, b, gameId } = await table();
    await b.socket.close();
    const dropped = await a.socket.next('game_state', (f) => seatIn(f.game, b.user.id)?.connection === 'reconnecting');
    expect(seatIn(dropped.game, b.user.id)?.droppedAt).toBeTypeOf('number');
    expect(lines(dropped.game)).toEqual([`${b.user.username} lost connection — reconnecting…`]);
    // Back on a new socket: the client joins its game again.
    const again: Seat = { ...b, socket: await SocketClient.connect(server.base, b.jar) };
    const rejoined = await joinGame(again, gameId);
    expect(seatIn(rejoined, b.user.id)).toMatchObject({ connection: 'connected', droppedAt: null });
    const told = await a.socket.next('game_state', (f) => seatIn(f.game, b.user.id)?.connection === 'connected');
    expect(lines(told.game).at(-1)).toBe(`${b.user.username} is back`);
    await Promise.all([a.socket.close(), again.socket.close()]);
  });

  it('main game - a socket replaced by the same player’s new one is not a drop', async () => {
    const { server } = served();
    const { a, b, gameId } = await table();
    // A second tab: the new socket replaces the old one, which closes.
    const second: Seat = { ...b, socket: await SocketClient.connect(server.base, b.jar) };
    await b.socket.closed;
    await joinGame(second, gameId);
    a.socket.send({ type: 'chat_message', gameId, message: 'still here?' });
    const after = await a.socket.next('chat_message', (f) => f.message === 'still here?');
    expect(after.message).toBe('still here?');
    const state = a.socket.all('game_state').at(-1)?.game;
    expect(state === undefined ? 'connected' : seatIn(state, b.user.id)?.connection).toBe('connected');
    expect(state === undefined ? [] : lines(state)).toEqual([]);
    await Promise.all([a.socket.close(), second.socket.close()]);
  });
});
