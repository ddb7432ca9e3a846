import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RestGameState, RestPlayer, RestSeated } from '@palace/protocol';
import type { Clock, PresenceTimes } from '@palace/service';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildServer } from '../src/app.js';
import { ScryptHasher } from '../src/passwords.js';
import type { AbuseLimits } from '../src/security.js';

/** A real server on a loopback port with its own SQLite file, talked to over HTTP only. */
export interface TestServer {
  readonly app: FastifyInstance;
  /** `http://127.0.0.1:{port}` */
  readonly base: string;
  /** The server's SQLite file (tests read it to check what the server stored). */
  readonly dataFile: string;
  /** Closes the server (timers, database) and removes its temporary directories. */
  close(): Promise<void>;
  /** Runs the simple websocket rooms' inactivity sweep now (by `roomClock`); answers how many rooms closed. */
  closeIdleRooms(): Promise<number>;
}

export interface ServerOptions {
  /** Written as `index.html` into the web directory before the build. */
  readonly indexHtml?: string;
  /** Serve this built web client instead (the browser tests pass apps/web/dist). */
  readonly webDir?: string;
  /** The AI's delay before it acts; 5 ms unless told. */
  readonly aiDelayMs?: number;
  /** A human seat's turn clock in ms (the server plays the seat when it runs out); the default 60 s unless told. */
  readonly turnMs?: number;
  /** Invite codes seeded at start (default INVITE-1 … INVITE-20), each good for `inviteUses` (1). */
  readonly inviteCodes?: readonly string[];
  readonly inviteUses?: number;
  /** The production scrypt cost instead of the cheap test cost. */
  readonly realPasswordCost?: boolean;
  /**
   * Use this SQLite file (for example an earlier server's `dataFile`, to test a restart); it is
   * left in place on close. Default: a fresh file in a temporary directory, removed on close.
   */
  readonly dataFile?: string;
  /** The clock of the simple websocket rooms' inactivity (advance it, then `closeIdleRooms`); default the wall clock. */
  readonly roomClock?: Clock;
  /** The clock the daily deal's days are read by (advance it a day to reveal a seed); default the wall clock. */
  readonly dailyClock?: Clock;
  /**
   * Abuse-limit overrides. By default the per-address limits (sign-in, game creation) are raised
   * out of reach, since every test request comes from 127.0.0.1; the rest are production's.
   */
  readonly limits?: Partial<AbuseLimits>;
  /** Extra allowed origins (`ALLOWED_ORIGINS`). */
  readonly allowedOrigins?: readonly string[];
  /**
   * Storage on this PostgreSQL database (`DATABASE_URL`) instead of a SQLite file; two servers
   * given the same URL are two nodes of one cluster. The database is left in place on close.
   */
  readonly databaseUrl?: string;
  /** This node's name (`NODE_ID`); default made up at start. */
  readonly nodeId?: string;
  /** `TRUST_PROXY`: whose `X-Forwarded-For` is believed (tests that act from many addresses name 127.0.0.1). */
  readonly trustProxy?: readonly string[] | number;
  /**
   * Deal every game from `{dealSeed}-1`, `{dealSeed}-2`, … in the order the games are made, instead
   * of a random seed: the same deals, so the same game lengths, on every run (the browser suites).
   */
  readonly dealSeed?: string;
  /** The main game's presence times (a dropped player's grace, a waiting seat's limit), shortened. */
  readonly presence?: PresenceTimes;
}

/** The per-address limits every test server starts with unless told otherwise. */
const TEST_LIMITS: Partial<AbuseLimits> = { authPerMinute: 100_000, gamesPerMinute: 100_000, guestsPerMinute: 100_000 };

/** Invite codes every test server starts with unless told otherwise. */
/** Seeds `{prefix}-1`, `{prefix}-2`, … one per call. */
function counterSeeds(prefix: string): () => string {
  let n = 0;
  return () => `${prefix}-${++n}`;
}

export const TEST_INVITES: readonly string[] = Array.from({ length: 20 }, (_, i) => `INVITE-${i + 1}`);

