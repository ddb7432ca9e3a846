import type { DailyAttemptRow, DailyFinish, DailySecret, DailyStore } from './daily-ports.js';

/** The daily deal's store in memory, for tests (the real one: adapters/storage's `KyselyDailyStore`). */
export class MemoryDailyStore implements DailyStore {
  private kept: DailySecret | null = null;
  private readonly rows = new Map<string, DailyAttemptRow>();
  /** Accounts deleted: their attempts are left out of the days, as the real store does. */
  readonly deleted = new Set<number>();

  async secret(candidate: string, at: number): Promise<DailySecret> {
    this.kept ??= { secret: candidate, createdAt: at };
    return this.kept;
  }

  async begin(attempt: Omit<DailyAttemptRow, 'finish'>): Promise<boolean> {
    const key = keyOf(attempt.date, attempt.userId);
    if (this.rows.has(key)) return false;
    this.rows.set(key, { ...attempt, finish: null });
    return true;
  }

  async attempt(date: string, userId: number): Promise<DailyAttemptRow | null> {
    return this.rows.get(keyOf(date, userId)) ?? null;
  }

  async onDays(dates: readonly string[]): Promise<DailyAttemptRow[]> {
    return [...this.rows.values()]
      .filter((row) => dates.includes(row.date) && !this.deleted.has(row.userId))
      .sort((a, b) => a.startedAt - b.startedAt || a.userId - b.userId);
  }

  async byUser(userId: number, limit: number): Promise<DailyAttemptRow[]> {
    return [...this.rows.values()]
      .filter((row) => row.userId === userId)
      .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
      .slice(0, limit);
  }

  async finish(date: string, userId: number, finish: DailyFinish): Promise<boolean> {
    const key = keyOf(date, userId);
    const row = this.rows.get(key);
    if (row === undefined || row.finish !== null) return false;
    this.rows.set(key, { ...row, finish });
    return true;
  }
}

function keyOf(date: string, userId: number): string {
  return `${date}/${userId}`;
}
