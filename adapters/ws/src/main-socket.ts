import { randomUUID } from 'node:crypto';
import type { Result } from '@palace/core';
import { type ClientMessage, ClientMessages, type ServerMessage } from '@palace/protocol';
import {
  type MainChatEntry,
  type MainGames,
  type MainMeta,
  mainChatMessage,
  mainView,
  type ServiceError,
  type StoredGame,
  type User,
} from '@palace/service';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { WebSocket } from 'ws';
import type { Connection, Connections } from './connections.js';
import { originAllowed } from './origin.js';
import { FRAME_TEXTS, messageReader } from './socket-frames.js';
import { Budget, FLOOD_CLOSE, KeyedBudget, LIMIT_TEXTS, SOCKET_LIMITS, type SocketLimits } from './socket-limits.js';
import { socketPlugin } from './socket-plugin.js';

/** The socket path (spec 01 §7). */
export const SOCKET_PATH = '/ws';
/** Chat lines one connection may send per window (a flood guard). */
export const CHAT_BURST = 5;
export const CHAT_WINDOW_MS = 5_000;
/** How often the server checks that each socket still answers (ws-level ping), in ms. */
export const HEARTBEAT_MS = 30_000;

export const SOCKET_TEXTS = {
  notSignedIn: 'You must be signed in to play. Please sign in and reconnect.',
  ...FRAME_TEXTS,
  notYou: 'You can only act for yourself',
  chatTooFast: "You're sending messages too fast. Please wait a moment.",
  replaced: "You've connected from another device. This session will be closed.",
  internal: 'Something went wrong on our side. Please try again.',
} as const;

const readMessage = messageReader<ClientMessage>(ClientMessages);

export interface MainSocketOptions {
  readonly games: MainGames;
  /** The session's user from the upgrade request's cookie, or null. */
  readonly authenticate: (request: FastifyRequest) => Promise<User | null>;
  /** The live connections (shared with presence for friends online). */
  readonly connections: Connections;
  /** Origins besides the server's own that may open the socket (`ALLOWED_ORIGINS`). */
  readonly allowedOrigins?: readonly string[];
  /** The flood limits (the production `SOCKET_LIMITS` unless told; tests lower or raise them). */
  readonly limits?: Partial<SocketLimits>;
}

/**
 * The main game's socket at `/ws` (spec 01 §7, DECISIONS §9): authenticated by the session cookie
 * at the upgrade, Origin checked (`originAllowed`), one connection per user (a new one replaces
 * the old), every message validated, and each change sent as a per-viewer `game_state` (or a
 * `chat_message`). A bad message gets a `game_error` and changes nothing; it never closes the
 * socket. Abuse closes it: a frame over 16 KiB (1009, by `ws`), more frames than the message
 * budget (1008); a client that stops reading is dropped (see `SocketLimits`).
 */
export const mainSocket = socketPlugin(mainSocketRoutes);

async function mainSocketRoutes(fastify: FastifyInstance, options: MainSocketOptions): Promise<void> {
  const { games, connections } = options;
  const users = new WeakMap<FastifyRequest, User | null>();
  const limits: SocketLimits = { ...SOCKET_LIMITS, ...options.limits };
  const allowed = new Set(options.allowedOrigins ?? []);
  // Per user, across their connections (a reconnect does not refill it).
  const creates = new KeyedBudget(limits.gamesPerMinute, 60_000);

  const sent = new SentToWatchers();
  const unsubscribe = games.subscribe((game) => broadcast(connections, sent, game));
  const heartbeat = setInterval(() => connections.sweep(), HEARTBEAT_MS);
  heartbeat.unref();
  fastify.addHook('onClose', async () => {
    unsubscribe();
    clearInterval(heartbeat);
    connections.closeAll();
  });

  fastify.route({
    method: 'GET',
    url: SOCKET_PATH,
    // Not an HTTP endpoint of the API: kept out of the OpenAPI document like other socket routes.
    schema: { hide: true } as FastifySchema,
    preValidation: async (request, reply) => {
      if (!originAllowed(request.headers, allowed)) {
        return reply.code(403).send({ message: LIMIT_TEXTS.crossOrigin });
      }
      users.set(request, await options.authenticate(request));
    },
    // `/ws` is also a page of the web client (spec 02 §2: the simple websocket game's start): a
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
      let queue: Promise<void> = connections
        .announceOpen(connection)
        .catch((error: unknown) => request.log.warn({ err: error }, 'announcing a socket failed'))
        .then(() =>
          send(connection, { type: 'connection_established', connectionId: connection.id, userId: user?.id ?? null }),
        );
      const budget = new Budget(limits.messages, limits.windowMs);
      socket.on('message', (data, isBinary) => {
        if (socket.readyState !== socket.OPEN) return;
        // A flood closes the connection (1008) rather than queueing work without bound.
        if (!budget.take()) return socket.close(FLOOD_CLOSE, LIMIT_TEXTS.flood);
        connections.touch(connection);
        // A seat holder seen here keeps their games from counting as abandoned (DECISIONS §6).
        for (const game of connection.games) games.touch(game);
        queue = queue.then(() =>
          handle(connection, data, isBinary).catch((error: unknown) => {
            request.log.error({ err: error }, 'socket message failed');
            send(connection, { type: 'game_error', message: SOCKET_TEXTS.internal });
          }),
        );
      });
      socket.on('pong', () => {
        connection.alive();
        for (const game of connection.games) games.touch(game);
      });
      socket.on('close', () => connections.close(connection));
      socket.on('error', (error) => request.log.warn({ err: error }, 'socket error'));
    },
  });

  async function handle(connection: Connection, data: unknown, isBinary: boolean): Promise<void> {
    const read = readMessage(data, isBinary);
    if (!read.ok) return fail(connection, read.error);
    const { message } = read;
    if (message.type === 'ping') return send(connection, { type: 'pong', timestamp: Date.now() });
    if (message.type === 'pong') return;
    const user = connection.user;
    if (user === null) return fail(connection, SOCKET_TEXTS.notSignedIn);
    if (message.userId != null && Number(message.userId) !== user.id) return fail(connection, SOCKET_TEXTS.notYou);
    switch (message.type) {
      case 'create_game': {
        if (!creates.take(String(user.id))) return fail(connection, LIMIT_TEXTS.tooManyGames);
        const created = await games.create(user, message.game);
        if (!created.ok) return fail(connection, created.error.message);
        const gameId = Number(created.value.id);
        connections.watch(connection, created.value.id);
        sent.saw(created.value);
        send(connection, { type: 'game_create_success', gameId, message: 'Game created successfully' });
        send(connection, { type: 'join_success', gameId });
        return sendState(connection, created.value);
      }
      case 'join_game': {
        const joined = await games.join(user, message.gameId);
        if (!joined.ok) return fail(connection, joined.error.message, message.gameId);
        connections.watch(connection, joined.value.id);
        sent.saw(joined.value);
        send(connection, { type: 'join_success', gameId: Number(joined.value.id) });
        return sendState(connection, joined.value);
      }
      case 'leave_game': {
        const left = await games.leave(user, message.gameId);
        connections.unwatch(connection, String(message.gameId));
        return left.ok ? undefined : fail(connection, left.error.message, message.gameId);
      }
      case 'chat_message': {
        if (message.message.trim() === '') return;
        if (!connection.allowChat(CHAT_BURST, CHAT_WINDOW_MS)) return fail(connection, SOCKET_TEXTS.chatTooFast);
        return answer(connection, message.gameId, await games.chat(user, message.gameId, message.message));
      }
      case 'play_card':
        return answer(connection, message.gameId, await games.play(user, message.gameId, message.cardIds));
      case 'pickup_cards':
        return answer(connection, message.gameId, await games.pickUp(user, message.gameId));
      case 'select_faceup_cards':
        return answer(connection, message.gameId, await games.chooseFaceUp(user, message.gameId, message.cardIds));
      case 'ready':
        return answer(connection, message.gameId, await games.ready(user, message.gameId));
    }
  }

  /** A refused action gets a `game_error`; an accepted one is broadcast by the games listener. */
  function answer(connection: Connection, gameId: number | string, result: Result<unknown, ServiceError>): void {
    if (!result.ok) fail(connection, result.error.message, gameId);
  }
}

