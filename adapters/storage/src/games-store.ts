import type { GameRecord, GameState, RecordEntry } from '@palace/core';
import type {
  Effects,
  Finished,
  GamesStore,
  Json,
  SaveOutcome,
  SeatClock,
  StoredGame,
  UnfinishedGame,
} from '@palace/service';
import { type Kysely, PostgresAdapter, type Selectable, sql, type Transaction } from 'kysely';
import { applyEffects, ShortBalance } from './ledger.js';
import { CLUSTER_CHANNEL, type GameAnnouncer, notifyCluster } from './pg-bus.js';
import type { Database, GamesTable } from './schema.js';
import { isRetryable, transact } from './transaction.js';

type RecordHead = Omit<GameRecord, 'entries'>;

/**
 * The games port on Kysely. The queries are dialect-neutral, so the same class serves SQLite and
 * PostgreSQL. A save is one transaction: a conditional update on the version read, plus the new
 * record entries; it commits before the caller answers anyone. On PostgreSQL a save without
 * effects (a move: no tokens, results or ratings) is one statement instead (`saveInOneStatement`).
 */
export class KyselyGamesStore implements GamesStore {
  /** Whether the database is PostgreSQL (saves without effects take one statement there). */
  private readonly postgres: boolean;

  constructor(
    private readonly db: Kysely<Database>,
    /** Tells the other nodes of each stored change, inside its transaction (PostgreSQL clusters only). */
    private readonly announce?: GameAnnouncer,
  ) {
    this.postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  }

  async load(id: string, options: { readonly entries?: boolean } = {}): Promise<StoredGame | null> {
    const row = await this.db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
    if (row === undefined) return null;
    if (options.entries === false) return toGame(row, 'none');
    const entries = await this.db
      .selectFrom('game_entries')
      .select(['at', 'command'])
      .where('game_id', '=', id)
      .orderBy('seq')
      .execute();
    return toGame(
      row,
      entries.map((e): RecordEntry => ({ at: Number(e.at), command: JSON.parse(e.command) })),
    );
  }

