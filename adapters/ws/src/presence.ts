/** Presence: who is online, away or offline, and how the nodes of a cluster share it. */

/** A player connected for this long without sending anything shows as "away". */
export const AWAY_AFTER_MS = 5 * 60_000;
/** The presence row's `active_at` is written at most this often per socket, in ms. */
export const PRESENCE_WRITE_MS = 30_000;

/**
 * The shared presence table (`KyselyPresenceStore` on a cluster, or on the one SQLite node): each
 * signed-in user's one live socket and its last activity, in ms since the epoch.
 */
export interface PresenceBoard {
  opened(userId: number, connectionId: string, now: number): Promise<void>;
  closed(userId: number, connectionId: string): Promise<void>;
  active(userId: number, connectionId: string, now: number): Promise<void>;
  /** Last activity of the user's live socket on a live node, or null (offline). */
  lastActive(userId: number, now: number): Promise<number | null>;
}

/** What a node tells the others about its sockets (see `ConnectionsCluster.announce`). */
export type SocketAnnouncement =
  | { readonly t: 'socket'; readonly u: number; readonly c: string; readonly at: number }
  | { readonly t: 'signout'; readonly u: number };

/** How the connections of this node take part in a cluster (or use the presence table alone). */
export interface ConnectionsCluster {
  readonly presence: PresenceBoard;
  /** Tells the other nodes (a no-op on a single node). Fire and forget. */
  readonly announce: (message: SocketAnnouncement) => void;
  /** A presence write failed (for the log). */
  readonly onError?: (error: unknown) => void;
}
