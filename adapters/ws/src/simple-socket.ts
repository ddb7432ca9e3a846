import { randomUUID } from 'node:crypto';
import type { Result } from '@palace/core';
import { cardRefId, type SimpleClientMessage, SimpleClientMessages } from '@palace/protocol';
import { nameKey, SERVICE_ERRORS, type ServiceError, type SimpleActor, type SimpleChanged } from '@palace/service';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SOCKET_TEXTS } from './main-frames.js';
import type { HeldSeat, SimpleConnection } from './simple-connection.js';
import type { SimpleRooms } from './simple-rooms.js';
import { openDoor, type SocketDoorOptions, serveSocket } from './socket-door.js';
import { messageReader } from './socket-frames.js';
import { type GameBudget, LIMIT_TEXTS, MessageQueue } from './socket-limits.js';
import { socketPlugin } from './socket-plugin.js';

/** The simple websocket game's socket path (docs/product.md §P2.7). */
export const SIMPLE_SOCKET_PATH = '/simple-ws';
/** How often idle rooms are looked for, in ms (they close after `SIMPLE_ROOM_IDLE_MS`). */
export const SIMPLE_SWEEP_MS = 60_000;

const readMessage = messageReader<SimpleClientMessage>(SimpleClientMessages);

export interface SimpleSocketOptions extends SocketDoorOptions {
  /**
   * The rooms (and through them the simple websocket games). Built by the caller, who keeps it to
   * run the inactivity sweep on demand (`rooms.closeIdle()`) and chooses its clock.
   */
  readonly rooms: SimpleRooms;
  /** May the client's address open a room now (a join naming a new room)? Default: no limit. */
  readonly gameBudget?: GameBudget;
}

/**
 * The simple websocket game at `/simple-ws` (docs/product.md §P2.4, §P2.7, §P2.8, §D8, §D9). Anonymous:
 * a player joins a room by typing a name, and the seat belongs to the socket that joined it; the
 * `seatToken` of `join_success` takes it back after a reconnect. Every message is validated; a bad
 * or refused one gets an `error` and changes nothing, and the socket stays open. Changes (AI moves
 * included) reach every socket of the room as its own `game_state`, plus the new chat lines. The
 * upgrade's Origin is checked as for `/ws` (the socket reads no cookie, but a foreign page should
 * not spend this server's rooms on its visitors' behalf). Every message is answered (a state, the
 * chat line, `player_left` or an `error`), so a client may wait for each answer; each connection
 * has an in-flight budget (over it: an `error`; flooding on: 1008), and joins that open a new room
 * count toward the address's game budget.
 */
export const simpleSocket = socketPlugin(simpleSocketRoutes);

