import type { MainCard, MainGameState } from '@palace/protocol';
import { FRAME_TIMEOUT_MS, guest, type Player, SocketClient } from '../main-client.js';
import { lowestGroup, me, order, type Strategy } from '../main-table.js';
import { type Account, type Load, ok, sleep } from './load.js';
import { type AckedCommand, ack } from './store-checks.js';

/**
 * Main games in the fault load, driven over `/ws` one message at a time. A `pair` table seats two
 * registered accounts that can pay its fee (the winner takes fee × 3, so money keeps flowing); a
 * `guest` table seats a guest against a fresh account that always picks up, so the guest wins and
 * then registers from its session and claims the held prize. Tables survive restarts: each cycle
 * reconnects, rejoins (back to the same seat) and goes on from the stored state.
 */

interface TableSeat {
  readonly player: Player;
  /** The pool's account behind a registered seat (freed when the game ends). */
  readonly account: Account | null;
  readonly strategy: Strategy;
  /** Whether this seat's `sit` was acknowledged (acknowledged once, whatever the retries). */
  sat: boolean;
  socket: SocketClient | null;
}

/** A guest winner's prize waiting for its claim: the guest's jar registers, then claims. */
interface Claim {
  readonly gameId: number;
  readonly guest: Player;
  /** The account's name, chosen on the first try (empty before). */
  username: string;
  registered: boolean;
}

export interface MainTable {
  readonly kind: 'pair' | 'guest';
  seats: TableSeat[];
  gameId: number | null;
  /** Whether this cycle's sockets are open and joined. */
  connected: boolean;
  claim: Claim | null;
}

export function newTable(kind: MainTable['kind']): MainTable {
  return { kind, seats: [], gameId: null, connected: false, claim: null };
}

/** How long a move's answer may take on a loaded 2-core machine, in ms. */
const ANSWER_MS = 4 * FRAME_TIMEOUT_MS;
/**
 * A pause after each move, in ms: a socket may send 60 messages per 10 s (socket-limits.ts); with
 * it a seat sends at most about 10 a second, and a connection lives one cycle (under 3 s).
 */
const MOVE_PAUSE_MS = [40, 80] as const;
/** Pair tables: up to 3 seats, so the prize (fee × 3) exceeds what the two players paid. */
const PAIR_LIMIT = 3;

/** Forgets this cycle's sockets (the server they were open to has died). */
export function disconnect(table: MainTable): void {
  for (const seat of table.seats) {
    seat.socket?.socket.terminate();
    seat.socket = null;
  }
  table.connected = false;
}

/** One step of a table: seat players, connect, create, choose face-up cards or move; or claim. */
export async function tableStep(load: Load, table: MainTable): Promise<void> {
  if (table.claim !== null) return claimStep(load, table, table.claim);
  if (table.seats.length === 0) return seatPlayers(load, table);
  if (!table.connected) return connect(load, table);
  if (table.gameId === null) return create(load, table);
  const gameId = table.gameId;
  const states = table.seats.map((seat) => latest(seat, gameId));
  const common = states[0] as MainGameState;
  if (common.status === 'completed') return finish(table, common.winnerId);
  if (common.status === 'waiting') {
    const n = states.findIndex((s) => s.mustChooseFaceUp);
    if (n < 0) throw new Error(`game ${gameId} waits with every face-up choice made`);
    const seat = table.seats[n] as TableSeat;
    const hand = me(states[n] as MainGameState, seat.player.user.id).handCards.filter(
      (c): c is MainCard => 'value' in c,
    );
    const cardIds = [...hand]
      .sort((a, b) => order(b.value) - order(a.value))
      .slice(0, 3)
      .map((c) => c.id);
    return exchange(
      load,
      table,
      n,
      { type: 'select_faceup_cards', gameId, cardIds },
      { type: 'chooseFaceUp', seat: null, cardIds },
    );
  }
  const n = table.seats.findIndex((s) => s.player.user.id === common.currentTurn);
  const seat = table.seats[n];
  if (seat === undefined) throw new Error(`game ${gameId}: nobody at the table has the turn`);
  const mine = states[n] as MainGameState;
  const group = lowestGroup(mine, seat.player.user.id);
  if (mine.canPickUp && (seat.strategy === 'pickup' || group.length === 0)) {
    return exchange(load, table, n, { type: 'pickup_cards', gameId }, { type: 'pickUp', seat: null });
  }
  if (group.length === 0) throw new Error(`game ${gameId}: no playable card and nothing to pick up`);
  return exchange(
    load,
    table,
    n,
    { type: 'play_card', gameId, cardIds: group },
    { type: 'play', seat: null, cardIds: group },
  );
}

