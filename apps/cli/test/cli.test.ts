import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { KyselyAccountsStore, openSqlite } from '@palace/adapter-storage';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../src/main.js';

const exec = promisify(execFile);
const BIN = new URL('../bin/palace.mjs', import.meta.url).pathname;

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'palace-cli-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function runCli(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(
    argv,
    { DATA_DIR: dir },
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function register(code: string, n: number) {
  const db = await openSqlite(join(dir, 'palace.db'));
  try {
    return await new KyselyAccountsStore(db).register({
      username: `user${n}`,
      email: `user${n}@example.com`,
      passwordHash: 'x',
      avatar: '',
      inviteCode: code,
      gift: 100,
      at: 1,
    });
  } finally {
    await db.destroy();
  }
}

describe('palace invite create', () => {
  it('cli - prints a new code that registers exactly --uses accounts', async () => {
    const { code, out } = await runCli(['invite', 'create', '--uses', '2']);
    expect(code).toBe(0);
    expect(out).toMatch(/^[A-Z2-9]{10}$/);
    expect((await register(out, 1)).ok).toBe(true);
    expect((await register(out, 2)).ok).toBe(true);
    expect(await register(out, 3)).toEqual({ ok: false, error: 'auth/invite_required' });
  });

  it('cli - a code without --uses is good for one registration', async () => {
    const { out } = await runCli(['invite', 'create']);
    expect((await register(out, 1)).ok).toBe(true);
    expect((await register(out, 2)).ok).toBe(false);
  });

  it('cli - refuses a bad --uses and unknown commands with exit code 2 and the usage', async () => {
    expect(await runCli(['invite', 'create', '--uses', '0'])).toMatchObject({ code: 2, out: '' });
    expect(await runCli(['invite', 'create', '--uses', 'many'])).toMatchObject({ code: 2 });
    expect(await runCli(['invite', 'create', '--use', '2'])).toMatchObject({ code: 2 });
    const unknown = await runCli(['invite', 'delete']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('Usage:');
    expect((await runCli(['--help'])).out).toContain('palace invite create [--uses N]');
  });

  it('cli - the installed bin runs as a process against DATA_DIR', async () => {
    const { stdout } = await exec(process.execPath, [BIN, 'invite', 'create', '--uses', '5'], {
      env: { ...process.env, DATA_DIR: dir },
    });
    const code = stdout.trim();
    expect(code).toMatch(/^[A-Z2-9]{10}$/);
    expect((await register(code, 1)).ok).toBe(true);
  });
});