/** Starts a server. */
export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'palace-server-data-'));
  const webDir = await mkdtemp(join(tmpdir(), 'palace-server-web-'));
  if (options.indexHtml !== undefined) await writeFile(join(webDir, 'index.html'), options.indexHtml);
  const removeDirs = async (): Promise<void> => {
    await rm(dataDir, { recursive: true, force: true });
    await rm(webDir, { recursive: true, force: true });
  };
  const dataFile = options.dataFile ?? join(dataDir, 'palace.db');
  try {
    const { app, closeIdleRooms } = await buildServer({
      port: 0,
      host: '127.0.0.1',
      dataFile,
      logLevel: 'silent',
      webDir: options.webDir ?? webDir,
      aiDelayMs: options.aiDelayMs ?? 5,
      // A review of a few sampled worlds a decision: the tests check the job and its answers, not the estimates.
      reviewWorlds: 6,
      ...(options.turnMs === undefined ? {} : { turnMs: options.turnMs }),
      inviteCodes: options.inviteCodes ?? TEST_INVITES,
      inviteUses: options.inviteUses ?? 1,
      supportEmail: 'support@palace.test',
      poweredByUrl: '/api/docs',
      // A cheap scrypt cost keeps registration fast in tests; the production cost has its own test.
      ...(options.realPasswordCost === true ? {} : { hasher: new ScryptHasher({ N: 2 ** 10, r: 8, p: 1 }) }),
      ...(options.roomClock === undefined ? {} : { roomClock: options.roomClock }),
      ...(options.dailyClock === undefined ? {} : { dailyClock: options.dailyClock }),
      limits: { ...TEST_LIMITS, ...options.limits },
      ...(options.allowedOrigins === undefined ? {} : { allowedOrigins: options.allowedOrigins }),
      ...(options.databaseUrl === undefined ? {} : { databaseUrl: options.databaseUrl }),
      ...(options.nodeId === undefined ? {} : { nodeId: options.nodeId }),
      ...(options.trustProxy === undefined ? {} : { trustProxy: options.trustProxy }),
      ...(options.dealSeed === undefined ? {} : { dealSeeds: counterSeeds(options.dealSeed) }),
      ...(options.presence === undefined ? {} : { presenceTimes: options.presence }),
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
    } catch (error) {
      await app.close();
      throw error;
    }
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('the server has no TCP address');
    const server: TestServer = {
      app,
      base: `http://127.0.0.1:${address.port}`,
      dataFile,
      closeIdleRooms,
      close: async () => {
        await app.close();
        await removeDirs();
      },
    };
    return server;
  } catch (error) {
    await removeDirs();
    throw error;
  }
}

/** A response: its status, its parsed JSON body (undefined when empty) and its raw text. */
export interface Answer<T = unknown> {
  readonly status: number;
  readonly body: T;
  readonly text: string;
  readonly headers: Headers;
}

async function answer<T>(response: Response): Promise<Answer<T>> {
  const text = await response.text();
  let body: unknown;
  if (text !== '' && (response.headers.get('content-type') ?? '').includes('application/json')) {
    body = JSON.parse(text);
  }
  return { status: response.status, body: body as T, text, headers: response.headers };
}

/** A thin HTTP client for the REST game. */
export class Client {
  constructor(readonly base: string) {}

  async get<T = unknown>(path: string, headers: Record<string, string> = {}): Promise<Answer<T>> {
    return answer<T>(await fetch(`${this.base}${path}`, { headers }));
  }

