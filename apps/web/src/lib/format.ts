/** Display formats of spec 01 §2 (US English). */

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
