import { createHash } from 'node:crypto';
import { type AiLevel, createRng, err, nextInt, ok, type Result } from '@palace/core';
import {
  type IdSource,
  MainGames,
  ManualClock,
  ManualScheduler,
  MemoryAccountsStore,
  MemoryBank,
  MemoryGamesStore,
  MemoryTournamentsStore,
  RecordingPublisher,
  type StoredTournament,
  standingsOf,
  TournamentsService,
  type User,
} from '@palace/service';
import { type SimScoring, scoreIn, scoringOf } from './tournament-scorings.js';

/** What one simulated tournament is: its entrants' levels (in entry order) and its format. */
export interface TournamentPlan {
  /** One AI level per entrant, in entry order. */
  readonly levels: readonly AiLevel[];
  readonly tableSize: number;
  readonly rounds: number;
  readonly deals: 'duplicate' | 'independent';
  /** How its rounds are scored (the standings that seat the Swiss rounds and end it). */
  readonly scoring: SimScoring;
  /** Fixes the tournament's seed (seating and deals), its ids and so every AI choice. */
  readonly seed: string;
}

/** An entrant's final standing. */
export interface StandingRow {
  readonly rank: number;
  readonly name: string;
  readonly level: AiLevel;
  /** In the scoring's unit: the round percentages summed, or place points. */
  readonly score: number;
  readonly cardsLeft: number;
}

/** A finished simulated tournament. */
export interface TournamentOutcome {
  /** In standings order. */
  readonly standings: readonly StandingRow[];
}

/** ms an AI seat waits before its move; the simulation's clock moves this much a step. */
const AI_DELAY_MS = 1;
/** Steps (clock ticks) a whole tournament may take before it counts as stuck. */
const MAX_STEPS = 200_000;
/** Steps in a row with nothing due before the tournament counts as stuck. */
const MAX_IDLE_STEPS = 100;
/** Event-loop turns let run after each step, so fire-and-forget work (a table moving its tournament on) settles. */
const SETTLE_TURNS = 3;

/** Hex sha256, as the server's `cryptoIds` computes commitments. */
function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * An id source whose every value follows from `seed` (so a run is reproducible), with a real
 * sha256 digest (so deal commitments are the ones a server would publish).
 */
export function seededIds(seed: string): IdSource {
  const rng = createRng(`${seed}/ids`);
  let seeds = 0;
  let secrets = 0;
  let tokens = 0;
  return {
    gameId: () => String(100_000 + nextInt(rng, 900_000)),
    seed: () => sha256(`${seed}/seed/${++seeds}`),
    secret: () => sha256(`${seed}/secret/${++secrets}`).slice(0, 32),
    token: () => sha256(`${seed}/token/${++tokens}`),
    pick: (n) => nextInt(rng, n),
    digest: sha256,
  };
}

/** The name of entrant `index` (0-based) of `count`: Player 01 … */
export function entrantName(index: number, count: number): string {
  return `Player ${String(index + 1).padStart(String(count).length, '0')}`;
}

function settle(): Promise<void> {
  let turns = Promise.resolve();
  for (let i = 0; i < SETTLE_TURNS; i++) turns = turns.then(() => new Promise((resolve) => setImmediate(resolve)));
  return turns;
}

/** The real services over in-memory ports, one bank behind the accounts, games and tournaments. */
function services(seed: string, scoring: SimScoring) {
  const bank = new MemoryBank();
  const accounts = new MemoryAccountsStore(bank);
  const clock = new ManualClock();
  const scheduler = new ManualScheduler(clock);
  const ids = seededIds(seed);
  const tables = new MainGames(
    { store: new MemoryGamesStore(bank), clock, ids, scheduler, publisher: new RecordingPublisher(), tokens: bank },
    { aiDelayMs: AI_DELAY_MS },
  );
  const store = new MemoryTournamentsStore(bank);
  const tournaments = new TournamentsService({ store, clock, ids, scheduler, tokens: bank }, tables, {
    scoring: scoringOf(scoring),
  });
  return { accounts, clock, scheduler, store, tournaments };
}

async function register(accounts: MemoryAccountsStore, name: string, at: number): Promise<Result<User, string>> {
  const inviteCode = `SIM-${name}`;
  await accounts.addInvite(inviteCode, 1);
  const user = await accounts.register({
    username: name,
    email: `${name.replace(/\s/g, '').toLowerCase()}@simulation.invalid`,
    passwordHash: 'none',
    avatar: '',
    inviteCode,
    gift: 0,
    at,
  });
  return user.ok ? ok(user.value) : err(`could not register ${name}: ${user.error}`);
}

/**
 * Runs one tournament of simulated entrants through the real tournament service and main games,
 * in memory: registers the entrants, creates the tournament (the first entrant creates it), enters
 * everyone with their AI level (the last entry starts round 1), then moves the clock on and runs
 * the due AI turns until the service has finished the tournament. Refuses (no throw) when the
 * service refuses or the tournament stops moving.
 */
export async function runTournament(plan: TournamentPlan): Promise<Result<TournamentOutcome, string>> {
  const s = services(plan.seed, plan.scoring);
  const users: User[] = [];
  for (let i = 0; i < plan.levels.length; i++) {
    const user = await register(s.accounts, entrantName(i, plan.levels.length), s.clock.now());
    if (!user.ok) return user;
    users.push(user.value);
  }
  const [creator] = users;
  if (creator === undefined) return err('no entrants');
  const created = await s.tournaments.create(
    creator,
    { name: 'Simulated Cup', maxPlayers: users.length, tableSize: plan.tableSize, rounds: plan.rounds, entryFee: 0 },
    { deals: plan.deals },
  );
  if (!created.ok) return err(created.error.message);
  const { id } = created.value;
  for (const [i, user] of users.entries()) {
    const entered = await s.tournaments.enter(user, id, plan.levels[i]);
    if (!entered.ok) return err(`${user.username} could not enter: ${entered.error.message}`);
  }
  let idle = 0;
  for (let step = 0; step < MAX_STEPS; step++) {
    await settle();
    const t = await s.store.load(id);
    if (t === null) return err(`tournament ${id} vanished`);
    if (t.status === 'finished') return ok(outcomeOf(t, users, plan));
    if (t.status !== 'running') return err(`tournament ${id} ended ${t.status} instead of finishing`);
    // On to the next task (an AI move, the wait before the first move of a table), at least 1 ms.
    const next = s.scheduler.nextAt();
    s.clock.advance(Math.max(AI_DELAY_MS, next === undefined ? 0 : next - s.clock.now()));
    idle = s.scheduler.runDue() === 0 ? idle + 1 : 0;
    if (idle > MAX_IDLE_STEPS) {
      return err(`tournament ${id} stopped moving in round ${t.data.roundList.length}: no AI turn is due`);
    }
  }
  return err(`tournament ${id} did not finish within ${MAX_STEPS} steps`);
}

function outcomeOf(t: StoredTournament, users: readonly User[], plan: TournamentPlan): TournamentOutcome {
  const levelOf = new Map(users.map((u, i) => [u.id, plan.levels[i] as AiLevel]));
  const nameOf = new Map(users.map((u) => [u.id, u.username]));
  const standings = standingsOf(t.data, scoringOf(plan.scoring)).map((s) => ({
    rank: s.rank,
    name: nameOf.get(s.userId) ?? `Player ${s.userId}`,
    level: levelOf.get(s.userId) ?? 'random',
    score: scoreIn(plan.scoring, s.score),
    cardsLeft: s.cardsLeft,
  }));
  return { standings };
}
