/** How the tokens, profile and friends pages word ledger lines, amounts, dates and presence. */

export type LedgerKind = 'gift' | 'fee' | 'refund' | 'prize' | 'claim';

const KIND_LABELS: Readonly<Record<LedgerKind, string>> = {
  gift: 'Welcome gift',
  fee: 'Entry fee',
  refund: 'Entry fee refunded',
  prize: 'Prize won',
  claim: 'Guest prize claimed',
};

export function kindLabel(kind: LedgerKind): string {
  return KIND_LABELS[kind];
}

/** A token amount with its sign: "+100", "-150", "0". */
export function signedAmount(amount: number): string {
  return amount > 0 ? `+${amount}` : String(amount);
}

/** A whole number of tokens with thousands separators, in the browser's locale. */
export function tokens(amount: number): string {
  return amount.toLocaleString();
}

/** An ISO time as a short local date and time ("" when it is not a date). */
export function shortDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export type Presence = 'online' | 'away' | 'offline';

const PRESENCE_LABELS: Readonly<Record<Presence, string>> = { online: 'Online', away: 'Away', offline: 'Offline' };

export function presenceLabel(status: Presence): string {
  return PRESENCE_LABELS[status];
}

/** Friends in the order the list shows them: online, then away, then offline; by name within each. */
export function byPresence<T extends { readonly status: Presence; readonly username: string }>(
  friends: readonly T[],
): T[] {
  const rank: Readonly<Record<Presence, number>> = { online: 0, away: 1, offline: 2 };
  return [...friends].sort(
    (a, b) =>
      rank[a.status] - rank[b.status] || a.username.localeCompare(b.username, undefined, { sensitivity: 'base' }),
  );
}
