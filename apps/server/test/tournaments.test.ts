import { createHash } from 'node:crypto';
import type { MainGameState, Tournament } from '@palace/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness.js';
import {
  checkLedger,
  chooseFaceUp,
  guest,
  Invites,
  Jar,
  joinGame,
  ok200,
  type Player,
  playToEnd,
  registered,
  type Seat,
  type Strategy,
  seatOf,
} from './main-harness.js';

let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

async function tournamentOf(jar: Jar, id: number): Promise<Tournament> {
  return ok200(await jar.get<Tournament>(`/api/tournaments/${id}`), 'tournament');
}

/** Waits until `check` holds for the tournament (rounds move on after the last table's write). */
async function until(jar: Jar, id: number, check: (t: Tournament) => boolean, what: string): Promise<Tournament> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const t = await tournamentOf(jar, id);
    if (check(t)) return t;
    if (Date.now() > deadline) throw new Error(`tournament ${id} never got to: ${what}\n${JSON.stringify(t)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Plays every table of the running round over the players' own sockets: each entrant finds their
 * table in the tournament (`myTable`), joins it, chooses face-up cards, and the table is played to
 * its end by `strategies(table number, seats)`: the seat that plays its lowest cards while the
 * others pick up wins (default: the first seat at odd tables, the last at even ones).
 */
async function playRound(
  base: string,
  players: readonly Player[],
  id: number,
  strategies: (table: number, seats: number) => Strategy[] = (table, seats) =>
    Array.from({ length: seats }, (_, i) => ((table % 2 === 1 ? i === 0 : i === seats - 1) ? 'lowest' : 'pickup')),
): Promise<MainGameState[]> {
  const t = await tournamentOf(players[0]?.jar as Jar, id);
  const round = t.roundList.at(-1);
  if (round === undefined) throw new Error('no round');
  const finals: MainGameState[] = [];
  for (const table of round.tables) {
    const seats: Seat[] = [];
    for (const seat of table.seats) {
      const player = players.find((p) => p.user.id === seat.userId);
      if (player === undefined) throw new Error(`seat ${seat.userId} is nobody's`);
      // The player's own view says where they sit.
      expect((await tournamentOf(player.jar, id)).myTable).toBe(table.gameId);
      seats.push(await seatOf(base, player));
    }
    for (const seat of seats) {
      const state = await joinGame(seat, table.gameId);
      expect(state.tournament).toEqual({
        id,
        name: t.name,
        round: round.number,
        rounds: t.rounds,
        table: table.number,
      });
      expect(state.entryFee).toBe(0);
    }
    await chooseFaceUp(seats, table.gameId);
    const steps = await playToEnd(seats, table.gameId, strategies(table.number, seats.length));
    finals.push(steps.at(-1)?.after[0] as MainGameState);
    await Promise.all(seats.map((s) => s.socket.close()));
  }
  return finals;
}

/**
 * The scores worked out again from what the API shows (each table's seats in seat order with their
 * places), independently of the server's code: each seat against the same seat at the other tables
 * of its size (2 matchpoints for a better place, 1 for the same), as a percentage of 2 a counterpart;
 * a size with one table by place (first 100, last 0). Checks every seat's score and matchpoints,
 * every entrant's total (a bye 100) and the standings' order; answers the totals by user.
 */