  async insert(game: StoredGame, effects?: Effects): Promise<SaveOutcome> {
    return this.write(async (trx) => {
      const result = await trx
        .insertInto('games')
        .values(toRow(game))
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0n) !== 1) return 'conflict';
      await insertEntries(trx, game.id, game.record.entries, game.entriesFrom ?? 0);
      await applyEffects(trx, game, effects);
      if (this.announce !== undefined) await notifyCluster(trx, this.announce(game));
      return 'saved';
    });
  }

  async save(game: StoredGame, expectedVersion: number, effects?: Effects): Promise<SaveOutcome> {
    if (this.postgres && !hasEffects(effects) && (await this.saveInOneStatement(game, expectedVersion))) return 'saved';
    return this.write(async (trx) => {
      const before = await trx
        .selectFrom('games')
        .select(['version', 'entry_count'])
        .where('id', '=', game.id)
        .executeTakeFirst();
      if (before === undefined || before.version !== expectedVersion) return 'conflict';
      const result = await trx
        .updateTable('games')
        .set(toRow(game))
        .where('id', '=', game.id)
        .where('version', '=', expectedVersion)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return 'conflict';
      // Entries after the stored ones; `record.entries` starts at `entriesFrom`.
      const from = game.entriesFrom ?? 0;
      if (from > before.entry_count) throw new Error(`record of ${game.id} skips entries`);
      await insertEntries(trx, game.id, game.record.entries.slice(before.entry_count - from), before.entry_count);
      await applyEffects(trx, game, effects);
      if (this.announce !== undefined) await notifyCluster(trx, this.announce(game));
      return 'saved';
    });
  }

  /**
   * A save without effects on PostgreSQL in one statement (issue 23: a move's seven round trips —
   * begin, read the version, update, append the entries, notify, commit — were most of a move's
   * cost in the server and in the database, docs/architecture.md "Cross-node moves"). The update
   * is conditional on the version, as in the transaction, and also on the stored record reaching
   * the first entry this game holds; the entries at or after the stored count are appended, and
   * the announcement is sent, only for a row updated. One statement is one transaction: all of it
   * commits, or none. Answers whether the row was updated; when it was not (another writer got
   * there first, or the record check failed), the caller runs the transaction, which says which.
   */
  private async saveInOneStatement(game: StoredGame, expectedVersion: number): Promise<boolean> {
    const { id, ...row } = toRow(game);
    const from = game.entriesFrom ?? 0;
    const entries = game.record.entries;
    const columns = sql.join(Object.entries(row).map(([column, value]) => sql`${sql.ref(column)} = ${value}`));
    const payload = this.announce?.(game) ?? null;
    const statement = sql<{ updated: number }>`
      with before as (
        select entry_count from games where id = ${id} and version = ${expectedVersion} and entry_count >= ${from}
      ), changed as (
        update games set ${columns} from before
        where games.id = ${id} and games.version = ${expectedVersion}
        returning games.id, before.entry_count as stored
      ), appended as (
        insert into game_entries (game_id, seq, at, command)
        select changed.id, e.seq, e.at, e.command
        from changed, unnest(
          ${entries.map((_, i) => from + i)}::integer[],
          ${entries.map((e) => e.at)}::bigint[],
          ${entries.map((e) => JSON.stringify(e.command))}::text[]
        ) as e(seq, at, command)
        where e.seq >= changed.stored
      ), announced as (
        select pg_notify(${CLUSTER_CHANNEL}, ${payload}) from changed where ${payload}::text is not null
      )
      select (select count(*) from changed)::integer as updated, (select count(*) from announced)::integer as announced
    `;
    try {
      return (await statement.execute(this.db)).rows[0]?.updated === 1;
    } catch (error) {
      // A deadlock or serialization failure changed nothing: the transaction (which retries) decides.
      if (isRetryable(error)) return false;
      throw error;
    }
  }

  async finishedBy(kind: string, userId: number, limit: number): Promise<Finished[]> {
    const rows = await this.db
      .selectFrom('results')
      .innerJoin('games', 'games.id', 'results.game_id')
      .selectAll('games')
      .select('results.won')
      .where('results.user_id', '=', userId)
      .where('results.kind', '=', kind)
      .orderBy('results.finished_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ game: toGame(row, 'none'), won: row.won === 1 }));
  }

  /** One transaction (run again on a deadlock); a short balance rolls everything back and answers `short`. */
  private async write(body: (trx: Transaction<Database>) => Promise<SaveOutcome>): Promise<SaveOutcome> {
    try {
      return await transact(this.db, body);
    } catch (error) {
      if (error instanceof ShortBalance) return 'short';
      throw error;
    }
  }

  async listed(kind: string, limit: number): Promise<StoredGame[]> {
    const rows = await this.db
      .selectFrom('games')
      .selectAll()
      .where('kind', '=', kind)
      .where('listed', '=', 1)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    // The lobby needs only the state and the variant data, not the record's entries.
    return rows.map((row) => toGame(row, 'none'));
  }

  async withAiDue(kind: string, dueBy?: number): Promise<Array<{ id: string; aiDueAt: number }>> {
    // On the (kind, ai_due_at) index: the rescue's bounded scan reads only the overdue rows.
    const rows = await this.db
      .selectFrom('games')
      .select(['id', 'ai_due_at'])
      .where('kind', '=', kind)
      .where('ai_due_at', 'is not', null)
      .$if(dueBy !== undefined, (q) => q.where('ai_due_at', '<=', dueBy ?? 0))
      .execute();
    return rows.map((r) => ({ id: r.id, aiDueAt: Number(r.ai_due_at) }));
  }

  async withTurnDue(kind: string, dueBy?: number): Promise<Array<{ id: string; turnDueAt: number }>> {
    // On the (kind, turn_due_at) index, like `withAiDue`.
    const rows = await this.db
      .selectFrom('games')
      .select(['id', 'turn_due_at'])
      .where('kind', '=', kind)
      .where('turn_due_at', 'is not', null)
      .$if(dueBy !== undefined, (q) => q.where('turn_due_at', '<=', dueBy ?? 0))
      .execute();
    return rows.map((r) => ({ id: r.id, turnDueAt: Number(r.turn_due_at) }));
  }

  async unfinished(kind: string): Promise<UnfinishedGame[]> {
    const rows = await this.db
      .selectFrom('games')
      .select(['id', 'phase', 'updated_at', 'seen_at'])
      .where('kind', '=', kind)
      .where('phase', 'in', ['waiting', 'setup', 'playing'])
      .execute();
    return rows.map((r) => ({
      id: r.id,
      phase: r.phase as UnfinishedGame['phase'],
      updatedAt: Number(r.updated_at),
      ...(r.seen_at === null ? {} : { seenAt: Number(r.seen_at) }),
    }));
  }

  async markSeen(id: string, at: number): Promise<void> {
    // Not a change: the version and `updated_at` stay, so no write of a game ever conflicts with it.
    await this.db
      .updateTable('games')
      .set({ seen_at: at })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('seen_at', 'is', null), eb('seen_at', '<', at)]))
      .execute();
  }
}

