import { err, ok, type Result } from '@palace/core';
import type { TournamentStatus } from '@palace/protocol';
import type { TokensStore, User } from '../accounts/account-ports.js';
import { MAX_ATTEMPTS } from '../game-service.js';
import type { MainGames } from '../main-game/main-games.js';
import type { MainMeta } from '../main-game/main-meta.js';
import { mainGameId } from '../main-game/main-meta.js';
import type { Clock, IdSource, Scheduler, StoredGame } from '../ports.js';
import type { Rescues } from '../rescues.js';
import { type ServiceError, serviceError } from '../service-error.js';
import {
  dueChange,
  enterChange,
  entryOf,
  finishChange,
  newTournament,
  type SeatRound,
  type TournamentChange,
  withdrawChange,
} from './tournament-lifecycle.js';
import { checkTournament, type TournamentInput } from './tournament-model.js';
import type { StoredTournament, TournamentData, TournamentEntry, TournamentsStore } from './tournament-ports.js';
import { TournamentRounds } from './tournament-rounds.js';
import { type RoundScoring, seatAgainstSeat } from './tournament-scoring.js';

/** Attempts at finding an unused id. */
const MAX_ID_ATTEMPTS = 20;

type Answer<T> = Promise<Result<T, ServiceError>>;

export interface TournamentsPorts {
  readonly store: TournamentsStore;
  readonly clock: Clock;
  readonly ids: IdSource;
  readonly scheduler: Scheduler;
  /** For the "you need N more tokens" refusal. */
  readonly tokens: Pick<TokensStore, 'balance'>;
  /** Where the service adds its sweep of due and running tournaments (run on every node). */
  readonly rescues?: Rescues;
}

export interface TournamentsOptions {
  /**
   * How rounds are scored (the standings that seat the Swiss rounds and pay the prizes). Default
   * and on every server: `seatAgainstSeat`; `palace tournament simulate` passes place points to
   * compare with (docs/tournaments.md "Measured").
   */
  readonly scoring?: RoundScoring;
}

/** A simulated entrant (`palace tournament simulate`): a user the AI plays at every table. */
export interface SimulatedEntrant {
  readonly user: User;
  readonly ai: NonNullable<TournamentEntry['ai']>;
}

/** A tournament id from the wire, or null when it cannot be one. */
export function tournamentId(raw: number | string): string | null {
  // Tournament ids are written like main game ids: a whole number.
  return mainGameId(raw);
}

/**
 * Tournaments (docs/tournaments.md): created by registered players, entered (fee booked with the
 * entry), started when full or at their start time (or cancelled, every fee refunded, with fewer
 * than 4 entrants then), played in rounds of main-game tables — every table of a round with the
 * same deal for its size — and finished with the prizes booked in the same write as the result.
 * What each step decides is in `tournament-lifecycle.ts`, the rounds at their tables in
 * `TournamentRounds`; this service writes, schedules and moves tournaments on.
 *
 * Every change is a versioned write of the tournament's row, retried on a lost race, so several
 * nodes may run the same job at once: one write wins, the others find nothing left to do. A
 * round's tables get their game ids when the round is planned and are created after the write
 * (again on any node and after a restart: creating an existing table answers it), so a crash
 * between the two loses nothing.
 */
export class TournamentsService {
  private readonly rounds: TournamentRounds;
  private readonly seat: SeatRound;
  private readonly scoring: RoundScoring;

  constructor(
    private readonly ports: TournamentsPorts,
    tables: MainGames,
    options: TournamentsOptions = {},
  ) {
    this.scoring = options.scoring ?? seatAgainstSeat;
    this.rounds = new TournamentRounds(ports.ids, tables, this.scoring);
    this.seat = (data, number, now) => this.rounds.seat(data, number, now);
    tables.subscribe((game) => this.tableChanged(game));
    ports.rescues?.add(() => this.sweep());
  }

  /** Creates a tournament (registered players only); the creator enters it like anyone else. */
  async create(
    user: User,
    input: TournamentInput,
    options: { readonly deals?: TournamentData['deals'] } = {},
  ): Answer<StoredTournament> {
    if (user.isGuest || user.isBot) return err(serviceError('tournament/registered_only'));
    const now = this.ports.clock.now();
    const checked = checkTournament(input, now);
    if (!checked.ok) return checked;
    for (let attempt = 0; attempt < MAX_ID_ATTEMPTS; attempt++) {
      const tournament = newTournament(user, checked.value, now, options.deals ?? 'duplicate', this.ports.ids);
      const outcome = await this.ports.store.insert(tournament, []);
      if (outcome === 'saved') {
        this.schedule(tournament);
        return ok(tournament);
      }
    }
    return err(serviceError('game/no_id'));
  }

  /** The tournament, or `tournament/not_found`. */
  async get(raw: number | string): Answer<StoredTournament> {
    const id = tournamentId(raw);
    const found = id === null ? null : await this.ports.store.load(id);
    return found === null ? err(serviceError('tournament/not_found')) : ok(found);
  }

  /** Tournaments of the given statuses (default every one), newest first. */
  list(statuses: readonly TournamentStatus[], limit: number): Promise<readonly StoredTournament[]> {
    return this.ports.store.list(statuses, limit);
  }

