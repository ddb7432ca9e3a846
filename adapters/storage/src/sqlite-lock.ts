import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';

/**
 * Who uses an embedded SQLite database alone: the server, for as long as it runs, and
 * `palace restore` while it replaces the file (docs/deploy.md "Backups"). The lock is an exclusive
 * transaction held open on a small SQLite file beside the database (`palace.db` → `palace.db.lock`):
 * SQLite takes it with the operating system's file locks, so it is gone with its process, however
 * that ends (a SIGKILL, a power cut), and no stale lock is ever left to clear. Another opener,
 * in another process or this one, finds it held. The file itself stays; it is empty.
 *
 * Nothing else may open and close the lock file in a holding process: POSIX drops a process's locks
 * on a file when any descriptor of it is closed (SQLite itself guards against that, plain file reads do not).
 */
export interface SqliteLock {
  /** Gives the lock up (idempotent). */
  release(): void;
}

/** The lock file of the database `file`. */
export function lockFileOf(file: string): string {
  return `${file}.lock`;
}

/** Whether `error` is SQLite's "database is locked" (another connection holds the lock). */
function isBusy(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'SQLITE_BUSY';
}

/** Takes the lock of the database `file` (creating its folder and lock file), or answers null when it is held. */
export function lockSqlite(file: string): SqliteLock | null {
  mkdirSync(dirname(file), { recursive: true });
  const lock = new SQLite(lockFileOf(file), { timeout: 0 });
  try {
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if (isBusy(error)) return null;
    throw error;
  }
  return {
    release: () => {
      if (!lock.open) return;
      lock.exec('ROLLBACK');
      lock.close();
    },
  };
}
