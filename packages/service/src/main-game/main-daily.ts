import type { AiLevel } from '@palace/core';
import type { User } from '../accounts/account-ports.js';
import { computerSits } from './main-computers.js';
import { type MainOpening, playerGame } from './main-new-game.js';

/**
 * A daily deal's game (docs/daily.md): a free, private, unrated main game of `levels.length + 1`
 * seats, the player in seat 1 and the computer players after, dealt from the day's seed (given to
 * `GameService.create` beside this opening). Everyone's game of a day is dealt alike: the deck is
 * shuffled from the seed alone and each seat is dealt in seating order, so seat 1 holds the same
 * cards in every one of them and each computer seat the same as its counterparts.
 */
export interface DailyInput {
  /** The game's id, chosen before the attempt is stored (a retried start creates the same game). */
  readonly id: string;
  readonly user: User;
  /** `YYYY-MM-DD`. */
  readonly date: string;
  /** The day's seed. */
  readonly seed: string;
  /** The computer players' levels, in seat order. */
  readonly levels: readonly AiLevel[];
}

/** The name of a daily game: "Daily deal 2025-03-14" (3 to 30 characters, as any game's). */
export function dailyGameName(date: string): string {
  return `Daily deal ${date}`;
}

/** The opening of `input`'s daily game: the player's free private game with the day marked in its data. */
export function dailyGame(input: DailyInput): MainOpening {
  const name = dailyGameName(input.date);
  const playerLimit = input.levels.length + 1;
  const opening = playerGame(
    input.user,
    { name, playerLimit, entryFee: 0 },
    { name, playerLimit, isPrivate: true, entryFee: 0 },
    0,
    computerSits(input.levels, null),
  );
  return { ...opening, meta: { ...opening.meta, daily: { date: input.date } } };
}
