/** Display formats of docs/product.md §P1.2 (US English). */

function time(date: Date): string {
  return date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** "Today, 3:05 PM", "Yesterday, 9:30 AM", otherwise "Nov 21, 3:05 PM". */
export function timestampLabel(value: string | number | Date, now: Date = new Date()): string {
  const date = new Date(value);
  if (sameDay(date, now)) return `Today, ${time(date)}`;
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameDay(date, yesterday)) return `Yesterday, ${time(date)}`;
  return date.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** A duration in ms as whole minutes, rounded up ("3 min"). */
export function durationLabel(ms: number): string {
  return `${Math.ceil(Math.max(0, ms) / 60_000)} min`;
}

/** The chat bubble's unread count: "9+" above 9. */
export function unreadLabel(count: number): string {
  return count > 9 ? '9+' : String(count);
}

/**
 * How long ago a game was created (docs/product.md §P2.9, the lobby and the public list): "just now" under
 * 60 s, "N min ago" under an hour, "N hours ago" under a day, else "N days ago" (one hour and one
 * day in the singular). Times in ms since the epoch; a time in the future counts as now.
 */
export function relativeAge(createdAt: number, now: number): string {
  const seconds = Math.max(0, Math.floor((now - createdAt) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
