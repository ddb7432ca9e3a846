import {
  type CreateTournamentBody,
  type RatingPreset,
  TOURNAMENT_DEFAULT_ROUNDS,
  TOURNAMENT_FEE_MAX,
  TOURNAMENT_FEE_MIN,
  TOURNAMENT_FEE_STEP,
  TOURNAMENT_ROUNDS_MAX,
  TOURNAMENT_ROUNDS_MIN,
  TOURNAMENT_START_MAX_MS,
  TOURNAMENT_START_MIN_MS,
  TOURNAMENT_TABLE_MAX,
  TOURNAMENT_TABLE_MIN,
  type Tournament,
  type TournamentRound,
  type TournamentSeat,
  type TournamentStatus,
  type TournamentSummary,
  type TournamentTable,
} from '@palace/protocol';
import { mainGamePath } from '../../lib/main-game-path.js';

/**
 * The words and small decisions of the tournament screens (docs/web.md "Tournaments"), pure: the
 * list's filters and lines, what the viewer may do (enter, withdraw, play, watch), and the create
 * form's request. The server decides every rule; these only say what it sent.
 */

/** How often an open or running tournament (and the list) is fetched again, in ms. */
export const TOURNAMENT_POLL_MS = 5_000;
/** How many tournaments the list asks for. */
export const TOURNAMENT_LIST_LIMIT = 50;

export type TournamentFilter = 'all' | 'open' | 'running' | 'finished';
export const TOURNAMENT_FILTERS: readonly TournamentFilter[] = ['all', 'open', 'running', 'finished'];

const FILTER_LABELS: Readonly<Record<TournamentFilter, string>> = {
  all: 'All',
  open: 'Open',
  running: 'Running',
  finished: 'Finished',
};

export function filterLabel(filter: TournamentFilter): string {
  return FILTER_LABELS[filter];
}

/** A filter from the address (`?status=`); anything else is All. */
export function filterOf(raw: string | null): TournamentFilter {
  return TOURNAMENT_FILTERS.find((f) => f === raw) ?? 'all';
}

/** The list's request: one status, or every one (cancelled included) for All. */
export function listUrl(filter: TournamentFilter, limit = TOURNAMENT_LIST_LIMIT): string {
  return filter === 'all' ? `/api/tournaments?limit=${limit}` : `/api/tournaments?status=${filter}&limit=${limit}`;
}

const STATUS_LABELS: Readonly<Record<TournamentStatus, string>> = {
  open: 'Open',
  running: 'Running',
  finished: 'Finished',
  cancelled: 'Cancelled',
};

export function statusLabel(status: TournamentStatus): string {
  return STATUS_LABELS[status];
}

/** Whether the tournament still changes by itself (entries, rounds): its page polls meanwhile. */
export function isLive(status: TournamentStatus): boolean {
  return status === 'open' || status === 'running';
}

/** "Free", "150 SRT". */
export function feeLabel(fee: number): string {
  return fee === 0 ? 'Free' : `${fee.toLocaleString('en-US')} SRT`;
}

/** "1 round", "3 rounds". */
export function roundsLabel(rounds: number): string {
  return rounds === 1 ? '1 round' : `${rounds} rounds`;
}

/** Where the tournament is: "3 rounds" before it starts (and when cancelled), else "Round 2 of 3". */
export function progressLabel(t: Pick<TournamentSummary, 'status' | 'currentRound' | 'rounds'>): string {
  return t.currentRound === 0 ? roundsLabel(t.rounds) : `Round ${t.currentRound} of ${t.rounds}`;
}

/** "When full", or the start time as the browser writes a short date and time. */
export function startLabel(startsAt: string | null, format: (iso: string) => string): string {
  return startsAt === null ? 'When full' : format(startsAt);
}

/** "1st", "2nd", "3rd", "4th", … "11th", "12th", "13th", "21st". */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/**
 * A score in percent to one decimal, a whole number without one: "75%", "66.7%", "187.5%". The
 * server sends exact values; only the screen rounds (docs/tournaments.md "Scoring").
 */
export function percentLabel(score: number): string {
  const shown = (Math.round(score * 10) / 10).toFixed(1);
  return `${shown.endsWith('.0') ? shown.slice(0, -2) : shown}%`;
}

