import { type StoredGame, withoutEntries } from '@palace/service';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

/** The one PostgreSQL channel the server nodes of a cluster talk on. */
export const CLUSTER_CHANNEL = 'palace_cluster';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7_900;

/**
 * What one node tells the others. Never a view: each node cuts its own per-viewer views.
 * - `game`: game `i` of kind `k` was stored at version `v` (announced by the games store, inside
 *   the write's transaction), with `g`, the game as stored (without its record's entries), when
 *   the payload stays under PostgreSQL's limit: the node told publishes it without reading the
 *   game again. Without `g` (a big game, or an older node) it reads the game. `g` holds what the
 *   `games` row holds, the secret seed included: the channel is only heard by the database's own
 *   users, who can read the row anyway (docs/architecture.md "Cross-node moves");
 * - `socket`: user `u` opened main socket `c` at `at` (ms): older sockets of `u` elsewhere close;
 * - `signout`: user `u` signed out: their sockets everywhere close;
 * - `seat`: simple room `r`'s seat named `s` was taken by socket `c` at `at` (ms);
 * - `left`: the socket holding seat `s` of simple room `r` left the game or disconnected.
 */
export type ClusterMessage =
  | { readonly t: 'game'; readonly k: string; readonly i: string; readonly v: number; readonly g?: StoredGame }
  | { readonly t: 'socket'; readonly u: number; readonly c: string; readonly at: number }
  | { readonly t: 'signout'; readonly u: number }
  | { readonly t: 'seat'; readonly r: string; readonly s: string; readonly c: string; readonly at: number }
  | { readonly t: 'left'; readonly r: string; readonly s: string; readonly why: 'left' | 'disconnected' };

/**
 * What a subscriber hears: another node's message, or `resync` after the listening connection was
 * lost and made again (messages may have been missed meanwhile: node-local caches must go).
 */
export type BusEvent = ClusterMessage | { readonly t: 'resync' };

/**
 * The cluster-bus payload that announces a stored game change (see `gameAnnouncer`). The games
 * store sends it with `pg_notify` in the same statement or transaction as the write, so the other
 * nodes hear of a change exactly when it commits (never of one rolled back, and even if this node
 * dies right after the commit).
 */
export type GameAnnouncer = (game: StoredGame) => string;

/**
 * The games store's announcer on PostgreSQL (node `nodeId`): the game goes along when the payload
 * fits (`MAX_PAYLOAD_BYTES`), else only its kind, id and version.
 */
export function gameAnnouncer(nodeId: string): GameAnnouncer {
  return (game) => {
    const bare: ClusterMessage = { t: 'game', k: game.kind, i: game.id, v: game.version };
    const whole = JSON.stringify({ n: nodeId, ...bare, g: withoutEntries(game) });
    return Buffer.byteLength(whole) <= MAX_PAYLOAD_BYTES ? whole : payloadOf(nodeId, bare);
  };
}

function payloadOf(nodeId: string, message: ClusterMessage): string {
  const payload = JSON.stringify({ n: nodeId, ...message });
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new RangeError(`cluster message too long: ${payload}`);
  return payload;
}

/** Sends `payload` on the cluster channel through `db` (delivered when its transaction commits). */
export async function notifyCluster(db: Kysely<Database>, payload: string): Promise<void> {
  await sql`select pg_notify(${CLUSTER_CHANNEL}, ${payload})`.execute(db);
}

export interface PgBusOptions {
  /** The database's `postgres://` URL (the bus keeps one connection of its own to listen on). */
  readonly url: string;
  /** The pool that sends (`pg_notify` needs no dedicated connection). */
  readonly db: Kysely<Database>;
  /** This node's id: its own messages come back on the channel and are dropped. */
  readonly nodeId: string;
  /** First and longest pause before reconnecting after the listening connection is lost, in ms. */
  readonly retryMs?: { readonly first: number; readonly max: number };
  /** How often the listening connection is checked with a round trip, in ms. */
  readonly pingMs?: number;
  /** Told of a lost connection or a failed reconnect (for the log). */
  readonly onError?: (error: unknown) => void;
}

type Subscriber = (event: BusEvent) => void;

/**
 * The cluster's message bus on PostgreSQL LISTEN/NOTIFY. One dedicated `pg.Client` listens on
 * `CLUSTER_CHANNEL`; messages of other nodes go to the subscribers in the order PostgreSQL
 * delivers them (commit order). If that connection drops, it is made again with a growing pause,
 * and subscribers get `resync`. `send` goes through the pool.
 */
export class PgBus {
  private readonly subscribers = new Set<Subscriber>();
  private client: pg.Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private readonly ping: NodeJS.Timeout;
  private pid: number | null = null;

