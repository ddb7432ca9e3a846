import type { TournamentStatus } from '@palace/protocol';
import { MemoryBank } from '../accounts/memory-tokens.js';
import type { Posting, SaveOutcome } from '../ports.js';
import type { ActiveTournament, StoredTournament, TournamentsStore } from './tournament-ports.js';

/**
 * Tournaments in memory, for tests and the CLI's simulation: copies through JSON as a database
 * would, refuses a stale version, and books postings in `bank` (share it with the games store and
 * the accounts) all or nothing with the row.
 */
export class MemoryTournamentsStore implements TournamentsStore {
  private readonly rows = new Map<string, string>();

  constructor(readonly bank: MemoryBank = new MemoryBank()) {}

  async load(id: string): Promise<StoredTournament | null> {
    const row = this.rows.get(id);
    return row === undefined ? null : (JSON.parse(row) as StoredTournament);
  }

  async insert(tournament: StoredTournament, postings: readonly Posting[]): Promise<SaveOutcome> {
    if (this.rows.has(tournament.id)) return 'conflict';
    if (!this.bank.post(postings, tournament.updatedAt)) return 'short';
    this.rows.set(tournament.id, JSON.stringify(tournament));
    return 'saved';
  }

  async save(
    tournament: StoredTournament,
    expectedVersion: number,
    postings: readonly Posting[],
  ): Promise<SaveOutcome> {
    // Read and compare with no await before the write, so two concurrent saves cannot both pass.
    const row = this.rows.get(tournament.id);
    if (row === undefined || (JSON.parse(row) as StoredTournament).version !== expectedVersion) return 'conflict';
    if (!this.bank.post(postings, tournament.updatedAt)) return 'short';
    this.rows.set(tournament.id, JSON.stringify(tournament));
    return 'saved';
  }

  async list(statuses: readonly TournamentStatus[], limit: number): Promise<StoredTournament[]> {
    return [...this.rows.values()]
      .map((row) => JSON.parse(row) as StoredTournament)
      .filter((t) => statuses.includes(t.status))
      .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1))
      .slice(0, limit);
  }

  async active(): Promise<ActiveTournament[]> {
    return [...this.rows.values()]
      .map((row) => JSON.parse(row) as StoredTournament)
      .filter((t) => t.status === 'open' || t.status === 'running')
      .map((t) => ({ id: t.id, status: t.status, dueAt: t.dueAt }));
  }
}
