import { err, ok, type Result } from '@palace/core';
import { TOURNAMENT_FILL_MS, TOURNAMENT_PLAYERS_MIN, type TournamentStatus } from '@palace/protocol';
import type { TokensStore, User } from '../accounts/account-ports.js';
import { MAX_ATTEMPTS } from '../game-service.js';
import type { MainGames } from '../main-game/main-games.js';
import type { MainMeta } from '../main-game/main-meta.js';
import { mainGameId } from '../main-game/main-meta.js';
import { type Clock, HOUSE, type IdSource, type Posting, type Scheduler, type StoredGame } from '../ports.js';
import type { Rescues } from '../rescues.js';
import { type ServiceError, serviceError } from '../service-error.js';
import {
  type CheckedTournament,
  checkTournament,
  dealSeedInput,
  prizeSplit,
  seatRound,
  standingsOf,
  type TournamentInput,
  tableResults,
} from './tournament-model.js';
import type {
  StoredRound,
  StoredTable,
  StoredTournament,
  TournamentData,
  TournamentEntry,
  TournamentsStore,
} from './tournament-ports.js';

/** Tournament ids are whole numbers from 1 to this. */
const TOURNAMENT_ID_MAX = 999_999_999;
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

/** A simulated entrant (`palace tournament simulate`): a user the AI plays at every table. */
export interface SimulatedEntrant {
  readonly user: User;
  readonly ai: NonNullable<TournamentEntry['ai']>;
}

/** What a change of a tournament decides: the new data and status, or null for nothing to do. */
interface TournamentChange {
  readonly status: TournamentStatus;
  readonly data: TournamentData;
  readonly postings: readonly Posting[];
  readonly dueAt: number | null;
}

