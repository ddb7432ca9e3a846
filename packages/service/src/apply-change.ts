import {
  appendEntry,
  applyCommand,
  err,
  type GameEvent,
  type GameRecord,
  type GameState,
  ok,
  type Result,
} from '@palace/core';
import type { Changed, GameServiceOptions, Origin, ServerChange } from './game-change.js';
import type { Json, StoredGame } from './ports.js';
import { type PresenceTimes, seatNotices } from './presence-clock.js';
import { clockAfter, nextServerSeat, seatClockOf } from './seat-clock.js';
import type { ServiceError } from './service-error.js';

/** What of a variant's options a change applies with: its reaction, its listing rule, the turn time. */
export interface Applying<M extends Json> {
  readonly react: GameServiceOptions<M>['react'] | undefined;
  readonly listed: GameServiceOptions<M>['listed'] | undefined;
  readonly seatNotice: GameServiceOptions<M>['seatNotice'] | undefined;
  readonly turnMs: number;
  readonly startDelayMs: number;
  readonly presence: PresenceTimes;
}

/**
 * Applies a planned change to a game (docs/architecture.md "Service"): the engine commands in order
 * (all or none; the first refusal refuses the change), the variant's reaction to their events, the
 * seat clock and the AI deadline after them, the listing, and the next version. Pure: the caller
 * stores the result.
 */
export function applyChange<M extends Json>(
  game: StoredGame<M>,
  change: ServerChange<M>,
  how: Applying<M> & { readonly now: number; readonly origin: Origin },
): Result<Changed<M>, ServiceError> {
  const { now, origin, react, listed, seatNotice, turnMs, startDelayMs, presence } = how;
  let state: GameState = game.state;
  let record: GameRecord = game.record;
  const events: GameEvent[] = [];
  for (const command of change.commands) {
    const applied = applyCommand(state, command);
    if (!applied.ok) return err(applied.error);
    state = applied.value.state;
    record = appendEntry(record, now, command, state);
    events.push(...applied.value.events);
  }
  // Play begins with this change (the deal, or the last face-up choice): nobody can move before
  // the start delay has passed, so the turn clock and the AI's delay count from its end
  // (docs/product.md §D13 countdown-clock).
  const from = game.state.phase !== 'playing' && state.phase === 'playing' ? now + startDelayMs : now;
  const planned = change.meta ?? game.meta;
  const reacted = events.length > 0 && react !== undefined ? react(planned, events, state, now) : planned;
  const seatClock = clockAfter({
    before: { state: game.state, clock: seatClockOf(game) },
    state,
    commands: change.commands,
    alter: change.seatClock,
    byServer: origin.byServer,
    clocked: change.kind === undefined,
    now: from,
    turnMs,
    presence,
  });
  // The table is told of each seat whose presence changed (docs/product.md §D13 presence).
  const meta =
    seatNotice === undefined
      ? reacted
      : seatNotices(seatClockOf(game), seatClock, state).reduce(
          (m, notice) => seatNotice(m, notice, state, now),
          reacted,
        );
  const aiWaiting = nextServerSeat(state, seatClock) >= 0;
  const aiDueAt = !aiWaiting
    ? null
    : origin.keepAiDeadline && game.aiDueAt !== null
      ? game.aiDueAt
      : from + game.aiDelayMs;
  return ok({
    game: {
      ...game,
      kind: change.kind ?? game.kind,
      version: game.version + 1,
      updatedAt: now,
      state,
      record,
      aiDueAt,
      seatClock,
      listed: change.kind === undefined && (listed?.(state, meta) ?? false),
      meta,
    },
    events,
  });
}
