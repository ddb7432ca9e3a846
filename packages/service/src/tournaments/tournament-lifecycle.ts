import { err, ok, type Result } from '@palace/core';
import { TOURNAMENT_FILL_MS, TOURNAMENT_PLAYERS_MIN, type TournamentStatus } from '@palace/protocol';
import type { User } from '../accounts/account-ports.js';
import type { IdSource, Posting } from '../ports.js';
import { type ServiceError, serviceError } from '../service-error.js';
import type { CheckedTournament } from './tournament-model.js';
import type { StoredTournament, TournamentData, TournamentEntry } from './tournament-ports.js';
import type { RoundScoring } from './tournament-scoring.js';
import { feePostings, prizePool, prizesOf, refundPostings } from './tournament-settling.js';

/**
 * A tournament's life as pure decisions (docs/tournaments.md): created open, entered and withdrawn
 * from while open, started when full or at its start time (or cancelled, every fee refunded, with
 * too few entrants then), and finished with its prizes. Each decision is a `TournamentChange` that
 * the service writes as one versioned row with its postings.
 */

/** Tournament ids are whole numbers from 1 to this. */
const TOURNAMENT_ID_MAX = 999_999_999;

/** What a change of a tournament decides: its new status and data, its postings, its next job's time. */
export interface TournamentChange {
  readonly status: TournamentStatus;
  readonly data: TournamentData;
  readonly postings: readonly Posting[];
  /** ms since the epoch, or null: no timed job. */
  readonly dueAt: number | null;
}

/** Seats round `number` of `data` at `now` (`TournamentRounds.seat`): its tables and deals. */
export type SeatRound = (data: TournamentData, number: number, now: number) => TournamentData;

/** A new open tournament of `user`'s with a fresh id and secret seed (its commitment published). */
export function newTournament(
  user: User,
  checked: CheckedTournament,
  now: number,
  deals: TournamentData['deals'],
  ids: IdSource,
): StoredTournament {
  const seed = ids.seed();
  const fillBy = checked.startsAt === null ? now + TOURNAMENT_FILL_MS : null;
  return {
    id: String(1 + ids.pick(TOURNAMENT_ID_MAX)),
    version: 1,
    status: 'open',
    createdAt: now,
    updatedAt: now,
    dueAt: checked.startsAt ?? fillBy,
    data: {
      ...checked,
      fillBy,
      createdBy: { userId: user.id, username: user.username },
      seed,
      commitment: ids.digest(seed),
      deals,
      entries: [],
      roundList: [],
      startedAt: null,
      finishedAt: null,
      prizes: [],
    },
  };
}

/** `user`'s entry into `data` at `now`: paying the entry fee, unless a simulated entrant (`ai`). */
export function entryOf(
  user: User,
  data: TournamentData,
  now: number,
  ai?: NonNullable<TournamentEntry['ai']>,
): TournamentEntry {
  return {
    userId: user.id,
    username: user.username,
    avatar: user.avatar,
    isGuest: user.isGuest,
    paid: ai === undefined ? data.entryFee : 0,
    enteredAt: now,
    ...(ai === undefined ? {} : { ai }),
  };
}

/**
 * The change that adds `entry` to `t` with its fee, or the refusal (over, entered already, started,
 * full, a guest in a paid one). The entry that fills the tournament starts it in the same change.
 */
export function enterChange(
  t: StoredTournament,
  entry: TournamentEntry,
  seat: SeatRound,
  now: number,
): Result<TournamentChange, ServiceError> {
  const { data } = t;
  if (t.status === 'finished' || t.status === 'cancelled') return err(serviceError('tournament/over'));
  if (data.entries.some((e) => e.userId === entry.userId)) return err(serviceError('tournament/entered'));
  if (t.status !== 'open') return err(serviceError('tournament/started'));
  if (data.entries.length >= data.maxPlayers) return err(serviceError('tournament/full'));
  if (entry.isGuest && data.entryFee > 0) return err(serviceError('tournament/guest_paid'));
  const entered: TournamentData = { ...data, entries: [...data.entries, entry] };
  const postings = feePostings(t.id, entry);
  if (entered.entries.length >= entered.maxPlayers) return ok(startChange(entered, seat, now, postings));
  return ok({ status: 'open', data: entered, postings, dueAt: t.dueAt });
}

/** The change that takes `user`'s entry back before the start, refunding its fee; or the refusal. */
export function withdrawChange(t: StoredTournament, user: User): Result<TournamentChange, ServiceError> {
  const entry = t.data.entries.find((e) => e.userId === user.id);
  if (entry === undefined) return err(serviceError('tournament/not_entered'));
  if (t.status !== 'open') return err(serviceError(t.status === 'running' ? 'tournament/started' : 'tournament/over'));
  const entries = t.data.entries.filter((e) => e.userId !== user.id);
  return ok({ status: 'open', data: { ...t.data, entries }, postings: refundPostings(t.id, [entry]), dueAt: t.dueAt });
}

/**
 * What is due in open tournament `t` at `now`: at its time it starts (a start time set and enough
 * entrants) or is cancelled (too few, or a "start when full" one not full by then); null before.
 */
export function dueChange(t: StoredTournament, seat: SeatRound, now: number): TournamentChange | null {
  const { data } = t;
  if (t.dueAt === null || t.dueAt > now) return null;
  if (data.startsAt !== null && data.entries.length >= TOURNAMENT_PLAYERS_MIN) return startChange(data, seat, now, []);
  return cancelChange(t, now);
}

/** The change that starts `data`: round 1 seated, its deals committed. */
function startChange(
  data: TournamentData,
  seat: SeatRound,
  now: number,
  postings: readonly Posting[],
): TournamentChange {
  return { status: 'running', data: { ...seat(data, 1, now), startedAt: now }, postings, dueAt: null };
}

/** The change that cancels `t` (too few entrants at its time): every fee refunded. */
function cancelChange(t: StoredTournament, now: number): TournamentChange {
  const postings = refundPostings(t.id, t.data.entries);
  return { status: 'cancelled', data: { ...t.data, finishedAt: now }, postings, dueAt: null };
}

/**
 * The change that finishes `t` after its last round (`played`: its data with that round in): the
 * prizes paid to the top of the standings under `scoring`. Play changes no entry, so the pool is `t`'s.
 */
export function finishChange(
  t: StoredTournament,
  played: TournamentData,
  now: number,
  scoring: RoundScoring,
): TournamentChange {
  const { prizes, postings } = prizesOf(t.id, played, prizePool(t), scoring);
  return { status: 'finished', data: { ...played, prizes, finishedAt: now }, postings, dueAt: null };
}
