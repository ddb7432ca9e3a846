import { type Static, Type } from 'typebox';

/**
 * The daily deal (docs/daily.md; docs/api.md "Daily deal"): one deal a day for everyone, the
 * player in seat 1 against three computer players at Normal, scored by matchpoints against
 * everyone who played that day's deal. Refusals answer the main API's `{ "message": … }`.
 */

/** Seats at the daily table: the player and three computer players. */
export const DAILY_TABLE_SIZE = 4;
/** The computer players' level (Normal). */
export const DAILY_AI_LEVEL = 'greedy' as const;
/** Rows of the daily leaderboard answered at most when the query names no `limit`. */
export const DAILY_BOARD_DEFAULT = 100;
/** The most rows `limit` may ask for. */
export const DAILY_BOARD_MAX = 500;
/** Days of a player's history answered (the streaks count every day). */
export const DAILY_HISTORY_DAYS = 30;

const NullableText = Type.Union([Type.String(), Type.Null()]);
const NullableInt = Type.Union([Type.Integer(), Type.Null()]);

/** A day, `YYYY-MM-DD` in UTC: the deal of that day. */
export const DailyDate = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' });

/** `GET /api/daily/{date}`. */
export const DailyParams = Type.Object({ date: DailyDate });
export type DailyParams = Static<typeof DailyParams>;

/** `GET /api/daily/leaderboard?date=YYYY-MM-DD&limit=100` (default: today). */
export const DailyBoardQuery = Type.Object({
  date: Type.Optional(DailyDate),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: DAILY_BOARD_MAX })),
});
export type DailyBoardQuery = Static<typeof DailyBoardQuery>;

/**
 * How an attempt ended: `finished` (the game played out), `left` (the player left it: the cards
 * held then count, in last place) or `day_over` (still being played when the day ended and its
 * seed was revealed: likewise).
 */
export const DailyEnd = Type.Union([Type.Literal('finished'), Type.Literal('left'), Type.Literal('day_over')]);
export type DailyEnd = Static<typeof DailyEnd>;

/** A finished attempt's result, scored against everyone ranked who finished that day's deal. */
export const DailyResult = Type.Object({
  /** 1 to 4 at the table (the winner first, then fewest cards left); an attempt that ended early is last. */
  place: Type.Integer(),
  cardsLeft: Type.Integer(),
  end: DailyEnd,
  /** 2 for each ranked player of the day it finished ahead of (place, then cards left), 1 for each tie. */
  matchpoints: Type.Integer(),
  /** 2 for each of them. */
  maxMatchpoints: Type.Integer(),
  /** `100 × matchpoints / maxMatchpoints`; null while nobody else has finished the deal. */
  percent: Type.Union([Type.Number(), Type.Null()]),
  /** Place on the day's board (ties share one); null for a guest (not ranked). */
  rank: NullableInt,
  /** Ranked players who have finished the day's deal, this one included if ranked. */
  players: Type.Integer(),
});
export type DailyResult = Static<typeof DailyResult>;

/** One player's attempt at one day's deal. */
export const DailyAttempt = Type.Object({
  date: DailyDate,
  /** The main game it is played in: `/play?gameId={gameId}`. */
  gameId: Type.Integer(),
  status: Type.Union([Type.Literal('playing'), Type.Literal('finished')]),
  /** On the board: a registered player; a guest plays unranked. */
  ranked: Type.Boolean(),
  startedAt: Type.String(),
  finishedAt: NullableText,
  result: Type.Union([DailyResult, Type.Null()]),
});
export type DailyAttempt = Static<typeof DailyAttempt>;

/** One day's deal as anyone may check it: `sha256(seed)` is `commitment` (hex). */
export const DailyDeal = Type.Object({
  date: DailyDate,
  /** Hex sha256 of the day's seed, published when the day starts. */
  commitment: Type.String(),
  /** The day's seed, null until the day has ended. */
  seed: NullableText,
  /** When the seed is (or was) revealed: the day's end, ISO 8601. */
  revealsAt: Type.String(),
  /** Ranked players who finished the deal. */
  players: Type.Integer(),
});
export type DailyDeal = Static<typeof DailyDeal>;

/** `GET /api/daily`: today's deal, the caller's attempt, and yesterday's deal with its seed. */
export const DailyToday = Type.Object({
  date: DailyDate,
  commitment: Type.String(),
  /** When today's deal ends and its seed is revealed (the next 00:00 UTC), ISO 8601. */
  endsAt: Type.String(),
  tableSize: Type.Integer(),
  /** The computer players' level. */
  level: Type.Literal(DAILY_AI_LEVEL),
  /** Ranked players who have finished today's deal. */
  players: Type.Integer(),
  /** Attempts being played now. */
  playing: Type.Integer(),
  /** The caller's attempt today; null before they start it (or when not signed in). */
  attempt: Type.Union([DailyAttempt, Type.Null()]),
  /** Yesterday's deal with its seed revealed; null before the first day. */
  previous: Type.Union([DailyDeal, Type.Null()]),
});
export type DailyToday = Static<typeof DailyToday>;

/** `POST /api/daily/start`: the game of the caller's attempt (`resumed`: it had been started before). */
export const DailyStarted = Type.Object({ date: DailyDate, gameId: Type.Integer(), resumed: Type.Boolean() });
export type DailyStarted = Static<typeof DailyStarted>;

/** One line of the daily leaderboard. */
export const DailyBoardRow = Type.Object({
  rank: Type.Integer(),
  userId: Type.Integer(),
  username: Type.String(),
  avatar: NullableText,
  place: Type.Integer(),
  cardsLeft: Type.Integer(),
  end: DailyEnd,
  matchpoints: Type.Integer(),
  percent: Type.Union([Type.Number(), Type.Null()]),
  /** The game, for its review and replay: only once the day has ended (and always the caller's own). */
  gameId: NullableInt,
  /** The caller's own line. */
  you: Type.Boolean(),
});
export type DailyBoardRow = Static<typeof DailyBoardRow>;

/** `GET /api/daily/leaderboard`: the day's ranked players, best first (as scored now). */
export const DailyBoard = Type.Object({
  date: DailyDate,
  /** Whether the day has ended (its seed revealed; the board is final). */
  over: Type.Boolean(),
  players: Type.Integer(),
  playing: Type.Integer(),
  rows: Type.Array(DailyBoardRow),
});
export type DailyBoard = Static<typeof DailyBoard>;

/** `GET /api/daily/history`: the caller's days, newest first, and their streaks. */
export const DailyHistory = Type.Object({
  /** Days in a row with an attempt, up to today (or up to yesterday while today is not played yet). */
  streak: Type.Integer(),
  /** The longest run of days in a row with an attempt. */
  bestStreak: Type.Integer(),
  /** Days played in all. */
  played: Type.Integer(),
  /** The last `DAILY_HISTORY_DAYS` attempts, newest first. */
  days: Type.Array(DailyAttempt),
});
export type DailyHistory = Static<typeof DailyHistory>;

/** A daily game's day, in its live state (`game_state.game.daily`); absent on other games. */
export const DailyOfGame = Type.Object({ date: DailyDate });
export type DailyOfGame = Static<typeof DailyOfGame>;
