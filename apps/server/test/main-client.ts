import type { ServerMessage, UserBody } from '@palace/protocol';
import WebSocket from 'ws';
import { FRAME_TIMEOUT_MS, FrameSocket, openSocket } from './frame-socket.js';

/** Helpers for the main game: a cookie-jar HTTP client, a websocket client and a game driver. */

/** The session cookie's name (adapters/http session.ts). */
export const SESSION_COOKIE = 'palace_session';

/** An HTTP answer: status, parsed JSON body (undefined when not JSON), raw text and headers. */
export interface Reply<T = unknown> {
  readonly status: number;
  readonly body: T;
  readonly text: string;
  readonly headers: Headers;
}

export interface RegisterInput {
  readonly username: string;
  readonly email?: string;
  readonly password?: string;
  readonly confirmPassword?: string;
  readonly avatar?: string;
  readonly inviteCode?: string;
}

export const PASSWORD = 'secret-password';

/**
 * A browser's worth of HTTP: keeps the `palace_session` cookie the server sets (and drops it when
 * the server clears it) and sends it with every request.
 */
export class Jar {
  /** The session token, or undefined when signed out. */
  session: string | undefined;

  constructor(readonly base: string) {}

  /** The Cookie header this jar sends (empty object without a session). */
  cookieHeader(): Record<string, string> {
    return this.session === undefined ? {} : { cookie: `${SESSION_COOKIE}=${this.session}` };
  }

  async request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const init: RequestInit = { method, headers: { ...this.cookieHeader(), ...headers } };
    if (body !== undefined) {
      init.headers = { ...init.headers, 'content-type': 'application/json' };
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const response = await fetch(`${this.base}${path}`, init);
    this.keep(response.headers);
    const text = await response.text();
    let parsed: unknown;
    if (text !== '' && (response.headers.get('content-type') ?? '').includes('application/json')) {
      parsed = JSON.parse(text);
    }
    return { status: response.status, body: parsed as T, text, headers: response.headers };
  }

  get<T = unknown>(path: string, headers: Record<string, string> = {}): Promise<Reply<T>> {
    return this.request<T>('GET', path, undefined, headers);
  }

  post<T = unknown>(path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply<T>> {
    return this.request<T>('POST', path, body, headers);
  }

  del<T = unknown>(path: string): Promise<Reply<T>> {
    return this.request<T>('DELETE', path);
  }

  register(input: RegisterInput, headers: Record<string, string> = {}): Promise<Reply<UserBody>> {
    return this.post<UserBody>(
      '/api/auth/register',
      {
        email: `${input.username.toLowerCase()}@example.com`,
        password: PASSWORD,
        confirmPassword: input.password ?? PASSWORD,
        ...input,
      },
      headers,
    );
  }

  login(username: string, password = PASSWORD): Promise<Reply<UserBody>> {
    return this.post<UserBody>('/api/auth/login', { username, password });
  }

  /** Guest login; `body` undefined sends no body at all (as the landing card does). */
  guestLogin(body?: unknown): Promise<Reply<UserBody>> {
    return this.post<UserBody>('/api/auth/guest-login', body);
  }

  logout(): Promise<Reply<{ success: true; message: string }>> {
    return this.post('/api/auth/logout');
  }

  async balance(): Promise<number> {
    const got = await this.get<{ balance: number }>('/api/tokens/balance');
    if (got.status !== 200) throw new Error(`balance answered ${got.status}: ${got.text}`);
    return got.body.balance;
  }

  /** Token movements, newest first. */
  async history(): Promise<HistoryLine[]> {
    const got = await this.get<HistoryLine[]>('/api/tokens/history');
    if (got.status !== 200) throw new Error(`history answered ${got.status}: ${got.text}`);
    return got.body;
  }

  private keep(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      if (pair.slice(0, at) !== SESSION_COOKIE) continue;
      const value = decodeURIComponent(pair.slice(at + 1));
      const expired = attributes.some((a) => {
        const [name = '', v = ''] = a.split('=');
        if (name.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (name.toLowerCase() === 'expires') return Date.parse(v) <= Date.now();
        return false;
      });
      this.session = value === '' || expired ? undefined : value;
    }
  }
}

export interface HistoryLine {
  readonly id: number;
  readonly kind: 'gift' | 'fee' | 'refund' | 'prize' | 'claim';
  readonly amount: number;
  readonly gameId: number | null;
  readonly timestamp: string;
}

/** Fails loudly unless the answer is a 200. */
export function ok200<T>(got: Reply<T>, what = 'request'): T {
  if (got.status !== 200) throw new Error(`${what} answered ${got.status}: ${got.text}`);
  return got.body;
}

let names = 0;
/** A fresh username (unique in this process, at most 30 characters). */
export function uniqueName(prefix: string): string {
  names += 1;
  return `${prefix}${names}${Math.random().toString(36).slice(2, 6)}`.slice(0, 30);
}

/** A signed-in jar and its user. */
export interface Player {
  readonly jar: Jar;
  readonly user: UserBody;
}

/** Registers a fresh account with `inviteCode`, failing loudly when refused. */
export async function registered(base: string, inviteCode: string, prefix = 'player', jar?: Jar): Promise<Player> {
  const own = jar ?? new Jar(base);
  const user = ok200(await own.register({ username: uniqueName(prefix), inviteCode }), 'register');
  return { jar: own, user };
}

/** Signs a fresh jar in as a guest. */
export async function guest(base: string): Promise<Player> {
  const jar = new Jar(base);
  const user = ok200(await jar.guestLogin(), 'guest login');
  return { jar, user };
}

/** Hands out the seeded invite codes of one server, one each, in order. */
export class Invites {
  private used = 0;
  constructor(private readonly codes: readonly string[]) {}
  next(): string {
    const code = this.codes[this.used];
    if (code === undefined) throw new Error('out of invite codes');
    this.used += 1;
    return code;
  }
}

/** Any frame the server sends. */
export type Frame = ServerMessage;
export type FrameOf<K extends Frame['type']> = Extract<Frame, { type: K }>;

/** The `ws://` address of `/ws` for an `http://` base. */
export function socketUrl(base: string): string {
  return `${base.replace(/^http/, 'ws')}/ws`;
}

/** One websocket to `/ws` (see `FrameSocket`). */
export class SocketClient extends FrameSocket<Frame> {
  private constructor(socket: WebSocket) {
    super(socket, (f) => (f.type === 'game_error' ? f.message : null));
  }

  /** Opens a socket with the jar's cookie (or none); rejects when the upgrade is refused. */
  static async open(base: string, jar?: Jar, headers: Record<string, string> = {}): Promise<SocketClient> {
    return openSocket(socketUrl(base), { ...(jar?.cookieHeader() ?? {}), ...headers }, (s) => new SocketClient(s));
  }

  /** Opens a socket and waits for `connection_established`. */
  static async connect(base: string, jar?: Jar): Promise<SocketClient> {
    const client = await SocketClient.open(base, jar);
    await client.next('connection_established');
    return client;
  }

  /** Sends a message and answers the next `game_error`. */
  async refused(message: unknown): Promise<FrameOf<'game_error'>> {
    this.send(message);
    return this.next('game_error');
  }
}

/** The status an upgrade to `path` (default `/ws`) is refused with (or 101 when it is accepted, then closed). */
export function upgradeStatus(base: string, headers: Record<string, string>, path = '/ws'): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}${path}`, { headers });
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

export { FRAME_TIMEOUT_MS };
