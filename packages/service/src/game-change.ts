import type { Command, GameEvent, GameState, Result } from '@palace/core';
import type {
  Clock,
  Effects,
  GamesStore,
  IdSource,
  Json,
  Leases,
  Publisher,
  Scheduler,
  SeatClock,
  StoredGame,
} from './ports.js';
import type { PresenceTimes, SeatNotice } from './presence-clock.js';
import type { Rescues } from './rescues.js';
import type { ServiceError } from './service-error.js';

/**
 * The shapes a game service and its jobs share (docs/architecture.md "Service"): what a request
 * wants done, what a change did, the ports, and how a variant tailors the service.
 */

/** What a request wants done: engine commands (applied in order, all or none) and new variant data. */
export interface Change<M extends Json> {
  readonly commands: readonly Command[];
  /** Replaces the variant data; omitted = unchanged. */
  readonly meta?: M;
}

/** Decides a change from the current game, or refuses. Called again if the write loses a race. */
export type Planner<M extends Json> = (game: StoredGame<M>) => Result<Change<M>, ServiceError>;

export interface Changed<M extends Json> {
  readonly game: StoredGame<M>;
  /** Events of all the commands, in order. */
  readonly events: readonly GameEvent[];
}

export interface ServicePorts {
  readonly store: GamesStore;
  readonly clock: Clock;
  readonly ids: IdSource;
  readonly scheduler: Scheduler;
  readonly publisher: Publisher;
  /** Shared by the nodes of one store: a game's server-side jobs run on one node at a time. Absent: unguarded (one process). */
  readonly leases?: Leases;
  /** This node's name among the nodes sharing the store (the holder of its leases). */
  readonly nodeId?: string;
  /** Where each game service adds its rescue of overdue jobs, for the server to run them (`JOB_RESCUE_MS`). */
  readonly rescues?: Rescues;
}

/** How a variant tailors the service. */
export interface GameServiceOptions<M extends Json> {
  /** Whether a game shows in the variant's public list; default never. Evaluated on every change. */
  readonly listed?: (state: GameState, meta: M) => boolean;
  /**
   * Updates the variant data from the events of every accepted change, AI moves included (for
   * example the last action shown to players). `at` is the change's time in ms.
   */
  readonly react?: (meta: M, events: readonly GameEvent[], state: GameState, at: number) => M;
  /** The variant's game id format; default the id source's. */
  readonly gameId?: () => string;
  /**
   * What a change does beside the game (token postings, results), stored in the same transaction.
   * Evaluated on every change, AI moves included; `before` is null on creation.
   */
  readonly effects?: (before: StoredGame<M> | null, after: StoredGame<M>, events: readonly GameEvent[]) => Effects;
  /** How long a human seat has for what is due, in ms (default `TURN_MS`, docs/product.md §D6). */
  readonly turnMs?: number | undefined;
  /**
   * Writes the line the table is told when a seat's presence changes (dropped, away, back:
   * docs/product.md §D13), in the change that makes it; `at` is the change's time in ms.
   */
  readonly seatNotice?: (meta: M, notice: SeatNotice, state: GameState, at: number) => M;
  /**
   * The pause between the deal and the first move in which nobody can act (the main game's
   * countdown): the first turn's clock and the first AI move wait for it. Default 0.
   */
  readonly startDelayMs?: number | undefined;
  /** How long a dropped seat is waited for (default `PRESENCE_TIMES`, docs/product.md §D13; tests shorten it). */
  readonly presence?: PresenceTimes | undefined;
}

/** A change the service makes itself: it may also alter the seat clock or retire the game. */
export interface ServerChange<M extends Json> extends Change<M> {
  /** Alters the seat clock (timeouts, away marks), given the state after the commands. */
  readonly seatClock?: (clock: SeatClock, state: GameState) => SeatClock;
  /** Stores the game under another kind, where no variant finds it (an expired waiting game). */
  readonly kind?: string;
}

/** Where a change comes from. */
export interface Origin {
  /** Keep a pending AI deadline (a player's change) or start a fresh one (after an AI move). */
  readonly keepAiDeadline: boolean;
  /** The server acts for the seats (AI runner, turn clock, sweep): their commands are not the players' own. */
  readonly byServer: boolean;
}
