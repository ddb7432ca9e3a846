import { createHash, createHmac } from 'node:crypto';
import {
  DAY_MS,
  DailyService,
  dayEnd,
  dayOf,
  MemoryDailyStore,
  mainView,
  Records,
  type StoredGame,
  type User,
} from '../src/index.js';
import type { MainMeta } from '../src/main-game/main-meta.js';
import { movesIn, type Setup, setup, stored } from './main-support.js';
import { settle, value } from './support.js';

/** The daily deal over the main games' in-memory ports, with a real HMAC and sha256 (docs/daily.md). */
export function dailySetup(seed = 'daily') {
  const s = setup(seed);
  const dailyStore = new MemoryDailyStore();
  const failures: unknown[] = [];
  const daily = new DailyService(
    {
      store: dailyStore,
      games: s.store,
      clock: s.clock,
      ids: { seed: () => s.ids.seed(), digest: sha256 },
      hmac: (key, message) => createHmac('sha256', key).update(message).digest('hex'),
    },
    s.main,
    { failed: (error) => failures.push(error) },
  );
  const records = new Records(s.store, (game) => daily.sealed(game));
  return { ...s, dailyStore, daily, records, failures };
}
export type DailySetup = ReturnType<typeof dailySetup>;

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Moves the clock to `hours` past the start of the next UTC day. */
export function nextDay(s: Setup, hours = 1): void {
  const target = dayEnd(dayOf(s.clock.now())) + hours * 3_600_000;
  s.clock.advance(target - s.clock.now());
}

/** Moves the clock to `hours` past the start of the current UTC day (a fresh day with room to play). */
export function earlyInDay(s: Setup, hours = 1): void {
  const start = dayEnd(dayOf(s.clock.now())) - DAY_MS;
  const target = start + hours * 3_600_000;
  if (target > s.clock.now()) s.clock.advance(target - s.clock.now());
  else nextDay(s, hours);
}

/** Starts `user`'s attempt and answers its game id. */
export async function startDaily(s: DailySetup, user: User): Promise<string> {
  return String(value(await s.daily.start(user)).gameId);
}

/** Runs the computers' due steps (their face-up choice, their moves) until `user` is to act or the game is over. */
export async function runComputers(s: Setup, id: string, user: User): Promise<StoredGame<MainMeta>> {
  for (let n = 0; n < 500; n++) {
    const game = await stored(s, id);
    const view = mainView(game, user.id);
    if (game.state.phase === 'finished' || view.currentTurn === user.id || view.mustChooseFaceUp) return game;
    const next = s.scheduler.nextAt();
    if (next === undefined) return game;
    s.clock.advance(Math.max(0, next - s.clock.now()));
    s.scheduler.runDue();
    await settle();
  }
  throw new Error('the computers did not stop');
}

/**
 * Plays `user`'s daily game `id` to its end: the player makes the legal move `pick` chooses
 * (default the first) on each turn, the clock runs the computers. `moves` caps the player's moves
 * (then it returns with the game still in play).
 */
export async function playDaily(
  s: Setup,
  id: string,
  user: User,
  moves = Number.POSITIVE_INFINITY,
): Promise<StoredGame<MainMeta>> {
  let made = 0;
  for (let n = 0; n < 3000; n++) {
    const game = await runComputers(s, id, user);
    if (game.state.phase === 'finished' || made >= moves) return game;
    const view = mainView(game, user.id);
    if (view.currentTurn !== user.id) throw new Error(`stuck in ${game.state.phase}`);
    const move = movesIn(view, user)[0];
    if (move === undefined) throw new Error('no move');
    value(move.type === 'play' ? await s.main.play(user, id, move.cardIds) : await s.main.pickUp(user, id));
    made += 1;
  }
  throw new Error('the game did not end');
}