/** The newest state this seat's socket received for the game. */
function latest(seat: TableSeat, gameId: number): MainGameState {
  const frames = seat.socket?.all('game_state').filter((f) => f.game.id === gameId) ?? [];
  const last = frames.at(-1);
  if (last === undefined) throw new Error(`seat ${seat.player.user.id} has no state of game ${gameId}`);
  return last.game;
}

async function seatPlayers(load: Load, table: MainTable): Promise<void> {
  if (table.kind === 'guest') {
    const host = await load.track(guest(load.base));
    const loser = (await freeAccounts(load, 1))[0] as Account;
    table.seats = [
      { player: host, account: null, strategy: 'lowest', sat: false, socket: null },
      { player: loser.player, account: loser, strategy: 'pickup', sat: false, socket: null },
    ];
    return;
  }
  const chosen = await freeAccounts(load, 2);
  table.seats = chosen.map((a) => ({
    player: a.player,
    account: a,
    strategy: 'lowest' as const,
    sat: false,
    socket: null,
  }));
}

/** `n` accounts no table holds that can pay a fee of 100 (balances read again: token reads); new ones when short. */
async function freeAccounts(load: Load, n: number): Promise<Account[]> {
  const chosen: Account[] = [];
  for (const account of load.world.accounts) {
    if (chosen.length === n) break;
    if (account.busy) continue;
    // Taken before the read: another table's step runs meanwhile.
    account.busy = true;
    if ((await load.balanceOf(account)) >= 100) chosen.push(account);
    else account.busy = false;
  }
  while (chosen.length < n) chosen.push(await load.newAccount(true));
  return chosen;
}

async function connect(load: Load, table: MainTable): Promise<void> {
  disconnect(table);
  for (const seat of table.seats) seat.socket = await load.track(SocketClient.connect(load.base, seat.player.jar));
  table.connected = true;
  const gameId = table.gameId;
  if (gameId === null) return;
  for (const seat of table.seats) {
    if (await join(load, seat, gameId)) continue;
    // The last move committed but its state never reached us (the kill): the game is over.
    const host = table.seats[0] as TableSeat;
    const recent = ok(
      await load.track(host.player.jar.get<Array<{ id: number; result: string }>>('/api/games/recent')),
    );
    const won = recent.find((g) => g.id === gameId)?.result === 'won';
    return finish(table, won ? host.player.user.id : null);
  }
}

async function create(load: Load, table: MainTable): Promise<void> {
  const host = table.seats[0] as TableSeat;
  const affordable = Math.min(...table.seats.map((s) => s.account?.balance ?? 100));
  const fee = table.kind === 'guest' || affordable < 150 ? 100 : load.rng.pick([100, 100, 150]);
  const body = {
    name: `Fault table ${load.world.names}`,
    playerLimit: table.kind === 'guest' ? 2 : PAIR_LIMIT,
    entryFee: fee,
  };
  const created = ok(await load.track(host.player.jar.post<{ id: number }>('/api/games', body)));
  table.gameId = created.id;
  ack(load.world.acked, String(created.id), { type: 'sit', seat: String(host.player.user.id) });
  host.sat = true;
  for (const seat of table.seats) {
    if (!(await join(load, seat, created.id))) throw new Error(`game ${created.id} ended before it started`);
  }
}

