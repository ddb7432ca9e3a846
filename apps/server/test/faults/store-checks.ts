import Database from 'better-sqlite3';

/**
 * What the fault tests check in the SQLite file of a dead server (adapters/storage schema.ts):
 * the file is sound, the token ledger is conserved, and everything a client saw acknowledged
 * is stored.
 */

/** The house account: the other side of every gift, fee, refund, prize and claim. */
const HOUSE_ID = 0;
/** Every new account is gifted this many tokens (docs/product.md §D5). */
const GIFT = 100;

/** An engine command a client saw acknowledged; `seat` null means "the game's first seat" (the REST creator). */
export interface AckedCommand {
  readonly type: 'sit' | 'chooseFaceUp' | 'play' | 'pickUp';
  readonly seat: string | null;
  readonly cardIds?: readonly string[];
}

/** Everything the clients saw acknowledged, kept across the cycles. */
export interface Acked {
  /** Commands by game id, in the order their acknowledgements arrived. */
  readonly commands: Map<string, AckedCommand[]>;
  /** Usernames whose registration was answered 200. */
  readonly users: Set<string>;
  /** Game ids whose guest prize claim was answered 200 (or 409: claimed by an earlier, unanswered try). */
  readonly claims: Set<string>;
}

export function emptyAcked(): Acked {
  return { commands: new Map(), users: new Set(), claims: new Set() };
}

export function ack(acked: Acked, gameId: string, command: AckedCommand): void {
  const list = acked.commands.get(gameId) ?? [];
  list.push(command);
  acked.commands.set(gameId, list);
}

/** What the dead server left behind, for the checks after the restart. */
export interface Snapshot {
  /** Games with an AI action pending (`ai_due_at` set) and their version. */
  readonly aiDue: ReadonlyArray<{ readonly id: string; readonly kind: string; readonly version: number }>;
  /** Main games in play or in their face-up choice. */
  readonly activeMain: readonly string[];
  readonly users: number;
  readonly movements: number;
  readonly entries: number;
  readonly prizes: number;
  readonly claims: number;
  readonly ackedCommands: number;
}

interface StoredCommand {
  readonly type: string;
  readonly seat?: string;
  readonly cardIds?: readonly string[];
}

/**
 * Opens the file of a dead server and throws, naming the first broken rule, unless:
 * - `PRAGMA integrity_check` answers `ok`;
 * - the ledger is conserved: each movement is two rows summing to 0, so the sum of every balance
 *   (the house's included) is 0; each balance equals the sum of its ledger rows; there is one
 *   100-token gift per registered account;
 * - no balance is negative except the house's (it is minus all tokens ever minted, docs/product.md §D5);
 * - per game at most one prize (paid or held), paid or held for every finished main game with a pot
 *   (fees paid and not refunded: guests play free, so a table of guests has none), at most
 *   one claim, and a claim only of a held prize; per game and user the fees less the refunds are 0 or 1;
 * - each game's `entry_count` is the number of its record's entries, numbered 0…n-1 without a gap;
 * - every acknowledged command is in its game's record, in acknowledgement order (a subsequence
 *   of the stored entries); every acknowledged registration and claim is stored.
 */
