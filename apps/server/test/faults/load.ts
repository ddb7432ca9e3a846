import type { RestGameState, RestSeated } from '@palace/protocol';
import { Jar, type Player, type Reply } from '../main-client.js';
import { type Acked, ack } from './store-checks.js';

/** The scripted load of the fault tests: actors that play and trade tokens until the server dies. */

/** A seeded PRNG (mulberry32): the same seed gives the same choices, so a failure can be replayed. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** A whole number in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
}

/** The invite code the fault servers seed (`PALACE_INVITE_CODES`), good for many registrations. */
export const FAULT_INVITE = 'FAULTS';

/** A registered account of the load, its balance as last read (null: unknown), and whether a table holds it. */
export interface Account {
  readonly player: Player;
  balance: number | null;
  busy: boolean;
}

/** One REST game against the AI, kept across restarts by its credential. */
export interface RestSlot {
  gameId: string | null;
  playerId: string | null;
  state: RestGameState | null;
}

/** What persists across the cycles: accounts, REST games and what the clients saw acknowledged. */
export interface World {
  readonly acked: Acked;
  readonly accounts: Account[];
  readonly rest: RestSlot[];
  /** Names handed out so far (fresh databases, so a counter keeps them unique). */
  names: number;
  /** Moves and choices the server refused (a legal move must never be refused). */
  readonly refusals: string[];
}