/** The refusal of a join to a finished game. */
const GAME_OVER = 'This game has already ended';

/**
 * Joins (or rejoins: back to the same seat) over the socket and waits for the state; false when
 * the game turns out to be over.
 */
async function join(load: Load, seat: TableSeat, gameId: number): Promise<boolean> {
  const socket = seat.socket as SocketClient;
  socket.send({ type: 'join_game', gameId });
  const joined = await load.track(socket.nextOf(['join_success', 'game_error'], undefined, ANSWER_MS));
  if (joined.type === 'game_error' && joined.message === GAME_OVER) return false;
  if (joined.type === 'game_error') throw new Error(`join of ${gameId} refused: ${joined.message}`);
  if (!seat.sat) {
    ack(load.world.acked, String(gameId), { type: 'sit', seat: String(seat.player.user.id) });
    seat.sat = true;
  }
  await load.track(socket.next('game_state', (f) => f.game.id === gameId, ANSWER_MS));
  return true;
}

/**
 * Sends one message for seat `n`; its own `game_state` after it is the acknowledgement (recorded
 * at once), then every other seat's copy of the change is awaited so the next step sees it.
 */
async function exchange(
  load: Load,
  table: MainTable,
  n: number,
  message: Record<string, unknown>,
  command: AckedCommand,
): Promise<void> {
  const gameId = table.gameId as number;
  const seat = table.seats[n] as TableSeat;
  for (const s of table.seats) s.socket?.drain();
  (seat.socket as SocketClient).send(message);
  const answer = await load.track(
    (seat.socket as SocketClient).nextOf(
      ['game_state', 'game_error'],
      (f) => f.type === 'game_error' || f.game.id === gameId,
      ANSWER_MS,
    ),
  );
  if (answer.type === 'game_error') {
    load.world.refusals.push(`main ${gameId} ${JSON.stringify(message)}: ${answer.message}`);
    throw new Error(`main game ${gameId} refused ${message.type}: ${answer.message}`);
  }
  ack(load.world.acked, String(gameId), { ...command, seat: String(seat.player.user.id) });
  await Promise.all(
    table.seats
      .filter((s) => s !== seat)
      .map((s) => load.track((s.socket as SocketClient).next('game_state', (f) => f.game.id === gameId, ANSWER_MS))),
  );
  await sleep(load.rng.int(...MOVE_PAUSE_MS));
}

/** Ends a table's game: a guest winner's prize goes to its claim; the accounts are free again. */
function finish(table: MainTable, winnerId: number | null): void {
  const host = table.seats[0] as TableSeat;
  if (table.kind === 'guest' && winnerId === host.player.user.id && table.gameId !== null) {
    table.claim = { gameId: table.gameId, guest: host.player, username: '', registered: false };
  }
  disconnect(table);
  for (const seat of table.seats) {
    if (seat.account === null) continue;
    seat.account.busy = false;
    seat.account.balance = null;
  }
  table.seats = [];
  table.gameId = null;
}

/** The guest winner registers from its own session (so the account adopts the guest) and claims. */
async function claimStep(load: Load, table: MainTable, claim: Claim): Promise<void> {
  const jar = claim.guest.jar;
  if (!claim.registered) {
    if (claim.username === '') claim.username = load.name('heir');
    const username = claim.username;
    const registered = await load.register(jar, username);
    // 409: registered by an earlier try whose answer the kill swallowed; sign in from the same session.
    const user = registered.status === 409 ? ok(await load.track(jar.login(username))) : ok(registered);
    load.world.accounts.push({ player: { jar, user: user as Player['user'] }, balance: null, busy: false });
    claim.registered = true;
    return;
  }
  const reply = await load.track(
    jar.post('/api/claim-guest-prize', { gameId: claim.gameId, guestId: claim.guest.user.id }),
  );
  if (reply.status === 200) load.world.acked.claims.add(String(claim.gameId));
  else if (reply.status !== 409) throw new Error(`claim answered ${reply.status}: ${reply.text}`);
  table.claim = null;
}
