import type { MainGames } from '../main-game/main-games.js';
import type { IdSource } from '../ports.js';
import { dealSeedInput, seatRound, tableResults } from './tournament-model.js';
import type { StoredRound, StoredTable, StoredTournament, TournamentData } from './tournament-ports.js';
import type { RoundScoring } from './tournament-scoring.js';

/**
 * A tournament's rounds at their tables (docs/tournaments.md): seating a round (its table ids
 * chosen and its deals committed, in the tournament's own write), taking in the results of its
 * finished tables, and opening its tables as main games. The tables are created after the write
 * that planned them, on any node and again after a restart (creating an existing table answers
 * it), so a crash between the two loses nothing.
 */
export class TournamentRounds {
  constructor(
    private readonly ids: IdSource,
    private readonly tables: MainGames,
    /** Whose standings seat the Swiss rounds. */
    private readonly scoring: RoundScoring,
  ) {}

  /** `data` with round `number` seated, its table ids chosen and its deals committed. */
  seat(data: TournamentData, number: number, now: number): TournamentData {
    const { ids } = this;
    const seating = seatRound(data, number, this.scoring);
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

  /**
   * `data`'s current round with the results of the tables finished since it was stored, ended at
   * `now` when all are in; null when no new result came in (or no round is being played).
   */
  async takeIn(data: TournamentData, now: number): Promise<StoredRound | null> {
    const current = data.roundList[data.roundList.length - 1];
    if (current === undefined || current.finishedAt !== null) return null;
    let changed = false;
    const outcomes = await Promise.all(
      current.tables.map(async (table) => (table.results === null ? this.resultsOf(table) : table.results)),
    );
    const tables = current.tables.map((table, i) => {
      const results = outcomes[i] ?? null;
      if (table.results !== null || results === null) return table;
      changed = true;
      return { ...table, results };
    });
    if (!changed) return null;
    const allIn = tables.every((table) => table.results !== null);
    return { ...current, tables, finishedAt: allIn ? now : null };
  }

  /** Creates the current round's tables of `t` that do not exist yet (each under its planned id). */
  async open(t: StoredTournament): Promise<void> {
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
          : this.ids.digest(dealSeedInput(data.seed, round.number, table.seats.length, table.number));
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

  /** A finished table's results, or null while it plays. */
  private async resultsOf(table: StoredTable): Promise<StoredTable['results']> {
    const game = await this.tables.get(table.gameId);
    if (!game.ok) return null;
    const result = game.value.state.result;
    if (game.value.state.phase !== 'finished' || result === null) return null;
    return tableResults(result.standings);
  }
}
