import { randomUUID } from 'node:crypto';
import type { MainGames, User } from '@palace/service';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { WebSocket } from 'ws';
import type { Connections } from './connections.js';
import { broadcast, SentToWatchers } from './main-broadcast.js';
import { mainDispatch } from './main-dispatch.js';
import { SOCKET_TEXTS, send } from './main-frames.js';
import { SocketWatchers } from './main-watchers.js';
import { openDoor, type SocketDoorOptions, serveSocket } from './socket-door.js';
import { type GameBudget, MessageQueue } from './socket-limits.js';
import { socketPlugin } from './socket-plugin.js';

/** The socket path (docs/product.md §P1.7). */
export const SOCKET_PATH = '/ws';

export interface MainSocketOptions extends SocketDoorOptions {
  readonly games: MainGames;
  /**
   * The upgrade request's user: a bot by its `Authorization: Bearer` token, else the session
   * cookie's user, or null. A request with a Bearer token that answers null is refused (401).
   */
  readonly authenticate: (request: FastifyRequest) => Promise<User | null>;
  /** The live connections (shared with presence for friends online). */
  readonly connections: Connections;
  /** May the client's address open a game now (`create_game`)? Default: no limit. */
  readonly gameBudget?: GameBudget;
}

/**
 * The main game's socket at `/ws` (docs/product.md §P1.7, §D9): authenticated by the session cookie
 * at the upgrade (a bot by its Bearer token, docs/bots.md), Origin checked (`originAllowed`), one
 * connection per user (a new one replaces the old), every message validated, and each change sent
 * as a per-viewer `game_state` (or a `chat_message`). A bad message gets a `game_error` and changes
 * nothing; it never closes the socket. Abuse closes it: a frame over 16 KiB (1009, by `ws`), more
 * frames than the message budget (1008); a client that stops reading is dropped (see `SocketLimits`).
 * The messages are handled by `mainDispatch`; here is a connection's life, from upgrade to close.
 */
export const mainSocket = socketPlugin(mainSocketRoutes);

async function mainSocketRoutes(fastify: FastifyInstance, options: MainSocketOptions): Promise<void> {
  const { games, connections } = options;
  const users = new WeakMap<FastifyRequest, User | null>();
  const sent = new SentToWatchers();
  const watchers = new SocketWatchers(games, connections);
  const { limits, gameBudget, refuseCrossOrigin } = openDoor(fastify, options, {
    subscribe: () => games.subscribe((game) => broadcast(connections, sent, game)),
    heartbeat: () => connections.sweep(),
    closeAll: () => connections.closeAll(),
  });
  const handle = mainDispatch({ games, connections, sent, watchers, gameBudget });

  /**
   * The user's socket closed while seated in `seated` (docs/product.md §D13 presence): unless they
   * have another live socket (here or on another node), each of those games hears they dropped.
   */
  async function dropped(user: User, seated: readonly string[], closing: Promise<void>): Promise<void> {
    await closing;
    if (await connections.connectedElsewhere(user.id)) return;
    for (const gameId of seated) await games.disconnected(user, gameId);
    // Back already (a new socket came while the drop was written): undo it.
    if (await connections.connectedElsewhere(user.id)) {
      for (const gameId of seated) await games.reconnected(user, gameId);
    }
  }

  fastify.route({
    method: 'GET',
    url: SOCKET_PATH,
    // Not an HTTP endpoint of the API: kept out of the OpenAPI document like other socket routes.
    schema: { hide: true } as FastifySchema,
    preValidation: async (request, reply) => {
      const refused = refuseCrossOrigin(request, reply);
      if (refused !== undefined) return refused;
      const user = await options.authenticate(request);
      if (user === null && /^Bearer(\s|$)/i.test(request.headers.authorization ?? '')) {
        return reply.code(401).send({ message: SOCKET_TEXTS.badToken });
      }
      users.set(request, user);
    },
    // `/ws` is also a page of the web client (docs/product.md §P2.2: the simple websocket game's start): a
    // plain GET that is no upgrade goes on to the not-found handler, which serves the page.
    handler: (_request, reply) => reply.callNotFound(),
    wsHandler: (socket, request) => {
      const user = users.get(request) ?? null;
      const connection = connections.open(randomUUID(), socket, user, (old) =>
        send(old, { type: 'connection_replaced', message: SOCKET_TEXTS.replaced }),
      );
      // One message at a time per connection, in the order sent: concurrent handling let a
      // player's quick chat lines (or moves) overtake each other. First the presence row (the
      // socket counts as online, and an older socket of the user on another node closes).
      const queue = new MessageQueue(limits);
      queue.chain(() =>
        connections
          .announceOpen(connection)
          .catch((error: unknown) => request.log.warn({ err: error }, 'announcing a socket failed'))
          .then(() =>
            send(connection, { type: 'connection_established', connectionId: connection.id, userId: user?.id ?? null }),
          ),
      );
      serveSocket(socket, request, queue, {
        name: 'socket',
        seen: () => {
          connections.touch(connection);
          // A seat holder seen here keeps their games from counting as abandoned (docs/product.md §D6).
          for (const game of watchers.seatedGames(connection)) games.touch(game);
        },
        handle: (data, isBinary) => handle(connection, data, isBinary, request.ip),
        refuse: (text) => send(connection, { type: 'game_error', message: text }),
        pong: () => {
          connection.alive();
          for (const game of watchers.seatedGames(connection)) games.touch(game);
        },
        closed: () => {
          // A watcher's socket closing leaves the games' watchers (their count goes down for everyone).
          for (const gameId of [...watchers.of(connection)]) {
            watchers
              .stop(connection, gameId)
              .catch((error: unknown) => request.log.warn({ err: error }, 'leaving the watchers failed'));
          }
          const seated = watchers.seatedGames(connection);
          const closing = connections.close(connection);
          if (user !== null && seated.length > 0 && !connections.stopping) {
            dropped(user, seated, closing).catch((error: unknown) =>
              request.log.warn({ err: error }, 'noting a dropped player failed'),
            );
          }
        },
      });
    },
  });
}

export type { WebSocket };
