import { type AiLevel, err, ok, type Result } from '@palace/core';
import {
  DAILY_AI_LEVEL,
  DAILY_HISTORY_DAYS,
  DAILY_TABLE_SIZE,
  type DailyBoard,
  type DailyDeal,
  type DailyHistory,
  type DailyStarted,
  type DailyToday,
} from '@palace/protocol';
import type { User } from '../accounts/account-ports.js';
import type { MainGames } from '../main-game/main-games.js';
import type { MainMeta } from '../main-game/main-meta.js';
import type { StoredGame } from '../ports.js';
import { type ServiceError, serviceError } from '../service-error.js';
import { addDays, dayEnd, dayOf, dayStart, streaks } from './daily-day.js';
import { DEALT, dailyOutcome, heldNow, mayHaveEnded } from './daily-outcome.js';
import type { DailyAttemptRow, DailyFinish, DailyPorts, DailySecret } from './daily-ports.js';
import { attemptView, boardRows, scoreDay } from './daily-view.js';

/** The main games a daily deal is played in: opened under a chosen id, and watched for their ends. */
export type DailyGames = Pick<MainGames, 'createDaily' | 'newTableId' | 'subscribe'>;

export interface DailyOptions {
  /** Told when settling an attempt after a game change failed (it is settled again when next read). */
  readonly failed?: (error: unknown) => void;
}

/** A player's attempts read for their history at most (the streaks count these). */
const HISTORY_READ = 1000;
/** Game ids remembered as settled, so later changes of their games cost no read (then forgotten together). */
const SETTLED_KEPT = 10_000;

/**
 * The daily deal (docs/daily.md): one deal a day (00:00 UTC) for everyone, seat 1 against three
 * computer players at Normal. A day's seed is the HMAC of its date under a secret the database
 * keeps (created once, shared by every node), so it is fixed for the day and unguessable until it
 * is revealed when the day ends; its sha256 is published from the start. One attempt per player a
 * day (the stored attempt is the once-only guard); results are scored on read by matchpoints.
 */
export class DailyService {
  private secretKept: DailySecret | null = null;
  private readonly settledGames = new Set<string>();
  private readonly levels: readonly AiLevel[] = Array<AiLevel>(DAILY_TABLE_SIZE - 1).fill(DAILY_AI_LEVEL);

  constructor(
    private readonly ports: DailyPorts,
    private readonly games: DailyGames,
    private readonly options: DailyOptions = {},
  ) {
    // An attempt ends with its game (or the player's leave): noted as it happens on this node.
    games.subscribe((game) => {
      this.noticed(game).catch((error: unknown) => this.options.failed?.(error));
    });
  }

  /** Today's deal: its commitment, the viewer's attempt, and yesterday's deal with its seed. */
  async today(viewer: User | null): Promise<DailyToday> {
    const now = this.ports.clock.now();
    const date = dayOf(now);
    const rows = await this.day(date, viewer?.id ?? null);
    const scored = scoreDay(rows);
    const mine = viewer === null ? undefined : rows.find((row) => row.userId === viewer.id);
    const yesterday = addDays(date, -1);
    return {
      date,
      commitment: await this.commitmentOf(date),
      endsAt: new Date(dayEnd(date)).toISOString(),
      tableSize: DAILY_TABLE_SIZE,
      level: DAILY_AI_LEVEL,
      players: scored.players,
      playing: rows.filter((row) => row.finish === null).length,
      attempt: mine === undefined ? null : attemptView(mine, scored),
      previous: (await this.known(yesterday)) ? await this.dealOf(yesterday) : null,
    };
  }

