import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SIMPLE_ROOM_IDLE_MS, type SimpleGameState } from '@palace/protocol';
import { ManualClock } from '@palace/service';
import { describe, expect, it } from 'vitest';
import { sleep, startServer, useServer } from './harness.js';
import {
  cheapMove,
  freshRoom,
  ownHand,
  playerNamed,
  type SimpleFrameOf,
  SimpleSocket,
} from './simple-socket-client.js';

/** The simple websocket game on `/simple-ws` (docs/product.md §P2.4, §P2.7, §P2.8, §D8, §D9), over real sockets. */

const AI = 'AI Player 1';
const TAKEN = 'That username is already taken in this game';
const NOT_YOURS = 'You are not playing as that user in this game';
const CLOSED = 'Room closed due to inactivity';
const MOVED = 'You joined this game from another connection';

/** Picks the first 3 hand cards one `select_faceup` at a time (as an id, a card object, an id), each seen in a state. */
async function pickFaceUp(socket: SimpleSocket, roomId: string): Promise<SimpleGameState> {
  const username = socket.latest().you as string;
  const cards = ownHand(socket.latest()).slice(0, 3);
  let state = socket.latest();
  for (const [n, card] of cards.entries()) {
    socket.send({ type: 'select_faceup', roomId, username, card: n === 1 ? { id: card } : card });
    const frame = await socket.next('game_state', (f) => {
      const me = playerNamed(f.state, username);
      return n < 2 ? me.selecting.includes(card) : me.isReady;
    });
    state = frame.state;
  }
  const me = playerNamed(state, username);
  expect(me.faceUp.map((c) => c.id).sort()).toEqual([...cards].sort());
  expect(me.selecting).toEqual([]);
  return state;
}

/** Every state a socket was sent shows no other player's hand card and no face-down card. */
function expectNoLeak(socket: SimpleSocket): void {
  const states = socket.states();
  expect(states.length).toBeGreaterThan(0);
  for (const state of states) {
    for (const player of state.players) {
      expect(player.hand.length).toBe(player.handCount);
      if (player.username !== state.you) {
        for (const card of player.hand) {
          expect(card).toMatchObject({ suit: 'unknown', value: 'unknown', hidden: true });
          expect(card.id).toMatch(/^hidden-/);
        }
      }
      expect(player.faceDownCards.length).toBe(player.faceDown);
      for (const card of player.faceDownCards) {
        expect(card).toEqual({ id: card.id, suit: 'unknown', value: 'unknown', hidden: true });
        expect(card.id).toMatch(/^blind-\d+$/);
      }
    }
  }
}

/**
 * Plays the game out: whoever's own newest state says it is their turn sends its cheapest legal
 * move (a pick-up when nothing is legal), until every socket got `game_over`. Fails on any `error`.
 */
async function playToEnd(sockets: readonly SimpleSocket[], roomId: string): Promise<void> {
  const acted = new Map<SimpleSocket, number>();
  const deadline = Date.now() + 60_000;
  while (!sockets.every((s) => s.all('game_over').length > 0)) {
    if (Date.now() > deadline) throw new Error('the game did not end within 60 s');
    let moved = false;
    for (const socket of sockets) {
      const refused = socket.all('error');
      if (refused.length > 0) throw new Error(`a move was refused: ${refused[0]?.message}`);
      const state = socket.latest();
      if (state.status !== 'playing' || state.currentTurn !== state.you) continue;
      if (state.lastUpdate <= (acted.get(socket) ?? -1)) continue;
      const move = cheapMove(state, roomId);
      if (move === null) throw new Error(`${state.you} can neither play nor pick up`);
      acted.set(socket, state.lastUpdate);
      socket.send(move);
      moved = true;
    }
    if (!moved) await sleep(2);
  }
}

/** A room with Alice and Bob seated (Alice created it); their `join_success` frames. */
async function aliceAndBob(
  base: string,
  roomId = freshRoom(),
): Promise<{
  roomId: string;
  alice: SimpleSocket;
  bob: SimpleSocket;
  aliceJoin: SimpleFrameOf<'join_success'>;
  bobJoin: SimpleFrameOf<'join_success'>;
}> {
  const alice = await SimpleSocket.connect(base);
  const bob = await SimpleSocket.connect(base);
  const aliceJoin = await alice.join(roomId, 'Alice');
  const bobJoin = await bob.join(roomId, 'Bob');
  await alice.next('chat_message', (f) => f.text === 'Bob joined the game');
  return { roomId, alice, bob, aliceJoin, bobJoin };
}

