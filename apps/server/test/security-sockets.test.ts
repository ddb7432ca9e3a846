import { describe, expect, it } from 'vitest';
import { useServer } from './harness.js';
import { upgradeStatus } from './main-client.js';
import { guest, SocketClient } from './main-harness.js';
import { freshRoom, SimpleSocket } from './simple-socket-client.js';

/** The sockets' abuse limits: Origin at the upgrade, 16 KiB frames (1009), the message budget (1008). */

const FOREIGN = 'https://evil.example';
const FRIEND = 'https://friend.example';

describe('socket limits', () => {
  const served = useServer({ allowedOrigins: [FRIEND], limits: { socketMessages: 30, socketWindowMs: 60_000 } });

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

  it('socket flood - the 31st message in the window closes the socket with 1008; other games play on', async () => {
    const { server } = served();
    // A bystander's game on each socket, made before the flood.
    const bystander = await SocketClient.connect(server.base, (await guest(server.base)).jar);
    bystander.send({ type: 'create_game', game: { name: 'Calm game', playerLimit: 2 } });
    const { gameId } = await bystander.next('game_create_success');
    const calmRoom = freshRoom();
    const calm = await SimpleSocket.connect(server.base);
    await calm.join(calmRoom, 'Calm');

    const flooder = await SocketClient.connect(server.base, (await guest(server.base)).jar);
    for (let n = 0; n < 200; n++) flooder.send({ type: 'ping' });
    const closed = await flooder.closed;
    expect(closed).toEqual({ code: 1008, reason: 'Too many messages' });
    // The budget answered at most 30 of them.
    expect(flooder.frames.filter((f) => f.type === 'pong').length).toBeLessThanOrEqual(30);
    const simpleFlooder = await SimpleSocket.connect(server.base);
    for (let n = 0; n < 200; n++) simpleFlooder.send({ type: 'pickup_pile', roomId: calmRoom, username: 'Calm' });
    expect(await simpleFlooder.closed).toEqual({ code: 1008, reason: 'Too many messages' });

    // The others are unaffected: the bystander chats in its game, the calm room answers.
    bystander.send({ type: 'chat_message', gameId, message: 'still here' });
    expect((await bystander.next('chat_message')).message).toBe('still here');
    calm.send({ type: 'chat_message', roomId: calmRoom, username: 'Calm', text: 'still here' });
    await calm.next('chat_message');
    expect(calm.frames.some((f) => f.type === 'error')).toBe(false);
    await Promise.all([bystander.close(), calm.close()]);
  });
});
