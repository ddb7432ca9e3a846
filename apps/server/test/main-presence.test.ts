import type { MainGameState } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { TEST_INVITES, useServer } from './harness.js';
import {
  checkLedger,
  chooseFaceUp,
  createGame,
  guest,
  Invites,
  joinGame,
  ok200,
  registered,
  type Seat,
  SocketClient,
  seatOf,
} from './main-harness.js';

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

/**
 * The same lifecycle end to end with the presence times shortened (a 300 ms grace, 600 ms for a
 * waiting seat; the real ones are 20 s and 2 min 20 s): the computer takes a dropped player's turn,
 * and a waiting game whose creator dropped closes with every fee refunded, the ledger balanced.
 */
describe('main game - presence lifecycle on a real server (short times)', () => {
  const served = useServer({ presence: { graceMs: 300, waitingGoneMs: 600 } });
  let invites: Invites | undefined;
  const invite = (): string => {
    invites ??= new Invites(TEST_INVITES);
    return invites.next();
  };
  const seatIn = (state: MainGameState, id: number) => state.players.find((p) => p.id === id);

  it('main game - a player who drops is played by the computer after the grace; the others are told', async () => {
    const { server } = served();
    const a = await seatOf(server.base, await guest(server.base));
    const b = await seatOf(server.base, await guest(server.base));
    const gameId = await createGame(a.jar, { name: 'Grace', playerLimit: 2 });
    await joinGame(a, gameId);
    await joinGame(b, gameId);
    const [start] = await chooseFaceUp([a, b], gameId);
    await b.socket.close();
    // A plays on its turns; when B's turn comes after the grace, the computer moves for B at once.
    let state = start as MainGameState;
    const movedForB = () =>
      a.socket.all('game_state').some((f) => f.game.lastAction !== null && f.game.lastAction.playerId === b.user.id);
    for (let n = 0; n < 40 && state.status === 'active' && !movedForB(); n++) {
      if (state.currentTurn === a.user.id) {
        const card = state.playableCards[0];
        a.socket.send(
          card !== undefined ? { type: 'play_card', gameId, cardIds: [card] } : { type: 'pickup_cards', gameId },
        );
      }
      state = (await a.socket.next('game_state', undefined, 10_000)).game;
    }
    expect(movedForB()).toBe(true);
    const seen = a.socket.all('game_state').map((f) => f.game);
    expect(seen.some((g) => seatIn(g, b.user.id)?.connection === 'away')).toBe(true);
    expect(seen.at(-1)?.chatMessages.map((m) => m.message)).toContain(
      `${b.user.username} is away — the computer plays for them`,
    );
    await a.socket.close();
  });

  it('main game - a waiting game whose creator dropped leaves the lobby, then closes: fees refunded, ledger balanced', async () => {
    const { server } = served();
    const host = await seatOf(server.base, await registered(server.base, invite(), 'Host'));
    const other = await seatOf(server.base, await registered(server.base, invite(), 'Other'));
    const looker = await registered(server.base, invite(), 'Looker');
    const balance = async (jar: Seat['jar']) =>
      ok200(await jar.get<{ balance: number }>('/api/tokens/balance')).balance;
    const before = [await balance(host.jar), await balance(other.jar)];
    const gameId = await createGame(host.jar, { name: 'Ghost table', playerLimit: 3, entryFee: 100 });
    await joinGame(host, gameId);
    await joinGame(other, gameId);
    expect([await balance(host.jar), await balance(other.jar)]).toEqual(before.map((b) => b - 100));
    const listed = async () =>
      ok200(await looker.jar.get<Array<{ id: number }>>('/api/games')).some((g) => g.id === gameId);
    expect(await listed()).toBe(true);
    await host.socket.close();
    await other.socket.next('game_state', (f) => seatIn(f.game, host.user.id)?.connection === 'reconnecting');
    expect(await listed()).toBe(false);
    // The game closes: everyone leaves, the fees come back.
    const closed = await other.socket.next('game_state', (f) => f.game.status === 'completed', 10_000);
    expect(closed.game.players).toEqual([]);
    expect([await balance(host.jar), await balance(other.jar)]).toEqual(before);
    const ledger = await checkLedger(server.dataFile);
    const refunds = ledger.rows.filter((r) => r.gameId === String(gameId) && r.kind === 'refund' && r.userId !== 0);
    expect(refunds.map((r) => r.amount)).toEqual([100, 100]);
    await other.socket.close();
  });
});
