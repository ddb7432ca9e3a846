import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MEMORY_HOUSE, MemoryGamesStore, mainView, seatRound, tournamentView, type User } from '../src/index.js';
import { guest, registered, stored } from './main-support.js';
import { code, value } from './support.js';
import {
  currentTables,
  full,
  loadTournament,
  node,
  players,
  playRound,
  settle,
  tournamentSetup,
} from './tournaments-support.js';

function message(result: { ok: true } | { ok: false; error: { message: string } }): string {
  return result.ok ? 'accepted' : result.error.message;
}

/** Every token in the bank: the house's balance is minus what the players hold. */
async function ledgerSum(s: ReturnType<typeof tournamentSetup>, users: readonly User[]): Promise<number> {
  let sum = await s.bank.balance(MEMORY_HOUSE);
  for (const user of users) sum += await s.bank.balance(user.id);
  return sum;
}

describe('TournamentsService', () => {
  it('tournaments - create checks every field with a clear message and stores nothing when refused', async () => {
    const s = tournamentSetup();
    const ann = await registered(s, 'Ann');
    const cases: Array<[Parameters<typeof s.tournaments.create>[1], string]> = [
      [{ name: ' ab ' }, 'Tournament name must be at least 3 characters'],
      [{ name: 'x'.repeat(41) }, 'Tournament name must be at most 40 characters'],
      [{ name: 'Cup', maxPlayers: 3 }, 'Players must be between 4 and 32'],
      [{ name: 'Cup', maxPlayers: 33 }, 'Players must be between 4 and 32'],
      [{ name: 'Cup', maxPlayers: 4.5 }, 'Players must be between 4 and 32'],
      [{ name: 'Cup', tableSize: 1 }, 'Table size must be between 2 and 4'],
      [{ name: 'Cup', tableSize: 5 }, 'Table size must be between 2 and 4'],
      [{ name: 'Cup', rounds: 0 }, 'Rounds must be between 1 and 5'],
      [{ name: 'Cup', rounds: 6 }, 'Rounds must be between 1 and 5'],
      [{ name: 'Cup', entryFee: 50 }, 'Entry fee must be 0, or between 100 and 1000 SRT tokens in steps of 50'],
      [{ name: 'Cup', entryFee: 125 }, 'Entry fee must be 0, or between 100 and 1000 SRT tokens in steps of 50'],
      [{ name: 'Cup', entryFee: 1050 }, 'Entry fee must be 0, or between 100 and 1000 SRT tokens in steps of 50'],
      [{ name: 'Cup', startsAt: s.clock.now() + 60_000 }, 'Start time must be between 5 minutes and 7 days from now'],
      [
        { name: 'Cup', startsAt: s.clock.now() + 8 * 24 * 3_600_000 },
        'Start time must be between 5 minutes and 7 days from now',
      ],
    ];
    for (const [input, expected] of cases) {
      expect(message(await s.tournaments.create(ann, input)), JSON.stringify(input)).toBe(expected);
    }
    const guestUser = (await guest(s)).user;
    expect(message(await s.tournaments.create(guestUser, { name: 'Cup' }))).toBe('Register to create a tournament');
    expect(await s.tournaments.list(['open', 'running', 'finished', 'cancelled'], 100)).toEqual([]);
    const made = value(await s.tournaments.create(ann, { name: ' Friday Cup ', preset: 'easy', entryFee: 100 }));
    expect(made.status).toBe('open');
    expect(made.data).toMatchObject({ name: 'Friday Cup', preset: 'easy', maxPlayers: 8, tableSize: 4, rounds: 3 });
    expect(made.data.commitment).toBe(s.ids.digest(made.data.seed));
    // The seed stays secret until the end.
    expect(tournamentView(made, null).seed).toBeNull();
  });

  it('tournaments - entering books the fee; twice, full, started, a guest in a paid one and a bot are refused', async () => {
    const s = tournamentSetup();
    const [ann, bob, cat, dan, eve] = await players(s, 5, 1000);
    if (!ann || !bob || !cat || !dan || !eve) throw new Error('players');
    const t = value(await s.tournaments.create(ann, { name: 'Paid Cup', maxPlayers: 4, entryFee: 200 }));
    value(await s.tournaments.enter(ann, t.id));
    expect(await s.bank.balance(ann.id)).toBe(800);
    expect(message(await s.tournaments.enter(ann, t.id))).toBe('You have already entered this tournament');
    const guestUser = (await guest(s)).user;
    expect(message(await s.tournaments.enter(guestUser, t.id))).toBe('Register to enter a paid tournament');
    expect(message(await s.tournaments.enter({ ...bob, isBot: true }, t.id))).toBe('Bots cannot enter tournaments');
    const poor = await registered(s, 'Poor', 150);
    expect(message(await s.tournaments.enter(poor, t.id))).toBe('You need 50 more tokens to enter this tournament');
    expect(await s.bank.balance(poor.id)).toBe(150);
    expect((await loadTournament(s, t.id)).data.entries).toHaveLength(1);
    for (const user of [bob, cat, dan]) value(await s.tournaments.enter(user, t.id));
    await settle();
    // The fourth entry filled it: round 1 started in the same write.
    expect((await loadTournament(s, t.id)).status).toBe('running');
    expect(message(await s.tournaments.enter(eve, t.id))).toBe('This tournament has already started');
    expect(code(await s.tournaments.enter(eve, '999999'))).toBe('tournament/not_found');
    expect(code(await s.tournaments.enter(eve, 'abc'))).toBe('tournament/not_found');
    expect(await s.bank.balance(eve.id)).toBe(1000);
  });

  it('tournaments - a full free tournament refuses one more; withdrawing refunds the fee before the start only', async () => {
    const s = tournamentSetup();
    const [ann, bob] = await players(s, 2, 1000);
    if (!ann || !bob) throw new Error('players');
    const t = value(await s.tournaments.create(ann, { name: 'Cup', maxPlayers: 4, entryFee: 300 }));
    value(await s.tournaments.enter(bob, t.id));
    expect(await s.bank.balance(bob.id)).toBe(700);
    expect(message(await s.tournaments.withdraw(ann, t.id))).toBe('You have not entered this tournament');
    value(await s.tournaments.withdraw(bob, t.id));
    expect(await s.bank.balance(bob.id)).toBe(1000);
    expect((await loadTournament(s, t.id)).data.entries).toEqual([]);
    const free = value(await s.tournaments.create(ann, { name: 'Free Cup', maxPlayers: 4 }));
    const four = await players(s, 4, 0, 'F');
    const guestUser = (await guest(s)).user;
    value(await s.tournaments.enter(guestUser, free.id));
    for (const user of four.slice(0, 3)) value(await s.tournaments.enter(user, free.id));
    await settle();
    const late = four[3] as User;
    expect(message(await s.tournaments.enter(late, free.id))).toBe('This tournament has already started');
    expect(message(await s.tournaments.withdraw(guestUser, free.id))).toBe('This tournament has already started');
  });

  it('tournaments - a paid tournament runs its rounds on the same deals and pays 50/30/20 with the ledger balanced', async () => {
    const s = tournamentSetup();
    const users = await players(s, 8, 1000);
    const creator = users[0] as User;
    const id = await full(s, creator, users, { entryFee: 100, rounds: 2, tableSize: 4 });
    const started = await loadTournament(s, id);
    expect(started.status).toBe('running');
    const round1 = started.data.roundList[0];
    expect(round1?.tables.map((t) => t.seats.length)).toEqual([4, 4]);
    // Everyone at exactly one table.
    expect(round1?.tables.flatMap((t) => t.seats).sort()).toEqual(users.map((u) => u.id).sort());
    // Every table of the round was dealt the same cards seat by seat, from the committed deal.
    const tables = await currentTables(s, id);
    const deal = round1?.deals.find((d) => d.tableSize === 4);
    expect(tables.map((g) => g.commitment)).toEqual([deal?.commitment, deal?.commitment]);
    const cards = (g: (typeof tables)[number]) =>
      g.state.seats.map((seat) => [...seat.hand, ...seat.faceUp, ...seat.faceDown].map((c) => `${c.rank}${c.suit}`));
    expect(cards(tables[0] as (typeof tables)[number])).toEqual(cards(tables[1] as (typeof tables)[number]));
    expect(tables[0]?.meta.tournament).toMatchObject({ id: Number(id), round: 1, rounds: 2, table: 1 });
    expect(mainView(tables[0] as (typeof tables)[number], null).entryFee).toBe(0);
    // The deal stays secret while the round plays.
    expect(tournamentView(started, null).roundList[0]?.deals[0]?.seed).toBeNull();

    await playRound(s, id, users);
    const second = await loadTournament(s, id);
    expect(second.data.roundList).toHaveLength(2);
    expect(second.data.roundList[0]?.finishedAt).not.toBeNull();
    expect(tournamentView(second, null).roundList[0]?.deals[0]?.seed).toBe(deal?.seed);
    // Round 1 scored seat against seat: each seat against the same seat at the other table of 4.
    const [tableA, tableB] = second.data.roundList[0]?.tables ?? [];
    const placeAt = (t: typeof tableA, i: number) => t?.results?.find((r) => r.userId === t.seats[i])?.place ?? 0;
    const seen = tournamentView(second, null).roundList[0]?.tables ?? [];
    for (let i = 0; i < 4; i++) {
      const [a, b] = [placeAt(tableA, i), placeAt(tableB, i)];
      const expected = a < b ? [2, 0] : a > b ? [0, 2] : [1, 1];
      expect([seen[0]?.seats[i]?.matchpoints, seen[1]?.seats[i]?.matchpoints]).toEqual(expected);
      expect([seen[0]?.seats[i]?.score, seen[1]?.seats[i]?.score]).toEqual(expected.map((mp) => 50 * mp));
      expect(seen[0]?.seats[i]?.maxMatchpoints).toBe(2);
    }
    // Round 2 is seated Swiss style by those standings.
    const swiss = seatRound({ ...second.data, roundList: second.data.roundList.slice(0, 1) }, 2);
    expect(second.data.roundList[1]?.tables.map((t) => t.seats)).toEqual(swiss.tables);

    await playRound(s, id, users);
    const done = await loadTournament(s, id);
    expect(done.status).toBe('finished');
    const view = tournamentView(done, creator.id);
    expect(view.prizes.map((p) => p.amount)).toEqual([400, 240, 160]);
    expect(view.seed).toBe(done.data.seed);
    const [first, secondPlace, third] = view.entries;
    expect(await s.bank.balance(first?.userId ?? 0)).toBe(900 + 400);
    expect(await s.bank.balance(secondPlace?.userId ?? 0)).toBe(900 + 240);
    expect(await s.bank.balance(third?.userId ?? 0)).toBe(900 + 160);
    expect(await ledgerSum(s, users)).toBe(0);
    // Every seat is worth 50 % on average (each pair of counterparts shares 2 matchpoints): 8 × 50 a round.
    expect(view.entries.reduce((sum, e) => sum + e.score, 0)).toBe(2 * 8 * 50);
    // Moving it on again changes nothing (no second prize).
    await s.tournaments.advance(id);
    expect((await loadTournament(s, id)).version).toBe(done.version);
    expect(await ledgerSum(s, users)).toBe(0);
  });

  it('tournaments - too few entrants at the start time cancels it and refunds every fee once', async () => {
    const s = tournamentSetup();
    const users = await players(s, 3, 500);
    const creator = users[0] as User;
    const t = value(
      await s.tournaments.create(creator, { name: 'Timed', entryFee: 100, startsAt: s.clock.now() + 10 * 60_000 }),
    );
    for (const user of users) value(await s.tournaments.enter(user, t.id));
    expect(await s.bank.balance(creator.id)).toBe(400);
    s.clock.advance(10 * 60_000);
    s.scheduler.runDue();
    await settle();
    const cancelled = await loadTournament(s, t.id);
    expect(cancelled.status).toBe('cancelled');
    for (const user of users) expect(await s.bank.balance(user.id)).toBe(500);
    await s.tournaments.advance(t.id);
    await s.tournaments.sweep();
    for (const user of users) expect(await s.bank.balance(user.id)).toBe(500);
    expect(message(await s.tournaments.enter(users[0] as User, t.id))).toBe('This tournament is over');
  });

  it('tournaments - at its start time a tournament with four or more entrants starts with them', async () => {
    const s = tournamentSetup();
    const users = await players(s, 5, 500);
    const t = value(
      await s.tournaments.create(users[0] as User, {
        name: 'Timed',
        maxPlayers: 16,
        startsAt: s.clock.now() + 600_000,
      }),
    );
    for (const user of users) value(await s.tournaments.enter(user, t.id));
    expect((await loadTournament(s, t.id)).status).toBe('open');
    s.clock.advance(600_000);
    // A node that restarted: a fresh service over the same stores finds it due in its sweep.
    const again = node(s).tournaments;
    await again.sweep();
    const running = await loadTournament(s, t.id);
    expect(running.status).toBe('running');
    expect(running.data.roundList[0]?.tables.map((table) => table.seats.length)).toEqual([3, 2]);
    expect((await currentTables(s, t.id)).map((g) => g.state.seats.length)).toEqual([3, 2]);
  });

  it('tournaments - a round planned before a crash gets its tables on restart, once', async () => {
    const s = tournamentSetup();
    const users = await players(s, 4, 500);
    // The node that takes the filling entry dies before its tables reach the store: stand for it
    // with a service whose tables go to a games store of its own (lost with the node).
    const dying = node(s, new MemoryGamesStore(s.bank)).tournaments;
    const t = value(await dying.create(users[0] as User, { name: 'Crash Cup', maxPlayers: 4 }));
    for (const user of users) value(await dying.enter(user, t.id));
    const row = await loadTournament(s, t.id);
    expect(row.status).toBe('running');
    const planned = row.data.roundList[0]?.tables.map((table) => table.gameId) ?? [];
    for (const gameId of planned) expect(await s.store.load(gameId)).toBeNull();
    // The restarted node's sweep creates them under the planned ids; a second sweep changes nothing.
    await s.tournaments.sweep();
    const tables = await currentTables(s, t.id);
    expect(tables.map((g) => g.id)).toEqual(planned);
    const versions = tables.map((g) => g.version);
    await s.tournaments.sweep();
    expect((await currentTables(s, t.id)).map((g) => g.version)).toEqual(versions);
    expect((await loadTournament(s, t.id)).version).toBe(row.version);
    await playRound(s, t.id, users);
    expect((await loadTournament(s, t.id)).data.roundList).toHaveLength(2);
  });

  it('tournaments - players of a round cannot watch its other tables in play; tables have no rematch', async () => {
    const s = tournamentSetup();
    const users = await players(s, 4, 500);
    const id = await full(s, users[0] as User, users, { tableSize: 2, rounds: 1 });
    const [a, b] = await currentTables(s, id);
    if (a === undefined || b === undefined) throw new Error('tables');
    const atB = users.find((u) => b.state.seats.some((seat) => seat.id === String(u.id))) as User;
    expect(message(await s.main.watch(atB, a.id))).toBe(
      "You cannot watch another table of your tournament's round while it is played",
    );
    const stranger = await registered(s, 'Watcher');
    value(await s.main.watch(stranger, a.id));
    expect((await stored(s, a.id)).meta.watchers).toEqual([stranger.id]);
    await playRound(s, id, users);
    expect(code(await s.main.rematch(atB, b.id))).toBe('rematch/tournament');
    expect((await loadTournament(s, id)).status).toBe('finished');
  });
  it('tournaments - two nodes moving one tournament on at once make one change: one next round, one prize', async () => {
    const s = tournamentSetup();
    const users = await players(s, 4, 1000);
    // A second node: its own main-games service and tournament service over the same stores.
    const tournamentsB = node(s).tournaments;
    const t = value(
      await s.tournaments.create(users[0] as User, {
        name: 'Two Nodes',
        maxPlayers: 4,
        tableSize: 2,
        rounds: 2,
        entryFee: 100,
      }),
    );
    // The last two entries race on the two nodes: both are taken (one retried), and only one starts round 1.
    for (const user of users.slice(0, 2)) value(await s.tournaments.enter(user, t.id));
    const [third, fourth] = await Promise.all([
      s.tournaments.enter(users[2] as User, t.id),
      tournamentsB.enter(users[3] as User, t.id),
    ]);
    expect([third.ok, fourth.ok]).toEqual([true, true]);
    await settle();
    const started = await loadTournament(s, t.id);
    expect(started.data.roundList).toHaveLength(1);
    // Both nodes move it on after every table change, and both sweep.
    await playRound(s, t.id, users);
    await Promise.all([
      s.tournaments.sweep(),
      tournamentsB.sweep(),
      s.tournaments.advance(t.id),
      tournamentsB.advance(t.id),
    ]);
    expect((await loadTournament(s, t.id)).data.roundList).toHaveLength(2);
    await playRound(s, t.id, users);
    await Promise.all([s.tournaments.sweep(), tournamentsB.sweep()]);
    const done = await loadTournament(s, t.id);
    expect(done.status).toBe('finished');
    const prizes = s.bank.rows.filter((r) => r.kind === 'prize' && r.amount > 0);
    expect(prizes).toHaveLength(1);
    expect(await ledgerSum(s, users)).toBe(0);
  });
});

