import {
  type AiPolicy,
  aiCommand,
  applyCommand,
  type Command,
  createGame,
  createRng,
  type GameState,
  type GameView,
  legalMoves,
  moveToCommand,
  type Rng,
  type Rules,
  type Seat,
  tableOptions,
  viewFor,
} from '../src/index.js';

/**
 * One policy (`hero`) against `players - 1` copies of another (`field`) at one table, on duplicate
 * deals with the seats rotated: deal i is played `players` times, the hero in every seat once, so
 * every seat's cards and turn order are played by the hero exactly once.
 */
export interface TableMatchOptions {
  readonly rules: Rules;
  /** Seats at the table (2–8). */
  readonly players: number;
  /** Deals to play; games = players × deals. */
  readonly deals: number;
  /** Fixes every deal and every policy's generator: the same seed gives the same match. */
  readonly seed: string;
  readonly hero: AiPolicy;
  readonly field: AiPolicy;
  /** First deal index (to split a long match into shards that add up to the same match). */
  readonly firstDeal?: number;
  /** A clock in ms, read around each of the hero's move decisions; without it no time is measured. */
  readonly now?: () => number;
  /**
   * A diagnostic, never a level: the hero's move decisions see every other hand as if everyone had
   * seen it go in (`SeatView.known` = the whole hand; face-down cards and the deck stay hidden), an
   * upper bound on what inferring the opponents' hands could give.
   */
  readonly heroSeesHands?: boolean;
}

/** The hero's view with every other seat's hand given as known faces (see `heroSeesHands`). */
function seeingHands(state: GameState, seatIndex: number): GameView {
  const view = viewFor(state, (state.seats[seatIndex] as Seat).id);
  return {
    ...view,
    seats: view.seats.map((s, i) =>
      i === seatIndex ? s : { ...s, known: (state.seats[i] as Seat).hand.map((c) => ({ rank: c.rank, suit: c.suit })) },
    ),
  };
}

export interface TableMatchResult {
  readonly players: number;
  readonly games: number;
  /** Games the hero won (went out first, or had fewest cards at the move cap). */
  readonly heroWins: number;
  /** Sum over games of the hero's place (1 = first … players = last). */
  readonly placeSum: number;
  /** Games ended by the move cap. */
  readonly moveCapGames: number;
  /** The hero's move decisions. */
  readonly heroDecisions: number;
  /** ms per hero move decision (only with `now`). */
  readonly heroDecisionMs: readonly number[];
  /** ms per hero move decision with more than one legal move (only with `now`). */
  readonly heroSearchedMs: readonly number[];
  /** ms per hero face-up choice, one per game (only with `now`; not in `heroDecisionMs`). */
  readonly heroFaceUpMs: readonly number[];
}

/** The hero's move as a command, decided on `seeingHands`. */
function moveCommand(state: GameState, index: number, policy: AiPolicy, rng: Rng): Command {
  const move = policy.chooseMove(seeingHands(state, index), legalMoves(state, index), rng);
  return moveToCommand((state.seats[index] as Seat).id, move);
}

function must(state: GameState, command: Command): GameState {
  const applied = applyCommand(state, command);
  if (!applied.ok) throw new Error(`table: refused ${command.type}: ${applied.error.code}`);
  return applied.value.state;
}

interface GameTally {
  place: number;
  moveCap: boolean;
  decisions: number;
  ms: number[];
  searchedMs: number[];
  faceUpMs: number[];
}

/**
 * One game of the deal `seed` with the hero in seat `heroSeat`. Every policy instance keeps the
 * generator of its role (hero, or the field player k seats after the hero), so a deal's games
 * differ only in where the hero sits.
 */
function playTableGame(options: TableMatchOptions, seed: string, heroSeat: number): GameTally {
  const n = options.players;
  const rngs: Rng[] = [];
  for (let i = 0; i < n; i++) {
    const role = (i - heroSeat + n) % n;
    rngs.push(createRng(role === 0 ? `${seed}:hero` : `${seed}:field${role}`));
  }
  let state = createGame(tableOptions({ rules: options.rules, maxSeats: n }), seed);
  for (let i = 0; i < n; i++) state = must(state, { type: 'sit', seat: `s${i}`, name: `P${i}`, ai: null });
  state = must(state, { type: 'start', seat: null });
  const tally: GameTally = { place: 0, moveCap: false, decisions: 0, ms: [], searchedMs: [], faceUpMs: [] };
  for (let guard = 0; state.phase !== 'finished'; guard++) {
    if (guard > 5000) throw new Error('table: game did not end');
    const index = state.phase === 'playing' ? state.turn : state.seats.findIndex((s) => !s.ready);
    const policy = index === heroSeat ? options.hero : options.field;
    const timed = index === heroSeat && state.phase === 'playing';
    const choosing = index === heroSeat && state.phase !== 'playing' && options.now !== undefined;
    const choices = timed ? legalMoves(state, index).length : 0;
    const start = (timed || choosing) && options.now !== undefined ? options.now() : 0;
    const command =
      timed && options.heroSeesHands === true
        ? moveCommand(state, index, policy, rngs[index] as Rng)
        : aiCommand(state, index, policy, rngs[index] as Rng);
    if (timed) {
      tally.decisions++;
      if (options.now !== undefined) {
        const ms = options.now() - start;
        tally.ms.push(ms);
        if (choices > 1) tally.searchedMs.push(ms);
      }
    }
    if (choosing && options.now !== undefined) tally.faceUpMs.push(options.now() - start);
    if (command === null) throw new Error(`table: nothing due from seat ${index}`);
    state = must(state, command);
  }
  const result = state.result;
  if (result === null) throw new Error('table: finished without a result');
  tally.place = result.standings.findIndex((s) => s.seat === `s${heroSeat}`) + 1;
  tally.moveCap = result.reason === 'moveCap';
  return tally;
}

/** Plays the match (see `TableMatchOptions`). Pure but for `now`. */
export function runTableMatch(options: TableMatchOptions): TableMatchResult {
  let games = 0;
  let heroWins = 0;
  let placeSum = 0;
  let moveCapGames = 0;
  let heroDecisions = 0;
  const heroDecisionMs: number[] = [];
  const heroSearchedMs: number[] = [];
  const heroFaceUpMs: number[] = [];
  const first = options.firstDeal ?? 0;
  for (let deal = first; deal < first + options.deals; deal++) {
    for (let seat = 0; seat < options.players; seat++) {
      const tally = playTableGame(options, `${options.seed}:${options.players}:${deal}`, seat);
      games++;
      if (tally.place === 1) heroWins++;
      placeSum += tally.place;
      if (tally.moveCap) moveCapGames++;
      heroDecisions += tally.decisions;
      for (const ms of tally.ms) heroDecisionMs.push(ms);
      for (const ms of tally.searchedMs) heroSearchedMs.push(ms);
      for (const ms of tally.faceUpMs) heroFaceUpMs.push(ms);
    }
  }
  return {
    players: options.players,
    games,
    heroWins,
    placeSum,
    moveCapGames,
    heroDecisions,
    heroDecisionMs,
    heroSearchedMs,
    heroFaceUpMs,
  };
}
