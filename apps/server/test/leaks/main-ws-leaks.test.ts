import type { GameRecord } from '@palace/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../harness.js';
import { createGame, guest, ok200, type Seat, SocketClient, seatOf } from '../main-harness.js';
import { chooseFaceUp, joinGame, playToEnd } from '../main-table.js';
import { HttpTap } from './http-tap.js';
import { addTotals, LeakError, type ScanTotals, scanCardless, scanGame } from './leak-scan.js';

/**
 * The main game over `/ws`: every frame each player's socket and a watcher's received in many games (2–4 seats),
 * and every HTTP answer (sign-in, lobby, recent games) checked for hidden cards and early seeds.
 */

/** Games played at once (2, 3 and 4 seats in turn); each seat keeps under the socket's message budget. */
const GAMES = 12;

interface Played {
  readonly id: number;
  readonly seats: readonly Seat[];
  /** A user without a seat watching the whole game (docs/product.md §D11 watching): a stranger's view. */
  readonly watcher: SocketClient;
  readonly record: GameRecord;
}

describe('leaks - main game over /ws', () => {
  const served = useServer();
  const tap = new HttpTap();
  beforeAll(() => tap.start());
  afterAll(() => tap.stop());

  async function play(n: number): Promise<Played> {
    const { server } = served();
    const players = await Promise.all(Array.from({ length: 2 + (n % 3) }, () => guest(server.base)));
    const seats = await Promise.all(players.map((p) => seatOf(server.base, p)));
    const host = seats[0] as Seat;
    const id = await createGame(host.jar, { name: `Leak game ${n}`, playerLimit: seats.length });
    const watcher = await SocketClient.connect(server.base, (await guest(server.base)).jar);
    watcher.send({ type: 'watch_game', gameId: id });
    await watcher.next('watch_success');
    for (const seat of seats) await joinGame(seat, id);
    await chooseFaceUp(seats, id);
    await playToEnd(
      seats,
      id,
      seats.map(() => 'lowest'),
    );
    // Let the last broadcast of the final state reach every socket before reading the record.
    await Promise.all(seats.map((s) => s.jar.get('/api/games/recent')));
    const record = ok200(await host.jar.get<GameRecord>(`/api/records/main/${id}`), 'record');
    return { id, seats, watcher, record };
  }

  it('leaks - no frame or answer names a card its receiver may not see, nor the seed before the end', async () => {
    const { server } = served();
    const watcher = await guest(server.base);
    const idle = await SocketClient.connect(server.base, watcher.jar);
    const lobby = setInterval(() => void watcher.jar.get('/api/games'), 100);
    let games: Played[];
    try {
      games = await Promise.all(Array.from({ length: GAMES }, (_, n) => play(n)));
    } finally {
      clearInterval(lobby);
    }
    await watcher.jar.get('/api/games');
    await idle.close();

    const totals: ScanTotals = { payloads: 0, bytes: 0, states: 0 };
    for (const game of games) {
      const streams = [
        ...game.seats.map((s) => ({
          name: `socket of user ${s.user.id}`,
          viewer: String(s.user.id),
          payloads: s.socket.raw,
        })),
        { name: `the watcher of game ${game.id}`, viewer: null, payloads: game.watcher.raw },
      ];
      addTotals(totals, scanGame(`main game ${game.id}`, game.record, streams));
    }
    const seeds = games.map((g) => g.record.seed);
    for (const text of idle.raw) {
      scanCardless('a socket without a seat', text, seeds);
      totals.payloads += 1;
      totals.bytes += Buffer.byteLength(text);
    }
    for (const exchange of tap.exchanges) {
      if (exchange.url.pathname.startsWith('/api/records/')) continue;
      scanCardless(`${exchange.method} ${exchange.url.pathname}`, exchange.text, seeds);
      totals.payloads += 1;
      totals.bytes += Buffer.byteLength(exchange.text);
    }
    console.info(`leaks main /ws: ${games.length} games, ${JSON.stringify(totals)}`);
    expect(totals.states).toBeGreaterThan(GAMES * 100);

    // The scan can fail: one seat's frames read as if another seat had received them name its hand.
    const game = games[0] as Played;
    const [a, b] = game.seats as [Seat, Seat];
    const forged = { name: 'forged', viewer: String(a.user.id), payloads: b.socket.raw };
    expect(() => scanGame('forged', game.record, [forged])).toThrow(LeakError);
    // And a player's frames read as a watcher's name a hand a watcher may not see.
    const asWatcher = { name: 'forged watcher', viewer: null, payloads: a.socket.raw };
    expect(() => scanGame('forged watcher', game.record, [asWatcher])).toThrow(LeakError);
    for (const seat of games.flatMap((g) => g.seats)) await seat.socket.close();
    for (const played of games) await played.watcher.close();
  }, 120_000);
});
