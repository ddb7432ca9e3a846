import { HOUSE_ID, openSqlite } from '@palace/adapter-storage';
import type { MainCard, MainGameState, ServerMessage, UserBody } from '@palace/protocol';
import WebSocket from 'ws';

/** Helpers for the main game: a cookie-jar HTTP client, a websocket client and a game driver. */

/** The session cookie's name (adapters/http session.ts). */
export const SESSION_COOKIE = 'palace_session';
/** How long `next` waits for a frame unless told, in ms. */
export const FRAME_TIMEOUT_MS = 5_000;

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

/**
 * One websocket to `/ws`. Keeps every frame received (parsed and raw, for leak scans); `next`
 * reads them in order.
 */
export class SocketClient {
  /** Every frame, in arrival order. */
  readonly frames: Frame[] = [];
  /** The raw text of every frame, in arrival order. */
  readonly raw: string[] = [];
  /** Resolves with the close code and reason once the socket is closed. */
  readonly closed: Promise<{ code: number; reason: string }>;
  private cursor = 0;
  private wake: (() => void) | null = null;

  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        this.wake?.();
      });
    });
    socket.on('message', (data) => {
      const text = String(data);
      this.raw.push(text);
      this.frames.push(JSON.parse(text) as Frame);
      this.wake?.();
    });
  }

  /** Opens a socket with the jar's cookie (or none); rejects when the upgrade is refused. */
  static open(base: string, jar?: Jar, headers: Record<string, string> = {}): Promise<SocketClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(socketUrl(base), { headers: { ...(jar?.cookieHeader() ?? {}), ...headers } });
      const client = new SocketClient(socket);
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_request, response) => {
        reject(new Error(`upgrade refused with ${response.statusCode}`));
        socket.terminate();
      });
      socket.once('error', reject);
    });
  }

  /** Opens a socket and waits for `connection_established`. */
  static async connect(base: string, jar?: Jar): Promise<SocketClient> {
    const client = await SocketClient.open(base, jar);
    await client.next('connection_established');
    return client;
  }

  /** Sends an object as JSON (a string is sent as it is). */
  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /**
   * The next frame of `type` (after the last one `next` returned) for which `predicate` holds;
   * frames passed over stay in `frames`. Fails after `timeoutMs`.
   */
  next<K extends Frame['type']>(
    type: K,
    predicate: (frame: FrameOf<K>) => boolean = () => true,
    timeoutMs = FRAME_TIMEOUT_MS,
  ): Promise<FrameOf<K>> {
    return this.nextOf([type], predicate as (frame: Frame) => boolean, timeoutMs) as Promise<FrameOf<K>>;
  }

  /** The next frame whose type is one of `types` (see `next`). */
  async nextOf<K extends Frame['type']>(
    types: readonly K[],
    predicate: (frame: FrameOf<K>) => boolean = () => true,
    timeoutMs = FRAME_TIMEOUT_MS,
  ): Promise<FrameOf<K>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (let i = this.cursor; i < this.frames.length; i++) {
        const frame = this.frames[i] as Frame;
        if ((types as readonly string[]).includes(frame.type) && predicate(frame as FrameOf<K>)) {
          this.cursor = i + 1;
          return frame as FrameOf<K>;
        }
      }
      const left = deadline - Date.now();
      if (left <= 0 || this.socket.readyState === WebSocket.CLOSED) {
        const seen = this.frames
          .slice(this.cursor)
          .map((f) => (f.type === 'game_error' ? `game_error(${f.message})` : f.type));
        throw new Error(`no ${types.join('/')} frame within ${timeoutMs} ms; unread: [${seen.join(', ')}]`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /** Frames of `type` received so far (read or not). */
  all<K extends Frame['type']>(type: K): FrameOf<K>[] {
    return this.frames.filter((f): f is FrameOf<K> => f.type === type);
  }

  /** Skips every frame received so far. */
  drain(): void {
    this.cursor = this.frames.length;
  }

  /** Waits `ms` and fails if a frame of `type` arrives (after the last one read) meanwhile. */
  async none(type: Frame['type'], ms = 150): Promise<void> {
    const from = this.cursor;
    await new Promise((resolve) => setTimeout(resolve, ms));
    const got = this.frames.slice(from).filter((f) => f.type === type);
    if (got.length > 0) throw new Error(`unexpected ${type}: ${JSON.stringify(got[0])}`);
  }

  /** Sends a message and answers the next `game_error`. */
  async refused(message: unknown): Promise<FrameOf<'game_error'>> {
    this.send(message);
    return this.next('game_error');
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  async close(): Promise<void> {
    if (this.socket.readyState !== WebSocket.CLOSED) this.socket.close();
    await this.closed;
  }
}

/** The status an upgrade to `/ws` is refused with (or 101 when it is accepted, then closed). */
export function upgradeStatus(base: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(socketUrl(base), { headers });
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

/** A player at the table: their jar, user and socket. */
export interface Seat extends Player {
  readonly socket: SocketClient;
}

/** Opens a socket for a player. */
export async function seatOf(base: string, player: Player): Promise<Seat> {
  return { ...player, socket: await SocketClient.connect(base, player.jar) };
}

/** Joins over the socket: `join_success` then the game state. */
export async function joinGame(seat: Seat, gameId: number): Promise<MainGameState> {
  seat.socket.send({ type: 'join_game', gameId, userId: seat.user.id });
  const joined = await seat.socket.nextOf(['join_success', 'game_error']);
  if (joined.type === 'game_error') throw new Error(`join refused: ${joined.message}`);
  if (joined.gameId !== gameId) throw new Error(`joined ${joined.gameId}, not ${gameId}`);
  return (await seat.socket.next('game_state', (f) => f.game.id === gameId)).game;
}

/** Creates a game over HTTP and answers its id. */
export async function createGame(jar: Jar, body: Record<string, unknown>): Promise<number> {
  const created = ok200(await jar.post<{ id: number; message: string }>('/api/games', body), 'create game');
  return created.id;
}

/** The viewer's own seat in a state. */
export function me(state: MainGameState, userId: number) {
  const seat = state.players.find((p) => p.id === userId);
  if (seat === undefined) throw new Error(`user ${userId} has no seat`);
  return seat;
}

/** Card order for choosing: 2s and 10s count high (they are kept for later). */
const ORDER: Record<string, number> = { J: 11, Q: 12, K: 13, A: 14, '2': 15, '10': 16 };
export const order = (value: string): number => ORDER[value] ?? Number(value);

/** The ids of the lowest playable group: every playable card of the lowest value from one source. */
export function lowestGroup(state: MainGameState, userId: number): string[] {
  const seat = me(state, userId);
  const playable = new Set(state.playableCards);
  const hand = seat.handCards.filter((c): c is MainCard => 'value' in c && playable.has(c.id));
  const source = hand.length > 0 ? hand : seat.faceUpCards.filter((c) => playable.has(c.id));
  if (source.length === 0) {
    const blind = state.playableCards[0];
    return blind === undefined ? [] : [blind];
  }
  const lowest = [...source].sort((a, b) => order(a.value) - order(b.value))[0] as MainCard;
  return source.filter((c) => c.value === lowest.value).map((c) => c.id);
}

/** How a seat plays: the lowest playable group, or always pick up when allowed (to lose). */
export type Strategy = 'lowest' | 'pickup';

/** One accepted move and the state every seat saw after it (in seat order). */
export interface Step {
  readonly mover: number;
  readonly action: 'play' | 'pickup';
  readonly after: readonly MainGameState[];
}

/** Each seat chooses its 3 highest hand cards as face-up; answers every seat's state after the last. */
export async function chooseFaceUp(seats: readonly Seat[], gameId: number): Promise<MainGameState[]> {
  let latest: MainGameState[] = [];
  for (const [n, seat] of seats.entries()) {
    const state = await currentState(seat, gameId);
    const hand = me(state, seat.user.id).handCards.filter((c): c is MainCard => 'value' in c);
    const chosen = [...hand].sort((a, b) => order(b.value) - order(a.value)).slice(0, 3);
    seat.socket.send({ type: 'select_faceup_cards', gameId, userId: seat.user.id, cardIds: chosen.map((c) => c.id) });
    // Everyone in the game hears of each confirmation.
    latest = await Promise.all(
      seats.map((s) =>
        s.socket
          .nextOf(['game_state', 'game_error'], (f) => f.type === 'game_error' || me(f.game, seat.user.id).isReady)
          .then((f) => {
            if (f.type === 'game_error') throw new Error(`seat ${n} face-up choice refused: ${f.message}`);
            return f.game;
          }),
      ),
    );
  }
  return latest;
}

/** The last game state this seat's socket received for the game. */
export async function currentState(seat: Seat, gameId: number): Promise<MainGameState> {
  const states = seat.socket.all('game_state').filter((f) => f.game.id === gameId);
  const last = states.at(-1);
  if (last === undefined) throw new Error('no game state yet');
  return last.game;
}

/**
 * Plays an active game to its end over the sockets: the seat to act plays by its strategy, then
 * every seat reads the one `game_state` each accepted move is broadcast as. Answers every step.
 */
export async function playToEnd(
  seats: readonly Seat[],
  gameId: number,
  strategies: readonly Strategy[],
  maxMoves = 1200,
): Promise<Step[]> {
  const steps: Step[] = [];
  let states = await Promise.all(seats.map((s) => currentState(s, gameId)));
  for (const seat of seats) seat.socket.drain();
  for (let move = 0; move < maxMoves; move++) {
    const common = states[0] as MainGameState;
    if (common.status === 'completed') return steps;
    if (common.status !== 'active') throw new Error(`the game is ${common.status}, not active`);
    const n = seats.findIndex((s) => s.user.id === common.currentTurn);
    const seat = seats[n];
    if (seat === undefined) throw new Error(`nobody at the table has the turn (${common.currentTurn})`);
    const mine = states[n] as MainGameState;
    const group = lowestGroup(mine, seat.user.id);
    const pickUp = mine.canPickUp && (strategies[n] === 'pickup' || group.length === 0);
    if (pickUp) {
      seat.socket.send({ type: 'pickup_cards', gameId, userId: seat.user.id });
    } else {
      if (group.length === 0) throw new Error('no playable card and nothing to pick up');
      seat.socket.send({ type: 'play_card', gameId, userId: seat.user.id, cardIds: group });
    }
    states = await Promise.all(
      seats.map((s) =>
        s.socket.nextOf(['game_state', 'game_error']).then((f) => {
          if (f.type === 'game_error') throw new Error(`move refused: ${f.message}`);
          return f.game;
        }),
      ),
    );
    steps.push({ mover: seat.user.id, action: pickUp ? 'pickup' : 'play', after: states });
  }
  throw new Error(`the game did not end within ${maxMoves} moves`);
}

/** Real card ids (`c{n}`, from the card's place in the shuffled deck), as they appear quoted in JSON. */
const REAL_ID = /"(c\d+)"/g;
const MASKED_KEYS = ['hidden', 'id'];

function isMasked(card: unknown, pattern: RegExp): boolean {
  if (typeof card !== 'object' || card === null) return false;
  const keys = Object.keys(card).sort();
  const { id, hidden } = card as { id?: unknown; hidden?: unknown };
  return (
    keys.length === 2 &&
    keys[0] === MASKED_KEYS[0] &&
    keys[1] === MASKED_KEYS[1] &&
    hidden === true &&
    typeof id === 'string' &&
    pattern.test(id)
  );
}

/** How many objects in a JSON value have a `suit` (a card face). */
function faces(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + faces(v), 0);
  if (typeof value !== 'object' || value === null) return 0;
  const own = 'suit' in value ? 1 : 0;
  return Object.values(value).reduce((n: number, v) => n + faces(v), own);
}

/**
 * What one viewer may see in a state: their own hand, everyone's face-up cards and the pile. Fails
 * when a masked slot carries anything but `{ id, hidden: true }`, or a card face sits anywhere else.
 */
export function visibleIds(state: MainGameState, viewerId: number | null): Set<string> {
  const ids = new Set<string>();
  let shown = state.playedCards.length;
  for (const card of state.playedCards) ids.add(card.id);
  for (const player of state.players) {
    for (const card of player.faceUpCards) ids.add(card.id);
    shown += player.faceUpCards.length;
    for (const card of player.faceDownCards) {
      if (!isMasked(card, /^blind-\d+$/)) throw new Error(`face-down card not masked: ${JSON.stringify(card)}`);
    }
    if (player.handCards.length !== player.handCount) throw new Error('handCount differs from handCards');
    if (player.id === viewerId) {
      for (const card of player.handCards) {
        if (!('value' in card)) throw new Error('own hand card masked');
        ids.add(card.id);
      }
      shown += player.handCards.length;
    } else {
      for (const card of player.handCards) {
        if (!isMasked(card, /^hidden-/)) throw new Error(`another player's hand card shown: ${JSON.stringify(card)}`);
      }
    }
  }
  for (const card of state.deck) {
    if (!isMasked(card, /^deck-\d+$/)) throw new Error(`deck card not masked: ${JSON.stringify(card)}`);
  }
  const total = faces(state);
  if (total !== shown) throw new Error(`${total} card faces in the state, ${shown} in the places they may be`);
  return ids;
}

/**
 * Scans every frame a seat received: each real card id in it (anywhere in the raw text) must be
 * one the viewer may see in that frame. Answers how many frames were scanned.
 */
export function scanFrames(seat: Seat): number {
  for (const [n, frame] of seat.socket.frames.entries()) {
    const raw = seat.socket.raw[n] as string;
    const allowed = frame.type === 'game_state' ? visibleIds(frame.game, seat.user.id) : new Set<string>();
    for (const match of raw.matchAll(REAL_ID)) {
      if (!allowed.has(match[1] as string)) {
        throw new Error(`frame ${n} (${frame.type}) to user ${seat.user.id} names card ${match[1]} it may not see`);
      }
    }
  }
  return seat.socket.frames.length;
}

/**
 * Checks each step's states against each other: every card is in exactly one place (hands as
 * their owners see them), hand counts agree, and no viewer's state names a card that is in
 * someone else's hand at that moment.
 */
export function checkSteps(seats: readonly Seat[], steps: readonly Step[], cards = 52): void {
  for (const [s, step] of steps.entries()) {
    const hands = step.after.map((state, n) => me(state, (seats[n] as Seat).user.id).handCards.map((c) => c.id));
    const base = step.after[0] as MainGameState;
    const places = [
      ...hands.flat(),
      ...base.players.flatMap((p) => p.faceUpCards.map((c) => c.id)),
      ...base.playedCards.map((c) => c.id),
    ];
    if (new Set(places).size !== places.length) throw new Error(`step ${s}: a card is in two places`);
    const hidden = base.players.reduce((n, p) => n + p.faceDownCards.length, 0) + base.deck.length;
    if (places.length + hidden + base.burnedCount !== cards) {
      throw new Error(`step ${s}: ${places.length + hidden + base.burnedCount} cards, not ${cards}`);
    }
    for (const [x, state] of step.after.entries()) {
      const viewer = (seats[x] as Seat).user.id;
      const text = JSON.stringify(state);
      for (const [y, hand] of hands.entries()) {
        if (y === x) continue;
        const owner = (seats[y] as Seat).user.id;
        if (me(state, owner).handCount !== hand.length) throw new Error(`step ${s}: hand counts differ`);
        for (const id of hand) {
          if (text.includes(`"${id}"`)) throw new Error(`step ${s}: user ${viewer} sees ${id} in user ${owner}'s hand`);
        }
      }
    }
  }
}

/** What the ledger holds, read from the server's SQLite file. */
export interface LedgerSnapshot {
  /** Balance by user id (the house is 0). */
  readonly balances: ReadonlyMap<number, number>;
  readonly rows: ReadonlyArray<{
    movement: string;
    userId: number;
    amount: number;
    kind: string;
    gameId: string | null;
  }>;
}

/**
 * Reads the ledger from the server's database (opened with the storage adapter; its migrations are
 * already applied, so nothing is written) and checks its invariants: every movement is two
 * rows that sum to 0, every balance is the sum of its rows, all balances (the house's included)
 * sum to 0, and no player is below 0.
 */
export async function checkLedger(dataFile: string): Promise<LedgerSnapshot> {
  const db = await openSqlite(dataFile);
  try {
    const users = await db.selectFrom('users').select(['id', 'balance']).execute();
    const rows = await db.selectFrom('ledger').select(['movement', 'user_id', 'amount', 'kind', 'game_id']).execute();
    const balances = new Map(users.map((u) => [u.id, u.balance]));
    const total = users.reduce((sum, u) => sum + u.balance, 0);
    if (total !== 0) throw new Error(`balances sum to ${total}, not 0`);
    for (const [id, balance] of balances) {
      if (id !== HOUSE_ID && balance < 0) throw new Error(`user ${id} has a negative balance ${balance}`);
      const booked = rows.filter((r) => r.user_id === id).reduce((sum, r) => sum + r.amount, 0);
      if (booked !== balance) throw new Error(`user ${id} holds ${balance} but the ledger says ${booked}`);
    }
    const movements = new Map<string, number[]>();
    for (const row of rows) movements.set(row.movement, [...(movements.get(row.movement) ?? []), row.amount]);
    for (const [movement, amounts] of movements) {
      const sum = amounts.reduce((a, b) => a + b, 0);
      if (amounts.length !== 2 || sum !== 0) throw new Error(`movement ${movement} is ${amounts.join(', ')}`);
    }
    return {
      balances,
      rows: rows.map((r) => ({
        movement: r.movement,
        userId: r.user_id,
        amount: r.amount,
        kind: r.kind,
        gameId: r.game_id,
      })),
    };
  } finally {
    await db.destroy();
  }
}