  /**
   * Starts the user's attempt at today's deal, or answers the game of the one they are playing;
   * `daily/played` once it is over (finished, left, or the game ended). Guests play unranked.
   */
  async start(user: User): Promise<Result<DailyStarted, ServiceError>> {
    const now = this.ports.clock.now();
    const date = dayOf(now);
    const seed = await this.seedOf(date);
    let row = await this.ports.store.attempt(date, user.id);
    let resumed = true;
    if (row === null) {
      const gameId = await this.freeGameId();
      if (gameId === null) return err(serviceError('game/no_id'));
      const fresh = {
        date,
        userId: user.id,
        gameId,
        username: user.username,
        avatar: user.avatar,
        ranked: !user.isGuest && !user.isBot,
        startedAt: now,
      };
      // The insert is the once-only guard: of two starts at once, one stores the attempt.
      resumed = !(await this.ports.store.begin(fresh));
      row = resumed ? await this.ports.store.attempt(date, user.id) : { ...fresh, finish: null };
      if (row === null) throw new Error(`the daily attempt of ${user.id} on ${date} was neither stored nor found`);
    }
    if (row.finish !== null) return err(serviceError('daily/played'));
    // Created after the attempt is stored, under the id it names: a start retried after a crash makes it then.
    if (!resumed || (await this.gameOf(row)) === null) {
      const created = await this.games.createDaily({ id: row.gameId, user, date, seed, levels: this.levels });
      if (!created.ok) return created;
    }
    // A game the player has left already (not noted yet) has ended the attempt.
    if ((await this.settle(row, now)).finish !== null) return err(serviceError('daily/played'));
    return ok({ date, gameId: Number(row.gameId), resumed });
  }

  /** The board of `date` (default today), best first, as scored now; a day not dealt is `daily/unknown_day`. */
  async board(date: string | undefined, viewer: User | null, limit: number): Promise<Result<DailyBoard, ServiceError>> {
    const now = this.ports.clock.now();
    const day = date ?? dayOf(now);
    if (!(await this.known(day))) return err(serviceError('daily/unknown_day'));
    const rows = await this.day(day, viewer?.id ?? null);
    const scored = scoreDay(rows);
    const over = now >= dayEnd(day);
    return ok({
      date: day,
      over,
      players: scored.players,
      playing: rows.filter((row) => row.finish === null).length,
      rows: boardRows(rows, scored, viewer?.id ?? null, over, limit),
    });
  }

  /** The user's last days, newest first, each scored on its day, and their streaks. */
  async history(user: User): Promise<DailyHistory> {
    const today = dayOf(this.ports.clock.now());
    const mine = await this.ports.store.byUser(user.id, HISTORY_READ);
    const shown = mine.slice(0, DAILY_HISTORY_DAYS);
    const rows = await this.settled(await this.ports.store.onDays(shown.map((row) => row.date)), user.id);
    const days = shown.map((own) => {
      const ofDay = rows.filter((row) => row.date === own.date);
      const settledOwn = ofDay.find((row) => row.userId === user.id) ?? own;
      return attemptView(settledOwn, scoreDay(ofDay));
    });
    const { current, best } = streaks(
      mine.map((row) => row.date),
      today,
    );
    return { streak: current, bestStreak: best, played: mine.length, days };
  }

  /** A day's deal for anyone to check: its commitment, and its seed once the day is over. */
  async deal(date: string): Promise<Result<DailyDeal, ServiceError>> {
    if (!(await this.known(date))) return err(serviceError('daily/unknown_day'));
    return ok(await this.dealOf(date));
  }

  /**
   * Whether a finished game's record must still wait (`Records`' `sealed`): a daily game's record
   * holds the day's seed, so it is published once the day is over; every attempt of that day
   * still being played is ended first (docs/daily.md "The day's end").
   */
  async sealed(game: StoredGame): Promise<boolean> {
    const date = dailyDateOf(game);
    if (date === null) return false;
    if (this.ports.clock.now() < dayEnd(date)) return true;
    await this.day(date, null);
    return false;
  }

  /** `date`'s deal: the seed only once the day is over, its attempts still played ended first. */
  private async dealOf(date: string): Promise<DailyDeal> {
    const over = this.ports.clock.now() >= dayEnd(date);
    // Read (and so, once the day is over, settled) before the seed goes out.
    const rows = await this.day(date, null);
    const seed = await this.seedOf(date);
    return {
      date,
      commitment: this.ports.ids.digest(seed),
      seed: over ? seed : null,
      revealsAt: new Date(dayEnd(date)).toISOString(),
      players: scoreDay(rows).players,
    };
  }

  /**
   * `date`'s attempts, those still open settled where they may have ended: the viewer's own, and
   * every one once the day is over (then they end with the cards held). Others of a day in
   * progress are settled as their games change (`noticed`).
   */
  private async day(date: string, viewerId: number | null): Promise<DailyAttemptRow[]> {
    return this.settled(await this.ports.store.onDays([date]), viewerId);
  }

