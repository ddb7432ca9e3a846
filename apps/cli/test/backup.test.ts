import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KyselyAccountsStore, lockFileOf, lockSqlite, openSqlite } from '@palace/adapter-storage';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../src/main.js';

let dir = '';
let dataFile = '';
const children: ChildProcess[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'palace-cli-backup-'));
  dataFile = join(dir, 'data', 'palace.db');
});
afterEach(async () => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

async function palace(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(
    argv,
    { DATA_DIR: join(dir, 'data') },
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Creates the server's database with `codes` invite codes (the data the checks look for). */
async function database(file: string, codes: readonly string[]): Promise<void> {
  const db = await openSqlite(file);
  try {
    for (const code of codes) await new KyselyAccountsStore(db).addInvite(code, 1, 0);
  } finally {
    await db.destroy();
  }
}

/** The invite codes stored in the database `file` (opened plainly, read-only). */
function codesIn(file: string): string[] {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare('select code from invite_codes order by code')
      .pluck()
      .all()
      .map((c) => String(c));
  } finally {
    db.close();
  }
}

describe('palace backup', () => {
  it('backup - copies the database while another connection holds it open with pages in its WAL; one checked, self-contained file', async () => {
    await database(dataFile, ['A', 'B']);
    // A server's connection: its last commit is still in palace.db-wal, not yet in palace.db.
    const live = new SQLite(dataFile);
    live.pragma('wal_autocheckpoint = 0');
    live.prepare("insert into invite_codes (code, uses_left, created_at) values ('IN-WAL', 1, 0)").run();
    expect(existsSync(`${dataFile}-wal`)).toBe(true);
    const target = join(dir, 'backup.db');
    try {
      const done = await palace(['backup', target]);
      expect(done).toMatchObject({ code: 0, err: '' });
      expect(done.out).toContain(`Backed up ${dataFile} to ${target}`);
      expect(done.out).toContain('integrity_check: ok');
      expect(done.out).toMatch(/Palace database, [\d.]+ KB: 0 games \(0 finished\), 0 accounts; schema 0\d+_/);
    } finally {
      live.close();
    }
    expect(codesIn(target)).toEqual(['A', 'B', 'IN-WAL']);
    // One file: no -wal or -shm beside it, and in rollback-journal mode, so copying it alone is safe.
    expect(readdirSync(dir).sort()).toEqual(['backup.db', 'data']);
    const header = readFileSync(target);
    expect([header[18], header[19]]).toEqual([1, 1]);
  });

  it('backup - refuses an existing file unless --force, a missing database, and a bad command line', async () => {
    await database(dataFile, ['A']);
    const target = join(dir, 'backup.db');
    writeFileSync(target, 'keep me');
    const refused = await palace(['backup', target]);
    expect(refused).toMatchObject({ code: 1, out: '' });
    expect(refused.err).toContain('exists already');
    expect(readFileSync(target, 'utf8')).toBe('keep me');
    expect((await palace(['backup', target, '--force'])).code).toBe(0);
    expect(codesIn(target)).toEqual(['A']);

    expect((await palace(['backup', dataFile])).code).toBe(1);
    expect((await palace(['backup'])).code).toBe(2);
    expect((await palace(['backup', 'a.db', 'b.db'])).code).toBe(2);
    await rm(dataFile);
    const none = await palace(['backup', join(dir, 'other.db')]);
    expect(none.code).toBe(1);
    expect(none.err).toContain(`No database at ${dataFile}`);
    expect(existsSync(join(dir, 'other.db'))).toBe(false);
    expect((await palace(['--help'])).out).toContain('palace backup FILE [--force]');
    // A server on PostgreSQL keeps nothing in the SQLite file: pg_dump is the tool.
    const env = { DATA_DIR: join(dir, 'data'), DATABASE_URL: 'postgres://palace@db/palace' };
    const errors: string[] = [];
    for (const argv of [
      ['backup', join(dir, 'pg.db')],
      ['restore', join(dir, 'pg.db')],
    ]) {
      expect(
        await run(
          argv,
          env,
          () => undefined,
          (l) => errors.push(l),
        ),
      ).toBe(1);
    }
    expect(errors).toEqual(
      Array(2).fill(
        'DATABASE_URL is set: the data is in PostgreSQL. Use pg_dump and pg_restore (docs/deploy.md "Backups")',
      ),
    );
  });
});

describe('palace restore', () => {
  it('restore - puts the backup in place, moves the old database and its WAL aside, and a server can open it', async () => {
    await database(dataFile, ['OLD']);
    const backup = join(dir, 'backup.db');
    expect((await palace(['backup', backup])).code).toBe(0);
    // Later changes, the last still in the WAL when the restore comes (as after a crash).
    const later = new SQLite(dataFile);
    later.pragma('wal_autocheckpoint = 0');
    later.prepare("insert into invite_codes (code, uses_left, created_at) values ('LATER', 1, 0)").run();
    expect(existsSync(`${dataFile}-wal`)).toBe(true);
    // Closing a connection checkpoints the WAL; a crashed server's is left: keep a copy as it was.
    const wal = readFileSync(`${dataFile}-wal`);
    later.close();
    writeFileSync(`${dataFile}-wal`, wal);

    const done = await palace(['restore', backup]);
    expect(done.err).toBe('');
    expect(done.code).toBe(0);
    const kept = join(dir, 'data', 'palace.db.replaced-2');
    expect(done.out).toContain('integrity_check: ok');
    expect(done.out).toContain(`Restored ${backup} into ${dataFile}; the database it replaced is kept as ${kept}`);
    expect(codesIn(dataFile)).toEqual(['OLD']);
    const files = readdirSync(join(dir, 'data')).sort();
    const replaced = files.find((f) => f.startsWith('palace.db.replaced-') && !f.endsWith('-wal')) ?? '';
    expect(files).toEqual(['palace.db', 'palace.db.lock', replaced, `${replaced}-wal`]);
    // The replaced database kept its WAL: nothing committed in it is lost.
    expect(codesIn(join(dir, 'data', replaced))).toEqual(['LATER', 'OLD']);
    // The restored file is the server's database again: opened (and migrated) as the server opens it.
    const db = await openSqlite(dataFile);
    await db.destroy();
    expect(codesIn(dataFile)).toEqual(['OLD']);
  });

  it('restore - refused while a server holds the database, also one in another process; fine once that process is SIGKILLed', async () => {
    await database(dataFile, ['NOW']);
    const backup = join(dir, 'backup.db');
    await database(backup, ['BACKUP']);
    const lock = lockSqlite(dataFile);
    if (lock === null) throw new Error('the lock was held');
    try {
      const refused = await palace(['restore', backup]);
      expect(refused).toMatchObject({ code: 1, out: '' });
      expect(refused.err).toContain(`A Palace server is running on ${dataFile}`);
    } finally {
      lock.release();
    }
    // Another process holds it as a server does (an exclusive transaction on the lock file), then
    // dies without a word.
    const hold = `const db = new (require('better-sqlite3'))(${JSON.stringify(lockFileOf(dataFile))}, { timeout: 0 });
      db.exec('BEGIN EXCLUSIVE'); console.log('held'); setInterval(() => {}, 1000);`;
    const holder = spawn(process.execPath, ['-e', hold], {
      cwd: new URL('..', import.meta.url).pathname,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(holder);
    await new Promise<void>((resolve, reject) => {
      holder.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('held') && resolve());
      holder.once('exit', () => reject(new Error('the holder exited')));
    });
    expect((await palace(['restore', backup])).code).toBe(1);
    expect(codesIn(dataFile)).toEqual(['NOW']);
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    expect((await palace(['restore', backup])).code).toBe(0);
    expect(codesIn(dataFile)).toEqual(['BACKUP']);
  });

  it('restore - refuses a damaged file, a file that is no Palace database and one from a newer Palace; the database stays', async () => {
    await database(dataFile, ['NOW']);
    const good = join(dir, 'good.db');
    await database(good, ['GOOD']);
    const bytes = readFileSync(good);
    // A damaged copy: a page in the middle overwritten.
    const damaged = join(dir, 'damaged.db');
    const broken = Buffer.from(bytes);
    // The b-tree page headers of pages 2 to 8 (page 1 holds the schema): no valid page type any more.
    for (let page = 1; page < 8; page++) broken.fill(0x5a, 4096 * page, 4096 * page + 12);
    writeFileSync(damaged, broken);
    const notPalace = join(dir, 'other.db');
    const other = new SQLite(notPalace);
    other.exec('create table notes (text)');
    other.close();
    const newer = join(dir, 'newer.db');
    writeFileSync(newer, bytes);
    const future = new SQLite(newer);
    future.prepare("insert into kysely_migration (name, timestamp) values ('9999_future', 'x')").run();
    future.close();
    const text = join(dir, 'text.db');
    writeFileSync(text, 'not a database at all, just some text in a file that is long enough');

    for (const [file, says] of [
      [damaged, /integrity_check: (?!ok)/],
      [notPalace, /is no Palace database/],
      [newer, /newer Palace \(migrations 9999_future/],
      [text, /file is not a database/],
    ] as const) {
      const checked = await palace(['restore', file, '--check']);
      expect(checked.code, file).toBe(1);
      expect(checked.err).toMatch(says);
      const refused = await palace(['restore', file]);
      expect(refused.code, file).toBe(1);
      expect(refused.err).toContain(`was not restored; ${dataFile} is unchanged`);
    }
    // No copy left behind. (Before reading the database: a read-only reader leaves its -wal and -shm.)
    expect(readdirSync(join(dir, 'data')).sort()).toEqual(['palace.db', 'palace.db.lock']);
    expect(codesIn(dataFile)).toEqual(['NOW']);
    const fine = await palace(['restore', good, '--check']);
    expect(fine).toMatchObject({ code: 0, err: '' });
    expect(fine.out).toContain(`${good} can be restored`);
    expect((await palace(['restore', join(dir, 'missing.db')])).code).toBe(1);
    expect((await palace(['restore'])).code).toBe(2);
  });
});
