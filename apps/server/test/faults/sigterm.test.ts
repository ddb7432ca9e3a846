import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guest, SocketClient } from '../main-client.js';
import { freshRoom, SimpleSocket } from '../simple-socket-client.js';
import { type Dirs, type ServerProcess, serverBundle, spawnServer, tempDirs } from './process.js';

/** Close codes a socket may see on a graceful shutdown: going away, service restart. */
const SHUTDOWN_CODES = [1001, 1012];
/** Registrations in flight at the signal (the production scrypt cost: each takes a few hundred ms). */
const REGISTRATIONS = 4;
/** REST game creations and lobby reads in flight at the signal. */
const QUICK_REQUESTS = 12;
const INVITE = 'SIGTERM-INVITE';

let dirs: Dirs;
let server: ServerProcess | undefined;

beforeAll(() => {
  dirs = tempDirs('palace-sigterm');
}, 120_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  dirs.remove();
});

/** How one HTTP request ended: a complete answer (status and the whole body, parsed) or an error. */
type Outcome =
  | { readonly ok: true; readonly status: number; readonly body: unknown; readonly at: number }
  | { readonly ok: false; readonly error: string; readonly at: number };

async function settle(request: Promise<Response>): Promise<Outcome> {
  try {
    const response = await request;
    const text = await response.text();
    return { ok: true, status: response.status, body: JSON.parse(text), at: Date.now() };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return { ok: false, error: `${String(error)}${cause}`, at: Date.now() };
  }
}

/** How many requests the server has routed so far (Fastify logs each as "incoming request"). */
function routed(output: string): number {
  return output.split('"msg":"incoming request"').length - 1;
}

async function until(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('server process - SIGTERM', () => {
  it('shutdown - answers every request in flight, closes every socket with 1001/1012 and exits 0', async () => {
    const running = await spawnServer(serverBundle(), {
      dirs,
      env: { AI_DELAY_MS: '20', PALACE_INVITE_CODES: INVITE, PALACE_INVITE_USES: '100' },
    });
    server = running;
    const { base } = running;

    // Sockets: a guest in a main game over /ws, a second /ws guest in the lobby, two players in a
    // simple websocket room.
    const host = await guest(base);
    const hostSocket = await SocketClient.connect(base, host.jar);
    hostSocket.send({ type: 'create_game', game: { name: 'Shutdown table', playerLimit: 2 } });
    await hostSocket.next('game_state');
    const lobbySocket = await SocketClient.connect(base, (await guest(base)).jar);
    const room = freshRoom();
    const ann = await SimpleSocket.connect(base);
    await ann.join(room, 'Ann');
    const bob = await SimpleSocket.connect(base);
    await bob.join(room, 'Bob');
    const sockets = [hostSocket, lobbySocket, ann, bob];

    // Requests in flight: slow registrations (scrypt) and quick game creations and lobby reads,
    // each on its own connection. The signal goes out once the server has routed all of them.
    const before = routed(running.output());
    const requests: Array<Promise<Outcome>> = [];
    for (let i = 0; i < REGISTRATIONS; i++) {
      const username = `term${i}x${Date.now() % 100_000}`;
      requests.push(
        settle(
          post(base, '/api/auth/register', {
            username,
            email: `${username}@example.com`,
            password: 'secret-password',
            inviteCode: INVITE,
          }),
        ),
      );
    }
    for (let i = 0; i < QUICK_REQUESTS; i++) {
      requests.push(
        settle(
          i % 2 === 0
            ? post(base, '/api/rest-games', { playerName: `P${i}`, isPublic: false })
            : fetch(`${base}/api/rest-games/lobby`),
        ),
      );
    }
    await until(() => routed(running.output()) - before >= requests.length, 'every request to be routed');
    const signalledAt = Date.now();
    const exit = await running.stop('SIGTERM');
    const exitMs = Date.now() - signalledAt;
    const outcomes = await Promise.all(requests);
    const closes = await Promise.all(sockets.map((s) => s.closed));
    console.log(
      `sigterm: ${requests.length} requests in flight, ${outcomes.filter((o) => o.at > signalledAt).length} answered ` +
        `after the signal; close codes ${closes.map((c) => c.code).join(', ')}; exit ${exit.code} after ${exitMs} ms`,
    );

    const failed = outcomes.filter((o) => !o.ok);
    expect(failed, JSON.stringify(failed)).toEqual([]);
    const statuses = outcomes.map((o) => (o.ok ? o.status : 0));
    // Every request was routed before the signal, so none is turned away with a 503.
    expect(statuses.every((s) => s === 200)).toBe(true);
    // The slow ones were still running when the signal came: the drain is really exercised.
    expect(outcomes.filter((o) => o.at > signalledAt).length).toBeGreaterThan(0);
    for (const close of closes) {
      expect(SHUTDOWN_CODES, JSON.stringify(close)).toContain(close.code);
      expect(close.reason).not.toBe('');
    }
    expect(exit).toEqual({ code: 0, signal: null });
    expect(running.output()).toContain('shutting down');
  }, 90_000);
});

function post(base: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}
