import type { NewInvitation, NotificationsStore, StoredNotification } from './notifications.js';

/** Newest first, ties by id (newest first): the order every store lists in. */
const newestFirst = (a: StoredNotification, b: StoredNotification) => b.at - a.at || b.id - a.id;

/** Notifications in memory, for tests; the sender's name and avatar are kept as sent. */
export class MemoryNotificationsStore implements NotificationsStore {
  private rows: StoredNotification[] = [];
  private lastId = 0;

  async invite(invitation: NewInvitation, keep: number): Promise<number> {
    const { userId, from, gameId, gameName, at } = invitation;
    const earlier = this.rows.find(
      (n) => n.userId === userId && n.kind === 'game_invite' && n.from.id === from.id && n.gameId === gameId,
    );
    const id = earlier?.id ?? ++this.lastId;
    const row: StoredNotification = {
      id,
      userId,
      kind: 'game_invite',
      from: { id: from.id, username: from.username, avatar: from.avatar },
      gameId,
      gameName,
      at,
      read: false,
    };
    this.rows = [...this.rows.filter((n) => n.id !== id), row];
    const kept = new Set(
      this.rows
        .filter((n) => n.userId === userId)
        .sort(newestFirst)
        .slice(0, keep)
        .map((n) => n.id),
    );
    this.rows = this.rows.filter((n) => n.userId !== userId || kept.has(n.id));
    return id;
  }

  async list(userId: number, limit: number): Promise<StoredNotification[]> {
    return this.rows
      .filter((n) => n.userId === userId)
      .sort(newestFirst)
      .slice(0, limit);
  }

  async unread(userId: number): Promise<number> {
    return this.rows.filter((n) => n.userId === userId && !n.read).length;
  }

  async markRead(userId: number, ids: readonly number[] | null): Promise<void> {
    const chosen = ids === null ? null : new Set(ids);
    this.rows = this.rows.map((n) =>
      n.userId === userId && (chosen === null || chosen.has(n.id)) ? { ...n, read: true } : n,
    );
  }
}
