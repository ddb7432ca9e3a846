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
 * its end (the first seat plays its lowest cards, the other picks up: the first seat wins).
 */
async function playRound(base: string, players: readonly Player[], id: number): Promise<MainGameState[]> {
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
    const steps = await playToEnd(seats, table.gameId, ['lowest', 'pickup']);
    finals.push(steps.at(-1)?.after[0] as MainGameState);
    await Promise.all(seats.map((s) => s.socket.close()));
  }
  return finals;
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
    // Points: two heads-up tables a round, one point each.
    expect(done.entries.reduce((sum, e) => sum + e.points, 0)).toBe(4);
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
});