export function newWorld(acked: Acked, restGames: number): World {
  return {
    acked,
    accounts: [],
    rest: Array.from({ length: restGames }, () => ({ gameId: null, playerId: null, state: null })),
    names: 0,
    refusals: [],
  };
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One cycle's load against one server process. Actors loop until `kill`; an error before the
 * kill is a failure (kept in `errors`), after it the expected end of a dead connection.
 */
export class Load {
  /** HTTP requests and socket messages sent and not yet answered. */
  inFlight = 0;
  killed = false;
  readonly errors: string[] = [];

  constructor(
    readonly base: string,
    readonly rng: Rng,
    readonly world: World,
    /**
     * The pause before polling again a REST game the AI has not moved in yet, in ms: short here,
     * to press the server; the web client's 1,500 in a soak (apps/web rest-logic.ts `POLL_PLAYING_MS`).
     */
    readonly pollPauseMs = 10,
  ) {}

  async track<T>(pending: Promise<T>): Promise<T> {
    this.inFlight++;
    try {
      return await pending;
    } finally {
      this.inFlight--;
    }
  }

  /** Runs `step` again and again until the kill. */
  async run(name: string, step: () => Promise<void>): Promise<void> {
    try {
      while (!this.killed) await step();
    } catch (error) {
      if (!this.killed) this.errors.push(`${name}: ${describe(error)}`);
    }
  }

  /** A fresh username (at most 20 characters). */
  name(prefix: string): string {
    this.world.names += 1;
    return `${prefix}${this.world.names}`;
  }

  /** Registers `username` from `jar` (a guest's jar adopts the guest); answers the reply. */
  async register(jar: Jar, username: string): Promise<Reply> {
    const reply = await this.track(jar.register({ username, inviteCode: FAULT_INVITE }));
    if (reply.status === 200) this.world.acked.users.add(username);
    return reply;
  }

  /** A new registered account (added to the pool; `busy` when a table takes it at once). */
  async newAccount(busy: boolean): Promise<Account> {
    const jar = new Jar(this.base);
    const username = this.name('acct');
    const reply = await this.register(jar, username);
    if (reply.status !== 200) throw new Error(`register answered ${reply.status}: ${reply.text}`);
    const account: Account = { player: { jar, user: reply.body as Player['user'] }, balance: 100, busy };
    this.world.accounts.push(account);
    return account;
  }

  /** Reads an account's balance (a token read in flight). */
  async balanceOf(account: Account): Promise<number> {
    const reply = await this.track(account.player.jar.get<{ balance: number }>('/api/tokens/balance'));
    if (reply.status !== 200) throw new Error(`balance answered ${reply.status}: ${reply.text}`);
    account.balance = reply.body.balance;
    return account.balance;
  }

  /** One step of a REST game against the AI: create, ready, start, move, or wait for the AI. */
  async restStep(slot: RestSlot): Promise<void> {
    const jar = new Jar(this.base);
    if (slot.gameId === null || slot.playerId === null) {
      const created = await this.track(
        jar.post<RestSeated>('/api/rest-games', { playerName: this.name('Rest'), isPublic: false }),
      );
      if (created.status !== 200) throw new Error(`rest create answered ${created.status}: ${created.text}`);
      Object.assign(slot, {
        gameId: created.body.gameId,
        playerId: created.body.playerId,
        state: created.body.gameState,
      });
      return;
    }
    const { gameId, playerId } = slot;
    const path = `/api/rest-games/${gameId}`;
    if (slot.state === null) {
      slot.state = ok(await this.track(jar.get<RestGameState>(`${path}?playerId=${encodeURIComponent(playerId)}`)));
      return;
    }
    const state = slot.state;
    if (state.status === 'finished') {
      Object.assign(slot, { gameId: null, playerId: null, state: null });
      return;
    }
    if (state.status === 'waiting') {
      const own = state.players.find((p) => p.id === playerId);
      // `ready` toggles: after a restart the state is read again first, so it is never sent twice.
      const action = own?.isReady === true ? 'start' : 'ready';
      slot.state = ok(await this.track(jar.post<RestGameState>(`${path}/${action}`, { playerId })));
      return;
    }
    if (state.currentTurn === playerId) {
      const card = state.playableCards[0];
      const moved =
        card !== undefined
          ? await this.track(jar.post<RestGameState>(`${path}/play`, { playerId, cardId: card }))
          : await this.track(jar.post<RestGameState>(`${path}/pickup`, { playerId }));
      if (moved.status !== 200) {
        this.world.refusals.push(`rest ${gameId}: ${moved.status} ${moved.text}`);
        slot.state = null;
        return;
      }
      ack(
        this.world.acked,
        gameId,
        card !== undefined ? { type: 'play', seat: null, cardIds: [card] } : { type: 'pickUp', seat: null },
      );
      slot.state = moved.body;
      return;
    }
    // The AI's turn: poll until it has moved (304 while nothing changed).
    const polled = await this.track(
      jar.get<{ gameState: RestGameState }>(
        `${path}/poll?playerId=${encodeURIComponent(playerId)}&lastUpdate=${state.lastUpdate}`,
      ),
    );
    if (polled.status === 200) slot.state = polled.body.gameState;
    else if (polled.status === 304) await sleep(this.pollPauseMs);
    else throw new Error(`poll answered ${polled.status}: ${polled.text}`);
  }

  /** One token read: a balance, a history, the leaderboard or the lobby, then a short pause. */
  async readStep(): Promise<void> {
    const account = this.world.accounts.length > 0 ? this.rng.pick(this.world.accounts) : null;
    const jar = account?.player.jar ?? new Jar(this.base);
    const what = this.rng.int(0, 3);
    if (what === 0 && account !== null) await this.balanceOf(account);
    else if (what === 1 && account !== null) ok(await this.track(jar.get('/api/tokens/history')));
    else if (what === 2) ok(await this.track(jar.get('/api/leaderboard?by=balance&limit=20')));
    else ok(await this.track(jar.get('/api/rest-games/lobby')));
    await sleep(this.rng.int(5, 30));
  }
}

/** An error with its cause (undici's "fetch failed" says why only there). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (cause: ${error.cause.message})` : '';
  return `${error.stack ?? error.message}${cause}`;
}

/** The body of a 200, or a thrown error naming the status. */
export function ok<T>(reply: Reply<T>): T {
  if (reply.status !== 200) throw new Error(`answered ${reply.status}: ${reply.text}`);
  return reply.body;
}
