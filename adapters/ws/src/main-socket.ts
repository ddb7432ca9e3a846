import { randomUUID } from 'node:crypto';
import type { Result } from '@palace/core';
import { type ClientMessage, ClientMessages, type ServerMessage } from '@palace/protocol';
import {
  type MainChatEntry,
  type MainGames,
  type MainMeta,
  mainChatMessage,
  mainView,
  SERVICE_ERRORS,
  type ServiceError,
  type StoredGame,
  type User,
} from '@palace/service';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { WebSocket } from 'ws';
import type { Connection } from './connection.js';
import type { Connections } from './connections.js';
import { afterDelivery, type Delivered, deliveryOf } from './delivery.js';
import { INTERNAL_TEXT, openDoor, type SocketDoorOptions, serveSocket } from './socket-door.js';
import { FRAME_TEXTS, messageReader } from './socket-frames.js';
import { type GameBudget, LIMIT_TEXTS, MessageQueue } from './socket-limits.js';
import { socketPlugin } from './socket-plugin.js';

/** The socket path (docs/product.md §P1.7). */
export const SOCKET_PATH = '/ws';

export const SOCKET_TEXTS = {
  notSignedIn: 'You must be signed in to play. Please sign in and reconnect.',
  ...FRAME_TEXTS,
  notYou: 'You can only act for yourself',
  chatTooFast: "You're sending messages too fast. Please wait a moment.",
  replaced: "You've connected from another device. This session will be closed.",
  /** The upgrade's `Authorization: Bearer` token is no bot's current token (docs/bots.md). */
  badToken: 'Invalid or revoked bot token.',
  internal: INTERNAL_TEXT,
} as const;

const readMessage = messageReader<ClientMessage>(ClientMessages);

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
 */
export const mainSocket = socketPlugin(mainSocketRoutes);

