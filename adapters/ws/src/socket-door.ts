import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { originAllowed } from './origin.js';
import {
  FLOOD_CLOSE,
  type GameBudget,
  LIMIT_TEXTS,
  type MessageQueue,
  SOCKET_LIMITS,
  type SocketLimits,
} from './socket-limits.js';

/** What the two socket endpoints (`/ws`, `/simple-ws`) share: the set-up of a socket and of the endpoint. */

/** How often the server checks that each socket still answers (ws-level ping), in ms. */
export const HEARTBEAT_MS = 30_000;

/** The only thing a client learns about a bug in handling its message. */
export const INTERNAL_TEXT = 'Something went wrong on our side. Please try again.';

/** The options both socket endpoints take. */
export interface SocketDoorOptions {
  /** Origins besides the server's own that may open the socket (`ALLOWED_ORIGINS`). */
  readonly allowedOrigins?: readonly string[];
  /** The flood limits (the production `SOCKET_LIMITS` unless told; tests lower or raise them). */
  readonly limits?: Partial<SocketLimits>;
  /** May the client's address open a game now? Default: no limit. */
  readonly gameBudget?: GameBudget;
}

/** An endpoint's settings, with the options' defaults filled in. */
export interface SocketDoor {
  readonly limits: SocketLimits;
  readonly gameBudget: GameBudget;
  /**
   * The upgrade's Origin check (`originAllowed`): a page of another site gets 403 and no socket
   * (the reply, for the hook to return); an allowed one, undefined.
   */
  readonly refuseCrossOrigin: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined;
}

/** What an endpoint runs while it is open; all of it stops when the server closes. */
export interface DoorWork {
  /** Listens to the games' changes; answers the way to stop listening. */
  readonly subscribe: () => () => void;
  /** Every `HEARTBEAT_MS`: pings the sockets and drops those that did not answer the last ping. */
  readonly heartbeat: () => void;
  /** Other periodic work: what to run, every how many ms. */
  readonly every?: { readonly ms: number; readonly run: () => void };
  /** On close, after the listener and the timers stopped: closes every socket. */
  readonly closeAll: () => void;
}

/**
 * Opens a socket endpoint: reads its options (the production limits and no game budget unless
 * told), starts listening and the timers (which do not keep the process alive), and stops them and
 * closes every socket when the server closes.
 */
export function openDoor(fastify: FastifyInstance, options: SocketDoorOptions, work: DoorWork): SocketDoor {
  const limits: SocketLimits = { ...SOCKET_LIMITS, ...options.limits };
  const allowed = new Set(options.allowedOrigins ?? []);
  const gameBudget = options.gameBudget ?? (async () => true);

  const unsubscribe = work.subscribe();
  const periodic = [{ ms: HEARTBEAT_MS, run: work.heartbeat }, ...(work.every === undefined ? [] : [work.every])];
  const timers = periodic.map(({ ms, run }) => {
    const timer = setInterval(run, ms);
    timer.unref();
    return timer;
  });
  fastify.addHook('onClose', async () => {
    unsubscribe();
    for (const timer of timers) clearInterval(timer);
    work.closeAll();
  });

  return {
    limits,
    gameBudget,
    refuseCrossOrigin: (request, reply) =>
      originAllowed(request.headers, allowed) ? undefined : reply.code(403).send({ message: LIMIT_TEXTS.crossOrigin }),
  };
}

/** How one endpoint's connection takes part in `serveSocket`. */
export interface SocketParts {
  /** The socket's name in the log (`socket`, `simple socket`). */
  readonly name: string;
  /** A message arrived (before it is queued): the connection is active. */
  readonly seen: () => void;
  /** Handles one message (in order, one at a time); a rejection is logged and answered with `INTERNAL_TEXT`. */
  readonly handle: (data: unknown, isBinary: boolean) => Promise<void>;
  /** Answers a refused message with the endpoint's error frame. */
  readonly refuse: (text: string) => void;
  /** The client answered a heartbeat ping. */
  readonly pong: () => void;
  /** The socket closed. */
  readonly closed: () => void;
}

/**
 * Serves one socket: each message goes through `queue` (one at a time per connection, in the order
 * sent, within the in-flight budget), pongs and the close are passed on, and socket errors logged.
 */
export function serveSocket(socket: WebSocket, request: FastifyRequest, queue: MessageQueue, parts: SocketParts): void {
  socket.on('message', (data, isBinary) => {
    if (socket.readyState !== socket.OPEN) return;
    parts.seen();
    const queued = queue.push(() =>
      parts.handle(data, isBinary).catch((error: unknown) => {
        request.log.error({ err: error }, `${parts.name} message failed`);
        parts.refuse(INTERNAL_TEXT);
      }),
    );
    // Over the in-flight budget: refused, nothing changes; still flooding after that: closed.
    if (queued === 'refused') parts.refuse(LIMIT_TEXTS.busy);
    if (queued === 'flood') socket.close(FLOOD_CLOSE, LIMIT_TEXTS.flood);
  });
  socket.on('pong', () => parts.pong());
  socket.on('close', () => parts.closed());
  socket.on('error', (error) => request.log.warn({ err: error }, `${parts.name} error`));
}