/** The ledger's reference for a tournament's postings. */
export function tournamentRef(id: string): string {
  return `tournament:${id}`;
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
 *
 * Every change is a versioned write of the tournament's row, retried on a lost race, so several
 * nodes may run the same job at once: one write wins, the others find nothing left to do. A
 * round's tables get their game ids when the round is planned and are created after the write
 * (again on any node and after a restart: creating an existing table answers it), so a crash
 * between the two loses nothing.
 */
export class TournamentsService {
  constructor(
    private readonly ports: TournamentsPorts,
    private readonly tables: MainGames,
  ) {
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
      const tournament = this.blank(user, checked.value, now, options.deals ?? 'duplicate');
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
      const { data } = t;
      if (t.status === 'finished' || t.status === 'cancelled') return err(serviceError('tournament/over'));
      if (data.entries.some((e) => e.userId === user.id)) return err(serviceError('tournament/entered'));
      if (t.status !== 'open') return err(serviceError('tournament/started'));
      if (data.entries.length >= data.maxPlayers) return err(serviceError('tournament/full'));
      if (user.isGuest && data.entryFee > 0) return err(serviceError('tournament/guest_paid'));
      fee = ai === undefined ? data.entryFee : 0;
      const entry: TournamentEntry = {
        userId: user.id,
        username: user.username,
        avatar: user.avatar,
        isGuest: user.isGuest,
        paid: fee,
        enteredAt: now,
        ...(ai === undefined ? {} : { ai }),
      };
      const entered: TournamentData = { ...data, entries: [...data.entries, entry] };
      const postings: Posting[] =
        fee > 0 ? [{ from: user.id, to: HOUSE, amount: fee, kind: 'fee', gameId: tournamentRef(t.id) }] : [];
      if (entered.entries.length >= entered.maxPlayers) return ok(this.started(entered, now, postings));
      return ok({ status: 'open', data: entered, postings, dueAt: t.dueAt });
    });
    if (!changed.ok && changed.error.code === 'tokens/short') {
      const balance = await this.ports.tokens.balance(user.id);
      return err({ code: 'tokens/short', message: `You need ${fee - balance} more tokens to enter this tournament` });
    }
    // The entry that filled it started round 1: its tables open now.
    if (changed.ok && changed.value.status === 'running') await this.openTables(changed.value);
    return changed;
  }

  /** Takes back an entry before the start, refunding its fee. */
  async withdraw(user: User, raw: number | string): Answer<StoredTournament> {
    return this.change(raw, (t) => {
      const entry = t.data.entries.find((e) => e.userId === user.id);
      if (entry === undefined) return err(serviceError('tournament/not_entered'));
      if (t.status !== 'open')
        return err(serviceError(t.status === 'running' ? 'tournament/started' : 'tournament/over'));
      const postings: Posting[] =
        entry.paid > 0
          ? [{ from: HOUSE, to: user.id, amount: entry.paid, kind: 'refund', gameId: tournamentRef(t.id) }]
          : [];
      const entries = t.data.entries.filter((e) => e.userId !== user.id);
      return ok({ status: 'open', data: { ...t.data, entries }, postings, dueAt: t.dueAt });
    });
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
    if (tournament.status === 'running') await this.openTables(tournament);
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
    const { data } = t;
    if (t.status === 'open') {
      if (t.dueAt === null || t.dueAt > now) return ok(null);
      if (data.startsAt !== null && data.entries.length >= TOURNAMENT_PLAYERS_MIN) {
        return ok(this.started(data, now, []));
      }
      return ok(this.cancelled(t, now));
    }
    if (t.status !== 'running') return ok(null);
    const current = data.roundList[data.roundList.length - 1];
    if (current === undefined || current.finishedAt !== null) return ok(null);
    let tables = current.tables;
    let changed = false;
    const outcomes = await Promise.all(
      tables.map(async (table) => (table.results === null ? this.resultsOf(table) : table.results)),
    );
    tables = tables.map((table, i) => {
      const results = outcomes[i] ?? null;
      if (table.results !== null || results === null) return table;
      changed = true;
      return { ...table, results };
    });
    if (!changed) return ok(null);
    const allIn = tables.every((table) => table.results !== null);
    const round: StoredRound = { ...current, tables, finishedAt: allIn ? now : null };
    const played: TournamentData = { ...data, roundList: [...data.roundList.slice(0, -1), round] };
    if (!allIn) return ok({ status: 'running', data: played, postings: [], dueAt: null });
    if (round.number < data.rounds) {
      return ok({ status: 'running', data: this.withRound(played, round.number + 1, now), postings: [], dueAt: null });
    }
    return ok(this.finished(t.id, played, now));
  }

  /** A finished table's results, or null while it plays. */
  private async resultsOf(table: StoredTable): Promise<StoredTable['results']> {
    const game = await this.tables.get(table.gameId);
    if (!game.ok) return null;
    const result = game.value.state.result;
    if (game.value.state.phase !== 'finished' || result === null) return null;
    return tableResults(result.standings);
  }

  /** The change that starts `data`: round 1 seated, its deals committed. */
  private started(data: TournamentData, now: number, postings: readonly Posting[]): TournamentChange {
    return { status: 'running', data: { ...this.withRound(data, 1, now), startedAt: now }, postings, dueAt: null };
  }

  /** `data` with round `number` seated, its table ids chosen and its deals committed. */
  private withRound(data: TournamentData, number: number, now: number): TournamentData {
    const { ids } = this.ports;
    const seating = seatRound(data, number);
    const sizes = [...new Set(seating.tables.map((table) => table.length))].sort((a, b) => a - b);
    const deals = sizes.map((tableSize) => {
      const seed = ids.digest(dealSeedInput(data.seed, number, tableSize));
      return { tableSize, seed, commitment: ids.digest(seed) };
    });
    const taken = new Set(data.roundList.flatMap((r) => r.tables.map((table) => table.gameId)));
    const tables: StoredTable[] = seating.tables.map((seats, i) => {
      let gameId = this.tables.newTableId();
      while (taken.has(gameId)) gameId = this.tables.newTableId();
      taken.add(gameId);
      return { number: i + 1, gameId, seats, results: null };
    });
    const round: StoredRound = { number, startedAt: now, finishedAt: null, deals, tables, byes: seating.byes };
    return { ...data, roundList: [...data.roundList, round] };
  }

  /** The change that finishes `data`: the prizes paid to the top of the standings. */
  private finished(id: string, data: TournamentData, now: number): TournamentChange {
    const pool = data.entries.reduce((sum, e) => sum + e.paid, 0);
    const standings = standingsOf(data);
    const prizes = prizeSplit(pool, data.entries.length).flatMap((amount, i) => {
      const winner = standings[i];
      return winner === undefined || amount <= 0 ? [] : [{ place: i + 1, userId: winner.userId, amount }];
    });
    const postings: Posting[] = prizes.map((p) => ({
      from: HOUSE,
      to: p.userId,
      amount: p.amount,
      kind: 'prize',
      gameId: tournamentRef(id),
    }));
    return { status: 'finished', data: { ...data, prizes, finishedAt: now }, postings, dueAt: null };
  }

  /** The change that cancels `t` (too few entrants at its time): every fee refunded. */
  private cancelled(t: StoredTournament, now: number): TournamentChange {
    const postings: Posting[] = t.data.entries
      .filter((e) => e.paid > 0)
      .map((e) => ({ from: HOUSE, to: e.userId, amount: e.paid, kind: 'refund', gameId: tournamentRef(t.id) }));
    return { status: 'cancelled', data: { ...t.data, finishedAt: now }, postings, dueAt: null };
  }

  /** Creates the current round's tables that do not exist yet (each under its planned id). */
  private async openTables(t: StoredTournament): Promise<void> {
    const { data } = t;
    const round = data.roundList[data.roundList.length - 1];
    if (round === undefined || round.finishedAt !== null) return;
    const entries = new Map(data.entries.map((e) => [e.userId, e]));
    const roundPlayers = round.tables.flatMap((table) => table.seats);
    for (const table of round.tables) {
      if (table.results !== null) continue;
      const existing = await this.tables.get(table.gameId);
      if (existing.ok && existing.value.meta.tournament?.id === Number(t.id)) continue;
      const deal =
        data.deals === 'duplicate'
          ? round.deals.find((d) => d.tableSize === table.seats.length)?.seed
          : this.ports.ids.digest(dealSeedInput(data.seed, round.number, table.seats.length, table.number));
      if (deal === undefined) continue;
      await this.tables.createTable({
        id: table.gameId,
        seed: deal,
        name: `${data.name} · R${round.number} T${table.number}`,
        host: data.createdBy,
        players: table.seats.map((userId) => {
          const entry = entries.get(userId);
          return {
            userId,
            username: entry?.username ?? `Player ${userId}`,
            avatar: entry?.avatar ?? null,
            ai: entry?.ai ?? null,
          };
        }),
        tournament: {
          id: Number(t.id),
          name: data.name,
          round: round.number,
          rounds: data.rounds,
          table: table.number,
          preset: data.preset,
          roundPlayers,
        },
      });
    }
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

  private blank(user: User, checked: CheckedTournament, now: number, deals: TournamentData['deals']): StoredTournament {
    const { ids } = this.ports;
    const seed = ids.seed();
    const fillBy = checked.startsAt === null ? now + TOURNAMENT_FILL_MS : null;
    return {
      id: String(1 + ids.pick(TOURNAMENT_ID_MAX)),
      version: 1,
      status: 'open',
      createdAt: now,
      updatedAt: now,
      dueAt: checked.startsAt ?? fillBy,
      data: {
        ...checked,
        fillBy,
        createdBy: { userId: user.id, username: user.username },
        seed,
        commitment: ids.digest(seed),
        deals,
        entries: [],
        roundList: [],
        startedAt: null,
        finishedAt: null,
        prizes: [],
      },
    };
  }
}

/** The scheduler key of a tournament's timed job. */
function jobKey(id: string): string {
  return `tournament:${id}`;
}