async function mainSocketRoutes(fastify: FastifyInstance, options: MainSocketOptions): Promise<void> {
  const { games, connections } = options;
  const users = new WeakMap<FastifyRequest, User | null>();
  const sent = new SentToWatchers();
  /** The games each socket watches without a seat (docs/product.md §D11 watching). */
  const watchers = new WeakMap<Connection, Set<string>>();
  const watchedBy = (connection: Connection): Set<string> => {
    let games = watchers.get(connection);
    if (games === undefined) {
      games = new Set();
      watchers.set(connection, games);
    }
    return games;
  };
  /** A socket stops watching `gameId`: it leaves the watchers (unless another socket of the user here watches it). */
  const stopWatching = async (connection: Connection, gameId: string): Promise<StoredGame<MainMeta> | null> => {
    watchedBy(connection).delete(gameId);
    connections.unwatch(connection, gameId);
    const user = connection.user;
    if (user === null) return null;
    if (connections.watching(gameId).some((c) => c !== connection && c.user?.id === user.id)) return null;
    const unwatched = await games.unwatch(user, gameId);
    return unwatched.ok ? unwatched.value : null;
  };
  const { limits, gameBudget, refuseCrossOrigin } = openDoor(fastify, options, {
    subscribe: () => games.subscribe((game) => broadcast(connections, sent, game)),
    heartbeat: () => connections.sweep(),
    closeAll: () => connections.closeAll(),
  });

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
          for (const game of seatedGames(connection)) games.touch(game);
        },
        handle: (data, isBinary) => handle(connection, data, isBinary, request.ip),
        refuse: (text) => send(connection, { type: 'game_error', message: text }),
        pong: () => {
          connection.alive();
          for (const game of seatedGames(connection)) games.touch(game);
        },
        closed: () => {
          // A watcher's socket closing leaves the games' watchers (their count goes down for everyone).
          for (const gameId of [...watchedBy(connection)]) {
            stopWatching(connection, gameId).catch((error: unknown) =>
              request.log.warn({ err: error }, 'leaving the watchers failed'),
            );
          }
          connections.close(connection);
        },
      });
    },
  });

  /**
   * Handles one message and makes sure it is answered: when handling sent this client nothing (an
   * accepted action that changed nothing, or one in a game this socket does not watch), the
   * answer `act` returns goes out.
   */
  async function handle(connection: Connection, data: unknown, isBinary: boolean, address: string): Promise<void> {
    const before = connection.framesSent;
    const answer = await act(connection, data, isBinary, address);
    if (answer !== null && connection.framesSent === before) send(connection, answer);
  }

  /** Runs one message; answers the frame that answers it if nothing else was sent (null: none due). */
  async function act(
    connection: Connection,
    data: unknown,
    isBinary: boolean,
    address: string,
  ): Promise<ServerMessage | null> {
    const read = readMessage(data, isBinary);
    if (!read.ok) return refusal(read.error);
    const { message } = read;
    if (message.type === 'ping') return { type: 'pong', timestamp: Date.now() };
    // A pong answers the server's ping: it needs no answer of its own.
    if (message.type === 'pong') return null;
    const user = connection.user;
    if (user === null) return refusal(SOCKET_TEXTS.notSignedIn);
    if (message.userId != null && Number(message.userId) !== user.id) return refusal(SOCKET_TEXTS.notYou);
    switch (message.type) {
      case 'create_game': {
        if (!(await gameBudget(address))) return refusal(LIMIT_TEXTS.tooManyGames);
        const created = await games.create(user, message.game);
        if (!created.ok) return refusal(created.error.message);
        const gameId = Number(created.value.id);
        connections.watch(connection, created.value.id);
        sent.saw(created.value);
        send(connection, { type: 'game_create_success', gameId, message: 'Game created successfully' });
        send(connection, { type: 'join_success', gameId });
        send(connection, stateFor(connection, created.value));
        return null;
      }
      case 'join_game': {
        const joined = await games.join(user, message.gameId);
        if (!joined.ok) return refusal(joined.error.message, message.gameId);
        return entered(connection, joined.value, 'join_success');
      }
      case 'offer_rematch': {
        // After game over: the rematch, offered or joined — then the player is in the new game.
        const joined = await games.rematch(user, message.gameId);
        if (!joined.ok) {
          // Sent here, not returned: the offer (and its withdrawal) went out to this socket as
          // the finished game's state meanwhile, and a returned answer is dropped once a frame was sent.
          send(connection, refusal(joined.error.message, message.gameId));
          return null;
        }
        connections.unwatch(connection, String(message.gameId));
        return entered(connection, joined.value, 'join_success');
      }
      case 'watch_game': {
        const watched = await games.watch(user, message.gameId);
        if (!watched.ok) return refusal(watched.error.message, message.gameId);
        const game = watched.value;
        if (!game.state.seats.some((s) => s.id === String(user.id))) watchedBy(connection).add(game.id);
        return entered(connection, game, 'watch_success');
      }
      case 'leave_game': {
        if (watchedBy(connection).has(String(message.gameId))) {
          // A watcher leaves the watchers: the answer is the game as a stranger now sees it.
          const after = await stopWatching(connection, String(message.gameId));
          return after === null ? null : stateFor(connection, after);
        }
        const left = await games.leave(user, message.gameId);
        connections.unwatch(connection, String(message.gameId));
        // The answer: the game as the player now sees it (gone from a waiting game's seats).
        return left.ok ? stateFor(connection, left.value) : refusal(left.error.message, message.gameId);
      }
      case 'chat_message': {
        if (message.message.trim() === '') return refusal(SERVICE_ERRORS['chat/empty'], message.gameId);
        if (!connection.chat.allow(Date.now())) return refusal(SOCKET_TEXTS.chatTooFast);
        const said = await games.chat(user, message.gameId, message.message);
        if (!said.ok) return refusal(said.error.message, message.gameId);
        // Watchers got the line; a socket that does not watch the game gets it here.
        return said.value === null ? null : chatFrame(String(message.gameId), said.value);
      }
      case 'play_card':
        return answered(connection, message.gameId, await games.play(user, message.gameId, message.cardIds));
      case 'pickup_cards':
        return answered(connection, message.gameId, await games.pickUp(user, message.gameId));
      case 'select_faceup_cards':
        return answered(connection, message.gameId, await games.chooseFaceUp(user, message.gameId, message.cardIds));
      case 'ready':
        return answered(connection, message.gameId, await games.ready(user, message.gameId));
    }
  }

  /** The socket now follows `game` (joined or watched): the success frame, then the game as it sees it. */
  function entered(
    connection: Connection,
    game: StoredGame<MainMeta>,
    success: 'join_success' | 'watch_success',
  ): null {
    connections.watch(connection, game.id);
    sent.saw(game);
    send(connection, { type: success, gameId: Number(game.id) });
    send(connection, stateFor(connection, game));
    return null;
  }

  /** The games this socket holds a seat in: the ones it watches, but not as a watcher. */
  function seatedGames(connection: Connection): string[] {
    const watched = watchers.get(connection);
    return watched === undefined ? [...connection.games] : [...connection.games].filter((g) => !watched.has(g));
  }

  /** A refused action gets a `game_error`; an accepted one is broadcast, else answered with its state. */
  function answered(
    connection: Connection,
    gameId: number | string,
    result: Result<StoredGame<MainMeta>, ServiceError>,
  ): ServerMessage {
    return result.ok ? stateFor(connection, result.value) : refusal(result.error.message, gameId);
  }
}

