import { existsSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  checkSqlite,
  copySqlite,
  lockFileOf,
  lockSqlite,
  migrationNames,
  removeSqlite,
  replaceSqlite,
  type SqliteCheck,
  tempBeside,
  usable,
} from '@palace/adapter-storage';

/**
 * `palace backup` and `palace restore` (docs/deploy.md "Backups"): an online copy of the server's
 * SQLite database, checked; and a checked copy put in its place while no server runs.
 */

/** Where the commands write: `out` for what was done, `fail` for why not. */
export interface FileIo {
  readonly out: (line: string) => void;
  readonly fail: (line: string) => void;
}

/** At most this many lines of a failed integrity check are printed. */
const INTEGRITY_LINES = 20;

/** A size in bytes for a person: `4.8 MB`. */
function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** What a check found, in lines: the integrity check, then what Palace data the file holds. */
export function checkLines(file: string, check: SqliteCheck): string[] {
  const shown = check.integrity.slice(0, INTEGRITY_LINES);
  const more = check.integrity.length - shown.length;
  const lines = [`integrity_check: ${shown.join('\n  ')}${more > 0 ? `\n  … and ${more} more` : ''}`];
  if (check.counts === null) {
    lines.push(`${file} is no Palace database (it has no Palace tables and migrations)`);
    return lines;
  }
  const { games, finished, accounts } = check.counts;
  const known = migrationNames();
  const last = check.migrations.at(-1) ?? '';
  const behind = known.filter((name) => !check.migrations.includes(name)).length;
  lines.push(
    `Palace database, ${size(check.bytes)}: ${games} games (${finished} finished), ${accounts} accounts; schema ${last}` +
      (behind > 0 ? ` (${behind} migrations behind this Palace: the server applies them at start)` : ''),
  );
  if (check.unknownMigrations.length > 0) {
    lines.push(
      `It was written by a newer Palace (migrations ${check.unknownMigrations.join(', ')} are unknown here): use that version`,
    );
  }
  return lines;
}

/**
 * `palace backup FILE`: copies `dataFile` to FILE with SQLite's backup API (safe while the server
 * runs and plays), checks the copy, and only then gives it its name (a failed copy leaves no FILE).
 * An existing FILE is refused unless `force`. 0 done, 1 failed.
 */
export async function backupDatabase(dataFile: string, target: string, force: boolean, io: FileIo): Promise<number> {
  const file = resolve(target);
  if (file === dataFile) {
    io.fail(`${file} is the server's database itself: name another file`);
    return 1;
  }
  if (!existsSync(dataFile)) {
    io.fail(`No database at ${dataFile} (set DATA_DIR to the server's data folder)`);
    return 1;
  }
  if (existsSync(file) && !force) {
    io.fail(`${file} exists already: name a new file, or pass --force to replace it`);
    return 1;
  }
  const temp = tempBeside(file, 'backup');
  try {
    const pages = await copySqlite(dataFile, temp);
    const check = checkSqlite(temp);
    const lines = checkLines(file, check);
    if (!usable(check)) {
      removeSqlite(temp);
      io.fail([`The copy of ${dataFile} failed its check, so no backup was written:`, ...lines].join('\n'));
      return 1;
    }
    // A replaced FILE's own -wal must not be read into the new one; the file itself is renamed over.
    for (const suffix of ['-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
    renameSync(temp, file);
    io.out([`Backed up ${dataFile} to ${file} (${pages} pages)`, ...lines].join('\n'));
    return 0;
  } catch (error) {
    removeSqlite(temp);
    io.fail(`The backup failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

/** `palace restore FILE --check`: checks FILE only. 0 a sound Palace database, 1 not. */
export function checkBackup(source: string, io: FileIo): number {
  const file = resolve(source);
  if (!existsSync(file)) {
    io.fail(`No file at ${file}`);
    return 1;
  }
  try {
    const check = checkSqlite(file);
    const lines = checkLines(file, check).join('\n');
    if (!usable(check)) {
      io.fail(`${lines}\n${file} cannot be restored`);
      return 1;
    }
    io.out(`${lines}\n${file} can be restored`);
    return 0;
  } catch (error) {
    io.fail(`${file} could not be checked: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

/** A time for a file name: `2026-05-01T10-20-30Z`. */
function stamp(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
}

/**
 * `palace restore FILE`: refused while a server runs on `dataFile` (its lock is held; this command
 * holds it too while it works, so no server starts meanwhile); copies FILE beside the database
 * through SQLite, checks the copy (integrity, a Palace database, not from a newer Palace), then
 * renames it into place. The database it replaces is kept as `palace.db.replaced-{time}` (with its
 * `-wal`). 0 done, 1 refused or failed.
 */
export async function restoreDatabase(dataFile: string, source: string, io: FileIo, now = new Date()): Promise<number> {
  const file = resolve(source);
  if (file === dataFile) {
    io.fail(`${file} is the server's database itself: name a backup file`);
    return 1;
  }
  if (!existsSync(file)) {
    io.fail(`No file at ${file}`);
    return 1;
  }
  const lock = lockSqlite(dataFile);
  if (lock === null) {
    io.fail(`A Palace server is running on ${dataFile} (${lockFileOf(dataFile)} is held): stop it, then restore`);
    return 1;
  }
  const temp = tempBeside(dataFile, 'restore');
  const unchanged = `${file} was not restored; ${dataFile} is unchanged`;
  try {
    let lines: string[];
    try {
      await copySqlite(file, temp);
      const check = checkSqlite(temp);
      lines = checkLines(file, check);
      if (!usable(check)) throw new Error(lines.join('\n'));
    } catch (error) {
      removeSqlite(temp);
      io.fail(`${error instanceof Error ? error.message : String(error)}\n${unchanged}`);
      return 1;
    }
    const kept = `${dataFile}.replaced-${stamp(now)}`;
    try {
      const replaced = replaceSqlite(temp, dataFile, kept);
      const after =
        replaced === null ? 'there was no database before' : `the database it replaced is kept as ${replaced}`;
      io.out([...lines, `Restored ${file} into ${dataFile}; ${after}`].join('\n'));
      return 0;
    } catch (error) {
      // A rename failed (a full disk, permissions): say where each file is now.
      const message = error instanceof Error ? error.message : String(error);
      io.fail(
        `The restore failed while renaming: ${message}\nThe checked copy is ${temp}; the database it was to replace is ${existsSync(dataFile) ? dataFile : kept}`,
      );
      return 1;
    }
  } finally {
    lock.release();
  }
}
