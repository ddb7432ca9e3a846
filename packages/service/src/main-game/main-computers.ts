import { type AiLevel, type Command, err, ok, type Result, type Seat } from '@palace/core';
import type { User } from '../accounts/account-ports.js';
import type { Change } from '../game-change.js';
import type { StoredGame } from '../ports.js';
import { type ServiceError, serviceError } from '../service-error.js';
import type { MainMeta } from './main-meta.js';

/**
 * Computer players in a main game (docs/product.md §D13 computer-seats): seats the server's AI
 * plays from the start, added by the host before the game starts (0 to size − 1 of them, each
 * with its level). A computer seat has no account: it pays nothing, is never rated, and a game
 * with one is unrated; a computer that wins leaves the pot to the house.
 *
 * A computer seat's id is a number no account has (accounts are positive, guests small
 * negatives): `COMPUTER_ID_BASE − n` for the n-th computer added to the game, so it fits the
 * wire's integer player ids and never matches a user's seat.
 */
export const COMPUTER_ID_BASE = -9_000_000_000_000;

/** The seat id of the `n`-th computer player (1-based). */
export function computerSeatId(n: number): string {
  return String(COMPUTER_ID_BASE - n);
}

/** The computer players' seats of `game`: AI seats without an account behind them (a tournament's AI entrant has one). */
function computerSeats(game: StoredGame<MainMeta>): Seat[] {
  return game.state.seats.filter((s) => s.ai !== null && game.meta.seats[s.id] === undefined);
}

/** Whether seat `seatId` of `game` is a computer player. */
export function isComputerSeat(game: StoredGame<MainMeta>, seatId: string): boolean {
  return computerSeats(game).some((s) => s.id === seatId);
}

/** Whether `game` has a computer player (then it is unrated and its pot is what players paid). */
export function hasComputer(game: StoredGame<MainMeta>): boolean {
  return computerSeats(game).length > 0;
}

/** The levels of `game`'s computer players, in seat order (a rematch seats the same). */
export function computerLevels(game: StoredGame<MainMeta>): AiLevel[] {
  return computerSeats(game).flatMap((s) => (s.ai === null ? [] : [s.ai]));
}

/** A computer player's name at the table: "Computer 2". */
function computerName(n: number): string {
  return `Computer ${n}`;
}

/** The `sit` commands of `levels.length` new computer players, numbered after those in `game` (if any). */
export function computerSits(levels: readonly AiLevel[], game: StoredGame<MainMeta> | null): Command[] {
  const taken = new Set(game?.state.seats.map((s) => s.id) ?? []);
  const commands: Command[] = [];
  let n = 0;
  for (const level of levels) {
    do n += 1;
    while (taken.has(computerSeatId(n)));
    commands.push({ type: 'sit', seat: computerSeatId(n), name: computerName(n), ai: level });
  }
  return commands;
}

/** May `user` change who sits in `game`'s seats: its host, seated, before the start, not a tournament table? */
function hostBeforeStart(game: StoredGame<MainMeta>, user: User): Result<null, ServiceError> {
  if (game.meta.hostId !== user.id || !game.state.seats.some((s) => s.id === String(user.id))) {
    return err(serviceError('computer/host_only'));
  }
  // The daily deal's table is the same for everyone (docs/daily.md).
  if (game.meta.daily !== undefined) return err(serviceError('daily/fixed_table'));
  if (game.meta.tournament !== undefined || game.meta.cancelled || game.state.phase !== 'waiting') {
    return err(serviceError('computer/not_waiting'));
  }
  return ok(null);
}

/** The host adds a computer player at `level` to a waiting game with a free seat. */
export function addComputerPlan(
  game: StoredGame<MainMeta>,
  user: User,
  level: AiLevel,
): Result<Change<MainMeta>, ServiceError> {
  const allowed = hostBeforeStart(game, user);
  if (!allowed.ok) return allowed;
  if (game.state.seats.length >= game.meta.playerLimit) return err(serviceError('computer/full'));
  return ok({ commands: computerSits([level], game), meta: { ...game.meta, lastChange: 'state' } });
}

/** The host removes computer player `playerId` (its wire id) from a waiting game. */
export function removeComputerPlan(
  game: StoredGame<MainMeta>,
  user: User,
  playerId: number | string,
): Result<Change<MainMeta>, ServiceError> {
  const allowed = hostBeforeStart(game, user);
  if (!allowed.ok) return allowed;
  const seat = String(playerId);
  if (!isComputerSeat(game, seat)) return err(serviceError('computer/unknown'));
  return ok({ commands: [{ type: 'leave', seat }], meta: { ...game.meta, lastChange: 'state' } });
}

/**
 * A game's pot (docs/product.md §D12 "the pot is what was paid"): the fees its seats actually paid.
 * Guests, bots and computer players pay nothing and add nothing; a game nobody paid for has no
 * prize. A seat given up before the start was refunded and is gone; one left during play stays.
 */
export function potOf(game: StoredGame<MainMeta>): number {
  return game.state.seats.reduce((sum, s) => sum + (game.meta.seats[s.id]?.paid ?? 0), 0);
}
