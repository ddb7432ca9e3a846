import { describe, expect, it } from 'vitest';
import { useServer } from './harness.js';
import { upgradeStatus } from './main-client.js';
import { chooseFaceUp, createGame, guest, joinGame, playToEnd, SocketClient, seatOf } from './main-harness.js';
import { freshRoom, SimpleSocket } from './simple-socket-client.js';

/**
 * The sockets' abuse limits: Origin at the upgrade, 16 KiB frames (1009), the in-flight budget (an
 * error frame, then 1008 for a flood), and the other side of it: a client that waits for each
 * answer is never cut off, however fast it goes (docs/product.md §D12).
 */

const FOREIGN = 'https://evil.example';
const FRIEND = 'https://friend.example';
const BUSY = 'Too many messages at once: wait for an answer before sending more';

describe('socket limits', () => {
  // The production socket limits (16 in flight, 50 refusals per 10 s).
  const served = useServer({ allowedOrigins: [FRIEND] });

  it('socket origin - a foreign Origin or a cross-site fetch is refused (403) on /ws and /simple-ws; own and allowed origins open', async () => {
    const { server } = served();
    const cookie = (await guest(server.base)).jar.cookieHeader();
    for (const path of ['/ws', '/simple-ws']) {
      for (const headers of [
        { origin: FOREIGN },
        { origin: 'null' },
        { origin: server.base.replace('127.0.0.1', 'localhost') },
        { 'sec-fetch-site': 'cross-site' },
      ]) {
        expect(
          await upgradeStatus(server.base, { ...cookie, ...headers }, path),
          `${path} ${JSON.stringify(headers)}`,
        ).toBe(403);
      }
      for (const headers of [{ origin: server.base }, { origin: FRIEND, 'sec-fetch-site': 'cross-site' }, {}]) {
        expect(
          await upgradeStatus(server.base, { ...cookie, ...headers }, path),
          `${path} ${JSON.stringify(headers)}`,
        ).toBe(101);
      }
    }
  });

  it('socket frames - a frame over 16 KiB closes the socket with 1009; one of 16 KiB is read', async () => {
    const { server } = served();
    const main = await SocketClient.connect(server.base, (await guest(server.base)).jar);
    // Exactly the limit: read, and refused as a message (an unknown type), the socket stays.
    const fits = JSON.stringify({ type: 'x', pad: '' });
    main.send(JSON.stringify({ type: 'x', pad: 'y'.repeat(16 * 1024 - fits.length) }));
    expect((await main.next('game_error')).message).toBe('Unknown message type: x');
    main.send({ type: 'chat_message', gameId: 5, message: 'x'.repeat(17 * 1024) });
    expect((await main.closed).code).toBe(1009);
    const simple = await SimpleSocket.connect(server.base);
    simple.send({ type: 'join_game', roomId: freshRoom(), username: 'x'.repeat(17 * 1024) });
    expect((await simple.closed).code).toBe(1009);
  });

  it('socket flood - 2,000 frames at once: the ones over the in-flight budget are refused, then 1008; others play on', async () => {
    const { server } = served();
    // A bystander's game on each socket, made before the flood.
    const bystander = await SocketClient.connect(server.base, (await guest(server.base)).jar);
    bystander.send({ type: 'create_game', game: { name: 'Calm game', playerLimit: 2 } });
    const { gameId } = await bystander.next('game_create_success');
    const calmRoom = freshRoom();
    const calm = await SimpleSocket.connect(server.base);
    await calm.join(calmRoom, 'Calm');

    const flooder = await SocketClient.connect(server.base, (await guest(server.base)).jar);
    for (let n = 0; n < 2000; n++) flooder.send({ type: 'ping' });
    expect(await flooder.closed).toEqual({ code: 1008, reason: 'Too many messages' });
    // Over the budget each was refused with an error that says so; far fewer than 2,000 were answered.
    expect(flooder.all('game_error').some((f) => f.message === BUSY)).toBe(true);
    expect(flooder.all('pong').length).toBeLessThan(200);
    const simpleFlooder = await SimpleSocket.connect(server.base);
    for (let n = 0; n < 2000; n++) simpleFlooder.send({ type: 'pickup_pile', roomId: calmRoom, username: 'Calm' });
    expect(await simpleFlooder.closed).toEqual({ code: 1008, reason: 'Too many messages' });
    expect(simpleFlooder.all('error').some((f) => f.message === BUSY)).toBe(true);

    // The others are unaffected: the bystander chats in its game, the calm room answers.
    bystander.send({ type: 'chat_message', gameId, message: 'still here' });
    expect((await bystander.next('chat_message')).message).toBe('still here');
    calm.send({ type: 'chat_message', roomId: calmRoom, username: 'Calm', text: 'still here' });
    await calm.next('chat_message');
    expect(calm.frames.some((f) => f.type === 'error')).toBe(false);
    await Promise.all([bystander.close(), calm.close()]);
  });

  it('socket pace - 300 awaited pings and 40 awaited chat lines (and refusals) leave /ws and /simple-ws open', async () => {
    const { server } = served();
    const main = await SocketClient.connect(server.base, (await guest(server.base)).jar);
    for (let n = 0; n < 300; n++) {
      main.send({ type: 'ping' });
      await main.next('pong');
    }
    main.send({ type: 'create_game', game: { name: 'Chatty game', playerLimit: 2 } });
    const { gameId } = await main.next('game_create_success');
    main.drain();
    // Each line is answered: the line itself, or a refusal (the chat's own spam guard) — never a close.
    for (let n = 0; n < 40; n++) {
      main.send({ type: 'chat_message', gameId, message: `line ${n}` });
      await main.nextOf(['chat_message', 'game_error']);
    }
    // An action the rules refuse is answered too (ready before choosing face-up cards).
    main.send({ type: 'ready', gameId });
    await main.nextOf(['game_state', 'game_error']);
    expect(main.isOpen).toBe(true);
    expect(main.all('chat_message').length).toBeGreaterThanOrEqual(5);

    const simple = await SimpleSocket.connect(server.base);
    const room = freshRoom();
    await simple.join(room, 'Pat');
    for (let n = 0; n < 300; n++) {
      // Refused (nothing to pick up in setup) and answered each time.
      simple.send({ type: 'pickup_pile', roomId: room, username: 'Pat' });
      await simple.next('error');
    }
    for (let n = 0; n < 40; n++) {
      simple.send({ type: 'chat_message', roomId: room, username: 'Pat', text: `line ${n}` });
      await simple.nextOf(['chat_message', 'error']);
    }
    expect(simple.isOpen).toBe(true);
    await Promise.all([main.close(), simple.close()]);
  });

  it('socket pace - a whole main game played as fast as the answers come completes on production limits', async () => {
    const { server } = served();
    const [ann, bob] = await Promise.all([guest(server.base), guest(server.base)]);
    if (ann === undefined || bob === undefined) throw new Error('no guests');
    const seats = await Promise.all([ann, bob].map((p) => seatOf(server.base, p)));
    const gameId = await createGame(ann.jar, { name: 'Fast game', playerLimit: 2 });
    for (const seat of seats) await joinGame(seat, gameId);
    await chooseFaceUp(seats, gameId);
    const steps = await playToEnd(seats, gameId, ['lowest', 'lowest']);
    expect(steps.length).toBeGreaterThan(10);
    for (const seat of seats) expect(seat.socket.isOpen).toBe(true);
    await Promise.all(seats.map((s) => s.socket.close()));
  });
});