function fail(connection: Connection, message: string, gameId?: number | string): void {
  const id = gameId === undefined ? undefined : Number(gameId);
  send(
    connection,
    id === undefined || !Number.isSafeInteger(id)
      ? { type: 'game_error', message }
      : { type: 'game_error', message, gameId: id },
  );
}

function send(connection: Connection, message: ServerMessage): void {
  connection.send(JSON.stringify(message));
}

function sendState(connection: Connection, game: StoredGame<MainMeta>): void {
  send(connection, { type: 'game_state', game: mainView(game, connection.user?.id ?? null) });
}

/**
 * What this node has broadcast of each game its sockets watch: the newest version and chat line.
 * A node may hear of a game's changes coalesced (a change made on another node is read again, and
 * by then a later one may have committed: chat at v5 and a move at v6 read as v6 only), so every
 * chat line newer than the last one sent goes out, and a skipped version means the state goes too.
 */
class SentToWatchers {
  private readonly games = new Map<string, { version: number; chatId: number }>();

  /** A socket was sent `game` directly (created or joined): later lines and versions count from it. */
  saw(game: StoredGame<MainMeta>): void {
    const before = this.games.get(game.id);
    if (before !== undefined && before.version >= game.version) return;
    this.games.set(game.id, { version: game.version, chatId: lastChatId(game.meta) });
  }

  /** What to send of `game`: the chat lines not sent yet, and whether the state goes too; null when stale. */
  news(game: StoredGame<MainMeta>): { readonly lines: readonly MainChatEntry[]; readonly state: boolean } | null {
    const before = this.games.get(game.id);
    const { meta } = game;
    if (game.state.phase === 'finished' || meta.cancelled) this.games.delete(game.id);
    else this.games.set(game.id, { version: Math.max(game.version, before?.version ?? 0), chatId: lastChatId(meta) });
    if (before === undefined) {
      // Nothing sent from here yet: the change alone (its own chat line, or the state).
      const line = meta.lastChange === 'chat' ? meta.chat[meta.chat.length - 1] : undefined;
      return { lines: line === undefined ? [] : [line], state: line === undefined };
    }
    if (game.version <= before.version) return null;
    const lines = meta.chat.filter((line) => line.id > before.chatId);
    const coalesced = game.version > before.version + 1;
    return { lines, state: meta.lastChange !== 'chat' || coalesced };
  }

  /** Nobody here watches the game any more. */
  forget(id: string): void {
    this.games.delete(id);
  }
}

function lastChatId(meta: MainMeta): number {
  return meta.chat[meta.chat.length - 1]?.id ?? 0;
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
    const chat = mainChatMessage(game.id, line);
    const frame = JSON.stringify({
      type: 'chat_message',
      user: { id: line.userId, username: line.username, avatar: line.avatar },
      ...chat,
    } satisfies ServerMessage);
    for (const connection of watchers) connection.send(frame);
  }
  if (news.state) for (const connection of watchers) sendState(connection, game);
}

export type { WebSocket };