describe('TournamentsService with nobody at the tables', () => {
  it('tournaments - a round always ends: the turn clock plays absent players until the tournament finishes', async () => {
    const s = tournamentSetup();
    const users = await players(s, 5, 1000);
    const id = await full(s, users[0] as User, users, { tableSize: 4, rounds: 2 });
    expect((await loadTournament(s, id)).data.roundList[0]?.tables.map((t) => t.seats.length)).toEqual([3, 2]);
    // Nobody ever comes: the turn clock (then the away seats' AI) plays every seat.
    for (let step = 0; step < 20_000; step++) {
      const t = await loadTournament(s, id);
      if (t.status === 'finished') break;
      s.clock.advance(5_000);
      s.scheduler.runDue();
      await settle();
    }
    const done = await loadTournament(s, id);
    expect(done.status).toBe('finished');
    expect(done.data.roundList).toHaveLength(2);
    // A table of 3 and a heads-up table, each the only one of its size: scored by place.
    const view = tournamentView(done, null);
    for (const round of view.roundList) {
      for (const table of round.tables) {
        const byPlace = table.seats.length === 3 ? [100, 50, 0] : [100, 0];
        expect(table.seats.map((seat) => seat.score)).toEqual(
          table.seats.map((seat) => byPlace[(seat.place ?? 0) - 1]),
        );
        expect(table.seats.every((seat) => seat.matchpoints === null && seat.maxMatchpoints === null)).toBe(true);
      }
    }
    expect(view.entries.reduce((sum, e) => sum + e.score, 0)).toBe(2 * (150 + 100));
  });
});