describe('simple websocket game', () => {
  const served = useServer();

  it('simple socket - two players and an AI play a whole game to one winner, with the status lines and no leak', async () => {
    const { server } = served();
    const { roomId, alice, bob, aliceJoin, bobJoin } = await aliceAndBob(server.base);
    expect(aliceJoin).toMatchObject({ roomId, username: 'Alice' });
    expect(aliceJoin.seatToken.length).toBeGreaterThanOrEqual(22);
    expect(bobJoin.seatToken).not.toBe(aliceJoin.seatToken);
    expect(aliceJoin.state).toMatchObject({ id: roomId, status: 'setup', you: 'Alice', mustSelectFaceUp: true });
    expect(ownHand(aliceJoin.state)).toHaveLength(6);
    expect(bobJoin.state.players.map((p) => p.username)).toEqual(['Alice', 'Bob']);

    // Bob asks for the AI: both sockets hear of it.
    bob.send({ type: 'add_ai', roomId, username: 'Bob' });
    for (const socket of [alice, bob]) expect((await socket.next('ai_joined')).aiName).toBe(AI);

    await Promise.all([pickFaceUp(alice, roomId), pickFaceUp(bob, roomId)]);
    for (const socket of [alice, bob]) await socket.reach((s) => s.status === 'playing');
    await playToEnd([alice, bob], roomId);

    const overs = [alice, bob].map((s) => s.all('game_over'));
    for (const over of overs) expect(over).toHaveLength(1);
    const winner = overs[0]?.[0]?.winner as string;
    expect(['Alice', 'Bob', AI]).toContain(winner);
    expect(overs[1]?.[0]?.winner).toBe(winner);
    for (const socket of [alice, bob]) {
      const last = socket.latest();
      expect(last).toMatchObject({ status: 'finished', winner, currentTurn: null });
      expect(last.standings?.[0]?.username).toBe(winner);
    }

    // The status lines of docs/product.md §P2.4, as System chat_message frames.
    const statusLines = (socket: SimpleSocket) =>
      socket
        .all('chat_message')
        .filter((f) => f.username === 'System' && f.isSystem)
        .map((f) => f.text);
    const aliceLines = statusLines(alice);
    const bobLines = statusLines(bob);
    for (const line of [
      'Alice joined the game',
      'Game has started. Select 3 cards to place face-up.',
      'Bob joined the game',
      'AI Player 1 (AI) joined the game',
      'All players are ready. Game has started!',
      `Game over! ${winner} wins!`,
    ]) {
      expect(aliceLines).toContain(line);
    }
    // Bob joined after Alice's lines were written: he has them in his join's state instead.
    for (const line of ['Bob joined the game', 'AI Player 1 (AI) joined the game', `Game over! ${winner} wins!`]) {
      expect(bobLines).toContain(line);
    }
    expect(bobLines).not.toContain('Alice joined the game');
    expect(bobJoin.state.chat.map((c) => c.text)).toContain('Alice joined the game');
    for (const lines of [aliceLines, bobLines]) {
      expect(lines.filter((l) => /^It's (Alice|Bob|AI Player 1)'s turn$/.test(l)).length).toBeGreaterThan(1);
      // Each line once: the chat cursor sends no line twice.
      expect(lines.filter((l) => l === 'All players are ready. Game has started!')).toHaveLength(1);
    }

    // Nobody was ever shown another player's hand or any face-down card, nor another seat's token.
    expectNoLeak(alice);
    expectNoLeak(bob);
    expect(alice.raw.join('\n')).not.toContain(bobJoin.seatToken);
    expect(bob.raw.join('\n')).not.toContain(aliceJoin.seatToken);
    await Promise.all([alice.close(), bob.close()]);
  });

  it('simple socket - malformed, unknown, incomplete and refused messages get an error and the socket keeps working', async () => {
    // (A frame over 16 KiB closes the socket with 1009 instead: security-sockets.test.ts.)
    const { server } = served();
    const roomId = freshRoom();
    const socket = await SimpleSocket.connect(server.base);
    expect(await socket.refused('{not json')).toBe('Messages must be JSON objects with a "type"');
    expect(await socket.refused([1, 2])).toBe('Messages must be JSON objects with a "type"');
    expect(await socket.refused({ type: 'make_coffee', roomId })).toBe('Unknown message type: make_coffee');
    expect(await socket.refused({ type: 'join_game', roomId })).toMatch(/^Invalid join_game message: /);
    expect(await socket.refused({ type: 'play_card', roomId, username: 'Alice', card: 7 })).toMatch(
      /^Invalid play_card message: /,
    );
    expect(await socket.refused({ type: 'join_game', roomId: 'bad code!', username: 'Alice' })).toBe(
      'Please enter a valid game code',
    );
    expect(await socket.refused({ type: 'join_game', roomId: '', username: 'Alice' })).toBe(
      'Please enter a valid game code',
    );
    expect(await socket.refused({ type: 'join_game', roomId, username: '   ' })).toBe('Username is required');
    // Acting before joining: this socket holds no seat.
    expect(await socket.refused({ type: 'pickup_pile', roomId, username: 'Alice' })).toBe(NOT_YOURS);
    // After all that, the socket still joins.
    const joined = await socket.join(roomId, 'Alice');
    expect(joined.state.you).toBe('Alice');

    // Another socket: the name is taken (in any case) without its seat token, and it cannot act as Alice.
    const other = await SimpleSocket.connect(server.base);
    expect(await other.refused({ type: 'join_game', roomId, username: 'alice ' })).toBe(TAKEN);
    expect(await other.refused({ type: 'join_game', roomId, username: 'Alice', seatToken: 'forged' })).toBe(TAKEN);
    expect(await other.refused({ type: 'chat_message', roomId, username: 'Alice', text: 'I am Alice, honest' })).toBe(
      NOT_YOURS,
    );
    await other.join(roomId, 'Bob');
    await socket.next('chat_message', (f) => f.text === 'Bob joined the game');
    socket.drain();
    // Bob's socket cannot act as Alice either, nor in another room.
    expect(await other.refused({ type: 'add_ai', roomId, username: 'Alice' })).toBe(NOT_YOURS);
    expect(await other.refused({ type: 'add_ai', roomId: freshRoom(), username: 'Bob' })).toBe(NOT_YOURS);
    // Nothing of that changed the game: Alice saw no new state, and no forged chat line anywhere.
    await socket.none('game_state');
    expect([...socket.chatTexts(), ...other.chatTexts()]).not.toContain('I am Alice, honest');

    // Alice joining again from her own socket needs no token: she holds the seat.
    expect((await socket.join(roomId, 'Alice')).state.you).toBe('Alice');

    await Promise.all([pickFaceUp(socket, roomId), pickFaceUp(other, roomId)]);
    const started = await socket.reach((s) => s.status === 'playing');
    const byName = new Map([
      ['Alice', socket],
      ['Bob', other],
    ]);
    const waiting = byName.get(started.currentTurn === 'Alice' ? 'Bob' : 'Alice') as SimpleSocket;
    const waitingState = await waiting.reach((s) => s.status === 'playing');
    expect(
      await waiting.refused({
        type: 'play_card',
        roomId,
        username: waitingState.you,
        card: ownHand(waitingState)[0],
      }),
    ).toBe('Wait for your turn to play');
    expect(await waiting.refused({ type: 'pickup_pile', roomId, username: waitingState.you })).toBe(
      'Wait for your turn to play',
    );

    // Play on until the player to move holds a hand card that may not go on the pile; it is refused.
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (Date.now() > deadline) throw new Error('no too-low card came up within 30 s');
      const mover = [...byName.values()].find((s) => {
        const state = s.latest();
        return state.status === 'playing' && state.currentTurn === state.you;
      });
      if (mover === undefined) {
        await sleep(2);
        continue;
      }
      const state = mover.latest();
      const low = ownHand(state).find((id) => !state.playableCards.includes(id));
      if (low !== undefined && state.pileCount > 0) {
        expect(await mover.refused({ type: 'play_card', roomId, username: state.you, card: low })).toBe(
          "You can't play this card on the current pile",
        );
        // Still usable: a legal move goes through and is broadcast.
        mover.send(cheapMove(state, roomId));
        const after = await mover.next('game_state', (f) => f.state.lastUpdate > state.lastUpdate);
        expect(after.state.lastUpdate).toBeGreaterThan(state.lastUpdate);
        break;
      }
      mover.send(cheapMove(state, roomId));
      await mover.next('game_state', (f) => f.state.lastUpdate > state.lastUpdate);
      if (mover.latest().status === 'finished') throw new Error('the game ended before a too-low card came up');
    }
    expect(socket.isOpen && other.isOpen).toBe(true);
    await Promise.all([socket.close(), other.close()]);
  });

  it('simple socket - chat reaches everyone in the room; more than 5 lines in 5 s from one socket are refused', async () => {
    const { server } = served();
    const { roomId, alice, bob } = await aliceAndBob(server.base);
    for (let n = 1; n <= 6; n++) alice.send({ type: 'chat_message', roomId, username: 'Alice', text: ` line ${n} ` });
    expect(await alice.next('error')).toEqual({
      type: 'error',
      message: "You're sending messages too fast. Please wait a moment.",
    });
    // The lines were handled (and broadcast) in order, before the sixth was refused.
    await bob.next('chat_message', (f) => f.text === 'line 5');
    for (const socket of [alice, bob]) {
      const line = socket.all('chat_message').find((f) => f.text === 'line 5');
      expect(line).toMatchObject({ username: 'Alice', isSystem: false });
      expect(line?.timestamp).toBeGreaterThan(Date.now() - 60_000);
      expect(socket.chatTexts().filter((t) => t.startsWith('line '))).toEqual([
        'line 1',
        'line 2',
        'line 3',
        'line 4',
        'line 5',
      ]);
    }
    // Bob has his own allowance; a blank line is refused.
    expect(await bob.refused({ type: 'chat_message', roomId, username: 'Bob', text: '   ' })).toBe(
      'Message cannot be empty',
    );
    bob.send({ type: 'chat_message', roomId, username: 'Bob', text: 'hi' });
    await alice.next('chat_message', (f) => f.text === 'hi' && f.username === 'Bob');
    await Promise.all([alice.close(), bob.close()]);
  });

  it('simple socket - a reconnect takes the seat back with its token; the others hear who dropped and who left', async () => {
    const { server } = served();
    const { roomId, alice, bob, aliceJoin } = await aliceAndBob(server.base);
    const hand = ownHand(aliceJoin.state);
    alice.send({ type: 'select_faceup', roomId, username: 'Alice', card: hand[0] });
    await alice.next('game_state', (f) => playerNamed(f.state, 'Alice').selecting.length === 1);

    await alice.close();
    expect(await bob.next('player_left')).toEqual({ type: 'player_left', username: 'Alice', reason: 'disconnected' });

    const again = await SimpleSocket.connect(server.base);
    const back = await again.join(roomId, 'Alice', aliceJoin.seatToken);
    expect(back).toMatchObject({ roomId, username: 'Alice', seatToken: aliceJoin.seatToken });
    expect(back.state.you).toBe('Alice');
    expect(ownHand(back.state)).toEqual(hand);
    expect(playerNamed(back.state, 'Alice').selecting).toEqual([hand[0]]);
    expect(back.state.players.map((p) => p.username)).toEqual(['Alice', 'Bob']);

    // A third connection with the token takes the seat from the live one, which is told and holds nothing.
    const third = await SimpleSocket.connect(server.base);
    await third.join(roomId, 'Alice', aliceJoin.seatToken);
    expect((await again.next('error')).message).toBe(MOVED);
    expect(await again.refused({ type: 'select_faceup', roomId, username: 'Alice', card: hand[1] })).toBe(NOT_YOURS);
    third.send({ type: 'select_faceup', roomId, username: 'Alice', card: hand[1] });
    await third.next('game_state', (f) => playerNamed(f.state, 'Alice').selecting.length === 2);
    await again.none('game_state');

    // Bob leaves during setup: his seat is freed, everyone still in the room hears it.
    bob.send({ type: 'leave_game', roomId, username: 'Bob' });
    for (const socket of [third, bob]) {
      expect(await socket.next('player_left')).toEqual({ type: 'player_left', username: 'Bob', reason: 'left' });
    }
    // The leave's own change (state and status line) came before `player_left`.
    const after = third.all('chat_message').find((f) => f.text === 'Bob left the game');
    expect(after?.isSystem).toBe(true);
    expect(third.latest().players.map((p) => p.username)).toEqual(['Alice']);
    // Bob's socket holds nothing any more.
    expect(await bob.refused({ type: 'chat_message', roomId, username: 'Bob', text: 'still here?' })).toBe(NOT_YOURS);
    await Promise.all([again.close(), third.close(), bob.close()]);
  });
});

