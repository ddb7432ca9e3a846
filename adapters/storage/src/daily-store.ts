import type { DailyAttemptRow, DailyFinish, DailySecret, DailyStore } from '@palace/service';
import type { Kysely, Selectable } from 'kysely';
import type { DailyAttemptsTable, Database } from './schema.js';

/** The single row of `daily_secret`. */
const SECRET_ROW = 1;

const ENDS: readonly DailyFinish['end'][] = ['finished', 'left', 'day_over'];

/**
 * The daily deal's store on Kysely, SQLite and PostgreSQL alike (docs/daily.md). Every once-only
 * rule is a key: the secret's single row and an attempt's (date, player) are inserted with
 * "on conflict do nothing", and an attempt's end is written only while it has none, so nodes
 * racing on one database agree on the first writer's.
 */
export class KyselyDailyStore implements DailyStore {
  constructor(private readonly db: Kysely<Database>) {}

  async secret(candidate: string, at: number): Promise<DailySecret> {
    await this.db
      .insertInto('daily_secret')
      .values({ id: SECRET_ROW, secret: candidate, created_at: at })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('daily_secret')
      .select(['secret', 'created_at'])
      .where('id', '=', SECRET_ROW)
      .executeTakeFirstOrThrow();
    return { secret: row.secret, createdAt: Number(row.created_at) };
  }

  async begin(attempt: Omit<DailyAttemptRow, 'finish'>): Promise<boolean> {
    const result = await this.db
      .insertInto('daily_attempts')
      .values({
        date: attempt.date,
        user_id: attempt.userId,
        game_id: attempt.gameId,
        username: attempt.username,
        avatar: attempt.avatar,
        ranked: attempt.ranked ? 1 : 0,
        started_at: attempt.startedAt,
        finished_at: null,
        place: null,
        cards_left: null,
        end_reason: null,
      })
      .onConflict((oc) => oc.columns(['date', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  async attempt(date: string, userId: number): Promise<DailyAttemptRow | null> {
    const row = await this.db
      .selectFrom('daily_attempts')
      .selectAll()
      .where('date', '=', date)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row === undefined ? null : toAttempt(row);
  }

  async onDays(dates: readonly string[]): Promise<DailyAttemptRow[]> {
    if (dates.length === 0) return [];
    const rows = await this.db
      .selectFrom('daily_attempts as a')
      .selectAll('a')
      .where('a.date', 'in', [...dates])
      // A deleted account is left out of every board (docs/api.md "Settings").
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('users as u')
              .select('u.id')
              .whereRef('u.id', '=', 'a.user_id')
              .where('u.deleted_at', 'is not', null),
          ),
        ),
      )
      .orderBy('a.started_at')
      .orderBy('a.user_id')
      .execute();
    return rows.map(toAttempt);
  }

  async byUser(userId: number, limit: number): Promise<DailyAttemptRow[]> {
    const rows = await this.db
      .selectFrom('daily_attempts')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('date', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toAttempt);
  }

  async finish(date: string, userId: number, finish: DailyFinish): Promise<boolean> {
    const result = await this.db
      .updateTable('daily_attempts')
      .set({ finished_at: finish.at, place: finish.place, cards_left: finish.cardsLeft, end_reason: finish.end })
      .where('date', '=', date)
      .where('user_id', '=', userId)
      .where('finished_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}

function toAttempt(row: Selectable<DailyAttemptsTable>): DailyAttemptRow {
  const end = ENDS.find((e) => e === row.end_reason);
  const finished = row.finished_at !== null && row.place !== null && row.cards_left !== null && end !== undefined;
  return {
    date: row.date,
    userId: Number(row.user_id),
    gameId: row.game_id,
    username: row.username,
    avatar: row.avatar,
    ranked: Number(row.ranked) === 1,
    startedAt: Number(row.started_at),
    finish: finished
      ? { place: Number(row.place), cardsLeft: Number(row.cards_left), end, at: Number(row.finished_at) }
      : null,
  };
}