/** Whether a save must do more than write the game (tokens, results, a held prize, ratings). */
function hasEffects(effects: Effects | undefined): boolean {
  if (effects === undefined) return false;
  return (
    (effects.postings?.length ?? 0) > 0 ||
    (effects.results?.length ?? 0) > 0 ||
    (effects.held ?? null) !== null ||
    (effects.ratings ?? null) !== null
  );
}

/** Appends `entries` as rows `firstSeq`, `firstSeq + 1` … of the game's record. */
async function insertEntries(
  db: Kysely<Database>,
  gameId: string,
  entries: readonly RecordEntry[],
  firstSeq: number,
): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('game_entries')
    .values(
      entries.map((e, i) => ({ game_id: gameId, seq: firstSeq + i, at: e.at, command: JSON.stringify(e.command) })),
    )
    .execute();
}

function toRow(game: StoredGame): Omit<GamesTable, 'seen_at'> {
  const { entries, ...head } = game.record;
  return {
    id: game.id,
    kind: game.kind,
    version: game.version,
    created_at: game.createdAt,
    updated_at: game.updatedAt,
    ai_due_at: game.aiDueAt,
    ai_delay_ms: game.aiDelayMs,
    commitment: game.commitment,
    state: JSON.stringify(game.state),
    record_head: JSON.stringify(head),
    entry_count: (game.entriesFrom ?? 0) + entries.length,
    meta: JSON.stringify(game.meta),
    listed: game.listed ? 1 : 0,
    phase: game.state.phase,
    turn_due_at: game.seatClock.turnDueAt,
    seat_clock: JSON.stringify({ strikes: game.seatClock.strikes, away: game.seatClock.away }),
  };
}

/** The seat clock of a row; rows stored before clocks existed read as no strikes, nobody away. */
function seatClockOf(row: Selectable<GamesTable>): SeatClock {
  const rest = JSON.parse(row.seat_clock) as Partial<Pick<SeatClock, 'strikes' | 'away'>>;
  return {
    turnDueAt: row.turn_due_at === null ? null : Number(row.turn_due_at),
    strikes: rest.strikes ?? {},
    away: rest.away ?? [],
  };
}

/** A stored game with its record's `entries`, or with none of them (`entriesFrom` then says how many). */
function toGame(row: Selectable<GamesTable>, entries: RecordEntry[] | 'none'): StoredGame {
  const head = JSON.parse(row.record_head) as RecordHead;
  const game: StoredGame = {
    id: row.id,
    kind: row.kind,
    version: row.version,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    aiDueAt: row.ai_due_at === null ? null : Number(row.ai_due_at),
    aiDelayMs: row.ai_delay_ms,
    commitment: row.commitment,
    state: JSON.parse(row.state) as GameState,
    record: { ...head, entries: entries === 'none' ? [] : entries },
    seatClock: seatClockOf(row),
    listed: row.listed === 1,
    meta: JSON.parse(row.meta) as Json,
  };
  return entries === 'none' ? { ...game, entriesFrom: row.entry_count } : game;
}