describe('simple websocket game for a spec client', () => {
  const served = useServer();

  it('simple socket - the joiner gets its state as game_state right after join_success, also when taking the seat back', async () => {
    const { server } = served();
    const roomId = freshRoom();
    const alice = await SimpleSocket.connect(server.base);
    const joined = await alice.join(roomId, 'Alice');
    // A client that renders on game_state sees the table at once, without waiting for another move.
    const first = await alice.next('game_state');
    expect(first.state).toEqual(joined.state);
    expect(alice.frames.map((f) => f.type).slice(0, 3)).toEqual([
      'connection_established',
      'join_success',
      'game_state',
    ]);
    await alice.close();
    const again = await SimpleSocket.connect(server.base);
    const back = await again.join(roomId, 'Alice', joined.seatToken);
    const state = await again.next('game_state');
    expect(state.state).toEqual(back.state);
    expect(state.state.you).toBe('Alice');
    await again.close();
  });
});

describe('simple websocket rooms and time', () => {
  const clock = new ManualClock();
  const served = useServer({ roomClock: clock });

  it('simple socket - a room closes after 30 minutes without a message or a move, and stays closed', async () => {
    const { server } = served();
    const { roomId, alice, bob, aliceJoin } = await aliceAndBob(server.base);
    const busy = await aliceAndBob(server.base);

    clock.advance(SIMPLE_ROOM_IDLE_MS - 60_000);
    expect(await server.closeIdleRooms()).toBe(0);
    // A message in the busy room restarts its clock.
    busy.alice.send({ type: 'chat_message', roomId: busy.roomId, username: 'Alice', text: 'still playing' });
    await busy.bob.next('chat_message', (f) => f.text === 'still playing');
    clock.advance(2 * 60_000);
    expect(await server.closeIdleRooms()).toBe(1);

    for (const socket of [alice, bob]) {
      expect(await socket.next('room_closed')).toEqual({ type: 'room_closed', roomId, message: CLOSED });
    }
    await busy.alice.none('room_closed');
    // The sockets stay open but hold no seat there; the room refuses joins, even with the token.
    expect(alice.isOpen).toBe(true);
    expect(await alice.refused({ type: 'pickup_pile', roomId, username: 'Alice' })).toBe(NOT_YOURS);
    expect(await alice.refused({ type: 'join_game', roomId, username: 'Alice', seatToken: aliceJoin.seatToken })).toBe(
      CLOSED,
    );
    const late = await SimpleSocket.connect(server.base);
    expect(await late.refused({ type: 'join_game', roomId, username: 'Carol' })).toBe(CLOSED);
    // Closing again finds nothing more to close.
    expect(await server.closeIdleRooms()).toBe(0);
    // The open sockets may join another room.
    expect((await alice.join(freshRoom(), 'Alice')).state.you).toBe('Alice');
    await Promise.all([alice, bob, busy.alice, busy.bob, late].map((s) => s.close()));
  });
});

