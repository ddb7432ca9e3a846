import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RestGameState, RestSeated } from '@palace/protocol';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../src/app.js';

/** A real server on a loopback port with its own SQLite file, talked to over HTTP only. */
export interface TestServer {
  readonly app: FastifyInstance;
  /** `http://127.0.0.1:{port}` */
  readonly base: string;
  /** Closes the server (timers, database) and removes its temporary directories. */
  close(): Promise<void>;
}

/** Starts a server. `indexHtml`: written as `index.html` into the web directory before the build. */
export async function startServer(
  options: { readonly indexHtml?: string; readonly aiDelayMs?: number } = {},
): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'palace-server-data-'));
  const webDir = await mkdtemp(join(tmpdir(), 'palace-server-web-'));
  if (options.indexHtml !== undefined) await writeFile(join(webDir, 'index.html'), options.indexHtml);
  const removeDirs = async (): Promise<void> => {
    await rm(dataDir, { recursive: true, force: true });
    await rm(webDir, { recursive: true, force: true });
  };
  try {
    const { app } = await buildServer({
      port: 0,
      host: '127.0.0.1',
      dataFile: join(dataDir, 'palace.db'),
      logLevel: 'silent',
      webDir,
      aiDelayMs: options.aiDelayMs ?? 5,
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

  /** POSTs `body` as JSON (a string is sent as is, for malformed bodies). */
  async post<T = unknown>(path: string, body: unknown): Promise<Answer<T>> {
    return answer<T>(
      await fetch(`${this.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
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