  private constructor(private readonly options: PgBusOptions) {
    this.ping = setInterval(() => this.check(), options.pingMs ?? 15_000);
    this.ping.unref();
  }

  /** Connects and listens; rejects if the first connection fails. */
  static async start(options: PgBusOptions): Promise<PgBus> {
    const bus = new PgBus(options);
    try {
      await bus.connect();
    } catch (error) {
      await bus.close();
      throw error;
    }
    return bus;
  }

  /** Adds a subscriber; returns a function that removes it. */
  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** Tells every other node (delivered when the statement commits: at once, outside a transaction). */
  async send(message: ClusterMessage): Promise<void> {
    await notifyCluster(this.options.db, payloadOf(this.options.nodeId, message));
  }

  /** The listening connection's backend process id (null while reconnecting). */
  get listenerPid(): number | null {
    return this.pid;
  }

  /** Stops listening for good. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.ping);
    if (this.retry !== null) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    this.pid = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.url, keepAlive: true, query_timeout: 10_000 });
    client.on('notification', (message) => {
      if (message.channel === CLUSTER_CHANNEL && this.client === client) this.deliver(message.payload);
    });
    // Only the connection in use counts: a failed attempt is answered by the caller of `connect`.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('cluster listener connection ended')));
    let pid: number | null;
    try {
      await client.connect();
      await client.query(`listen ${CLUSTER_CHANNEL}`);
      const row = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      pid = row.rows[0]?.pid ?? null;
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.pid = pid;
  }

  /** A round trip on the listening connection: one that hangs or fails is made again. */
  private check(): void {
    const client = this.client;
    if (client === null || this.pid === null) return;
    client.query('select 1').catch((error: unknown) => this.lost(client, error));
  }

  private lost(client: pg.Client, error: unknown): void {
    if (this.closed || this.client !== client) return;
    this.client = null;
    this.pid = null;
    this.options.onError?.(error);
    client.end().catch(() => undefined);
    this.reconnect(this.options.retryMs?.first ?? 100);
  }

  private reconnect(delay: number): void {
    if (this.closed) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().then(
        () => {
          if (!this.closed) this.emit({ t: 'resync' });
        },
        (error: unknown) => {
          this.options.onError?.(error);
          this.reconnect(Math.min(delay * 2, this.options.retryMs?.max ?? 5_000));
        },
      );
    }, delay);
    this.retry.unref();
  }

  private deliver(payload: string | undefined): void {
    const message = decode(payload, this.options.nodeId);
    if (message !== null) this.emit(message);
  }

  private emit(event: BusEvent): void {
    for (const subscriber of this.subscribers) {
      try {
        subscriber(event);
      } catch (error) {
        this.options.onError?.(error);
      }
    }
  }
}

/** Another node's message from a payload, or null (our own, or not one of ours). */
export function decode(payload: string | undefined, ownNode: string): ClusterMessage | null {
  // Our own messages (every game we store comes back, game included) are dropped unparsed: every
  // payload starts with its node's id (`payloadOf`, `gameAnnouncer`).
  if (payload?.startsWith(`{"n":${JSON.stringify(ownNode)},`)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(payload ?? '');
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const m = raw as Record<string, unknown>;
  if (typeof m.n !== 'string' || m.n === ownNode) return null;
  const str = (v: unknown): v is string => typeof v === 'string';
  const int = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
  switch (m.t) {
    case 'game': {
      if (!(str(m.k) && str(m.i) && int(m.v))) return null;
      const g = m.g as Partial<Record<keyof StoredGame, unknown>> | undefined | null;
      // The game goes along only when it is the one announced and whole; else the node reads it.
      const whole =
        typeof g === 'object' &&
        g !== null &&
        g.id === m.i &&
        g.kind === m.k &&
        g.version === m.v &&
        [g.state, g.record, g.seatClock, g.meta].every((part) => typeof part === 'object' && part !== null) &&
        int(g.entriesFrom);
      return { t: 'game', k: m.k, i: m.i, v: m.v, ...(whole ? { g: g as StoredGame } : {}) };
    }
    case 'socket':
      return int(m.u) && str(m.c) && int(m.at) ? { t: 'socket', u: m.u, c: m.c, at: m.at } : null;
    case 'signout':
      return int(m.u) ? { t: 'signout', u: m.u } : null;
    case 'seat':
      return str(m.r) && str(m.s) && str(m.c) && int(m.at) ? { t: 'seat', r: m.r, s: m.s, c: m.c, at: m.at } : null;
    case 'left':
      return str(m.r) && str(m.s) && (m.why === 'left' || m.why === 'disconnected')
        ? { t: 'left', r: m.r, s: m.s, why: m.why }
        : null;
    default:
      return null;
  }
}
