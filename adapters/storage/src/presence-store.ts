import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** A node that has not said it is alive for this long counts as gone (its users as offline), in ms. */
export const NODE_ALIVE_MS = 20_000;
/** A node gone for this long is removed, with its presence rows, by any other node, in ms. */
export const NODE_FORGET_MS = 60_000;

/**
 * Who is connected where, shared by every node (migration 0007): the nodes (`cluster_nodes`, each
 * saying it is alive every few seconds) and each signed-in user's live main socket (`presence`:
 * one row per user, on which node, last activity). A node that dies leaves its rows behind, but
 * they stop counting once its `alive_at` is older than `NODE_ALIVE_MS`. The same tables serve a
 * single SQLite node. Times are ms since the epoch.
 */
export class KyselyPresenceStore {
  constructor(
    private readonly db: Kysely<Database>,
    /** This node's id. */
    readonly nodeId: string,
  ) {}

  /** Registers this node (at start); rows left by an earlier run under the same id go. */
  async registerNode(now: number): Promise<void> {
    await this.db.deleteFrom('presence').where('node_id', '=', this.nodeId).execute();
    await this.db
      .insertInto('cluster_nodes')
      .values({ node_id: this.nodeId, started_at: now, alive_at: now })
      .onConflict((oc) => oc.column('node_id').doUpdateSet({ started_at: now, alive_at: now }))
      .execute();
  }

  /** This node is alive (every few seconds). */
  async heartbeat(now: number): Promise<void> {
    await this.db
      .insertInto('cluster_nodes')
      .values({ node_id: this.nodeId, started_at: now, alive_at: now })
      .onConflict((oc) => oc.column('node_id').doUpdateSet({ alive_at: now }))
      .execute();
  }

  /** Removes nodes silent for `NODE_FORGET_MS` and their presence rows; answers how many nodes. */
  async forgetDeadNodes(now: number): Promise<number> {
    const dead = this.db
      .selectFrom('cluster_nodes')
      .select('node_id')
      .where('alive_at', '<', now - NODE_FORGET_MS);
    await this.db.deleteFrom('presence').where('node_id', 'in', dead).execute();
    const removed = await this.db
      .deleteFrom('cluster_nodes')
      .where('alive_at', '<', now - NODE_FORGET_MS)
      .executeTakeFirst();
    return Number(removed.numDeletedRows);
  }

  /** This node stops (a clean shutdown): its users go offline at once. */
  async removeNode(): Promise<void> {
    await this.db.deleteFrom('presence').where('node_id', '=', this.nodeId).execute();
    await this.db.deleteFrom('cluster_nodes').where('node_id', '=', this.nodeId).execute();
  }

  /** User `userId`'s socket `connectionId` opened on this node: it is their one live socket now. */
  async opened(userId: number, connectionId: string, now: number): Promise<void> {
    await this.db
      .insertInto('presence')
      .values({ user_id: userId, node_id: this.nodeId, connection_id: connectionId, active_at: now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ node_id: this.nodeId, connection_id: connectionId, active_at: now }),
      )
      .execute();
  }

  /** The socket closed: its row goes, unless a newer socket of the user (on any node) owns it already. */
  async closed(userId: number, connectionId: string): Promise<void> {
    await this.db
      .deleteFrom('presence')
      .where('user_id', '=', userId)
      .where('connection_id', '=', connectionId)
      .execute();
  }

  /** The user did something on socket `connectionId` (written at most every ~30 s by the caller). */
  async active(userId: number, connectionId: string, now: number): Promise<void> {
    await this.db
      .updateTable('presence')
      .set({ active_at: now })
      .where('user_id', '=', userId)
      .where('connection_id', '=', connectionId)
      .execute();
  }

  /** When `userId` was last active on a live socket of a live node, or null (offline). */
  async lastActive(userId: number, now: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('presence')
      .innerJoin('cluster_nodes', 'cluster_nodes.node_id', 'presence.node_id')
      .select('presence.active_at')
      .where('presence.user_id', '=', userId)
      .where('cluster_nodes.alive_at', '>=', now - NODE_ALIVE_MS)
      .executeTakeFirst();
    return row === undefined ? null : Number(row.active_at);
  }
}
