import type { MainGameState } from '@palace/protocol';
import { expect, it } from 'vitest';
import { clusterDescribe, until, useNodes } from './cluster-nodes.js';
import {
  chooseFaceUp,
  createGame,
  guest,
  joinGame,
  lowestGroup,
  ok200,
  type Player,
  playToEnd,
  registered,
  type Seat,
  SocketClient,
  seatOf,
} from './main-harness.js';

/**
 * The main game on two server nodes sharing one PostgreSQL database (issue 10): each player on
 * their own node, as a load balancer would spread them. Changes, chat, presence, the one socket per
 * user and signing out all cross from node to node.
 */

const CODE = 'CLUSTER';

/** The socket still answers: a ping gets a pong. */
async function stillUsable(socket: SocketClient): Promise<void> {
  expect(socket.isOpen).toBe(true);
  socket.send({ type: 'ping' });
  await socket.next('pong');
}

clusterDescribe('main game on two nodes', () => {
  const nodes = useNodes({ inviteCodes: [CODE], inviteUses: 100 });

  /** A guest on node A and one on node B, seated (each through their own node) in a game of two. */
  async function tableAcrossNodes(): Promise<{ gameId: number; seats: [Seat, Seat] }> {
    const { a, b } = nodes();
    const onA = await seatOf(a.base, await guest(a.base));
    const onB = await seatOf(b.base, await guest(b.base));
    const gameId = await createGame(onA.jar, { name: 'Cluster Game', playerLimit: 2 });
    await joinGame(onA, gameId);
    await joinGame(onB, gameId);
    // B's join was made on node B: node A's player hears of it through the bus.
    await onA.socket.next('game_state', (f) => f.game.id === gameId && f.game.players.length === 2);
    return { gameId, seats: [onA, onB] };
  }

  it('cluster - players on two nodes play a whole game and chat, each seeing the other’s moves and lines', async () => {
    const { gameId, seats } = await tableAcrossNodes();
    const [onA, onB] = seats;
    const states = await chooseFaceUp(seats, gameId);
    expect(states.map((s) => s.status)).toEqual(['active', 'active']);

    onB.socket.send({ type: 'chat_message', gameId, message: 'hello from node B' });
    const heard = await onA.socket.next('chat_message', (f) => f.message === 'hello from node B');
    expect(heard.user.id).toBe(onB.user.id);
    onA.socket.send({ type: 'chat_message', gameId, message: 'hello from node A' });
    await onB.socket.next('chat_message', (f) => f.message === 'hello from node A');

    const steps = await playToEnd(seats, gameId, ['lowest', 'lowest']);
    expect(steps.length).toBeGreaterThan(0);
    const last = steps.at(-1)?.after as readonly MainGameState[];
    // Both nodes sent the same final state, each cut for its own viewer.
    expect(last.map((s) => s.status)).toEqual(['completed', 'completed']);
    expect(last[0]?.winnerId).toBeTypeOf('number');
    expect(last[1]?.winnerId).toBe(last[0]?.winnerId);
    await Promise.all(seats.map((s) => s.socket.close()));
  });

  it('cluster - a chat line followed at once by a move reaches the other node: the line, then the state', async () => {
    const { gameId, seats } = await tableAcrossNodes();
    const states = await chooseFaceUp(seats, gameId);
    for (const seat of seats) seat.socket.drain();
    const turn = seats.findIndex((s) => s.user.id === states[0]?.currentTurn);
    const mover = seats[turn] as Seat;
    const watcher = seats[1 - turn] as Seat;
    const group = lowestGroup(states[turn] as MainGameState, mover.user.id);
    const action = group.length > 0 ? { type: 'play_card', cardIds: group } : { type: 'pickup_cards' };
    // Two changes back to back: the other node may read them as one (the move's version only).
    mover.socket.send({ type: 'chat_message', gameId, message: 'watch this' });
    mover.socket.send({ ...action, gameId });
    await watcher.socket.next('chat_message', (f) => f.message === 'watch this');
    const after = await watcher.socket.next('game_state', (f) => f.game.currentTurn !== mover.user.id);
    expect(after.game.lastAction?.playerId).toBe(mover.user.id);
    // The line went out once.
    expect(watcher.socket.all('chat_message').filter((f) => f.message === 'watch this')).toHaveLength(1);
    await Promise.all(seats.map((s) => s.socket.close()));
  });

  it('cluster - a socket opened on node B replaces the same user’s socket on node A (connection_replaced, 4000)', async () => {
    const { a, b } = nodes();
    const player = await registered(a.base, CODE, 'Twice');
    const old = await SocketClient.connect(a.base, player.jar);
    const fresh = await SocketClient.connect(b.base, player.jar);
    const replaced = await old.next('connection_replaced');
    expect(replaced.message).toBe("You've connected from another device. This session will be closed.");
    expect((await old.closed).code).toBe(4000);
    await stillUsable(fresh);
    await fresh.close();
  });

  it('cluster - two sockets of one user opening at once on two nodes: exactly one survives', async () => {
    const { a, b } = nodes();
    const player = await registered(a.base, CODE, 'Both');
    // Opened, not waited on for `connection_established`: the loser may be replaced before its own
    // node has sent it (a CI run on Node 24 saw `connection_replaced` as its only frame).
    const sockets = await Promise.all([SocketClient.open(a.base, player.jar), SocketClient.open(b.base, player.jar)]);
    const loser = await Promise.race(sockets.map((s) => s.closed.then(() => s)));
    expect((await loser.closed).code).toBe(4000);
    const survivor = sockets.find((s) => s !== loser) as SocketClient;
    await survivor.next('connection_established');
    // The survivor's node has heard the loser's announcement by now or will ignore it: it stays.
    await survivor.none('connection_replaced', 300);
    await stillUsable(survivor);
    await survivor.close();
  });

  it('cluster - signing out on node A closes the user’s socket on node B (4001)', async () => {
    const { a, b } = nodes();
    const player = await registered(a.base, CODE, 'Leaver');
    const stayer = await SocketClient.connect(b.base, (await registered(b.base, CODE, 'Stayer')).jar);
    const socket = await SocketClient.connect(b.base, player.jar);
    expect((await player.jar.logout()).status).toBe(200);
    expect((await socket.closed).code).toBe(4001);
    await stillUsable(stayer);
    await stayer.close();
  });

  it('cluster - a friend connected to node B shows online on node A, then offline once the socket closes', async () => {
    const { a, b } = nodes();
    const ann: Player = await registered(a.base, CODE, 'Ann');
    const ben: Player = await registered(b.base, CODE, 'Ben');
    ok200(await ann.jar.post('/api/friends', { username: ben.user.username }), 'add friend');
    const status = async (): Promise<string | undefined> => {
      const list = ok200(await ann.jar.get<Array<{ id: number; status: string }>>('/api/friends/online'));
      return list.find((f) => f.id === ben.user.id)?.status;
    };
    expect(await status()).toBe('offline');
    const socket = await SocketClient.connect(b.base, ben.jar);
    // The presence row is written before `connection_established`: online at once, on any node.
    expect(await status()).toBe('online');
    await socket.close();
    await until(async () => (await status()) === 'offline', 'Ben offline on node A');
  });
});