export function checkStore(dataFile: string, acked: Acked): Snapshot {
  const db = new Database(dataFile, { fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`integrity_check: ${String(integrity)}`);

    const total = db.prepare('select coalesce(sum(balance), 0) as s from users').get() as { s: number };
    if (total.s !== 0) throw new Error(`balances sum to ${total.s}, not 0`);
    const unbalanced = db
      .prepare('select movement, count(*) as n, sum(amount) as s from ledger group by movement having n != 2 or s != 0')
      .all();
    if (unbalanced.length > 0) throw new Error(`movements not two opposite rows: ${JSON.stringify(unbalanced)}`);
    const drift = db
      .prepare(
        `select u.id, u.balance, coalesce(sum(l.amount), 0) as booked from users u
         left join ledger l on l.user_id = u.id group by u.id having u.balance != booked`,
      )
      .all();
    if (drift.length > 0) throw new Error(`balances differ from their ledger rows: ${JSON.stringify(drift)}`);
    const negative = db.prepare('select id, balance from users where balance < 0 and id != ?').all(HOUSE_ID);
    if (negative.length > 0) throw new Error(`negative balances: ${JSON.stringify(negative)}`);
    const registered = db.prepare('select id from users where id > 0').all() as Array<{ id: number }>;
    const gifts = db
      .prepare(
        `select user_id, count(*) as n, sum(amount) as s from ledger where kind = 'gift' and user_id > 0 group by user_id`,
      )
      .all() as Array<{ user_id: number; n: number; s: number }>;
    const giftOf = new Map(gifts.map((g) => [g.user_id, g]));
    for (const { id } of registered) {
      const gift = giftOf.get(id);
      if (gift?.n !== 1 || gift.s !== GIFT) throw new Error(`user ${id} has gifts ${JSON.stringify(gift ?? null)}`);
    }

    const prizes = db
      .prepare(`select game_id, count(*) as n from ledger where kind = 'prize' and amount > 0 group by game_id`)
      .all() as Array<{ game_id: string; n: number }>;
    const paid = new Map(prizes.map((p) => [p.game_id, p.n]));
    for (const [game, n] of paid) if (n > 1) throw new Error(`game ${game} paid ${n} prizes`);
    const held = db.prepare('select game_id, claimed_by from held_prizes').all() as Array<{
      game_id: string;
      claimed_by: number | null;
    }>;
    for (const h of held) if (paid.has(h.game_id)) throw new Error(`game ${h.game_id} paid a prize and held one`);
    const claims = db
      .prepare(`select game_id, count(*) as n from ledger where kind = 'claim' and amount > 0 group by game_id`)
      .all() as Array<{ game_id: string; n: number }>;
    const claimedBy = new Map(held.map((h) => [h.game_id, h.claimed_by]));
    for (const c of claims) {
      if (c.n > 1) throw new Error(`game ${c.game_id}'s prize was claimed ${c.n} times`);
      if (claimedBy.get(c.game_id) == null) throw new Error(`game ${c.game_id} has a claim but no claimed held prize`);
    }
    const claimCount = new Map(claims.map((c) => [c.game_id, c.n]));
    for (const [game, by] of claimedBy) {
      if (by !== null && claimCount.get(game) !== 1) throw new Error(`game ${game} marked claimed without its claim`);
    }
    const fees = db
      .prepare(
        `select game_id, user_id, sum(case when kind = 'fee' then 1 when kind = 'refund' then -1 else 0 end) as net
         from ledger where kind in ('fee', 'refund') and user_id != ? group by game_id, user_id having net not in (0, 1)`,
      )
      .all(HOUSE_ID);
    if (fees.length > 0) throw new Error(`fees less refunds not 0 or 1: ${JSON.stringify(fees)}`);
    const potted = new Set(
      (
        db
          .prepare(
            `select game_id from ledger where kind in ('fee', 'refund') and user_id != ? group by game_id
             having sum(case when kind = 'fee' then 1 else -1 end) > 0`,
          )
          .all(HOUSE_ID) as Array<{ game_id: string }>
      ).map((g) => g.game_id),
    );

    const games = db.prepare('select id, kind, version, ai_due_at, state from games').all() as Array<{
      id: string;
      kind: string;
      version: number;
      ai_due_at: number | null;
      state: string;
    }>;
    const activeMain: string[] = [];
    for (const game of games) {
      if (game.kind !== 'main') continue;
      const phase = (JSON.parse(game.state) as { phase: string }).phase;
      if (phase === 'finished' && potted.has(game.id) && !paid.has(game.id) && !claimedBy.has(game.id)) {
        throw new Error(`finished main game ${game.id} has no prize`);
      }
      if (phase === 'playing' || phase === 'setup') activeMain.push(game.id);
    }

    const miscounted = db
      .prepare(
        `select g.id, g.entry_count, count(e.seq) as n, coalesce(max(e.seq), -1) as last from games g
         left join game_entries e on e.game_id = g.id group by g.id having n != g.entry_count or last != n - 1`,
      )
      .all();
    if (miscounted.length > 0) throw new Error(`records with missing entries: ${JSON.stringify(miscounted)}`);

    const entriesOf = db.prepare('select command from game_entries where game_id = ? order by seq');
    let ackedCommands = 0;
    for (const [gameId, commands] of acked.commands) {
      const stored = (entriesOf.all(gameId) as Array<{ command: string }>).map(
        (e) => JSON.parse(e.command) as StoredCommand,
      );
      const firstSeat = stored.find((c) => c.type === 'sit')?.seat ?? null;
      let at = 0;
      for (const command of commands) {
        const seat = command.seat ?? firstSeat;
        while (at < stored.length && !same(stored[at] as StoredCommand, command, seat)) at++;
        if (at === stored.length) {
          throw new Error(
            `game ${gameId}: acknowledged ${JSON.stringify(command)} (seat ${seat}) is not in the stored record (${stored.length} entries)`,
          );
        }
        at++;
        ackedCommands++;
      }
    }
    const names = new Set(
      (db.prepare('select username from users where id > 0').all() as Array<{ username: string }>).map(
        (u) => u.username,
      ),
    );
    for (const name of acked.users) if (!names.has(name)) throw new Error(`acknowledged registration of ${name} lost`);
    for (const game of acked.claims) {
      if (claimCount.get(game) !== 1) throw new Error(`acknowledged claim of game ${game}'s prize lost`);
    }

    const count = (sql: string): number => (db.prepare(sql).get() as { n: number }).n;
    return {
      aiDue: games.filter((g) => g.ai_due_at !== null).map((g) => ({ id: g.id, kind: g.kind, version: g.version })),
      activeMain,
      users: registered.length,
      movements: count('select count(distinct movement) as n from ledger'),
      entries: count('select count(*) as n from game_entries'),
      prizes: paid.size + held.length,
      claims: claims.length,
      ackedCommands,
    };
  } finally {
    db.close();
  }
}

function same(stored: StoredCommand, command: AckedCommand, seat: string | null): boolean {
  if (stored.type !== command.type || stored.seat !== seat) return false;
  if (command.cardIds === undefined) return true;
  const a = [...(stored.cardIds ?? [])].sort();
  const b = [...command.cardIds].sort();
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
