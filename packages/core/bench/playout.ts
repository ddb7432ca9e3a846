import {
  applyCommand,
  type Command,
  createGame,
  createRng,
  type GameState,
  moveToCommand,
  nextInt,
  PRESETS,
  type Rng,
  randomLegalMove,
  tableOptions,
} from '../src/index.js';

export interface PlayoutResult {
  readonly games: number;
  readonly moves: number;
  readonly seconds: number;
}

function must(state: GameState, command: Command): GameState {
  const applied = applyCommand(state, command);
  if (!applied.ok) throw new Error(`bench: refused ${command.type}: ${applied.error.code}`);
  return applied.value.state;
}

/** One classic game with every seat on the random policy, from an empty table to the end. */
export function randomPlayout(players: number, seed: string, rng: Rng): GameState {
  let state = createGame(tableOptions({ rules: PRESETS.classic.rules, maxSeats: players }), seed);
  for (let i = 0; i < players; i++) state = must(state, { type: 'sit', seat: `s${i}`, name: `P${i}`, ai: 'random' });
  state = must(state, { type: 'start', seat: null });
  for (const seat of state.seats) {
    const hand = seat.hand.map((c) => c.id);
    const picks: string[] = [];
    while (picks.length < 3) {
      const id = hand.splice(nextInt(rng, hand.length), 1)[0] as string;
      picks.push(id);
    }
    state = must(state, { type: 'chooseFaceUp', seat: seat.id, cardIds: picks });
  }
  while (state.phase === 'playing') {
    // The random policy: uniform over legalMoves (randomLegalMove draws the same move without listing all).
    const move = randomLegalMove(state, state.turn, rng);
    if (move === null) throw new Error('bench: no legal move');
    state = must(state, moveToCommand(state.seats[state.turn]?.id ?? '', move));
  }
  return state;
}

/** Plays random games for about `seconds` of wall time on this thread. */
export function benchRandomPlayout(players: number, seconds: number, now: () => number): PlayoutResult {
  const rng = createRng(`bench-${players}`);
  // Warm up the JIT before timing.
  for (let i = 0; i < 200; i++) randomPlayout(players, `warm-${i}`, rng);
  let games = 0;
  let moves = 0;
  const start = now();
  let elapsed = 0;
  while (elapsed < seconds * 1000) {
    moves += randomPlayout(players, `game-${games}`, rng).moves;
    games++;
    elapsed = now() - start;
  }
  return { games, moves, seconds: elapsed / 1000 };
}
