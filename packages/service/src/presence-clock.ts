import type { GameState } from '@palace/core';
import type { SeatClock } from './ports.js';

/**
 * Presence at the table (docs/product.md §D13 presence): a seat whose player's last socket closed
 * is `gone` from that moment. For `PRESENCE_GRACE_MS` it is reconnecting; then, in setup or play,
 * the computer plays it at once when something is due from it (the turn clock's takeover without
 * the clock), until its player comes back. In a waiting game a seat gone for `WAITING_GONE_MS`
 * leaves (its fee refunded), and the creator's closes the game. The times live in the seat clock,
 * stored with the game, so every node of a cluster sees them and the turn-clock job (its timer,
 * its rescue) acts on them.
 */

/** How long a seat whose player dropped counts as reconnecting, in ms. */
export const PRESENCE_GRACE_MS = 20_000;
/** How long a seat of a waiting game may be gone before it is given up: reconnecting, then 2 minutes away. */
export const WAITING_GONE_MS = PRESENCE_GRACE_MS + 120_000;

/** How long the server waits on a dropped seat: the two times above (tests shorten them). */
export interface PresenceTimes {
  /** Reconnecting, then away: the computer plays the seat when something is due from it. */
  readonly graceMs: number;
  /** In a waiting game: the seat is given up (the creator's closes the game). */
  readonly waitingGoneMs: number;
}

/** The times of docs/product.md §D13. */
export const PRESENCE_TIMES: PresenceTimes = { graceMs: PRESENCE_GRACE_MS, waitingGoneMs: WAITING_GONE_MS };

/** A seat's presence as everyone at the table sees it. */
export type SeatPresence = 'connected' | 'reconnecting' | 'away';

/** What changed about a seat's presence in a change (for the one line the table is told). */
export interface SeatNotice {
  readonly seat: string;
  readonly what: 'reconnecting' | 'away' | 'back';
}

/** When `seat`'s absence has lasted long enough for the server to act, or null when it is not gone. */
export function goneLimit(
  state: GameState,
  clock: SeatClock,
  seat: string,
  times: PresenceTimes = PRESENCE_TIMES,
): number | null {
  const at = clock.gone?.[seat];
  if (at === undefined) return null;
  return at + (state.phase === 'waiting' ? times.waitingGoneMs : times.graceMs);
}

/**
 * The gone seats whose absence the server acts on: in a waiting game every one; in setup and play
 * those that something is due from (`due`: the clocked seats), not yet away.
 */
function goneWatched(state: GameState, clock: SeatClock, due: readonly string[]): string[] {
  const gone = Object.keys(clock.gone ?? {});
  if (state.phase === 'finished') return [];
  if (state.phase === 'waiting') return gone.filter((id) => state.seats.some((seat) => seat.id === id));
  return due.filter((id) => gone.includes(id));
}

/** The earliest moment the server acts on an absence (see `goneWatched`), or null. */
export function goneDeadline(
  state: GameState,
  clock: SeatClock,
  due: readonly string[],
  times: PresenceTimes = PRESENCE_TIMES,
): number | null {
  let next: number | null = null;
  for (const id of goneWatched(state, clock, due)) {
    const limit = goneLimit(state, clock, id, times);
    if (limit !== null && (next === null || limit < next)) next = limit;
  }
  return next;
}

/** The watched gone seats whose limit has passed by `now`. */
export function goneOut(
  state: GameState,
  clock: SeatClock,
  due: readonly string[],
  now: number,
  times: PresenceTimes = PRESENCE_TIMES,
): string[] {
  return goneWatched(state, clock, due).filter(
    (id) => (goneLimit(state, clock, id, times) ?? Number.POSITIVE_INFINITY) <= now,
  );
}

/** `clock` with `seat` gone since `now` (a seat already gone keeps its first time). */
export function markGone(clock: SeatClock, seat: string, now: number): SeatClock {
  if (clock.gone?.[seat] !== undefined) return clock;
  return { ...clock, gone: { ...clock.gone, [seat]: now } };
}

/** `clock` without the gone marks of `seats` (their players came back, or the seats were dealt with). */
export function withoutGone(clock: SeatClock, seats: readonly string[]): SeatClock {
  const gone = clock.gone;
  if (gone === undefined || !seats.some((id) => gone[id] !== undefined)) return clock;
  const left = Object.fromEntries(Object.entries(gone).filter(([id]) => !seats.includes(id)));
  const { gone: _, ...rest } = clock;
  return Object.keys(left).length === 0 ? rest : { ...rest, gone: left };
}

/** `clock` with `seats` away (the computer plays them until their players come back), no longer gone. */
export function awayNow(clock: SeatClock, seats: readonly string[]): SeatClock {
  const away = [...clock.away, ...seats.filter((id) => !clock.away.includes(id))];
  return withoutGone({ ...clock, away }, seats);
}

/**
 * `clock` with every human seat whose player left a game in setup or play marked away: the computer
 * plays it at once, not after a turn clock (docs/product.md §D13 deliberate-leave).
 */
export function leftAway(clock: SeatClock, state: GameState): SeatClock {
  if (state.phase !== 'setup' && state.phase !== 'playing') return clock;
  const left = state.seats.filter((seat) => seat.left && seat.ai === null && !clock.away.includes(seat.id));
  return left.length === 0
    ? clock
    : awayNow(
        clock,
        left.map((seat) => seat.id),
      );
}

/** A seat's presence: away (the computer plays it), reconnecting (dropped, within the grace), or connected. */
export function seatPresence(clock: SeatClock, seat: string): SeatPresence {
  if (clock.away.includes(seat)) return 'away';
  return clock.gone?.[seat] === undefined ? 'connected' : 'reconnecting';
}

/** What a change did to the seats' presence, seat by seat (a seat no longer at the table says nothing). */
export function seatNotices(before: SeatClock, after: SeatClock, state: GameState): SeatNotice[] {
  const notices: SeatNotice[] = [];
  for (const seat of state.seats) {
    if (seat.ai !== null) continue;
    const was = seatPresence(before, seat.id);
    const now = seatPresence(after, seat.id);
    if (was === now) continue;
    if (now === 'connected') notices.push({ seat: seat.id, what: 'back' });
    else notices.push({ seat: seat.id, what: now });
  }
  return notices;
}