describe('simple websocket game across a restart', () => {
  it('simple socket - a room lives on in the same file: the seat tokens take the seats back on a new server', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'palace-simple-ws-'));
    const dataFile = join(dir, 'palace.db');
    try {
      const first = await startServer({ dataFile });
      const { roomId, alice, bob, aliceJoin, bobJoin } = await aliceAndBob(first.base);
      await Promise.all([pickFaceUp(alice, roomId), pickFaceUp(bob, roomId)]);
      const before = await alice.reach((s) => s.status === 'playing');
      await first.close();
      await Promise.all([alice.closed, bob.closed]);

      const second = await startServer({ dataFile });
      try {
        const alice2 = await SimpleSocket.connect(second.base);
        const bob2 = await SimpleSocket.connect(second.base);
        expect(await alice2.refused({ type: 'join_game', roomId, username: 'Alice' })).toBe(TAKEN);
        const aliceBack = await alice2.join(roomId, 'Alice', aliceJoin.seatToken);
        const bobBack = await bob2.join(roomId, 'Bob', bobJoin.seatToken);
        expect(aliceBack.state).toMatchObject({ status: 'playing', you: 'Alice', lastUpdate: before.lastUpdate });
        expect(ownHand(aliceBack.state)).toEqual(ownHand(before));
        expect(bobBack.state.you).toBe('Bob');
        // The game goes on: the player to move moves, and the other sees it.
        const mover = aliceBack.state.currentTurn === 'Alice' ? alice2 : bob2;
        const watcher = mover === alice2 ? bob2 : alice2;
        mover.send(cheapMove(mover.latest(), roomId));
        const moved = await watcher.next('game_state', (f) => f.state.lastUpdate > before.lastUpdate);
        expect(moved.state.currentTurn).not.toBeNull();
        await Promise.all([alice2.close(), bob2.close()]);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
