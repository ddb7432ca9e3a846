import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Dirs, serverBundle, tempDirs } from './faults/process.js';

/**
 * What `npm start` prints (issue 24): on a terminal (or LOG_FORMAT=pretty) the first lines say where
 * to open the game in plain words and requests read as one line each; piped (or LOG_FORMAT=json)
 * the log stays pino's JSON.
 */

let dirs: Dirs;
const children: ChildProcess[] = [];

beforeAll(() => {
  dirs = tempDirs('palace-ready');
});

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  dirs?.remove();
});

/** Starts the server with `env` and resolves with its stdout once `ready` appears in it. */
async function start(env: Record<string, string>, ready: RegExp): Promise<{ stdout: () => string }> {
  // One server at a time holds a data dir's lock (docs/deploy.md "Backups"): the last one goes first.
  for (const earlier of children) {
    if (earlier.exitCode !== null || earlier.signalCode !== null) continue;
    const gone = new Promise((resolve) => earlier.once('exit', resolve));
    earlier.kill('SIGKILL');
    await gone;
  }
  const child = spawn(process.execPath, [serverBundle()], {
    env: { ...process.env, DATA_DIR: dirs.dataDir, WEB_DIR: dirs.webDir, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const deadline = Date.now() + 30_000;
  while (!ready.test(stdout)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no ready line:\n${stdout}\n${stderr}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return { stdout: () => stdout };
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
}

describe('npm start - the ready line', () => {
  it('ready line - LOG_FORMAT=pretty: the first line is "Palace is ready at http://localhost:{real port}", requests one line each, no JSON', async () => {
    const server = await start({ LOG_FORMAT: 'pretty', PORT: '0', HOST: '0.0.0.0' }, /Palace is ready at .*\n/);
    const first =
      server
        .stdout()
        .split('\n')
        .find((line) => line.trim() !== '') ?? '';
    const match = /^Palace is ready at http:\/\/localhost:(\d+)$/.exec(first);
    expect(match, first).not.toBeNull();
    const port = Number(match?.[1]);
    expect(port).toBeGreaterThan(0);
    // The port printed is the one it listens on (PORT=0 let the system choose).
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/api/no-such-route`)).status).toBe(404);
    await until(() => server.stdout().includes('/api/no-such-route'));
    expect(server.stdout()).toMatch(/^\d\d:\d\d:\d\d GET \/api\/no-such-route 404 \d+ ms$/m);
    expect(server.stdout()).not.toMatch(/^\{/m);
    expect(server.stdout()).not.toContain('Server listening at');
  });

  it('ready line - piped with LOG_FORMAT unset: pino JSON lines, "Palace is ready" with its url', async () => {
    const server = await start({ PORT: '0', HOST: '127.0.0.1' }, /"msg":"Palace is ready"/);
    const lines = server
      .stdout()
      .split('\n')
      .filter((line) => line !== '');
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    const ready = lines
      .map((line) => JSON.parse(line) as { msg?: string; url?: string })
      .find((l) => l.msg === 'Palace is ready');
    expect(ready?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });
});