function checkScores(t: Tournament): Map<number, number> {
  const totals = new Map(t.entries.map((e) => [e.userId, 0]));
  const cards = new Map(t.entries.map((e) => [e.userId, 0]));
  for (const round of t.roundList.filter((r) => r.finished)) {
    for (const table of round.tables) {
      const others = round.tables.filter((o) => o !== table && o.seats.length === table.seats.length);
      table.seats.forEach((seat, k) => {
        const place = seat.place as number;
        let expected: number;
        if (others.length === 0) {
          expected = (100 * (table.seats.length - place)) / (table.seats.length - 1);
          expect([seat.matchpoints, seat.maxMatchpoints]).toEqual([null, null]);
        } else {
          const counterparts = others.map((o) => o.seats[k]?.place as number);
          const won = counterparts.reduce((sum, p) => sum + (place < p ? 2 : place === p ? 1 : 0), 0);
          expect([seat.matchpoints, seat.maxMatchpoints]).toEqual([won, 2 * others.length]);
          expected = (100 * won) / (2 * others.length);
        }
        expect(seat.score).toBeCloseTo(expected, 9);
        totals.set(seat.userId, (totals.get(seat.userId) ?? 0) + expected);
        cards.set(seat.userId, (cards.get(seat.userId) ?? 0) + (seat.cardsLeft as number));
      });
    }
    for (const bye of round.byes) totals.set(bye.userId, (totals.get(bye.userId) ?? 0) + 100);
  }
  for (const e of t.entries) {
    expect(e.score).toBeCloseTo(totals.get(e.userId) ?? Number.NaN, 9);
    expect(e.cardsLeft).toBe(cards.get(e.userId));
  }
  // Standings: total percentage (most first), then cards left (fewest first); entry order last.
  for (let i = 1; i < t.entries.length; i++) {
    const [a, b] = [t.entries[i - 1], t.entries[i]] as [Tournament['entries'][0], Tournament['entries'][0]];
    const [ta, tb] = [totals.get(a.userId) ?? 0, totals.get(b.userId) ?? 0];
    expect(
      ta > tb + 1e-9 || (Math.abs(ta - tb) < 1e-9 && a.cardsLeft <= b.cardsLeft),
      `${a.username} before ${b.username}`,
    ).toBe(true);
    expect(b.rank).toBe(a.rank + 1);
  }
  return totals;
}

