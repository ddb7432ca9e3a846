import type { PublicActionAnswer, PublicGameState, PublicList, PublicSeated, PublicViewAnswer } from '@palace/protocol';
import { type Answer, sleep } from './harness.js';

/** Helpers for the public-games tests: one browser's worth of HTTP per player, with its cookies. */

interface Cookie {
  readonly name: string;
  readonly value: string;
  readonly path: string;
  readonly attributes: string;
}

/** Whether a cookie scoped to `cookiePath` goes with a request for `path` (RFC 6265 §5.1.4). */
function pathMatches(path: string, cookiePath: string): boolean {
  if (path === cookiePath) return true;
  if (!path.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || path[cookiePath.length] === '/';
}

/**
 * A browser talking to the public-games API: it keeps the cookies the server sets and sends each
 * only with requests under its path, as a browser does. `base` may change (a restarted server).
 */
export class Browser {
  private readonly cookies = new Map<string, Cookie>();

  constructor(public base: string) {}

  /** Every Set-Cookie line received, raw (to check the cookie's attributes). */
  readonly setCookies: string[] = [];

  cookieFor(path: string): string {
    return [...this.cookies.values()]
      .filter((c) => pathMatches(path, c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  /** How many cookies this browser holds. */
  get cookieCount(): number {
    return this.cookies.size;
  }

  async request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer<T>> {
    const headers: Record<string, string> = {};
    const cookie = this.cookieFor(path.split('?')[0] as string);
    if (cookie !== '') headers.cookie = cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
    const response = await fetch(`${this.base}${path}`, init);
    for (const line of response.headers.getSetCookie()) {
      this.setCookies.push(line);
      const [pair = '', ...rest] = line.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const cookiePath = rest.find((part) => part.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      this.cookies.set(`${name} ${cookiePath}`, {
        name,
        value: pair.slice(at + 1),
        path: cookiePath,
        attributes: rest.join('; '),
      });
    }
    const text = await response.text();
    const json = text !== '' && (response.headers.get('content-type') ?? '').includes('application/json');
    return {
      status: response.status,
      body: (json ? JSON.parse(text) : undefined) as T,
      text,
      headers: response.headers,
    };
  }

  list(): Promise<Answer<PublicList>> {
    return this.request('GET', '/api/palace/games');
  }

  /** `POST /api/palace/games` (create or join). */
  enter(body: unknown): Promise<Answer<PublicSeated>> {
    return this.request('POST', '/api/palace/games', body);
  }

  view(gameId: string, username?: string): Promise<Answer<PublicViewAnswer>> {
    const query = username === undefined ? '' : `?username=${encodeURIComponent(username)}`;
    return this.request('GET', `/api/palace/games/${gameId}${query}`);
  }

  /** `POST /api/palace/games/{id}/{action}`. */
  act(gameId: string, action: string, body: unknown): Promise<Answer<PublicActionAnswer>> {
    return this.request('POST', `/api/palace/games/${gameId}/${action}`, body);
  }

  /** Creates or joins, failing loudly when refused. */
  async entered(body: unknown): Promise<PublicSeated> {
    const got = await this.enter(body);
    if (got.status !== 200) throw new Error(`enter answered ${got.status}: ${got.text}`);
    return got.body;
  }

  /** The state as `username` sees it, failing loudly when refused. */
  async state(gameId: string, username?: string): Promise<PublicGameState> {
    const got = await this.view(gameId, username);
    if (got.status !== 200) throw new Error(`GET ${gameId} answered ${got.status}: ${got.text}`);
    return got.body.gameState;
  }

  /** Acts, failing loudly when refused. */
  async done(gameId: string, action: string, body: unknown): Promise<PublicActionAnswer> {
    const got = await this.act(gameId, action, body);
    if (got.status !== 200) throw new Error(`${action} answered ${got.status}: ${got.text}`);
    return got.body;
  }

  /** Polls (every 20 ms, at most `ms`) until `until` holds for the state `username` sees. */
  async waitFor(
    gameId: string,
    username: string | undefined,
    until: (state: PublicGameState) => boolean,
    ms = 5000,
  ): Promise<PublicGameState> {
    const deadline = Date.now() + ms;
    for (;;) {
      const state = await this.state(gameId, username);
      if (until(state)) return state;
      if (Date.now() > deadline) throw new Error(`waited ${ms} ms in vain; last state: ${JSON.stringify(state)}`);
      await sleep(20);
    }
  }
}

/** A player: their browser and the name they typed. */
export interface Player {
  readonly browser: Browser;
  readonly username: string;
}

/** The seat named `username` in a state. */
export function seatOf(state: PublicGameState, username: string) {
  const seat = state.players.find((p) => p.username === username);
  if (seat === undefined) throw new Error(`no seat named ${username}`);
  return seat;
}

/** Chooses the first 3 hand cards as face-up cards. */
export async function chooseFaceUp(gameId: string, player: Player): Promise<PublicActionAnswer> {
  const state = await player.browser.state(gameId, player.username);
  const selectedCards = seatOf(state, player.username)
    .hand.slice(0, 3)
    .map((c) => c.id);
  return player.browser.done(gameId, 'ready', { username: player.username, selectedCards });
}

const ORDER: Record<string, number> = { J: 11, Q: 12, K: 13, A: 14, '2': 15, '10': 16 };

/**
 * One move for whoever of `players` is to act: the lowest playable card (2s and 10s last,
 * face-down cards have no value) as the server's hints say, or a pick-up. False when it is nobody's
 * of theirs to make.
 */
export async function moveIfDue(gameId: string, players: readonly Player[], state: PublicGameState): Promise<boolean> {
  const player = players.find((p) => p.username === state.currentTurn);
  if (player === undefined) return false;
  const own = await player.browser.state(gameId, player.username);
  if (own.currentTurn !== player.username) return false;
  const seat = seatOf(own, player.username);
  const known = new Map(
    [...seat.hand, ...seat.faceUp].map((c) => [c.id, 'value' in c ? (ORDER[c.value] ?? Number(c.value)) : 99]),
  );
  const [cardId] = [...own.playableCards].sort((a, b) => (known.get(a) ?? 99) - (known.get(b) ?? 99));
  if (cardId === undefined) {
    if (!own.canPickUp) throw new Error(`${player.username} can neither play nor pick up`);
    await player.browser.done(gameId, 'pickup', { username: player.username });
  } else {
    await player.browser.done(gameId, 'play', { username: player.username, cardIds: [cardId] });
  }
  return true;
}
