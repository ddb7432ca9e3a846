import {
  AI_POLICIES,
  aiCommand,
  applyCommand,
  type Command,
  createRng,
  dueAction,
  type GameState,
  MIN_SEATS,
} from '@palace/core';
import type { SeatClock, StoredGame } from './ports.js';
import { goneDeadline, leftAway, type PresenceTimes, withoutGone } from './presence-clock.js';

/** How long a human seat has for what is due (a move, the face-up choice) by default, in ms (docs/product.md §D6). */
export const TURN_MS = 60_000;
/** Timeouts in a row after which a seat is away: the AI plays it until its player comes back. */
export const STRIKES_TO_AWAY = 3;
/** A game in setup or play whose human seats nobody held for this long (ms) is played out by the AI. */
export const ABANDON_MS = 600_000;
/** A game still waiting for players with no change for this long (ms) expires and refunds its fees. */
export const WAITING_EXPIRY_MS = 1_800_000;
/** The clock of a game no human is due in, and of rows stored before there were clocks. */
export const NO_SEAT_CLOCK: SeatClock = { turnDueAt: null, strikes: {}, away: [] };

/** The seat clock of a stored game (a game stored before clocks existed has none). */
export function seatClockOf(game: { readonly seatClock?: SeatClock | undefined }): SeatClock {
  return game.seatClock ?? NO_SEAT_CLOCK;
}

/**
 * The index of the first seat the server plays that something is due from (an AI seat, or a human
 * seat marked away), or -1. This is whom the AI runner acts for.
 */
export function nextServerSeat(state: GameState, clock: SeatClock): number {
  return state.seats.findIndex(
    (seat, index) => (seat.ai !== null || clock.away.includes(seat.id)) && dueAction(state, index) !== null,
  );
}

/**
 * The ids of the human seats (not away) whose turn clock runs: a move in play, or the face-up
 * choice. In the `auto` flow the face-up choice happens in the waiting room; there the clock runs
 * only once the table could start (at least two seats), when somebody is waiting for this one.
 * Saying ready in a waiting room never has a clock.
 */
export function clockedSeats(state: GameState, clock: SeatClock): string[] {
  const ids: string[] = [];
  state.seats.forEach((seat, index) => {
    if (seat.ai !== null || clock.away.includes(seat.id)) return;
    // A waiting game does not choose for a player who dropped: their seat waits, then is given up
    // (docs/product.md §D13 waiting-games), so the game never starts around them.
    if (state.phase === 'waiting' && clock.gone?.[seat.id] !== undefined) return;
    const due = dueAction(state, index);
    const clocked =
      due === 'move' || (due === 'chooseFaceUp' && (state.phase === 'setup' || state.seats.length >= MIN_SEATS));
    if (clocked) ids.push(seat.id);
  });
  return ids;
}

/** The seat ids that `commands` act for (a `start` from the host system acts for nobody; a `leave` for nobody either). */
export function actorsOf(commands: readonly Command[]): string[] {
  // Leaving is not acting at the table: a player who leaves is not forgiven an away mark.
  return commands.flatMap((command) => (command.seat === null || command.type === 'leave' ? [] : [command.seat]));
}

/** `clock` with the strikes, the away mark and the gone mark of `seats` cleared: their players acted or came back. */
export function forgive(clock: SeatClock, seats: readonly string[]): SeatClock {
  clock = withoutGone(clock, seats);
  const hit = seats.filter((id) => clock.away.includes(id) || clock.strikes[id] !== undefined);
  if (hit.length === 0) return clock;
  const strikes = Object.fromEntries(Object.entries(clock.strikes).filter(([id]) => !hit.includes(id)));
  return { ...clock, strikes, away: clock.away.filter((id) => !hit.includes(id)) };
}

/** `clock` without seats no longer at the table (a freed seat id may be taken by someone else). */
export function pruned(clock: SeatClock, state: GameState): SeatClock {
  const seated = (id: string): boolean => state.seats.some((seat) => seat.id === id);
  const gone = [...clock.away, ...Object.keys(clock.strikes), ...Object.keys(clock.gone ?? {})].filter(
    (id) => !seated(id),
  );
  return gone.length === 0 ? clock : forgive(clock, gone);
}

/**
 * `clock` after the turn clock ran out for `seats`: one more strike each; the third in a row, or
 * any for a seat whose player left the game (docs/product.md §D4), makes the seat away.
 */
export function struck(clock: SeatClock, state: GameState, seats: readonly string[]): SeatClock {
  const strikes: Record<string, number> = { ...clock.strikes };
  const away = [...clock.away];
  for (const id of seats) {
    const count = (strikes[id] ?? 0) + 1;
    strikes[id] = count;
    const left = state.seats.find((seat) => seat.id === id)?.left === true;
    if ((count >= STRIKES_TO_AWAY || left) && !away.includes(id)) away.push(id);
  }
  return { ...clock, strikes, away };
}

