import type { RecordEntry } from '@palace/core';
import type { Effects, Finished, GamesStore, SaveOutcome, StoredGame, UnfinishedGame } from '@palace/service';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { insertEntries, toGame, toGameRow } from './game-rows.js';
import { applyEffects, transactSave } from './ledger.js';
import { CLUSTER_CHANNEL, type GameAnnouncer, notifyCluster } from './pg-bus.js';
import type { Database } from './schema.js';
import { isRetryable } from './transaction.js';

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
    if (options.entries === false || row.entries_removed_at !== null) return toGame(row, 'none');
    const entries = await this.db
      .selectFrom('game_entries')
      .select(['at', 'command'])
      .where('game_id', '=', id)
      .orderBy('seq')
      .execute();
    if (entries.length < row.entry_count) {
      // The retention job may have removed them between the two reads: then the game says so.
      const removed = await this.db
        .selectFrom('games')
        .select('entries_removed_at')
        .where('id', '=', id)
        .executeTakeFirst();
      const at = removed?.entries_removed_at ?? null;
      if (at !== null) return toGame({ ...row, entries_removed_at: at }, 'none');
    }
    return toGame(
      row,
      entries.map((e): RecordEntry => ({ at: Number(e.at), command: JSON.parse(e.command) })),
    );
  }

  async insert(game: StoredGame, effects?: Effects): Promise<SaveOutcome> {
    return transactSave(this.db, async (trx) => {
      const result = await trx
        .insertInto('games')
        .values(toGameRow(game))
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
    return transactSave(this.db, async (trx) => {
      const before = await trx
        .selectFrom('games')
        .select(['version', 'entry_count'])
        .where('id', '=', game.id)
        .executeTakeFirst();
      if (before === undefined || before.version !== expectedVersion) return 'conflict';
      const result = await trx
        .updateTable('games')
        .set(toGameRow(game))
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
    const { id, ...row } = toGameRow(game);
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
    return (await this.due(kind, 'ai_due_at', dueBy)).map(({ id, at }) => ({ id, aiDueAt: at }));
  }

  async withTurnDue(kind: string, dueBy?: number): Promise<Array<{ id: string; turnDueAt: number }>> {
    return (await this.due(kind, 'turn_due_at', dueBy)).map(({ id, at }) => ({ id, turnDueAt: at }));
  }

  /**
   * The games of `kind` with a deadline in `column` (ms since the epoch), only those due by `dueBy`
   * when given. On the (kind, column) index: the rescue's bounded scan reads only the overdue rows.
   */
  private async due(
    kind: string,
    column: 'ai_due_at' | 'turn_due_at',
    dueBy: number | undefined,
  ): Promise<Array<{ id: string; at: number }>> {
    const rows = await this.db
      .selectFrom('games')
      .select(['id', column])
      .where('kind', '=', kind)
      .where(column, 'is not', null)
      .$if(dueBy !== undefined, (q) => q.where(column, '<=', dueBy ?? 0))
      .execute();
    return rows.map((r) => ({ id: r.id, at: Number(r[column]) }));
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
