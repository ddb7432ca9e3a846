import type { SimpleGameState } from '@palace/protocol';
import { expect } from 'vitest';
import { type Answer, Client } from './harness.js';

/** Helpers for the simple REST game (`/api/simple-game`): a browser's cookie jar and a player driving it. */

/** A cookie as a browser keeps it: only sent to requests whose path lies under `path`. */
interface KeptCookie {
  readonly name: string;
  readonly value: string;
  readonly path: string;
}

/**
 * The cookies one browser keeps, by (name, path) as browsers do: `Set-Cookie` is parsed from every
 * answer (`Max-Age=0` removes), and a request carries the cookies whose path matches its own
 * (RFC 6265 §5.1.4), so a seat cookie scoped to one game never reaches another game's calls.
 */
export class CookieJar {
  private readonly cookies = new Map<string, KeptCookie>();
  /** Every `Set-Cookie` header received, raw, newest last (tests read its attributes). */
  readonly received: string[] = [];

  keep(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      this.received.push(line);
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = decodeURIComponent(pair.slice(eq + 1));
      const attribute = (key: string): string | undefined =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key.toLowerCase()}=`))?.split('=')[1];
      const path = attribute('Path') ?? '/';
      const key = `${name} ${path}`;
      if (attribute('Max-Age') === '0' || value === '') this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
  }

  /** The `cookie` header a browser would send to `path` (none when no cookie matches). */
  headerFor(path: string): Record<string, string> {
    const bare = path.split('?')[0] ?? path;
    const sent = [...this.cookies.values()].filter(
      (c) => bare === c.path || bare.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
    );
    return sent.length === 0 ? {} : { cookie: sent.map((c) => `${c.name}=${encodeURIComponent(c.value)}`).join('; ') };
  }

  /** The cookies kept, for tests that hand one to another browser. */
  all(): readonly KeptCookie[] {
    return [...this.cookies.values()];
  }

  /** Keeps a cookie taken from another jar (a stolen or copied cookie). */
  add(cookie: KeptCookie): void {
    this.cookies.set(`${cookie.name} ${cookie.path}`, cookie);
  }
}

export interface JoinAnswer {
  readonly gameState: SimpleGameState;
  readonly gameId: string;
}
export interface StateAnswer {
  readonly gameState: SimpleGameState;
}

/** One player in one browser: a username and that browser's cookie jar. */
export class Browser {
  readonly jar = new CookieJar();
  private readonly c: Client;

  constructor(
    base: string,
    readonly username: string,
  ) {
    this.c = new Client(base);
  }

  async get<T>(path: string): Promise<Answer<T>> {
    const got = await this.c.get<T>(path, this.jar.headerFor(path));
    this.jar.keep(got.headers);
    return got;
  }

  async post<T>(path: string, body: unknown): Promise<Answer<T>> {
    const got = await this.c.post<T>(path, body, this.jar.headerFor(path));
    this.jar.keep(got.headers);
    return got;
  }

  /** POST /api/simple-game/join: a new game without `gameId`. */
  join(gameId?: string, username = this.username): Promise<Answer<JoinAnswer>> {
    return this.post('/api/simple-game/join', gameId === undefined ? { username } : { username, gameId });
  }

  /** POST /api/simple-game/join with a `gameId`: joins, or takes the seat back (the cookie's path covers it). */
  rejoin(gameId: string, username = this.username): Promise<Answer<JoinAnswer>> {
    return this.post('/api/simple-game/join', { username, gameId });
  }

  /** GET /api/simple-game/{id}?username= (without a username when `username` is null). */
  view(gameId: string, username: string | null = this.username): Promise<Answer<StateAnswer>> {
    const query = username === null ? '' : `?username=${encodeURIComponent(username)}`;
    return this.get(`/api/simple-game/${gameId}${query}`);
  }

  /** POST /api/simple-game/{id}/{action} with this player's username beside `body`. */
  act<T = StateAnswer>(gameId: string, action: string, body: Record<string, unknown> = {}): Promise<Answer<T>> {
    return this.post<T>(`/api/simple-game/${gameId}/${action}`, { username: this.username, ...body });
  }

  /** Joins (a new game without `gameId`), failing loudly when refused. */
  async seated(gameId?: string): Promise<JoinAnswer> {
    return ok(await this.join(gameId), 'join');
  }

  /** The state as this player sees it, failing loudly when refused. */
  async state(gameId: string): Promise<SimpleGameState> {
    return ok(await this.view(gameId), 'GET').gameState;
  }

  /** Acts, failing loudly when refused. */
  async done(gameId: string, action: string, body: Record<string, unknown> = {}): Promise<SimpleGameState> {
    return ok(await this.act(gameId, action, body), action).gameState;
  }
}

function ok<T>(got: Answer<T>, what: string): T {
  if (got.status !== 200) throw new Error(`${what} answered ${got.status}: ${got.text}`);
  return got.body;
}

/** A refusal: exactly `{ message: string }` as JSON with the given status (and text, when given). */
export function expectMessage(got: Answer, status: number, message?: string): void {
  expect(got.status, `${got.status} ${got.text}`).toBe(status);
  expect(got.headers.get('content-type') ?? '').toContain('application/json');
  expect(Object.keys(got.body as object)).toEqual(['message']);
  const text = (got.body as { message: unknown }).message;
  expect(text).toBeTypeOf('string');
  expect((text as string).length).toBeGreaterThan(0);
  if (message !== undefined) expect(text).toBe(message);
}

/** The player called `username` in `state`. */
export function playerNamed(state: SimpleGameState, username: string) {
  const player = state.players.find((p) => p.username === username);
  if (player === undefined) throw new Error(`no player named ${username}`);
  return player;
}

/** Ids of the cards `username` holds in hand, as that player's own view shows them. */
export function ownHandIds(state: SimpleGameState, username: string): string[] {
  return playerNamed(state, username).hand.map((card) => card.id);
}

const ORDER = ['3', '4', '5', '6', '7', '8', '9', 'J', 'Q', 'K', 'A', '2', '10'];

/**
 * A cheap choice of play: the playable card of the lowest value (2s and 10s last), a face-down
 * card when only those are playable; null when the viewer cannot play.
 */
export function cheapestPlay(state: SimpleGameState): string | null {
  if (state.you === null || state.playableCards.length === 0) return null;
  const me = playerNamed(state, state.you);
  const known = new Map<string, number>();
  for (const card of [...me.hand, ...me.faceUp]) {
    if ('symbol' in card) known.set(card.id, ORDER.indexOf(card.value));
  }
  const rankOf = (id: string): number => known.get(id) ?? ORDER.length;
  return [...state.playableCards].sort((a, b) => rankOf(a) - rankOf(b))[0] ?? null;
}

/**
 * Checks a view leaks nothing: every other player's hand is hidden slots, every face-down card is
 * a hidden `blind-{n}` slot (the viewer's own included), and no real card id of another player's
 * hand (from `secretIds`) appears anywhere in it.
 */
export function expectNoLeak(state: SimpleGameState, secretIds: ReadonlySet<string> = new Set()): void {
  for (const player of state.players) {
    for (const card of player.faceDownCards) {
      expect(card).toEqual({ id: card.id, suit: 'unknown', value: 'unknown', hidden: true });
      expect(card.id).toMatch(/^blind-\d+$/);
    }
    if (player.username === state.you) continue;
    for (const card of player.hand) {
      expect(card).toEqual({ id: card.id, suit: 'unknown', value: 'unknown', hidden: true });
      expect(card.id).toMatch(/^hidden-/);
    }
  }
  const json = JSON.stringify(state);
  for (const id of secretIds) expect(json).not.toContain(`"${id}"`);
}
