import type { AddressInfo } from 'node:net';
import {
  MainGames,
  type MainMeta,
  ManualClock,
  ManualScheduler,
  MemoryBank,
  MemoryGamesStore,
  RecordingPublisher,
  SequentialIds,
  type StoredGame,
  type User,
} from '@palace/service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { Connections, FOLLOWED_PER_SOCKET } from '../src/connections.js';
import { SENT_KEPT, SentToWatchers } from '../src/main-broadcast.js';

/**
 * The socket adapter's per-game memory filled past its bounds (docs/architecture.md "Memory
 * bounds"): what was broadcast of each game, and the games one socket follows.
 */

/** A waiting main game, opened by a guest through the service on in-memory ports. */
async function mainGame(): Promise<StoredGame<MainMeta>> {
  const bank = new MemoryBank();
  const clock = new ManualClock();
  const games = new MainGames({
    store: new MemoryGamesStore(bank),
    clock,
    ids: new SequentialIds(),
    scheduler: new ManualScheduler(clock),
    publisher: new RecordingPublisher(),
    tokens: bank,
  });
  const guest: User = { id: -1, username: 'Guest1234', email: null, avatar: null, isGuest: true, isBot: false };
  const created = await games.create(guest, { name: 'Bounds' });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

describe('memory bounds - sockets', () => {
  let server: WebSocketServer;
  let client: WebSocket;
  let serverSide: WebSocket;

  beforeAll(async () => {
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    const accepted = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
    client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    await new Promise((resolve) => client.once('open', resolve));
    serverSide = await accepted;
  });

  afterAll(async () => {
    client.terminate();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sent to watchers - past SENT_KEPT games the least recently changed are forgotten', async () => {
    const game = await mainGame();
    const sent = new SentToWatchers();
    for (let i = 0; i < SENT_KEPT + 50; i++) sent.saw({ ...game, id: `G${i}` });
    expect(sent.size).toBe(SENT_KEPT);
    // The newest is remembered: its next version is a move after it (the state, no chat line).
    const newest = { ...game, id: `G${SENT_KEPT + 49}` };
    expect(sent.news({ ...newest, version: game.version + 1 })).toEqual({ lines: [], state: true });
    expect(sent.news({ ...newest, version: game.version + 1 })).toBeNull();
    // A game seen again counts as the newest: the oldest goes next, not it.
    sent.saw({ ...game, id: 'G50', version: game.version + 1 });
    sent.saw({ ...game, id: 'NEW' });
    expect(sent.news({ ...game, id: 'G50', version: game.version + 1 })).toBeNull();
    expect(sent.size).toBe(SENT_KEPT);
  });

  it(`connections - a socket follows at most FOLLOWED_PER_SOCKET games; one more drops the oldest`, () => {
    const connections = new Connections();
    const user: User = { id: 7, username: 'Seven', email: null, avatar: null, isGuest: false, isBot: false };
    const connection = connections.open('c1', serverSide, user, () => undefined);
    for (let i = 0; i < FOLLOWED_PER_SOCKET; i++) expect(connections.watch(connection, `G${i}`)).toBeNull();
    // Following one again makes it the newest.
    expect(connections.watch(connection, 'G0')).toBeNull();
    expect(connections.watch(connection, 'NEW')).toBe('G1');
    expect(connection.games.size).toBe(FOLLOWED_PER_SOCKET);
    expect(connections.watching('G1')).toEqual([]);
    expect(connections.watching('G0')).toEqual([connection]);
    for (let i = 0; i < 500; i++) connections.watch(connection, `MORE${i}`);
    expect(connection.games.size).toBe(FOLLOWED_PER_SOCKET);
    expect(connections.watchedGames()).toHaveLength(FOLLOWED_PER_SOCKET);
    // Closing the socket forgets every game it followed.
    void connections.close(connection);
    expect(connections.watchedGames()).toEqual([]);
    expect(connections.size).toBe(0);
  });
});
