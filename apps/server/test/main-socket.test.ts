import type { MainCard, MainGameState } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { useServer } from './harness.js';
import {
  chooseFaceUp,
  createGame,
  guest,
  Jar,
  joinGame,
  lowestGroup,
  me,
  registered,
  type Seat,
  SocketClient,
  seatOf,
  upgradeStatus,
} from './main-harness.js';

/** The `/ws` socket: reconnection, replacement, refusals that keep the socket usable, origin, ping and chat. */

const CODE = 'SOCKET';
const TOO_FAST = "You're sending messages too fast. Please wait a moment.";

/** The socket still answers: a ping gets a pong. */
async function stillUsable(socket: SocketClient): Promise<void> {
  expect(socket.isOpen).toBe(true);
  const before = Date.now();
  socket.send({ type: 'ping' });
  const pong = await socket.next('pong');
  expect(pong.timestamp).toBeGreaterThanOrEqual(before - 1000);
}

describe('main game socket', () => {
  const served = useServer({ inviteCodes: [CODE], inviteUses: 100 });

  /** `count` guests with sockets, seated in a fresh game of `limit` seats created by the first. */
  async function waitingGame(count: number, limit = count): Promise<{ gameId: number; seats: Seat[] }> {
    const { server } = served();
    const seats: Seat[] = [];
    for (let n = 0; n < count; n++) seats.push(await seatOf(server.base, await guest(server.base)));
    const gameId = await createGame((seats[0] as Seat).jar, { name: 'Socket Game', playerLimit: limit });
    for (const seat of seats) await joinGame(seat, gameId);
    // Later joins were broadcast to earlier players: nothing is pending now.
    for (const seat of seats) seat.socket.drain();
    return { gameId, seats };
  }

  /** A started two-player game. */
  async function activeGame(): Promise<{ gameId: number; seats: Seat[]; states: MainGameState[] }> {
    const { gameId, seats } = await waitingGame(2);
    const states = await chooseFaceUp(seats, gameId);
    expect(states[0]?.status).toBe('active');
    return { gameId, seats, states };
  }

  const closeAll = (seats: readonly Seat[]) => Promise.all(seats.map((s) => s.socket.close()));

  it('main socket - connection_established names the connection and the signed-in user', async () => {
    const { server } = served();
    const player = await registered(server.base, CODE, 'Conn');
    const socket = await SocketClient.open(server.base, player.jar);
    const hello = await socket.next('connection_established');
    expect(hello.connectionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(hello.userId).toBe(player.user.id);
    await stillUsable(socket);
    await socket.close();
  });

  it('main socket - a player who reconnects mid-game gets the same seat and the same hand back', async () => {
    const { server } = served();
    const { gameId, seats, states } = await activeGame();
    const [first, second] = seats as [Seat, Seat];
    // Let whoever has the turn move once, so the game is under way.
    const mover = seats.find((s) => s.user.id === states[0]?.currentTurn) as Seat;
    const moverState = states[seats.indexOf(mover)] as MainGameState;
    mover.socket.send({ type: 'play_card', gameId, cardIds: lowestGroup(moverState, mover.user.id) });
    const [afterFirst] = await Promise.all(seats.map((s) => s.socket.next('game_state')));
    const before = afterFirst?.game as MainGameState;
    const hand = me(before, first.user.id).handCards.map((c) => c.id);

    const heardBefore = second.socket.all('game_state').length;
    await first.socket.close();
    const again: Seat = { ...first, socket: await SocketClient.connect(server.base, first.jar) };
    const back = await joinGame(again, gameId);
    expect(back.status).toBe('active');
    expect(back.players.map((p) => p.id)).toEqual(before.players.map((p) => p.id));
    expect(me(back, first.user.id).handCards.map((c) => c.id)).toEqual(hand);
    expect(me(back, first.user.id).faceUpCards).toEqual(me(before, first.user.id).faceUpCards);
    expect(me(back, first.user.id).hasLeft).toBe(false);
    expect(back.currentTurn).toBe(before.currentTurn);
    expect(back.playedCards).toEqual(before.playedCards);
    // The game did not change for the drop: the other player heard at most the seat's presence
    // (reconnecting, then back: docs/product.md §D13), ending with the seat connected again.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const after = second.socket
      .all('game_state')
      .slice(heardBefore)
      .map((f) => f.game);
    for (const state of after) {
      expect([state.currentTurn, state.playedCards]).toEqual([before.currentTurn, before.playedCards]);
    }
    if (after.length > 0) expect(me(after.at(-1) as MainGameState, first.user.id).connection).toBe('connected');
    second.socket.drain();

    // The reconnected socket is in the game again: it hears the next move.
    const table = [again, second];
    const turn = table.find((s) => s.user.id === back.currentTurn) as Seat;
    const view = turn === again ? back : ((second.socket.all('game_state').at(-1)?.game ?? before) as MainGameState);
    const group = lowestGroup(view, turn.user.id);
    turn.socket.send(
      group.length > 0 && !view.canPickUp
        ? { type: 'play_card', gameId, cardIds: group }
        : view.canPickUp
          ? { type: 'pickup_cards', gameId }
          : { type: 'play_card', gameId, cardIds: group },
    );
    const heard = await again.socket.next('game_state');
    expect(heard.game.lastAction?.playerId).toBe(turn.user.id);
    await closeAll(table);
  });

  it('main socket - a second socket of the same user replaces the first (connection_replaced, then closed)', async () => {
    const { server } = served();
    const player = await registered(server.base, CODE, 'Twice');
    const old = await SocketClient.connect(server.base, player.jar);
    const fresh = await SocketClient.connect(server.base, player.jar);
    const replaced = await old.next('connection_replaced');
    expect(replaced.message).toBe("You've connected from another device. This session will be closed.");
    const closed = await old.closed;
    expect(closed.code).toBe(4000);
    expect(old.isOpen).toBe(false);
    await stillUsable(fresh);
    // Another user's socket is left alone.
    const other = await SocketClient.connect(server.base, (await registered(server.base, CODE, 'Else')).jar);
    await stillUsable(fresh);
    await stillUsable(other);
    await fresh.close();
    await other.close();
  });

  it("main socket - signing out closes the user's sockets (they must not act for them any more)", async () => {
    const { server } = served();
    const player = await registered(server.base, CODE, 'Leaver');
    const other = await SocketClient.connect(server.base, (await registered(server.base, CODE, 'Stayer')).jar);
    const socket = await SocketClient.connect(server.base, player.jar);
    expect((await player.jar.logout()).status).toBe(200);
    expect((await socket.closed).code).toBe(4001);
    await stillUsable(other);
    await other.close();
  });

  it('main socket - malformed messages get a game_error and the socket stays open and usable', async () => {
    const { server } = served();
    const player = await guest(server.base);
    const socket = await SocketClient.connect(server.base, player.jar);
    // (A frame over 16 KiB closes the socket with 1009 instead: security-sockets.test.ts.)
    const cases: Array<[unknown, string | RegExp]> = [
      ['this is not json', 'Messages must be JSON objects with a "type"'],
      ['[1,2,3]', 'Messages must be JSON objects with a "type"'],
      ['"join_game"', 'Messages must be JSON objects with a "type"'],
      ['null', 'Messages must be JSON objects with a "type"'],
      [{ gameId: 1 }, 'Unknown message type: undefined'],
      [{ type: 'dance' }, 'Unknown message type: dance'],
      [{ type: '__proto__' }, 'Unknown message type: __proto__'],
      [{ type: 'join_game' }, /^Invalid join_game message/],
      [{ type: 'join_game', gameId: 'abc' }, /^Invalid join_game message/],
      [{ type: 'play_card', gameId: 5 }, /^Invalid play_card message/],
      [{ type: 'play_card', gameId: 5, cardIds: 'c1' }, /^Invalid play_card message/],
      [{ type: 'chat_message', gameId: 5 }, /^Invalid chat_message message/],
      [{ type: 'select_faceup_cards', cardIds: [] }, /^Invalid select_faceup_cards message/],
      [{ type: 'create_game', game: {} }, /^Invalid create_game message/],
      [{ type: 'join_game', gameId: 5, userId: player.user.id - 1 }, 'You can only act for yourself'],
      [{ type: 'join_game', gameId: 5, userId: String(Math.abs(player.user.id)) }, 'You can only act for yourself'],
      [{ type: 'join_game', gameId: 999_999_999 }, 'Game not found'],
      [{ type: 'join_game', gameId: '123456789012345' }, 'Game not found'],
      [{ type: 'play_card', gameId: 999_999_999, cardIds: ['c1'] }, 'Game not found'],
    ];
    for (const [message, expected] of cases) {
      const refused = await socket.refused(message);
      if (typeof expected === 'string') expect(refused.message).toBe(expected);
      else expect(refused.message).toMatch(expected);
      await stillUsable(socket);
    }
    // A binary frame is not a JSON message either.
    socket.socket.send(Buffer.from('{"type":"ping"}'), { binary: true });
    expect((await socket.next('game_error')).message).toBe('Messages must be JSON objects with a "type"');
    await stillUsable(socket);
    // Its own (string) user id is accepted.
    socket.send({ type: 'ping', userId: player.user.id });
    await socket.next('pong');
    await socket.close();
  });

  it('main socket - refused moves (out of turn, 2 face-up cards, started or full game) change nothing', async () => {
    const { server } = served();
    // Choosing face-up cards needs exactly 3, from the hand.
    const waiting = await waitingGame(2);
    const [a, b] = waiting.seats as [Seat, Seat];
    const hand = (
      me((await a.socket.all('game_state').at(-1)?.game) as MainGameState, a.user.id).handCards as MainCard[]
    ).map((c) => c.id);
    for (const cardIds of [hand.slice(0, 2), hand.slice(0, 4), [hand[0], hand[0], hand[1]]]) {
      const refused = await a.socket.refused({ type: 'select_faceup_cards', gameId: waiting.gameId, cardIds });
      expect(refused.message).toMatch(/exactly 3|face-up/i);
      expect(refused.gameId).toBe(waiting.gameId);
    }
    expect(
      (await a.socket.refused({ type: 'select_faceup_cards', gameId: waiting.gameId, cardIds: hand.slice(0, 2) }))
        .message,
    ).toBe('You must select exactly 3 cards');
    await b.socket.none('game_state');
    // The game is full at 2 of 2: a third player cannot join, and is no member to chat or play.
    const third = await seatOf(server.base, await guest(server.base));
    expect((await third.socket.refused({ type: 'join_game', gameId: waiting.gameId })).message).toBe(
      'This game is full',
    );
    expect((await third.socket.refused({ type: 'chat_message', gameId: waiting.gameId, message: 'hi' })).message).toBe(
      'You are not a player in this game',
    );
    expect(
      (await third.socket.refused({ type: 'pickup_cards', gameId: waiting.gameId, userId: third.user.id })).message,
    ).toBe('You are not a player in this game');
    await stillUsable(third.socket);
    // Playing before the game starts.
    expect((await a.socket.refused({ type: 'play_card', gameId: waiting.gameId, cardIds: [hand[3]] })).message).toMatch(
      /not in progress|choose/i,
    );
    await closeAll(waiting.seats);

    const { gameId, seats, states } = await activeGame();
    const waiter = seats.find((s) => s.user.id !== states[0]?.currentTurn) as Seat;
    const other = seats.find((s) => s !== waiter) as Seat;
    const waiterState = states[seats.indexOf(waiter)] as MainGameState;
    const card = (me(waiterState, waiter.user.id).handCards[0] as MainCard).id;
    expect((await waiter.socket.refused({ type: 'play_card', gameId, cardIds: [card] })).message).toBe(
      'Wait for your turn to play',
    );
    expect((await waiter.socket.refused({ type: 'pickup_cards', gameId })).message).toMatch(/turn|no cards/);
    // Not your card, or no such card.
    const mover = other;
    const moverState = states[seats.indexOf(mover)] as MainGameState;
    expect((await mover.socket.refused({ type: 'play_card', gameId, cardIds: [card] })).message).toBe('Card not found');
    expect((await mover.socket.refused({ type: 'play_card', gameId, cardIds: [] })).message).toBe(
      'Please select a card to play',
    );
    // Face-up cards are chosen once.
    const chosen = me(moverState, mover.user.id)
      .handCards.slice(0, 3)
      .map((c) => c.id);
    expect((await mover.socket.refused({ type: 'select_faceup_cards', gameId, cardIds: chosen })).message).toMatch(
      /face-up|already/i,
    );
    // Nobody joins a started game.
    const late = await seatOf(server.base, await guest(server.base));
    expect((await late.socket.refused({ type: 'join_game', gameId })).message).toBe('The game has already started');
    await stillUsable(late.socket);
    await stillUsable(waiter.socket);
    // None of that changed the game.
    for (const seat of seats) await seat.socket.none('game_state');
    await closeAll([...seats, late, third]);
  });

  it('main socket - a socket without a session can ping but gets a game_error for every game message', async () => {
    const { server } = served();
    const { gameId, seats } = await waitingGame(2, 3);
    const anonymous = await SocketClient.open(server.base);
    const hello = await anonymous.next('connection_established');
    expect(hello.userId).toBeNull();
    await stillUsable(anonymous);
    const signIn = 'You must be signed in to play. Please sign in and reconnect.';
    for (const message of [
      { type: 'join_game', gameId },
      { type: 'chat_message', gameId, message: 'hello' },
      { type: 'pickup_cards', gameId },
      { type: 'play_card', gameId, cardIds: ['c1'] },
      { type: 'create_game', game: { name: 'Nope Game' } },
      { type: 'leave_game', gameId },
      { type: 'ready', gameId },
    ]) {
      expect((await anonymous.refused(message)).message).toBe(signIn);
    }
    await stillUsable(anonymous);
    // An expired or made-up session is the same as none.
    const forged = new Jar(server.base);
    forged.session = 'A'.repeat(43);
    const stranger = await SocketClient.open(server.base, forged);
    expect((await stranger.next('connection_established')).userId).toBeNull();
    expect((await stranger.refused({ type: 'join_game', gameId })).message).toBe(signIn);
    for (const seat of seats) await seat.socket.none('game_state', 50);
    await closeAll(seats);
    await anonymous.close();
    await stranger.close();
  });

  it('main socket - a cross-origin upgrade is refused with 403; same origin and no origin are accepted', async () => {
    const { server } = served();
    const player = await guest(server.base);
    const cookie = player.jar.cookieHeader();
    expect(await upgradeStatus(server.base, { ...cookie, origin: 'https://evil.example' })).toBe(403);
    expect(await upgradeStatus(server.base, { ...cookie, origin: 'null' })).toBe(403);
    expect(await upgradeStatus(server.base, { ...cookie, origin: server.base.replace('127.0.0.1', 'localhost') })).toBe(
      403,
    );
    expect(await upgradeStatus(server.base, { ...cookie, origin: server.base })).toBe(101);
    expect(await upgradeStatus(server.base, cookie)).toBe(101);
    await expect(SocketClient.open(server.base, player.jar, { origin: 'https://evil.example' })).rejects.toThrow(/403/);
  });

  it('main socket - ping is answered with pong and a timestamp; a pong is ignored', async () => {
    const { server } = served();
    const socket = await SocketClient.connect(server.base, (await guest(server.base)).jar);
    socket.send({ type: 'pong' });
    await socket.none('game_error', 50);
    for (let n = 0; n < 3; n++) await stillUsable(socket);
    expect(socket.all('pong')).toHaveLength(3);
    await socket.close();
  });

  it('main socket - chat reaches everyone in the game with user, message and time; blank lines are refused; floods refused', async () => {
    const { server } = served();
    const { gameId, seats } = await waitingGame(3);
    const outsider = await seatOf(server.base, await guest(server.base));
    const [a, b, c] = seats as [Seat, Seat, Seat];
    const start = Date.now();
    a.socket.send({ type: 'chat_message', gameId, userId: a.user.id, message: '  hello table  ' });
    for (const seat of seats) {
      const line = await seat.socket.next('chat_message');
      expect(line).toMatchObject({
        gameId,
        userId: a.user.id,
        username: a.user.username,
        message: 'hello table',
        user: { id: a.user.id, username: a.user.username, avatar: a.user.avatar },
      });
      expect(Date.parse(line.timestamp)).toBeGreaterThanOrEqual(start - 1000);
      expect(Date.parse(line.timestamp)).toBeLessThanOrEqual(Date.now() + 1000);
    }
    // A chat line is not a state change.
    for (const seat of seats) await seat.socket.none('game_state', 50);
    await outsider.socket.none('chat_message', 50);

    // Blank lines are not sent; the sender is answered (every message is, so a client can pace itself).
    for (const blank of ['', '   \n\t ']) {
      expect((await b.socket.refused({ type: 'chat_message', gameId, message: blank })).message).toBe(
        'Message cannot be empty',
      );
    }
    for (const seat of seats) await seat.socket.none('chat_message', 100);
    expect((await b.socket.refused({ type: 'chat_message', gameId, message: 'x'.repeat(501) })).message).toBe(
      'Message must be at most 500 characters',
    );

    // Five lines in five seconds are fine; the sixth is refused and not sent.
    for (let n = 1; n <= 4; n++) c.socket.send({ type: 'chat_message', gameId, message: `line ${n}` });
    for (let n = 1; n <= 4; n++) expect((await a.socket.next('chat_message')).message).toBe(`line ${n}`);
    c.socket.send({ type: 'chat_message', gameId, message: 'line 5' });
    expect((await a.socket.next('chat_message')).message).toBe('line 5');
    expect((await c.socket.refused({ type: 'chat_message', gameId, message: 'line 6' })).message).toBe(TOO_FAST);
    await a.socket.none('chat_message', 100);
    await stillUsable(c.socket);
    // Another player is not limited by c's flood.
    b.socket.send({ type: 'chat_message', gameId, message: 'still here' });
    expect((await c.socket.next('chat_message')).message).toBe('still here');

    // Chat lines are kept with the game: a state sent later carries them.
    const state = await joinGame(a, gameId);
    expect(state.chatMessages.map((m) => [m.userId, m.message])).toEqual([
      [a.user.id, 'hello table'],
      [c.user.id, 'line 1'],
      [c.user.id, 'line 2'],
      [c.user.id, 'line 3'],
      [c.user.id, 'line 4'],
      [c.user.id, 'line 5'],
      [b.user.id, 'still here'],
    ]);
    await closeAll([...seats, outsider]);
  });
});