describe('tournaments over HTTP and /ws', () => {
  it('tournaments - four players run a paid duplicate tournament over two rounds to its prize, the ledger balanced', async () => {
    server = await startServer();
    const { base } = server;
    const invites = new Invites(['INVITE-1', 'INVITE-2', 'INVITE-3', 'INVITE-4', 'INVITE-5']);
    const players: Player[] = [];
    for (let i = 0; i < 4; i++) players.push(await registered(base, invites.next(), 'cup'));
    const [host] = players as [Player, ...Player[]];

    // Bad input: each refused with a clear message, nothing created.
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ name: 'ab' }, 400, 'Tournament name must be at least 3 characters'],
      [{ name: 'Cup', maxPlayers: 40 }, 400, 'Players must be between 4 and 32'],
      [{ name: 'Cup', tableSize: 5 }, 400, 'Table size must be between 2 and 4'],
      [{ name: 'Cup', rounds: 9 }, 400, 'Rounds must be between 1 and 5'],
      [{ name: 'Cup', entryFee: 30 }, 400, 'Entry fee must be 0, or between 100 and 1000 SRT tokens in steps of 50'],
      [{ name: 'Cup', startsAt: 'tomorrow' }, 400, 'Start time must be between 5 minutes and 7 days from now'],
      [
        { name: 'Cup', startsAt: new Date(Date.now() + 1000).toISOString() },
        400,
        'Start time must be between 5 minutes and 7 days from now',
      ],
      [{ name: 'Cup', preset: 'chess' }, 400, ''],
    ];
    for (const [body, status, message] of refusals) {
      const got = await host.jar.post<{ message: string }>('/api/tournaments', body);
      expect(got.status, JSON.stringify(body)).toBe(status);
      if (message !== '') expect(got.body.message).toBe(message);
      else expect(typeof got.body.message).toBe('string');
    }
    const visitor = await guest(base);
    const byGuest = await visitor.jar.post<{ message: string }>('/api/tournaments', { name: 'Guest Cup' });
    expect([byGuest.status, byGuest.body.message]).toEqual([403, 'Register to create a tournament']);
    const anonymous = await new Jar(base).post<{ message: string }>('/api/tournaments', { name: 'Nobody Cup' });
    expect(anonymous.status).toBe(401);
    expect(ok200(await host.jar.get<unknown[]>('/api/tournaments'))).toEqual([]);

    const created = await host.jar.post<Tournament>('/api/tournaments', {
      name: 'Loopback Cup',
      preset: 'easy',
      maxPlayers: 4,
      tableSize: 2,
      rounds: 2,
      entryFee: 100,
      startsAt: null,
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(created.body).toMatchObject({ status: 'open', entrants: 0, prizePool: 0, seed: null, entered: false });
    expect((await new Jar(base).get(`/api/tournaments/${id}`)).status).toBe(200);
    expect((await new Jar(base).get('/api/tournaments/999999999')).status).toBe(404);
    expect((await new Jar(base).get('/api/tournaments/not-a-number')).status).toBe(404);

    // A guest may not enter a paid one; entering twice is refused; the fee is booked.
    const guestEntry = await visitor.jar.post<{ message: string }>(`/api/tournaments/${id}/enter`);
    expect([guestEntry.status, guestEntry.body.message]).toEqual([403, 'Register to enter a paid tournament']);
    const before = await host.jar.balance();
    ok200(await host.jar.post(`/api/tournaments/${id}/enter`));
    expect(await host.jar.balance()).toBe(before - 100);
    const twice = await host.jar.post<{ message: string }>(`/api/tournaments/${id}/enter`);
    expect([twice.status, twice.body.message]).toEqual([409, 'You have already entered this tournament']);
    for (const player of players.slice(1)) ok200(await player.jar.post(`/api/tournaments/${id}/enter`));
    const late = await registered(base, invites.next(), 'late');
    const full = await late.jar.post<{ message: string }>(`/api/tournaments/${id}/enter`);
    expect([full.status, full.body.message]).toEqual([409, 'This tournament has already started']);
    const withdraw = await host.jar.post<{ message: string }>(`/api/tournaments/${id}/withdraw`);
    expect([withdraw.status, withdraw.body.message]).toEqual([409, 'This tournament has already started']);

    // Round 1: two heads-up tables dealt from one committed seed.
    const running = await tournamentOf(host.jar, id);
    expect(running).toMatchObject({ status: 'running', currentRound: 1, entrants: 4, prizePool: 400 });
    const round1 = running.roundList[0];
    expect(round1?.tables).toHaveLength(2);
    expect(round1?.deals).toHaveLength(1);
    expect(round1?.deals[0]?.seed).toBeNull();
    // The lobby lists the tables (the Tournaments chip), each as a tournament table.
    const lobby = ok200(await host.jar.get<Array<{ id: number; tournament: unknown }>>('/api/games'));
    for (const table of round1?.tables ?? []) {
      expect(lobby.find((g) => g.id === table.gameId)?.tournament).toMatchObject({ id, round: 1, rounds: 2 });
    }
    expect(await playRound(base, players, id)).toHaveLength(2);
    const afterRound1 = await until(host.jar, id, (t) => t.roundList.length === 2, 'round 2');
    const deal = afterRound1.roundList[0]?.deals[0];
    expect(deal?.seed).not.toBeNull();
    expect(sha256(deal?.seed ?? '')).toBe(deal?.commitment);
    for (const table of afterRound1.roundList[0]?.tables ?? []) {
      const record = ok200(
        await host.jar.get<{ seed: string; commitment: string }>(`/api/records/main/${table.gameId}`),
        'record',
      );
      // Every table of the round was dealt from the round's seed.
      expect(record.seed).toBe(deal?.seed);
      expect(record.commitment).toBe(deal?.commitment);
    }
    // A table's record stays sealed while its round plays (the other tables hold the same deal).
    const round2Table = afterRound1.roundList[1]?.tables[0]?.gameId as number;
    const sealed = await host.jar.get<{ commitment: string }>(`/api/records/main/${round2Table}`);
    expect(sealed.status).toBe(409);

    await playRound(base, players, id);
    const done = await until(host.jar, id, (t) => t.status === 'finished', 'the end');
    expect(done.seed).not.toBeNull();
    expect(sha256(done.seed ?? '')).toBe(done.commitment);
    // Under 6 entrants the winner takes the whole pool.
    expect(done.prizes).toEqual([
      { place: 1, amount: 400, userId: done.entries[0]?.userId, username: done.entries[0]?.username },
    ]);
    const winner = players.find((p) => p.user.id === done.entries[0]?.userId) as Player;
    expect(await winner.jar.balance()).toBe(before - 100 + 400);
    const history = await winner.jar.history();
    expect(history[0]).toMatchObject({ kind: 'prize', amount: 400, gameId: null, tournamentId: id });
    // Scored seat against seat: the first seat won at table 1 and lost at table 2, so each seat
    // scored 100 % at one table and 0 % at the other (never a tie), worked out again here.
    const totals = checkScores(done);
    for (const round of done.roundList) {
      expect(round.tables.flatMap((table) => table.seats.map((seat) => seat.score)).sort()).toEqual([0, 0, 100, 100]);
    }
    expect([...totals.values()].reduce((a, b) => a + b, 0)).toBe(2 * 4 * 50);
    expect(done.entries[0]?.score).toBe(Math.max(...totals.values()));
    const ledger = await checkLedger(server.dataFile);
    // Tables are rated in the tournament's preset: two rated games each.
    const ratings = ok200(
      await winner.jar.get<{ ratings: Array<{ preset: string; games: number }> }>('/api/ratings/me'),
    );
    expect(ratings.ratings.map((r) => [r.preset, r.games])).toEqual([['easy', 2]]);
    // Four fees and one prize, two rows each.
    const kinds = ledger.rows.filter((r) => r.gameId === `tournament:${id}`).map((r) => r.kind);
    expect(kinds.sort()).toEqual([...Array(8).fill('fee'), 'prize', 'prize']);
  });

  it('tournaments - seven players at tables of 3: the lone table of 3 scored by place, the heads-up pair seat against seat', async () => {
    server = await startServer();
    const { base } = server;
    const invites = new Invites(Array.from({ length: 8 }, (_, i) => `INVITE-${i + 1}`));
    const players: Player[] = [];
    for (let i = 0; i < 7; i++) players.push(await registered(base, invites.next(), 'trio'));
    const [host] = players as [Player, ...Player[]];
    const posted = await host.jar.post<Tournament>('/api/tournaments', {
      name: 'Trio Cup',
      maxPlayers: 7,
      tableSize: 3,
      rounds: 1,
    });
    expect(posted.status).toBe(201);
    const created = posted.body;
    for (const player of players) ok200(await player.jar.post(`/api/tournaments/${created.id}/enter`));
    const running = await tournamentOf(host.jar, created.id);
    expect(running.roundList[0]?.tables.map((t) => t.seats.length)).toEqual([3, 2, 2]);
    // Nothing is placed or scored while the tables play.
    for (const table of running.roundList[0]?.tables ?? []) {
      for (const seat of table.seats) expect([seat.place, seat.score, seat.matchpoints]).toEqual([null, null, null]);
    }
    // The first seat wins heads-up table 2, the second seat table 3 (at the table of 3 the middle seat
    // plays its lowest cards, the others pick up whenever they may: whoever it is, someone wins).
    await playRound(base, players, created.id, (table, seats) =>
      Array.from({ length: seats }, (_, i) => (i === (seats === 3 ? 1 : table === 2 ? 0 : 1) ? 'lowest' : 'pickup')),
    );
    const done = await until(host.jar, created.id, (t) => t.status === 'finished', 'the end');
    const totals = checkScores(done);
    const [three, two, other] = done.roundList[0]?.tables ?? [];
    // By place at the table of 3: 100, 50, 0; heads-up: each seat against the same seat at the other table.
    expect(three?.seats.map((seat) => seat.score).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([0, 50, 100]);
    expect([two?.seats[0]?.place, other?.seats[1]?.place]).toEqual([1, 1]);
    expect([two?.seats.map((seat) => seat.score), other?.seats.map((seat) => seat.score)]).toEqual([
      [100, 0],
      [0, 100],
    ]);
    expect([...totals.values()].reduce((a, b) => a + b, 0)).toBe(7 * 50);
    // No fee, no prize.
    expect(done.prizes).toEqual([]);
  });
});
