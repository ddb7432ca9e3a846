import type { ErrorDefinition } from '@palace/core';

/**
 * The service errors of the competitive doors, tournaments (docs/tournaments.md) and the daily deal
 * (docs/daily.md): each code with its category and player-facing message, merged into the service's
 * one table (`service-error.ts`).
 */
export const COMPETITION_ERRORS = {
  // — Tournaments (docs/tournaments.md) —
  'tournament/not_found': { category: 'not_found', message: 'Tournament not found' },
  'tournament/name_short': { category: 'invalid', message: 'Tournament name must be at least 3 characters' },
  'tournament/name_long': { category: 'invalid', message: 'Tournament name must be at most 40 characters' },
  'tournament/players': { category: 'invalid', message: 'Players must be between 4 and 32' },
  'tournament/table_size': { category: 'invalid', message: 'Table size must be between 2 and 4' },
  'tournament/rounds': { category: 'invalid', message: 'Rounds must be between 1 and 5' },
  'tournament/fee': {
    category: 'invalid',
    message: 'Entry fee must be 0, or between 100 and 1000 SRT tokens in steps of 50',
  },
  'tournament/starts_at': {
    category: 'invalid',
    message: 'Start time must be between 5 minutes and 7 days from now',
  },
  /** Creating by a guest or a bot: tournaments are created by registered players. */
  'tournament/registered_only': { category: 'forbidden', message: 'Register to create a tournament' },
  'tournament/entered': { category: 'conflict', message: 'You have already entered this tournament' },
  'tournament/full': { category: 'conflict', message: 'This tournament is full' },
  'tournament/started': { category: 'conflict', message: 'This tournament has already started' },
  'tournament/over': { category: 'conflict', message: 'This tournament is over' },
  'tournament/guest_paid': { category: 'forbidden', message: 'Register to enter a paid tournament' },
  'tournament/no_bots': { category: 'forbidden', message: 'Bots cannot enter tournaments' },
  'tournament/not_entered': { category: 'conflict', message: 'You have not entered this tournament' },
  /** A player of a running round asking to watch another table of it (its deal is theirs too). */
  'tournament/no_peeking': {
    category: 'forbidden',
    message: "You cannot watch another table of your tournament's round while it is played",
  },
  /** A rematch asked of a tournament table: the tournament seats its next round. */
  'rematch/tournament': { category: 'conflict', message: 'Tournament tables have no rematch' },
  // — The daily deal (docs/daily.md) —
  /** A second start of the day's deal by one account (or guest) whose attempt is over: one a day. */
  'daily/played': {
    category: 'conflict',
    message: "You have already played today's deal. The next one is dealt at 00:00 UTC.",
  },
  /** A day before the first daily deal, or one that has not started yet. */
  'daily/unknown_day': { category: 'not_found', message: 'There is no daily deal for that day' },
  /** Watching someone's daily game: everyone plays the same cards, so its play is nobody else's to see. */
  'daily/no_watching': { category: 'forbidden', message: "A daily deal's game cannot be watched" },
  /** Adding or removing a computer player at a daily table: everyone plays the same three. */
  'daily/fixed_table': {
    category: 'forbidden',
    message: "The daily deal's table is the same for everyone: three computer players at Normal",
  },
  /** A rematch asked of a daily game: the next deal comes tomorrow. */
  'rematch/daily': { category: 'conflict', message: 'The daily deal has no rematch' },
} as const satisfies Record<string, ErrorDefinition>;