async function simpleSocketRoutes(fastify: FastifyInstance, options: SimpleSocketOptions): Promise<void> {
  const { rooms } = options;
  const { games } = rooms;
  const { limits, gameBudget, refuseCrossOrigin } = openDoor(fastify, options, {
    subscribe: () => games.subscribe((game) => rooms.publish(game)),
    heartbeat: () => rooms.heartbeat(),
    every: {
      ms: SIMPLE_SWEEP_MS,
      run: () => {
        rooms.closeIdle().catch((error: unknown) => fastify.log.error({ err: error }, 'closing idle rooms failed'));
      },
    },
    closeAll: () => rooms.closeAll(),
  });

  const preValidation = async (request: FastifyRequest, reply: FastifyReply) => refuseCrossOrigin(request, reply);
  fastify.get(SIMPLE_SOCKET_PATH, { websocket: true, preValidation }, (socket, request) => {
    const connection = rooms.open(randomUUID(), socket);
    connection.send({ type: 'connection_established', connectionId: connection.id });
    // One message at a time per connection, in the order sent (a pick cannot overtake a join).
    const queue = new MessageQueue(limits);
    serveSocket(socket, request, queue, {
      name: 'simple socket',
      seen: () => {
        rooms.touch(connection);
        // A seat holder seen here keeps the game from counting as abandoned (docs/product.md §D6).
        if (connection.seat !== null) games.touch(connection.seat.roomId);
      },
      handle: (data, isBinary) => handle(connection, data, isBinary, request.ip),
      refuse: (text) => fail(connection, text),
      pong: () => {
        connection.alive();
        if (connection.seat !== null) games.touch(connection.seat.roomId);
      },
      closed: () => rooms.drop(connection),
    });
  });

  /**
   * Handles one message and makes sure it is answered: an accepted action whose change reached
   * this socket by no broadcast (it changed nothing) is answered with the socket's own state.
   */
  async function handle(connection: SimpleConnection, data: unknown, isBinary: boolean, ip: string): Promise<void> {
    const before = connection.framesSent;
    const changed = await act(connection, data, isBinary, ip);
    if (changed !== null && connection.framesSent === before) {
      connection.send({ type: 'game_state', state: games.viewOf(changed.game, changed.seat) });
    }
  }

  /** Runs one message; answers the accepted change (null when the answer was sent already). */
  async function act(
    connection: SimpleConnection,
    data: unknown,
    isBinary: boolean,
    ip: string,
  ): Promise<SimpleChanged | null> {
    const read = readMessage(data, isBinary);
    if (!read.ok) return fail(connection, read.error);
    const { message } = read;
    if (message.type === 'join_game') {
      const roomId = games.normalize(message.roomId);
      // Only a join that opens a new room counts toward the address's game budget.
      if (!(await games.get(roomId)).ok && !(await gameBudget(ip))) return fail(connection, LIMIT_TEXTS.tooManyGames);
      await join(connection, message);
      return null;
    }

    const seat = heldSeat(connection, message.roomId, message.username);
    if (seat === null) return fail(connection, SERVICE_ERRORS['seat/not_yours']);
    const { roomId } = seat;
    const actor: SimpleActor = { username: seat.username, token: seat.seatToken };
    switch (message.type) {
      case 'select_faceup':
        return answer(connection, await games.selectOne(roomId, actor, cardRefId(message.card)));
      case 'play_card': {
        const cards = message.cards ?? (message.card === undefined ? [] : [message.card]);
        return answer(connection, await games.play(roomId, actor, cards.map(cardRefId)));
      }
      case 'pickup_pile':
        return answer(connection, await games.pickUp(roomId, actor));
      case 'chat_message':
        if (!connection.chat.allow(rooms.now())) return fail(connection, SOCKET_TEXTS.chatTooFast);
        return answer(connection, await games.chat(roomId, actor, message.text));
      case 'add_ai':
        return answer(connection, await games.addAi(roomId, actor, message.level));
      case 'leave_game': {
        const left = await games.leave(roomId, actor);
        if (!left.ok) return fail(connection, left.error.message);
        // Everyone in the room, this socket included, is told `player_left`.
        rooms.left(connection);
        return null;
      }
    }
  }

  /** Seats the socket (a new seat, or its own seat back with the token it holds or sends). */
  async function join(
    connection: SimpleConnection,
    message: Extract<SimpleClientMessage, { type: 'join_game' }>,
  ): Promise<void> {
    const roomId = games.normalize(message.roomId);
    const held = connection.seat;
    const holdsIt = held !== null && held.roomId === roomId && nameKey(held.username) === nameKey(message.username);
    const token = message.seatToken ?? (holdsIt ? held.seatToken : undefined);
    await rooms.expect(connection, roomId);
    const seated = await games.join(roomId, { username: message.username, token });
    if (!seated.ok) {
      rooms.refused(connection);
      fail(connection, seated.error.message);
      return;
    }
    rooms.enter(connection, seated.value);
  }

  /** The seat this socket holds, if `roomId` and `username` name it; else null (it acts for nobody else). */
  function heldSeat(connection: SimpleConnection, roomId: string, username: string): HeldSeat | null {
    const seat = connection.seat;
    if (seat === null || seat.roomId !== games.normalize(roomId)) return null;
    return nameKey(seat.username) === nameKey(username) ? seat : null;
  }
}

/** A refused action gets an `error`; an accepted one is broadcast by the games listener. */
function answer(connection: SimpleConnection, result: Result<SimpleChanged, ServiceError>): SimpleChanged | null {
  return result.ok ? result.value : fail(connection, result.error.message);
}

/** Answers a refused message with an `error`; null (nothing more to answer). */
function fail(connection: SimpleConnection, message: string): null {
  connection.send({ type: 'error', message });
  return null;
}