/**
 * A seat's result once its table has finished ("2nd · 3 cards left"), with its score once the
 * round is over: "· 75% (3 of 4 matchpoints)" against the same seat at the other tables of its
 * size, or "· 50% (by place)" at the only table of its size. Null while the table plays.
 */
export function seatResultLabel(seat: TournamentSeat): string | null {
  if (seat.place === null) return null;
  const result = `${ordinal(seat.place)} · ${cardsLabel(seat.cardsLeft ?? 0)} left`;
  if (seat.score === null) return result;
  const how =
    seat.matchpoints === null || seat.maxMatchpoints === null
      ? 'by place'
      : `${seat.matchpoints} of ${seat.maxMatchpoints} matchpoints`;
  return `${result} · ${percentLabel(seat.score)} (${how})`;
}

/** "1 card", "12 cards". */
export function cardsLabel(cards: number): string {
  return cards === 1 ? '1 card' : `${cards} cards`;
}

/**
 * What a table of a round offers the viewer: Play at their own table while it plays; Watch at the
 * others while they play, unless the viewer sits in that round (the server refuses a player a look
 * at another table of their round); the replay of every table once the round is over (the deal is
 * sealed until its last table ends); nothing else.
 */
export type TableAction = 'play' | 'watch' | 'replay' | null;

export function tableAction(round: TournamentRound, table: TournamentTable, viewerId: number | null): TableAction {
  if (round.finished) return 'replay';
  if (table.finished) return null;
  const seated = (t: TournamentTable) => viewerId !== null && t.seats.some((s) => s.userId === viewerId);
  if (seated(table)) return 'play';
  return round.tables.some(seated) ? null : 'watch';
}

/** The main game room of a table: to play (`/play?gameId=`) or to watch (`&watch=1`). */
export function tableRoomPath(gameId: number, action: 'play' | 'watch'): string {
  return mainGamePath(gameId, action !== 'play');
}

/** The viewer as the entry controls need them: signed out (null), a guest or a registered player. */
export interface Viewer {
  readonly id: number;
  readonly isGuest: boolean;
}

/**
 * The entry controls of a tournament for the viewer: Enter (with its fee), Withdraw, or why they
 * cannot enter. Only an open tournament takes or gives back entries.
 */
export type EntryState =
  | { readonly kind: 'enter'; readonly fee: number }
  | { readonly kind: 'withdraw'; readonly fee: number }
  /** Signed out: a free one can be entered as a guest; a paid one needs an account. */
  | { readonly kind: 'sign-in'; readonly paid: boolean }
  /** A guest before a paid tournament: guests may enter free tournaments only. */
  | { readonly kind: 'guest-paid' }
  | { readonly kind: 'full' }
  /** Started, finished or cancelled: no entries any more. */
  | { readonly kind: 'closed' };

export function entryState(
  t: Pick<Tournament, 'status' | 'entered' | 'entrants' | 'maxPlayers' | 'entryFee'>,
  viewer: Viewer | null,
): EntryState {
  if (t.status !== 'open') return { kind: 'closed' };
  if (t.entered) return { kind: 'withdraw', fee: t.entryFee };
  if (t.entrants >= t.maxPlayers) return { kind: 'full' };
  if (viewer === null) return { kind: 'sign-in', paid: t.entryFee > 0 };
  if (viewer.isGuest && t.entryFee > 0) return { kind: 'guest-paid' };
  return { kind: 'enter', fee: t.entryFee };
}

/** The Enter button's words: "Enter for free", "Enter for 150 SRT". */
export function enterLabel(fee: number): string {
  return fee === 0 ? 'Enter for free' : `Enter for ${feeLabel(fee)}`;
}

// — The create form —

export const PRESET_CHOICES: readonly RatingPreset[] = ['classic', 'easy', 'wild'];

/** Every fee the server takes: free, then 100 to 1000 SRT in steps of 50. */
export const FEE_CHOICES: readonly number[] = [
  0,
  ...Array.from(
    { length: (TOURNAMENT_FEE_MAX - TOURNAMENT_FEE_MIN) / TOURNAMENT_FEE_STEP + 1 },
    (_, i) => TOURNAMENT_FEE_MIN + i * TOURNAMENT_FEE_STEP,
  ),
];