  /**
   * Enters `user` (paying the fee; guests free tournaments only; no bots). The entry that fills
   * the tournament starts it in the same write.
   */
  async enter(user: User, raw: number | string, ai?: SimulatedEntrant['ai']): Answer<StoredTournament> {
    if (user.isBot) return err(serviceError('tournament/no_bots'));
    let fee = 0;
    const changed = await this.change(raw, (t, now) => {
      const entry = entryOf(user, t.data, now, ai);
      fee = entry.paid;
      return enterChange(t, entry, this.seat, now);
    });
    if (!changed.ok && changed.error.code === 'tokens/short') {
      const balance = await this.ports.tokens.balance(user.id);
      return err({ code: 'tokens/short', message: `You need ${fee - balance} more tokens to enter this tournament` });
    }
    // The entry that filled it started round 1: its tables open now.
    if (changed.ok && changed.value.status === 'running') await this.rounds.open(changed.value);
    return changed;
  }

  /** Takes back an entry before the start, refunding its fee. */
  async withdraw(user: User, raw: number | string): Answer<StoredTournament> {
    return this.change(raw, (t) => withdrawChange(t, user));
  }

  /**
   * Moves tournament `id` on as far as it can now: starts or cancels it when its time is due,
   * takes in its current round's finished tables, ends the round when all are in (then seats the
   * next, or finishes with the prizes), and creates the current round's tables that are missing.
   * Safe to run at any time, on any node, any number of times.
   */
  async advance(id: string): Promise<StoredTournament | null> {
    const changed = await this.change(id, async (t, now) => this.plan(t, now));
    const tournament = changed.ok ? changed.value : await this.ports.store.load(id);
    if (tournament === null) return null;
    if (tournament.status === 'running') await this.rounds.open(tournament);
    return tournament;
  }

  /**
   * Schedules the timed jobs and moves every running tournament on (at boot, and every
   * `JOB_RESCUE_MS` through the rescues): answers how many tournaments it looked at.
   */
  async sweep(): Promise<number> {
    const active = await this.ports.store.active();
    const now = this.ports.clock.now();
    for (const t of active) {
      if (t.status === 'running' || (t.dueAt !== null && t.dueAt <= now)) await this.advance(t.id);
      else if (t.dueAt !== null) this.ports.scheduler.schedule(jobKey(t.id), t.dueAt, () => void this.advance(t.id));
    }
    return active.length;
  }

  /**
   * Whether game `game` is a table of a tournament round still played: its record (the deal) is
   * sealed until the round's last table finishes (docs/tournaments.md).
   */
  async sealed(game: StoredGame): Promise<boolean> {
    const meta = game.meta;
    if (typeof meta !== 'object' || meta === null || Array.isArray(meta) || !('tournament' in meta)) return false;
    const of = (meta as MainMeta).tournament;
    if (of === undefined) return false;
    const t = await this.ports.store.load(String(of.id));
    const round = t?.data.roundList.find((r) => r.number === of.round);
    return round !== undefined && round.finishedAt === null;
  }

  /** A table's game changed: a finished table moves its tournament on. */
  private tableChanged(game: StoredGame<MainMeta>): void {
    const of = game.meta.tournament;
    if (of === undefined || game.state.phase !== 'finished') return;
    void this.advance(String(of.id)).catch(() => undefined);
  }

  /** What is due now in `t` (see `advance`), or null. */
  private async plan(t: StoredTournament, now: number): Promise<Result<TournamentChange | null, ServiceError>> {
    if (t.status === 'open') return ok(dueChange(t, this.seat, now));
    if (t.status !== 'running') return ok(null);
    const { data } = t;
    const round = await this.rounds.takeIn(data, now);
    if (round === null) return ok(null);
    const played: TournamentData = { ...data, roundList: [...data.roundList.slice(0, -1), round] };
    if (round.finishedAt === null) return ok({ status: 'running', data: played, postings: [], dueAt: null });
    if (round.number < data.rounds) {
      return ok({ status: 'running', data: this.seat(played, round.number + 1, now), postings: [], dueAt: null });
    }
    return ok(finishChange(t, played, now, this.scoring));
  }

  /**
   * Applies what `plan` decides to tournament `raw`, retrying a lost race (the plan runs again on
   * the fresh row); a null plan writes nothing and answers the tournament as it is.
   */
  private async change(
    raw: number | string,
    plan: (
      t: StoredTournament,
      now: number,
    ) => Result<TournamentChange | null, ServiceError> | Promise<Result<TournamentChange | null, ServiceError>>,
  ): Answer<StoredTournament> {
    const id = tournamentId(raw);
    if (id === null) return err(serviceError('tournament/not_found'));
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const t = await this.ports.store.load(id);
      if (t === null) return err(serviceError('tournament/not_found'));
      const now = this.ports.clock.now();
      const planned = await plan(t, now);
      if (!planned.ok) return planned;
      if (planned.value === null) return ok(t);
      const { status, data, postings, dueAt } = planned.value;
      const next: StoredTournament = { ...t, version: t.version + 1, status, data, dueAt, updatedAt: now };
      const outcome = await this.ports.store.save(next, t.version, postings);
      if (outcome === 'short') return err(serviceError('tokens/short'));
      if (outcome === 'saved') {
        this.schedule(next);
        return ok(next);
      }
    }
    return err(serviceError('game/stale'));
  }

  /** Arms (or disarms) the tournament's timed job on this node. */
  private schedule(t: StoredTournament): void {
    const key = jobKey(t.id);
    if (t.status === 'open' && t.dueAt !== null) {
      this.ports.scheduler.schedule(key, t.dueAt, () => void this.advance(t.id).catch(() => undefined));
    } else {
      this.ports.scheduler.cancel(key);
    }
  }
}

/** The scheduler key of a tournament's timed job. */
function jobKey(id: string): string {
  return `tournament:${id}`;
}
