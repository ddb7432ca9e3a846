import type { MainCard, MainGameState } from '@palace/protocol';
import pg from 'pg';
import type { Seat } from '../main-table.js';
import { lowestGroup, me, order } from '../main-table.js';
import { type Dirs, type ServerProcess, spawnServer } from './process.js';

/**
 * Several server processes sharing one PostgreSQL database (issue 10), and what the multi-node
 * test reads from outside: each seat's newest state, a move driver that tolerates the turn clock
 * moving first, and the token ledger straight from the database.
 */

/** How long a change may take to reach a seat on another node, in ms (a loaded 2-core machine). */
export const CROSS_NODE_MS = 30_000;

/** Spawns one node of a cluster: the shared `DATABASE_URL`, its own `NODE_ID`, its own port. */
export function spawnNode(
  main: string,
  dirs: Dirs,
  databaseUrl: string,
  nodeId: string,
  env: Readonly<Record<string, string>>,
): Promise<ServerProcess> {
  return spawnServer(main, { dirs, env: { ...env, DATABASE_URL: databaseUrl, NODE_ID: nodeId } });
}

/** The newest `game_state` of `gameId` this seat received, and its index among the socket's frames. */
export function newest(seat: Seat, gameId: number): { readonly state: MainGameState; readonly at: number } | null {
  const frames = seat.socket.frames;
  for (let i = frames.length - 1; i >= 0; i--) {
    const frame = frames[i];
    if (frame?.type === 'game_state' && frame.game.id === gameId) return { state: frame.game, at: i };
  }
  return null;
}

/** What changes with every accepted move or choice (a repeated frame of the same state has the same one). */
export function progress(state: MainGameState): string {
  return JSON.stringify([
    state.status,
    state.currentTurn,
    state.playedCards.map((c) => c.id),
    state.deck.length,
    state.burnedCount,
    state.players.map((p) => [p.handCount, p.faceUpCards.length, p.faceDownCards.length, p.isReady, p.away]),
  ]);
}

/**
 * Waits until this seat has received a state of the game for which `holds` is true; answers it.
 * A timeout names `what` was awaited (the failure then says which cross-node step never arrived).
 */
export async function stateWhere(
  seat: Seat,
  gameId: number,
  holds: (state: MainGameState) => boolean,
  what = 'a state',
  timeoutMs = CROSS_NODE_MS,
): Promise<MainGameState> {
  try {
    const frame = await seat.socket.next('game_state', (f) => f.game.id === gameId && holds(f.game), timeoutMs);
    return frame.game;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`user ${seat.user.id} never received ${what} of game ${gameId}: ${reason}`);
  }
}

/**
 * The message this seat sends for `state` when something is due from it (its face-up choice: its 3
 * highest hand cards; its move: the lowest playable group, or a pick-up), or null.
 */
export function dueMessage(seat: Seat, state: MainGameState): Record<string, unknown> | null {
  const gameId = state.id;
  const mine = me(state, seat.user.id);
  if (state.mustChooseFaceUp) {
    const hand = mine.handCards.filter((c): c is MainCard => 'value' in c);
    const cardIds = [...hand]
      .sort((a, b) => order(b.value) - order(a.value))
      .slice(0, 3)
      .map((c) => c.id);
    return { type: 'select_faceup_cards', gameId, cardIds };
  }
  if (state.status !== 'active' || state.currentTurn !== seat.user.id) return null;
  const group = lowestGroup(state, seat.user.id);
  if (group.length === 0) return state.canPickUp ? { type: 'pickup_cards', gameId } : null;
  return { type: 'play_card', gameId, cardIds: group };
}

/**
 * Plays `seat` until the game is over: whenever its newest state has something due from it, the
 * due message is sent once. A refusal is ignored (the turn clock may have played the seat first;
 * the state that follows says what happened). Answers the final state. `acts` false: the seat
 * only watches (its player is not at the keyboard).
 */
export async function playUntilOver(
  seat: Seat,
  gameId: number,
  acts: boolean,
  timeoutMs = CROSS_NODE_MS * 4,
): Promise<MainGameState> {
  let actedAt = -1;
  for (;;) {
    const latest = newest(seat, gameId);
    if (latest !== null) {
      if (latest.state.status === 'completed') return latest.state;
      const message = acts && latest.at > actedAt ? dueMessage(seat, latest.state) : null;
      if (message !== null) {
        actedAt = latest.at;
        seat.socket.send(message);
      }
    }
    // Any new frame wakes the loop (a state, or the refusal of a move the clock already made).
    await seat.socket.nextOf(['game_state', 'game_error'], () => true, timeoutMs);
  }
}

/** The token ledger of one game and of the whole database, read with `pg`. */
export interface LedgerReport {
  /** The sum of every ledger row (each movement is two opposite rows: 0). */
  readonly total: number;
  /** The sum of every balance, the house's included (0). */
  readonly balances: number;
  /** Movements that are not two rows summing to 0. */
  readonly unbalanced: number;
  /** The game's rows as `kind:user:amount`, sorted. */
  readonly rows: readonly string[];
  /** Users whose balance differs from the sum of their ledger rows. */
  readonly drift: number;
}

export async function ledgerOf(databaseUrl: string, gameId: number): Promise<LedgerReport> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const one = async (text: string, values: unknown[] = []): Promise<number> => {
      const result = await client.query<{ n: string | null }>(text, values);
      return Number(result.rows[0]?.n ?? 0);
    };
    const total = await one('select coalesce(sum(amount), 0) as n from ledger');
    const balances = await one('select coalesce(sum(balance), 0) as n from users');
    const unbalanced = await one(
      'select count(*) as n from (select movement from ledger group by movement having count(*) != 2 or sum(amount) != 0) m',
    );
    const drift = await one(
      `select count(*) as n from (select u.id from users u left join ledger l on l.user_id = u.id
       group by u.id, u.balance having u.balance != coalesce(sum(l.amount), 0)) d`,
    );
    const game = await client.query<{ kind: string; user_id: string; amount: string }>(
      'select kind, user_id, amount from ledger where game_id = $1',
      [String(gameId)],
    );
    const rows = game.rows.map((r) => `${r.kind}:${Number(r.user_id)}:${Number(r.amount)}`).sort();
    return { total, balances, unbalanced, rows, drift };
  } finally {
    await client.end();
  }
}