  /** POSTs `body` as JSON (a string is sent as is, for malformed bodies), with any extra `headers`. */
  async post<T = unknown>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
    return answer<T>(
      await fetch(`${this.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );
  }

  create(body: Record<string, unknown>): Promise<Answer<RestSeated>> {
    return this.post<RestSeated>('/api/rest-games', body);
  }

  join(gameId: string, body: Record<string, unknown>): Promise<Answer<RestSeated>> {
    return this.post<RestSeated>(`/api/rest-games/${gameId}/join`, body);
  }

  /** POST `/api/rest-games/{gameId}/{action}` (ready, start, ai, pickup, play, chat). */
  act(gameId: string, action: string, body: Record<string, unknown>): Promise<Answer<RestGameState>> {
    return this.post<RestGameState>(`/api/rest-games/${gameId}/${action}`, body);
  }

  /** GET the state as `playerId` sees it (as a stranger without one). */
  view(gameId: string, playerId?: string): Promise<Answer<RestGameState>> {
    const query = playerId === undefined ? '' : `?playerId=${encodeURIComponent(playerId)}`;
    return this.get<RestGameState>(`/api/rest-games/${gameId}${query}`);
  }

  poll(
    gameId: string,
    playerId: string | undefined,
    lastUpdate: number,
  ): Promise<Answer<{ gameState: RestGameState; lastUpdate: number } | undefined>> {
    const who = playerId === undefined ? '' : `playerId=${encodeURIComponent(playerId)}&`;
    return this.get(`/api/rest-games/${gameId}/poll?${who}lastUpdate=${lastUpdate}`);
  }

  /** The state, failing loudly when the GET is refused. */
  async state(gameId: string, playerId?: string): Promise<RestGameState> {
    const got = await this.view(gameId, playerId);
    if (got.status !== 200) throw new Error(`GET ${gameId} answered ${got.status}: ${got.text}`);
    return got.body;
  }

  /** Creates or joins, failing loudly when refused. */
  async seated(answered: Promise<Answer<RestSeated>>): Promise<RestSeated> {
    const got = await answered;
    if (got.status !== 200) throw new Error(`seat refused with ${got.status}: ${got.text}`);
    return got.body;
  }

  /** Acts, failing loudly when refused. */
  async done(gameId: string, action: string, body: Record<string, unknown>): Promise<RestGameState> {
    const got = await this.act(gameId, action, body);
    if (got.status !== 200) throw new Error(`${action} answered ${got.status}: ${got.text}`);
    return got.body;
  }
}

/** All cards a state accounts for: every seat's hand, face-up and face-down cards, the pile and the deck. */
export function cardsInPlay(state: RestGameState): number {
  const seats = state.players.reduce((sum, p) => sum + p.handCount + p.faceUp.length + p.faceDownCount, 0);
  return seats + state.pileCount + state.deckCount;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A server started by `useServer`, with a client talking to it. */
export interface Served {
  readonly server: TestServer;
  readonly c: Client;
}

/**
 * Starts one server before the tests of the enclosing `describe` (or file) and closes it after them.
 * The returned getter gives the server and its client; call it inside a test.
 */
export function useServer(options: ServerOptions = {}): () => Served {
  let served: Served | undefined;
  // A server starts in well under a second on an idle machine; a loaded CI machine gets a minute.
  beforeAll(async () => {
    const server = await startServer(options);
    served = { server, c: new Client(server.base) };
  }, 60_000);
  afterAll(async () => {
    await served?.server.close();
  }, 60_000);
  return () => {
    if (served === undefined) throw new Error('useServer: the server runs only while the tests do');
    return served;
  };
}

/** A refusal: exactly `{ error: string }` as JSON with the given status (and message, when given). */
export function expectError(got: Answer, status: number, message?: string): void {
  expect(got.status, `${got.status} ${got.text}`).toBe(status);
  expect(got.headers.get('content-type') ?? '').toContain('application/json');
  expect(got.body).toBeTypeOf('object');
  expect(Object.keys(got.body as object)).toEqual(['error']);
  const { error } = got.body as { error: unknown };
  expect(error).toBeTypeOf('string');
  expect((error as string).length).toBeGreaterThan(0);
  if (message !== undefined) expect(error).toBe(message);
}

/** The viewer's own seat: the one carrying the viewer's credential. */
export function own(state: RestGameState, playerId: string): RestPlayer {
  const seat = state.players.find((p) => p.id === playerId);
  if (seat === undefined) throw new Error('the viewer has no seat carrying its credential');
  return seat;
}

/** Another player's seat, found by name (its `id` is the public seat id). */
export function seatNamed(state: RestGameState, name: string): RestPlayer {
  const seat = state.players.find((p) => p.name === name);
  if (seat === undefined) throw new Error(`no seat named ${name}`);
  return seat;
}

/** A credential no server ever handed out. */
export const unknownCredential = (): string => randomBytes(24).toString('base64url');

/** Plays a started REST game to its end over HTTP: each human plays its first playable card or picks up. */
export async function restToEnd(c: Client, gameId: string, humans: readonly RestSeated[]): Promise<RestGameState> {
  for (let i = 0; i < 5000; i++) {
    for (const human of humans) {
      const state = await c.state(gameId, human.playerId);
      if (state.status === 'finished') return state;
      if (state.currentTurn !== human.playerId) continue;
      const [cardId] = state.playableCards;
      if (cardId === undefined) await c.done(gameId, 'pickup', { playerId: human.playerId });
      else await c.done(gameId, 'play', { playerId: human.playerId, cardId });
    }
    await sleep(2);
  }
  throw new Error('the REST game did not end');
}

/** Ann alone (the start seats AI Player 1) plays her first playable card or picks up until the game is over. */
export async function finishedRestGame(c: Client): Promise<{ seated: RestSeated; final: RestGameState }> {
  const seated = await c.seated(c.create({ playerName: 'Ann', variant: 'classic' }));
  await c.done(seated.gameId, 'ready', { playerId: seated.playerId });
  await c.done(seated.gameId, 'start', { playerId: seated.playerId });
  return { seated, final: await restToEnd(c, seated.gameId, [seated]) };
}

/** Alice creates, Bob joins; with `start` both say ready and Alice starts. */
export async function twoPlayers(
  c: Client,
  options: { readonly start?: boolean; readonly variant?: string } = {},
): Promise<{ gameId: string; alice: RestSeated; bob: RestSeated }> {
  const alice = await c.seated(c.create({ playerName: 'Alice', variant: options.variant ?? 'classic' }));
  const bob = await c.seated(c.join(alice.gameId, { playerName: 'Bob' }));
  if (options.start === true) {
    await c.done(alice.gameId, 'ready', { playerId: alice.playerId });
    await c.done(alice.gameId, 'ready', { playerId: bob.playerId });
    const started = await c.done(alice.gameId, 'start', { playerId: alice.playerId });
    expect(started.status).toBe('playing');
  }
  return { gameId: alice.gameId, alice, bob };
}