/** The `game_error` answering a refused message (with the game id when it is one). */
function refusal(message: string, gameId?: number | string): ServerMessage {
  const id = gameId === undefined ? undefined : Number(gameId);
  return id === undefined || !Number.isSafeInteger(id)
    ? { type: 'game_error', message }
    : { type: 'game_error', message, gameId: id };
}

function send(connection: Connection, message: ServerMessage): void {
  connection.send(JSON.stringify(message));
}

function stateFor(connection: Connection, game: StoredGame<MainMeta>): ServerMessage {
  return { type: 'game_state', game: mainView(game, connection.user?.id ?? null) };
}

function chatFrame(gameId: string, line: MainChatEntry): ServerMessage {
  return {
    type: 'chat_message',
    user: { id: line.userId, username: line.username, avatar: line.avatar },
    ...mainChatMessage(gameId, line),
  };
}

/**
 * What this node has broadcast of each game its sockets watch (see delivery.ts: every chat line
 * newer than the last one sent goes out, and a skipped version sends the state too).
 */
class SentToWatchers {
  private readonly games = new Map<string, Delivered>();

  /** A socket was sent `game` directly (created or joined): later lines and versions count from it. */
  saw(game: StoredGame<MainMeta>): void {
    const before = this.games.get(game.id);
    if (before !== undefined && before.version >= game.version) return;
    this.games.set(game.id, { version: game.version, chatSeq: game.meta.chatSeq });
  }

  /** What to send of `game`: the chat lines not sent yet, and whether the state goes too; null when stale. */
  news(game: StoredGame<MainMeta>): { readonly lines: readonly MainChatEntry[]; readonly state: boolean } | null {
    const { meta } = game;
    const before = this.games.get(game.id);
    const change = { version: game.version, chatSeq: meta.chatSeq, chatOnly: meta.lastChange === 'chat' };
    const delivery = deliveryOf(before, change);
    if (game.state.phase === 'finished' || meta.cancelled) this.games.delete(game.id);
    else this.games.set(game.id, afterDelivery(before, change));
    if (delivery === null) return null;
    return { lines: delivery.lines === 0 ? [] : meta.chat.slice(-delivery.lines), state: delivery.state };
  }

  /** Nobody here watches the game any more. */
  forget(id: string): void {
    this.games.delete(id);
  }
}

/** Sends a change to everyone watching the game: new chat lines as `chat_message`, else (or also) per-viewer state. */
function broadcast(connections: Connections, sent: SentToWatchers, game: StoredGame<MainMeta>): void {
  const watchers = connections.watching(game.id);
  if (watchers.length === 0) {
    sent.forget(game.id);
    return;
  }
  const news = sent.news(game);
  if (news === null) return;
  for (const line of news.lines) {
    const frame = JSON.stringify(chatFrame(game.id, line));
    for (const connection of watchers) connection.send(frame);
  }
  if (news.state) for (const connection of watchers) send(connection, stateFor(connection, game));
}

export type { WebSocket };