describe('TournamentsService deals', () => {
  it('tournaments - every table of a round with the same size is dealt the same cards, seat by seat, from the committed deal', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 4, max: 32 }), fc.integer({ min: 2, max: 4 }), async (n, k) => {
        const s = tournamentSetup(`deal-${n}-${k}`);
        const users = await players(s, n, 0);
        const id = await full(s, users[0] as User, users, { tableSize: k, rounds: 1 });
        const t = await loadTournament(s, id);
        const round = t.data.roundList[0];
        if (round === undefined) throw new Error('no round');
        const tables = await currentTables(s, id);
        expect(tables).toHaveLength(round.tables.length);
        const bySize = new Map<number, string[][]>();
        for (const [i, game] of tables.entries()) {
          const size = game.state.seats.length;
          // Seated, and so dealt, in the stored seat order: its index is the deal position scores compare.
          expect(game.state.seats.map((seat) => Number(seat.id))).toEqual(round.tables[i]?.seats);
          const deal = round.deals.find((d) => d.tableSize === size);
          // The table's own commitment is the round's for its size.
          expect(game.commitment).toBe(deal?.commitment);
          const cards = game.state.seats.map((seat) =>
            [...seat.hand, ...seat.faceUp, ...seat.faceDown].map((c) => `${c.rank}${c.suit}`),
          );
          const first = bySize.get(size);
          if (first === undefined) bySize.set(size, cards);
          else expect(cards).toEqual(first);
        }
        // No player at two tables; each at the table the tournament says.
        const seated = tables.flatMap((g) => g.state.seats.map((seat) => Number(seat.id)));
        expect(new Set(seated).size).toBe(seated.length);
        expect(seated.length + round.byes.length).toBe(n);
      }),
      { numRuns: 25 },
    );
  });
});
