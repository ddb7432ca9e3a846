import { type Static, Type } from 'typebox';
import { RatingPreset } from './ratings.js';

/**
 * Tournaments (docs/product.md §D11 tournaments; docs/tournaments.md; docs/api.md "Tournaments"):
 * registered players create them, anyone signed in enters (guests only free ones), rounds of main
 * games seated Swiss style where every table of a round plays the same deal. Refusals answer the
 * main API's `{ "message": … }`.
 */

export const TOURNAMENT_NAME_MIN = 3;
export const TOURNAMENT_NAME_MAX = 40;
export const TOURNAMENT_PLAYERS_MIN = 4;
export const TOURNAMENT_PLAYERS_MAX = 32;
export const TOURNAMENT_TABLE_MIN = 2;
export const TOURNAMENT_TABLE_MAX = 4;
export const TOURNAMENT_ROUNDS_MIN = 1;
export const TOURNAMENT_ROUNDS_MAX = 5;
export const TOURNAMENT_DEFAULT_ROUNDS = 3;
/** A paid tournament's fee: 100 to 1000 in steps of 50 (as a main game's); 0 is a free one. */
export const TOURNAMENT_FEE_MIN = 100;
export const TOURNAMENT_FEE_MAX = 1000;
export const TOURNAMENT_FEE_STEP = 50;
/** A set start time lies at least this far ahead (ms)… */
export const TOURNAMENT_START_MIN_MS = 5 * 60_000;
/** …and at most this far (ms). */
export const TOURNAMENT_START_MAX_MS = 7 * 24 * 3_600_000;
/** A "start when full" tournament that has not filled within this long (ms) is cancelled, fees refunded. */
export const TOURNAMENT_FILL_MS = 24 * 3_600_000;
/** The prize pool's split among the top three (percent); under `TOURNAMENT_SPLIT_MIN_PLAYERS` the winner takes all. */
export const TOURNAMENT_PRIZE_SPLIT = [50, 30, 20] as const;
export const TOURNAMENT_SPLIT_MIN_PLAYERS = 6;

export const TournamentStatus = Type.Union([
  Type.Literal('open'),
  Type.Literal('running'),
  Type.Literal('finished'),
  Type.Literal('cancelled'),
]);
export type TournamentStatus = Static<typeof TournamentStatus>;

const NullableText = Type.Union([Type.String(), Type.Null()]);
const NullableInt = Type.Union([Type.Integer(), Type.Null()]);

/** `POST /api/tournaments` (registered players). `startsAt` null or absent: it starts when full. */
export const CreateTournamentBody = Type.Object({
  name: Type.String({ maxLength: 200 }),
  preset: Type.Optional(RatingPreset),
  maxPlayers: Type.Optional(Type.Integer()),
  tableSize: Type.Optional(Type.Integer()),
  rounds: Type.Optional(Type.Integer()),
  entryFee: Type.Optional(Type.Integer()),
  /** ISO 8601 time; 5 minutes to 7 days ahead. */
  startsAt: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 40 })])),
});
export type CreateTournamentBody = Static<typeof CreateTournamentBody>;

/** `GET /api/tournaments?status=open&limit=50`: newest first. */
export const TournamentsQuery = Type.Object({
  status: Type.Optional(TournamentStatus),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

/** One line of the list. */
export const TournamentSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  preset: RatingPreset,
  status: TournamentStatus,
  entrants: Type.Integer(),
  maxPlayers: Type.Integer(),
  tableSize: Type.Integer(),
  rounds: Type.Integer(),
  /** The round being played (1-based), or 0 before the start. */
  currentRound: Type.Integer(),
  entryFee: Type.Integer(),
  prizePool: Type.Integer(),
  startsAt: NullableText,
  createdBy: Type.String(),
  createdAt: Type.String(),
});
export type TournamentSummary = Static<typeof TournamentSummary>;
export const TournamentSummaries = Type.Array(TournamentSummary);

/**
 * An entrant, in standings order (docs/tournaments.md "Scoring"): `score`, the round percentages
 * summed (most first, compared exactly), then fewest `cardsLeft` in all, then entry order. Only
 * finished rounds count.
 */
