import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import SQLite from 'better-sqlite3';
import { migrationNames } from './migrations.js';

/**
 * Whole SQLite database files: an online copy, a check, and putting a copy in a database's place
 * (`palace backup` and `palace restore`, docs/deploy.md "Backups"). A database in WAL mode is more
 * than its main file: committed pages may still be in `-wal` beside it, so every copy here goes
 * through SQLite (its backup API), never through a file copy.
 */

/** Pages per step of the backup API: every page in one step, so one read transaction (see `copySqlite`). */
const ALL_PAGES = 0x7fffffff;

/** What `checkSqlite` found in a database file. */
export interface SqliteCheck {
  /** `PRAGMA integrity_check`'s lines: exactly `['ok']` for a sound file. */
  readonly integrity: readonly string[];
  /** The Palace migrations applied to it, in order; empty when it is no Palace database. */
  readonly migrations: readonly string[];
  /** Applied migrations this build does not know: a newer Palace wrote the file. */
  readonly unknownMigrations: readonly string[];
  /** Rows of a few tables (null when it is no Palace database), for the operator to recognise the data. */
  readonly counts: { readonly games: number; readonly finished: number; readonly accounts: number } | null;
  /** The file's size in bytes. */
  readonly bytes: number;
}

/** Whether a check says the file is a sound Palace database this build can serve. */
export function usable(check: SqliteCheck): boolean {
  return (
    check.integrity.length === 1 &&
    check.integrity[0] === 'ok' &&
    check.migrations.length > 0 &&
    check.unknownMigrations.length === 0
  );
}

/** Opens `file` (which must exist) read-write, or read-only when it cannot be written. */
function openExisting(file: string): SQLite.Database {
  try {
    return new SQLite(file, { fileMustExist: true, timeout: 5000 });
  } catch (error) {
    if (!existsSync(file)) throw new Error(`No database at ${file}`);
    if (error instanceof Error && /readonly|read-only|unable to open/i.test(error.message)) {
      return new SQLite(file, { fileMustExist: true, readonly: true });
    }
    throw error;
  }
}

/**
 * Checks the database `file`: SQLite's integrity check, and what Palace data it holds. Opening it
 * read-write changes nothing in it (SQLite only tidies its `-wal` and `-shm` files on close).
 */
export function checkSqlite(file: string): SqliteCheck {
  const db = openExisting(file);
  try {
    const integrity = integrityOf(db);
    const hasTable = (name: string): boolean =>
      db.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(name) !== undefined;
    const palace = integrity[0] === 'ok' && hasTable('kysely_migration') && hasTable('games') && hasTable('users');
    const migrations = palace
      ? db
          .prepare('select name from kysely_migration order by name')
          .pluck()
          .all()
          .map((name) => String(name))
      : [];
    const known = new Set(migrationNames());
    const count = (query: string): number => Number(db.prepare(query).pluck().get());
    return {
      integrity,
      migrations,
      unknownMigrations: migrations.filter((name) => !known.has(name)),
      counts: palace
        ? {
            games: count('select count(*) from games'),
            finished: count("select count(*) from games where phase = 'finished'"),
            accounts: count('select count(*) from users where id > 0'),
          }
        : null,
      bytes: statSync(file).size,
    };
  } finally {
    db.close();
  }
}

/** `PRAGMA integrity_check`'s lines, or SQLite's refusal (a file that is no database at all). */
function integrityOf(db: SQLite.Database): string[] {
  try {
    return db
      .prepare('pragma integrity_check')
      .pluck()
      .all()
      .map((line) => String(line));
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
}

/**
 * Copies the database `source` to the new file `target` with SQLite's backup API, safe while a
 * server writes to `source`: all pages in one step, which is one read transaction, so the copy is
 * the database as of one commit (in WAL mode the server's writes go on meanwhile; a backup in
 * small steps would start over after each of them). The copy is then switched to the rollback
 * journal, so it is one self-contained file. Answers its page count.
 */
export async function copySqlite(source: string, target: string): Promise<number> {
  const from = openExisting(source);
  let pages: number;
  try {
    pages = (await from.backup(target, { progress: () => ALL_PAGES })).totalPages;
  } finally {
    from.close();
  }
  const copy = new SQLite(target, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  return pages;
}

/** A new file name beside `file`, for a copy that is renamed into place once it is complete. */
export function tempBeside(file: string, what: string): string {
  return join(dirname(file), `.${basename(file)}.${what}-${randomBytes(4).toString('hex')}`);
}

/** Removes `file` and the `-wal`, `-shm` and `-journal` files SQLite may have left beside it. */
export function removeSqlite(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
}

/** Makes the renames in the folder of `file` durable (the folder's entries reach the disk). */
function syncFolder(file: string): void {
  const fd = openSync(dirname(file), 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Puts the complete database file `copy` (in the same folder) in the place of the database `file`,
 * which no process may have open. The database it replaces is kept beside it, named `kept`, with
 * its `-wal` (still holding committed pages perhaps) as `kept-wal`; its `-shm` (an index SQLite
 * rebuilds) and any `-journal` go. A `-wal` left beside the new file would be read into it: it is
 * moved before the new file arrives. Answers `kept`, or null when there was no database.
 */
export function replaceSqlite(copy: string, file: string, kept: string): string | null {
  const existed = existsSync(file);
  if (existed) {
    renameSync(file, kept);
    if (existsSync(`${file}-wal`)) renameSync(`${file}-wal`, `${kept}-wal`);
  }
  for (const suffix of ['-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
  renameSync(copy, file);
  syncFolder(file);
  return existed ? kept : null;
}