/** `clock` with every human seat away: nobody held the game for `ABANDON_MS`, the AI plays it out. */
export function allAway(clock: SeatClock, state: GameState): SeatClock {
  const humans = state.seats.filter((seat) => seat.ai === null && !clock.away.includes(seat.id)).map((s) => s.id);
  return humans.length === 0 ? clock : { ...clock, away: [...clock.away, ...humans] };
}

/** A game's state and clock, before or after a change. */
export interface Clocked {
  readonly state: GameState;
  readonly clock: SeatClock;
}

/**
 * When the due human seats run out of time after a change (ms since the epoch), or null when no
 * human is due. The running deadline is kept when nothing was played and the same seats are due
 * (a chat line, a view); any accepted command re-arms a fresh one for whoever is due next.
 */
export function nextTurnDue(
  before: Clocked,
  after: Clocked,
  played: boolean,
  now: number,
  turnMs: number,
): number | null {
  const due = clockedSeats(after.state, after.clock);
  if (due.length === 0) return null;
  const was = clockedSeats(before.state, before.clock);
  const same = due.length === was.length && due.every((id) => was.includes(id));
  const running = before.clock.moveDueAt ?? before.clock.turnDueAt;
  return !played && same && running !== null ? running : now + turnMs;
}

/**
 * What the greedy AI plays for `seats` whose clock ran out, in order, each on the state the
 * previous ones left (several seats choose face-up cards at once). Deterministic given the
 * (secret) seed, the version and the seat.
 */
export function greedyFor(game: StoredGame, seats: readonly string[]): Command[] {
  const commands: Command[] = [];
  let state = game.state;
  for (const id of seats) {
    const index = state.seats.findIndex((seat) => seat.id === id);
    const rng = createRng(`${game.record.seed}/turn/${game.version}/${id}`);
    const command = aiCommand(state, index, AI_POLICIES.greedy, rng);
    const applied = command === null ? null : applyCommand(state, command);
    if (command === null || applied === null || !applied.ok) continue;
    commands.push(command);
    state = applied.value.state;
  }
  return commands;
}

/**
 * The `leave` of every seat of a waiting game, ready seats first so the table never becomes
 * "everyone seated is ready" on the way out (which would start an `auto` game); null if the
 * engine would refuse one or the game would not stay waiting (checked, not assumed).
 */
export function everyoneLeaves(state: GameState): Command[] | null {
  const seats = [...state.seats.filter((seat) => seat.ready), ...state.seats.filter((seat) => !seat.ready)];
  const commands = seats.map((seat): Command => ({ type: 'leave', seat: seat.id }));
  let next = state;
  for (const command of commands) {
    const applied = applyCommand(next, command);
    if (!applied.ok) return null;
    next = applied.value.state;
  }
  return next.phase === 'waiting' ? commands : null;
}

/**
 * The seat clock after a change: the server's own alteration (`alter`: timeouts, away marks), then
 * the acting seats' strikes and away marks cleared (a player's own commands, not `byServer`), seats
 * no longer at the table dropped, and the turn deadline for whoever is due next (none when the
 * change is not `clocked`, e.g. a game being expired).
 */
export function clockAfter(input: {
  readonly before: Clocked;
  readonly state: GameState;
  readonly commands: readonly Command[];
  readonly alter: ((clock: SeatClock, state: GameState) => SeatClock) | undefined;
  readonly byServer: boolean;
  readonly clocked: boolean;
  readonly now: number;
  readonly turnMs: number;
  readonly presence?: PresenceTimes | undefined;
}): SeatClock {
  const { before, state, commands, now } = input;
  let clock = input.alter?.(before.clock, state) ?? before.clock;
  if (!input.byServer) clock = forgive(clock, actorsOf(commands));
  clock = leftAway(pruned(clock, state), state);
  if (!input.clocked) return timed(clock, null, null);
  const move = nextTurnDue(before, { state, clock }, commands.length > 0, now, input.turnMs);
  // A dropped player's grace (or a waiting seat's 2 minutes) may run out first (docs/product.md §D13).
  return timed(clock, move, goneDeadline(state, clock, clockedSeats(state, clock), input.presence));
}

/** `clock` with its job time: the earlier of the due seats' deadline `move` and the presence deadline. */
function timed(clock: SeatClock, move: number | null, presence: number | null): SeatClock {
  const { moveDueAt: _, ...rest } = clock;
  if (presence !== null && (move === null || presence < move)) {
    return { ...rest, turnDueAt: presence, ...(move === null ? {} : { moveDueAt: move }) };
  }
  return { ...rest, turnDueAt: move };
}
