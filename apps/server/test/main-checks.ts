import { HOUSE_ID, openSqlite } from '@palace/adapter-storage';
import type { MainGameState } from '@palace/protocol';
import { me, type Seat, type Step } from './main-table.js';

/** What a test checks after a game: nothing hidden leaked to any frame, and the ledger balances. */

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
