import type { GameRecord, GameState, RecordEntry } from '@palace/core';
import type { Json, SeatClock, StoredGame } from '@palace/service';
import type { Kysely, Selectable } from 'kysely';
import type { Database, GamesTable } from './schema.js';

/**
 * A stored game as rows and back: one `games` row (state, record head, seat clock and meta as JSON
 * text, the columns the queries filter on beside them) and one `game_entries` row per accepted
 * command of its record.
 */

type RecordHead = Omit<GameRecord, 'entries'>;

/** Appends `entries` as rows `firstSeq`, `firstSeq + 1` … of the game's record. */
export async function insertEntries(
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

/**
 * The `games` row of `game` (`seen_at` is written apart: a sighting is no change; `entries_removed_at`
 * only by the retention job, so no save undoes it).
 */
export function toGameRow(game: StoredGame): Omit<GamesTable, 'seen_at' | 'entries_removed_at'> {
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
    seat_clock: JSON.stringify(seatClockJson(game.seatClock)),
  };
}

/** What of a seat clock the `seat_clock` column keeps (`turnDueAt` has its own column, for the jobs' queries). */
function seatClockJson(clock: SeatClock): Omit<SeatClock, 'turnDueAt'> {
  const { turnDueAt: _, ...rest } = clock;
  return rest;
}

/**
 * The seat clock of a row; rows stored before clocks existed read as no strikes, nobody away, and
 * rows from before presence (docs/product.md §D13) as nobody gone.
 */
function seatClockOf(row: Selectable<GamesTable>): SeatClock {
  const rest = JSON.parse(row.seat_clock) as Partial<Omit<SeatClock, 'turnDueAt'>>;
  return {
    turnDueAt: row.turn_due_at === null ? null : Number(row.turn_due_at),
    strikes: rest.strikes ?? {},
    away: rest.away ?? [],
    ...(rest.moveDueAt === undefined ? {} : { moveDueAt: rest.moveDueAt }),
    ...(rest.gone === undefined ? {} : { gone: rest.gone }),
  };
}

/**
 * A stored game with its record's `entries`, or with none of them (`entriesFrom` then says how many).
 * A game whose entries the retention job removed comes with none and says when (`entriesRemovedAt`).
 */
export function toGame(row: Selectable<GamesTable>, wanted: RecordEntry[] | 'none'): StoredGame {
  const removedAt = row.entries_removed_at === null ? null : Number(row.entries_removed_at);
  const entries = removedAt === null ? wanted : 'none';
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
    ...(removedAt === null ? {} : { entriesRemovedAt: removedAt }),
  };
  return entries === 'none' ? { ...game, entriesFrom: row.entry_count } : game;
}
