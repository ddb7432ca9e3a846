import {
  MainGames,
  type MainMeta,
  type MemoryGamesStore,
  MemoryTournamentsStore,
  type StoredGame,
  type StoredTournament,
  TournamentsService,
  type User,
} from '../src/index.js';
import { chooseFaceUp, playToEnd, registered, type Setup, setup, stored } from './main-support.js';
import { value } from './support.js';

/**
 * Another server node over the same stores: its own main-games service (over `games`, default the
 * shared store) and tournament service.
 */
export function node(
  s: Setup & { readonly tournamentStore: MemoryTournamentsStore },
  games: MemoryGamesStore = s.store,
) {
  const main = new MainGames({
    store: games,
    clock: s.clock,
    ids: s.ids,
    scheduler: s.scheduler,
    publisher: s.publisher,
    tokens: s.bank,
  });
  const tournaments = new TournamentsService(
    { store: s.tournamentStore, clock: s.clock, ids: s.ids, scheduler: s.scheduler, tokens: s.bank },
    main,
  );
  return { main, tournaments };
}

/** The main-game fixtures plus a tournament service over the same bank, clock and scheduler. */
export function tournamentSetup(seed = 'seed') {
  const s = setup(seed);
  const tournamentStore = new MemoryTournamentsStore(s.bank);
  const tournaments = new TournamentsService(
    { store: tournamentStore, clock: s.clock, ids: s.ids, scheduler: s.scheduler, tokens: s.bank },
    s.main,
  );
  return { ...s, tournamentStore, tournaments };
}
export type TournamentSetup = ReturnType<typeof tournamentSetup>;

/** `n` registered players with `tokens` each. */
export async function players(s: Setup, n: number, tokens = 1000, prefix = 'P'): Promise<User[]> {
  const users: User[] = [];
  for (let i = 1; i <= n; i++) users.push(await registered(s, `${prefix}${i}`, tokens));
  return users;
}

export async function loadTournament(s: TournamentSetup, id: string): Promise<StoredTournament> {
  const t = await s.tournamentStore.load(id);
  if (t === null) throw new Error(`no tournament ${id}`);
  return t;
}

/** Waits for the listeners' fire-and-forget work (a finished table moving its tournament on). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** The current round's tables as stored games. */
export async function currentTables(s: TournamentSetup, id: string): Promise<Array<StoredGame<MainMeta>>> {
  const t = await loadTournament(s, id);
  const round = t.data.roundList.at(-1);
  if (round === undefined) return [];
  return Promise.all(round.tables.map((table) => stored(s, table.gameId)));
}

/** Plays every table of the current round to its end (face-up choice, then legal moves). */
export async function playRound(s: TournamentSetup, id: string, users: readonly User[]): Promise<void> {
  for (const game of await currentTables(s, id)) {
    if (game.state.phase === 'finished') continue;
    const seated = game.state.seats.map((seat) => {
      const user = users.find((u) => String(u.id) === seat.id);
      if (user === undefined) throw new Error(`seat ${seat.id} is nobody's`);
      return user;
    });
    for (const user of seated) await chooseFaceUp(s, game.id, user);
    await playToEnd(s, game.id, seated);
  }
  await settle();
}

/** Creates a tournament by `creator` and enters every user of `entrants`. */
export async function full(
  s: TournamentSetup,
  creator: User,
  entrants: readonly User[],
  input: Partial<Parameters<TournamentSetup['tournaments']['create']>[1]> = {},
): Promise<string> {
  const t = value(await s.tournaments.create(creator, { name: 'Friday Cup', maxPlayers: entrants.length, ...input }));
  for (const user of entrants) value(await s.tournaments.enter(user, t.id));
  await settle();
  return t.id;
}