export const TournamentEntrant = Type.Object({
  rank: Type.Integer(),
  userId: Type.Integer(),
  username: Type.String(),
  avatar: NullableText,
  isGuest: Type.Boolean(),
  /** The sum of the entrant's round scores (each 0–100, a bye 100), not rounded. */
  score: Type.Number(),
  cardsLeft: Type.Integer(),
});
export type TournamentEntrant = Static<typeof TournamentEntrant>;

/**
 * A seat at a table. `place` and `cardsLeft` once the table has finished; `score` (0–100, not
 * rounded) once the round is over: `matchpoints` of `maxMatchpoints` against the same seat at the
 * other tables of its size, or, where the table was the only one of its size, by place (first 100,
 * last 0; then both matchpoint fields are null).
 */
export const TournamentSeat = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  place: NullableInt,
  cardsLeft: NullableInt,
  matchpoints: NullableInt,
  maxMatchpoints: NullableInt,
  score: Type.Union([Type.Number(), Type.Null()]),
});
export type TournamentSeat = Static<typeof TournamentSeat>;

export const TournamentTable = Type.Object({
  /** 1-based within the round. */
  number: Type.Integer(),
  /** The main game played there (its room: `/play?gameId={gameId}`, `&watch=1` to watch). */
  gameId: Type.Integer(),
  finished: Type.Boolean(),
  /** Seats in seat order: the same seat at every table of a size gets the same cards. */
  seats: Type.Array(TournamentSeat),
});
export type TournamentTable = Static<typeof TournamentTable>;

/**
 * One deal of a round: every table of `tableSize` seats plays it. `commitment` (hex sha256 of the
 * seed) is published when the round starts and equals each such table's game commitment; `seed`
 * is revealed when the round ends.
 */
export const TournamentDeal = Type.Object({
  tableSize: Type.Integer(),
  commitment: Type.String(),
  seed: NullableText,
});
export type TournamentDeal = Static<typeof TournamentDeal>;

export const TournamentRound = Type.Object({
  number: Type.Integer(),
  finished: Type.Boolean(),
  startedAt: Type.String(),
  finishedAt: NullableText,
  deals: Type.Array(TournamentDeal),
  tables: Type.Array(TournamentTable),
  /** Entrants who sat the round out (an odd number at heads-up tables): a score of 100, no cards. */
  byes: Type.Array(Type.Object({ userId: Type.Integer(), username: Type.String() })),
});
export type TournamentRound = Static<typeof TournamentRound>;

export const TournamentPrize = Type.Object({
  place: Type.Integer(),
  amount: Type.Integer(),
  /** Who won it, once the tournament has finished. */
  userId: NullableInt,
  username: NullableText,
});
export type TournamentPrize = Static<typeof TournamentPrize>;

/** `GET /api/tournaments/{id}` (anyone), and the answer of every change. */
export const Tournament = Type.Object({
  ...TournamentSummary.properties,
  startedAt: NullableText,
  finishedAt: NullableText,
  /** The tournament seed's commitment (seats round 1), published at creation. */
  commitment: Type.String(),
  /** The tournament seed, revealed when it ends. */
  seed: NullableText,
  entries: Type.Array(TournamentEntrant),
  roundList: Type.Array(TournamentRound),
  /** What the top places win (what they would win, before the end). */
  prizes: Type.Array(TournamentPrize),
  /** Whether the signed-in viewer has entered. */
  entered: Type.Boolean(),
  /** The viewer's table in the running round (its game id), or null. */
  myTable: NullableInt,
});
export type Tournament = Static<typeof Tournament>;

/** What a main game played as a tournament table carries (its room shows "Round r of R, table t"). */
export const TableOfTournament = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  round: Type.Integer(),
  rounds: Type.Integer(),
  table: Type.Integer(),
});
export type TableOfTournament = Static<typeof TableOfTournament>;

/** `/api/tournaments/{id}`: a tournament id (digits; anything else is not found). */
export const TournamentParams = Type.Object({ id: Type.String({ maxLength: 20 }) });
export type TournamentParams = Static<typeof TournamentParams>;
