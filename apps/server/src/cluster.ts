import { type BusEvent, type ClusterMessage, KyselyPresenceStore, PgBus } from '@palace/adapter-storage';
import type { Connections, SimpleRooms } from '@palace/adapter-ws';
import type { StoredGame } from '@palace/service';

/** How often a node says it is alive, in ms (a killed node's users go offline within `NODE_ALIVE_MS`). */
const NODE_HEARTBEAT_MS = 5_000;
/** Every this many heartbeats, nodes gone for good are removed with their presence rows. */
const FORGET_EVERY = 12;

/** A variant's service as the cluster sees it. */
export interface ClusterVariant {
  /** Another node changed game `id`: publish it here (`announced`, the game it stored, or read again). */
  changedElsewhere(id: string, announced?: StoredGame): Promise<unknown>;
  /** Forget node-local caches (notifications may have been missed). */
  forgetCaches?(): void;
}

/** What the cluster serves once the server's parts exist. */
export interface ClusterParts {
  /** The service of each game kind (`main`, `rest`, `simple-ws` …). */
  readonly variants: ReadonlyMap<string, ClusterVariant>;
  readonly connections: Connections;
  readonly rooms: SimpleRooms;
  /** The main game, to re-publish the games this node's sockets watch after a resync. */
  readonly main: ClusterVariant;
  /** The simple websocket game, likewise for its rooms. */
  readonly simpleWs: ClusterVariant;
}

export interface ClusterOptions {
  /** The database the node opened. */
  readonly db: ConstructorParameters<typeof KyselyPresenceStore>[0];
  /** The PostgreSQL URL: with it the nodes talk over LISTEN/NOTIFY; without (SQLite) there is no bus. */
  readonly databaseUrl: string | undefined;
  readonly nodeId: string;
  /** Errors that must not stop the node (a presence write, a lost listener): logged. */
  readonly onError: (error: unknown, what: string) => void;
}

/**
 * This node's place among the nodes sharing the database: it registers itself in `cluster_nodes`
 * and says it is alive every few seconds (presence counts only live nodes' sockets), and on
 * PostgreSQL it listens on the cluster bus. A game change announced by another node is published
 * here by the service of its kind (`changedElsewhere`: sockets, long polls and caches hear of it as
 * of a local change), one game's announcements in order; socket and room announcements go to the
 * connections and the rooms. After the bus reconnects (`resync`), every node-local cache is dropped
 * and the games this node's sockets follow are read again. A SQLite server has no bus, but uses
 * the same presence table.
 */
export class Cluster {
  readonly presence: KyselyPresenceStore;
  private parts: ClusterParts | null = null;
  /** Per game, the end of the chain of its announcements being handled (in arrival order). */
  private readonly chains = new Map<string, Promise<void>>();
  private readonly heartbeat: NodeJS.Timeout;
  private beats = 0;

  private constructor(
    private readonly options: ClusterOptions,
    private readonly bus: PgBus | null,
  ) {
    this.presence = new KyselyPresenceStore(options.db, options.nodeId);
    this.heartbeat = setInterval(() => this.beat(), NODE_HEARTBEAT_MS);
    this.heartbeat.unref();
    bus?.subscribe((event) => this.hear(event));
  }

  /** Registers the node and, on PostgreSQL, starts listening (before the server accepts anyone). */
  static async start(options: ClusterOptions): Promise<Cluster> {
    const bus =
      options.databaseUrl === undefined
        ? null
        : await PgBus.start({
            url: options.databaseUrl,
            db: options.db,
            nodeId: options.nodeId,
            onError: (error) => options.onError(error, 'cluster bus'),
          });
    const cluster = new Cluster(options, bus);
    try {
      const now = Date.now();
      await cluster.presence.registerNode(now);
      await cluster.presence.forgetDeadNodes(now);
    } catch (error) {
      await cluster.close();
      throw error;
    }
    return cluster;
  }

  /** Whether other nodes may share the database (a bus runs). */
  get clustered(): boolean {
    return this.bus !== null;
  }

  /** Tells the other nodes (fire and forget; nothing on a single node). */
  announce(message: ClusterMessage): void {
    this.bus?.send(message).catch((error: unknown) => this.options.onError(error, 'cluster announcement'));
  }

  /** Starts handing announcements to the server's parts (messages before this are for nobody here). */
  attach(parts: ClusterParts): void {
    this.parts = parts;
  }

  /** Stops listening and removes the node (its users go offline at once); before the database closes. */
  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    this.parts = null;
    await this.bus?.close();
    await Promise.allSettled(this.chains.values());
    await this.presence.removeNode().catch((error: unknown) => this.options.onError(error, 'removing the node'));
  }

  private beat(): void {
    const now = Date.now();
    this.beats += 1;
    const forget = this.beats % FORGET_EVERY === 0;
    this.presence
      .heartbeat(now)
      .then(() => (forget ? this.presence.forgetDeadNodes(now) : 0))
      .catch((error: unknown) => this.options.onError(error, 'node heartbeat'));
  }

  private hear(event: BusEvent): void {
    const parts = this.parts;
    if (parts === null) return;
    switch (event.t) {
      case 'game': {
        // An expired game is kept under `{kind}/expired`; the kind's own service publishes it.
        const variant = parts.variants.get(event.k.replace(/\/expired$/, ''));
        if (variant !== undefined) this.inOrder(event.i, () => variant.changedElsewhere(event.i, event.g));
        return;
      }
      case 'socket':
      case 'signout':
        parts.connections.remote(event);
        return;
      case 'seat':
      case 'left':
        parts.rooms.remote(event);
        return;
      case 'resync':
        this.resync(parts);
        return;
    }
  }

  /** Runs `task` after the earlier announcements of game `id` (one game's changes are published in order). */
  private inOrder(id: string, task: () => Promise<unknown>): void {
    const run = (this.chains.get(id) ?? Promise.resolve()).then(task).then(
      () => undefined,
      (error: unknown) => this.options.onError(error, `publishing game ${id} changed elsewhere`),
    );
    this.chains.set(id, run);
    void run.then(() => {
      if (this.chains.get(id) === run) this.chains.delete(id);
    });
  }

  /**
   * Announcements may have been missed: caches go, this node's sockets are announced again (a user's
   * older socket elsewhere closes), and the games followed here are read again.
   */
  private resync(parts: ClusterParts): void {
    for (const variant of parts.variants.values()) variant.forgetCaches?.();
    parts.connections.reannounce();
    for (const id of parts.connections.watchedGames()) this.inOrder(id, () => parts.main.changedElsewhere(id));
    for (const id of parts.rooms.followed()) this.inOrder(id, () => parts.simpleWs.changedElsewhere(id));
  }
}
