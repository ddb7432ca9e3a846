import type { InviteGameStatus, LobbyGame, NotificationItem } from '@palace/protocol';

/**
 * How the bell and the friends page word game invitations (docs/product.md §D13
 * friend-invitations; docs/web.md "Friends and the bell").
 */

/** The bell's accessible name: "Notifications (2)", or "Notifications" when nothing is unread. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications (${unread})` : 'Notifications';
}

/** The badge's text: the count, "9+" above 9; null (no badge) when nothing is unread. */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 9 ? '9+' : String(unread);
}

/** What a notification says: "Ann invited you to Friday game". */
export function inviteText(item: NotificationItem): string {
  return `${item.fromUser.username} invited you to ${item.gameName}`;
}

/** Why an invitation's game can no longer be joined, or null while it can (open, or already seated). */
export function closedNote(status: InviteGameStatus): string | null {
  switch (status) {
    case 'full':
      return 'This game is full';
    case 'started':
      return 'This game has started without you';
    case 'over':
      return 'This game has ended';
    default:
      return null;
  }
}

/**
 * The main games `userId` can invite a friend into, from the lobby (`GET /api/games`, which lists a
 * private game to its own players): waiting, with a seat free, not a tournament table, and with
 * `userId` seated. Newest first, as the lobby lists them.
 */
export function invitableGames(lobby: readonly LobbyGame[], userId: number): LobbyGame[] {
  return lobby.filter(
    (g) =>
      g.status === 'waiting' &&
      g.tournament === null &&
      g.playerCount < g.playerLimit &&
      g.players.some((p) => p.id === userId),
  );
}

/** Of `games`, those friend `friendId` does not sit in yet. */
export function gamesWithout(games: readonly LobbyGame[], friendId: number): LobbyGame[] {
  return games.filter((g) => !g.players.some((p) => p.id === friendId));
}

/** A short "how long ago" for an ISO time at `now` (ms): "just now", "5 min ago", "3 h ago", "2 d ago". */
export function ago(iso: string, now: number): string {
  const ms = now - Date.parse(iso);
  if (!Number.isFinite(ms) || ms < 60_000) return 'just now';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return hours < 24 ? `${hours} h ago` : `${Math.floor(hours / 24)} d ago`;
}