function span(min: number, max: number): number[] {
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

export const TABLE_SIZE_CHOICES: readonly number[] = span(TOURNAMENT_TABLE_MIN, TOURNAMENT_TABLE_MAX);
export const ROUND_CHOICES: readonly number[] = span(TOURNAMENT_ROUNDS_MIN, TOURNAMENT_ROUNDS_MAX);

/** The create form's values as typed (numbers as text, the start time as a `datetime-local` value). */
export interface TournamentDraft {
  readonly name: string;
  readonly preset: RatingPreset;
  readonly maxPlayers: string;
  readonly tableSize: string;
  readonly rounds: string;
  readonly entryFee: string;
  readonly start: 'full' | 'time';
  readonly startsAt: string;
}

export type DraftField = Exclude<keyof TournamentDraft, 'start'>;

/** A new form: 8 players at tables of 4, 3 rounds, free, starting when full; a set time defaults to `startsAt`. */
export function blankDraft(startsAt: string): TournamentDraft {
  return {
    name: '',
    preset: 'classic',
    maxPlayers: '8',
    tableSize: '4',
    rounds: String(TOURNAMENT_DEFAULT_ROUNDS),
    entryFee: '0',
    start: 'full',
    startsAt,
  };
}

/** A date as a `datetime-local` input's value in the browser's time zone ("2026-11-21T15:05"). */
export function localInputValue(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** The start time a set-time tournament begins with: an hour from `now`, on the next 5 minutes. */
export function defaultStart(now: Date): string {
  const step = 5 * 60_000;
  return localInputValue(new Date(Math.ceil((now.getTime() + 3_600_000) / step) * step));
}

/** What the start time input allows (`min`, `max`): as the server does, 5 minutes to 7 days ahead. */
export function startBounds(now: Date): { readonly min: string; readonly max: string } {
  const minute = 60_000;
  // Whole minutes: the input has no seconds, and its minimum must not fall before the server's.
  const min = Math.ceil((now.getTime() + TOURNAMENT_START_MIN_MS) / minute) * minute + minute;
  const max = Math.floor((now.getTime() + TOURNAMENT_START_MAX_MS) / minute) * minute;
  return { min: localInputValue(new Date(min)), max: localInputValue(new Date(max)) };
}

/**
 * The request of a draft (no `startsAt` for "when full"), or the field that cannot be sent as it
 * is (a count that is not a whole number, a set start without a time). Ranges are the server's to check: its refusal is shown at
 * the field it names (`fieldOfMessage`).
 */
export function createBody(
  draft: TournamentDraft,
):
  | { readonly ok: true; readonly body: CreateTournamentBody }
  | { readonly ok: false; readonly field: DraftField; readonly message: string } {
  if (!/^\s*\d{1,3}\s*$/.test(draft.maxPlayers)) {
    return { ok: false, field: 'maxPlayers', message: 'Enter the number of players (4 to 32)' };
  }
  const body: CreateTournamentBody = {
    name: draft.name.trim(),
    preset: draft.preset,
    maxPlayers: Number(draft.maxPlayers),
    tableSize: Number(draft.tableSize),
    rounds: Number(draft.rounds),
    entryFee: Number(draft.entryFee),
  };
  // "When full" leaves `startsAt` out (absent and null mean the same to the server).
  if (draft.start === 'full') return { ok: true, body };
  const at = draft.startsAt === '' ? Number.NaN : new Date(draft.startsAt).getTime();
  if (!Number.isFinite(at)) return { ok: false, field: 'startsAt', message: 'Choose a start time' };
  return { ok: true, body: { ...body, startsAt: new Date(at).toISOString() } };
}

/** The form field a refusal of the server is about ("Players must be between 4 and 32" → players), or null. */
export function fieldOfMessage(message: string): DraftField | null {
  if (/^tournament name/i.test(message)) return 'name';
  if (/^players/i.test(message)) return 'maxPlayers';
  if (/^table size/i.test(message)) return 'tableSize';
  if (/^rounds/i.test(message)) return 'rounds';
  if (/^entry fee/i.test(message)) return 'entryFee';
  if (/^start time/i.test(message)) return 'startsAt';
  return null;
}