  private async settled(rows: readonly DailyAttemptRow[], viewerId: number | null): Promise<DailyAttemptRow[]> {
    const now = this.ports.clock.now();
    return Promise.all(
      rows.map((row) =>
        row.finish === null && (row.userId === viewerId || now >= dayEnd(row.date)) ? this.settle(row, now) : row,
      ),
    );
  }

  /**
   * Ends `row` if its game has ended it (finished, or the player left), or if its day is over
   * (`day_over`: last place with the cards held now). The first write wins: every node computes
   * the same end from the same game, and a later one re-reads it.
   */
  private async settle(row: DailyAttemptRow, now: number): Promise<DailyAttemptRow> {
    const seatId = String(row.userId);
    const dayOver = now >= dayEnd(row.date);
    const game = await this.gameOf(row);
    let end: Omit<DailyFinish, 'at'> | null = null;
    if (game !== null && mayHaveEnded(game, seatId)) {
      const whole = (await this.ports.games.load(row.gameId, { entries: true })) as StoredGame<MainMeta> | null;
      end = whole === null ? null : dailyOutcome(whole, seatId);
    }
    if (end === null && dayOver) {
      // A game never opened (a start cut short) held the whole deal.
      end = { place: DAILY_TABLE_SIZE, cardsLeft: game === null ? DEALT : heldNow(game, seatId), end: 'day_over' };
    }
    if (end === null) return row;
    const finish: DailyFinish = { ...end, at: now };
    if (await this.ports.store.finish(row.date, row.userId, finish)) return { ...row, finish };
    return (await this.ports.store.attempt(row.date, row.userId)) ?? row;
  }

  /** The game of `row`'s attempt as stored (without its record's entries), or null while it is not created. */
  private async gameOf(row: DailyAttemptRow): Promise<StoredGame<MainMeta> | null> {
    const game = await this.ports.games.load(row.gameId, { entries: false });
    return game !== null && dailyDateOf(game) === row.date && (game.meta as MainMeta).hostId === row.userId
      ? (game as StoredGame<MainMeta>)
      : null;
  }

  /** A main game id no game has yet (tried a few times), or null. */
  private async freeGameId(): Promise<string | null> {
    for (let tries = 0; tries < 5; tries++) {
      const id = this.games.newTableId();
      if ((await this.ports.games.load(id, { entries: false })) === null) return id;
    }
    return null;
  }

  /** A change of a main game on this node: a daily game that may have ended its attempt settles it. */
  private async noticed(game: StoredGame<MainMeta>): Promise<void> {
    const date = game.meta.daily?.date;
    if (date === undefined || this.settledGames.has(game.id)) return;
    const userId = game.meta.hostId;
    if (!mayHaveEnded(game, String(userId))) return;
    const row = await this.ports.store.attempt(date, userId);
    if (row === null || row.gameId !== game.id) return;
    const settled = row.finish === null ? await this.settle(row, this.ports.clock.now()) : row;
    if (settled.finish === null) return;
    if (this.settledGames.size >= SETTLED_KEPT) this.settledGames.clear();
    this.settledGames.add(game.id);
  }

  /** Whether `date` has a deal: a real day from the first daily deal's to today's. */
  private async known(date: string): Promise<boolean> {
    const start = dayStart(date);
    if (start === null) return false;
    const first = dayOf((await this.secret()).createdAt);
    return date >= first && start <= this.ports.clock.now();
  }

  private async commitmentOf(date: string): Promise<string> {
    return this.ports.ids.digest(await this.seedOf(date));
  }

  /** `date`'s seed: the HMAC of the date under the daily secret. */
  private async seedOf(date: string): Promise<string> {
    return this.ports.hmac((await this.secret()).secret, `palace-daily/${date}`);
  }

  private async secret(): Promise<DailySecret> {
    this.secretKept ??= await this.ports.store.secret(this.ports.ids.seed(), this.ports.clock.now());
    return this.secretKept;
  }
}

/** The day of a daily game's deal, or null for any other game. */
function dailyDateOf(game: StoredGame): string | null {
  const { meta } = game;
  if (game.kind !== 'main' || typeof meta !== 'object' || meta === null || Array.isArray(meta)) return null;
  const daily = (meta as { readonly daily?: unknown }).daily;
  if (typeof daily !== 'object' || daily === null || !('date' in daily)) return null;
  return typeof daily.date === 'string' ? daily.date : null;
}
