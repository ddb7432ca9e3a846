import type {
  ActiveTournament,
  Posting,
  SaveOutcome,
  StoredTournament,
  TournamentData,
  TournamentsStore,
} from '@palace/service';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { post, transactSave } from './ledger.js';
import type { Database, TournamentsTable } from './schema.js';

type Status = StoredTournament['status'];

/** The statuses that need the server's attention (timers at boot, the minute's sweep). */
const ACTIVE: readonly Status[] = ['open', 'running'];

/**
 * The tournaments port on Kysely, for SQLite and PostgreSQL alike. A write is one transaction: the
 * row (inserted, or updated on the version read) and then its postings, booked at the
 * tournament's `updatedAt`; a write that lost the race books nothing, a short debit undoes the row.
 */
export class KyselyTournamentsStore implements TournamentsStore {
  constructor(private readonly db: Kysely<Database>) {}

  async load(id: string): Promise<StoredTournament | null> {
    const row = await this.db.selectFrom('tournaments').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? null : toTournament(row);
  }

  async insert(tournament: StoredTournament, postings: readonly Posting[]): Promise<SaveOutcome> {
    return transactSave(this.db, async (trx) => {
      const result = await trx
        .insertInto('tournaments')
        .values(toRow(tournament))
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0n) !== 1) return 'conflict';
      await book(trx, tournament, postings);
      return 'saved';
    });
  }

  async save(
    tournament: StoredTournament,
    expectedVersion: number,
    postings: readonly Posting[],
  ): Promise<SaveOutcome> {
    return transactSave(this.db, async (trx) => {
      // The update first: of two writes of one version exactly one changes the row, and only it books.
      const result = await trx
        .updateTable('tournaments')
        .set(toRow(tournament))
        .where('id', '=', tournament.id)
        .where('version', '=', expectedVersion)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return 'conflict';
      await book(trx, tournament, postings);
      return 'saved';
    });
  }

  async list(statuses: readonly Status[], limit: number): Promise<StoredTournament[]> {
    if (statuses.length === 0 || limit <= 0) return [];
    const rows = await this.db
      .selectFrom('tournaments')
      .selectAll()
      .where('status', 'in', statuses)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(toTournament);
  }

  async active(): Promise<ActiveTournament[]> {
    const rows = await this.db
      .selectFrom('tournaments')
      .select(['id', 'status', 'due_at'])
      .where('status', 'in', ACTIVE)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      status: r.status as Status,
      dueAt: r.due_at === null ? null : Number(r.due_at),
    }));
  }
}

/** Books a change's postings in the caller's transaction, at the tournament's `updatedAt`. */
function book(trx: Transaction<Database>, tournament: StoredTournament, postings: readonly Posting[]): Promise<void> {
  return post(
    trx,
    postings.map((posting) => ({ ...posting, at: tournament.updatedAt })),
  );
}

function toRow(tournament: StoredTournament): TournamentsTable {
  return {
    id: tournament.id,
    version: tournament.version,
    status: tournament.status,
    due_at: tournament.dueAt,
    created_at: tournament.createdAt,
    updated_at: tournament.updatedAt,
    data: JSON.stringify(tournament.data),
  };
}

function toTournament(row: Selectable<TournamentsTable>): StoredTournament {
  return {
    id: row.id,
    version: row.version,
    status: row.status as Status,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    dueAt: row.due_at === null ? null : Number(row.due_at),
    data: JSON.parse(row.data) as TournamentData,
  };
}
