import { HOUSE_ID } from '@palace/adapter-storage';
import type { MainGameState, RecentGame } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { type TestServer, useServer } from './harness.js';
import {
  checkLedger,
  createGame,
  guest,
  headsUp,
  Jar,
  joinGame,
  ok200,
  type Player,
  type Reply,
  registered,
  type Seat,
  seatOf,
  uniqueName,
} from './main-harness.js';

/** Tokens around the main game: a guest's prize and its claim, and races on prizes, seats and fees. */

const FEE = 100;
/** One code good for every registration these tests make. */
const CODE = 'CROWD';

function expectMessage(got: Reply, status: number, message?: string): void {
  expect(got.status, `${got.status} ${got.text}`).toBe(status);
  expect(Object.keys(got.body as object)).toEqual(['message']);
  if (message !== undefined) expect((got.body as { message: string }).message).toBe(message);
}

/**
 * A two-seat game, the registered host against a guest, where the host picks up whenever it may:
 * the guest wins (by emptying their hand or, at the move cap, with the fewest cards).
 */
async function guestWins(server: TestServer, host: Player, winner: Player): Promise<MainGameState> {
  return headsUp(server.base, winner, host, { name: 'Prize Table', entryFee: FEE });
}

describe('main game tokens', () => {
  const served = useServer({ inviteCodes: [CODE], inviteUses: 500 });

  it('main tokens - a guest winner registers from the guest session and claims the held prize once', async () => {
    const { server } = served();
    const host = await registered(server.base, CODE, 'Host');
    const winner = await guest(server.base);
    const final = await guestWins(server, host, winner);
    expect(final.status).toBe('completed');
    expect(final.lastAction).toMatchObject({
      type: 'game_over',
      playerId: winner.user.id,
      username: winner.user.username,
      guestWinner: true,
      // Only the host paid: the pot is one fee (docs/product.md §D12 pot).
      prizeAmount: FEE,
    });
    expect(final.winnerId).toBe(winner.user.id);
    const gameId = final.id;
    // The host paid and won nothing; the prize is held for the guest.
    expect(await host.jar.balance()).toBe(100 - FEE);
    expect((await host.jar.history()).map((l) => l.kind)).toEqual(['fee', 'gift']);
    const recent = ok200(await host.jar.get<RecentGame[]>('/api/games/recent'));
    expect(recent.map((g) => [g.id, g.result])).toEqual([[final.id, 'lost']]);
    const claim = { gameId, guestId: winner.user.id };

    // While still a guest: only an account can claim.
    expectMessage(await winner.jar.post('/api/claim-guest-prize', claim), 403, 'Create an account to claim your prize');
    // Signed out: 401.
    expectMessage(await new Jar(server.base).post('/api/claim-guest-prize', claim), 401, 'Not signed in');

    // Registering with the guest's cookie carries the guest into the new account.
    const account = ok200(await winner.jar.register({ username: uniqueName('Winner'), inviteCode: CODE }));
    expect(account.id).toBeGreaterThan(0);
    expect(await winner.jar.balance()).toBe(100);
    // Wrong ids claim nothing.
    expectMessage(await winner.jar.post('/api/claim-guest-prize', { gameId, guestId: winner.user.id - 1 }), 404);
    expectMessage(await winner.jar.post('/api/claim-guest-prize', { gameId: 'abc', guestId: winner.user.id }), 404);
    expectMessage(await winner.jar.post('/api/claim-guest-prize', { gameId, guestId: account.id }), 404);
    expectMessage(await winner.jar.post('/api/claim-guest-prize', { gameId }), 400);

    const claimed = await winner.jar.post<{ message: string; amount: number }>('/api/claim-guest-prize', {
      gameId: String(gameId),
      guestId: String(winner.user.id),
    });
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.body).toEqual({ message: `You've claimed ${FEE} tokens!`, amount: FEE });
    expect(await winner.jar.balance()).toBe(100 + FEE);
    const history = await winner.jar.history();
    expect(history.map((l) => [l.kind, l.amount, l.gameId])).toEqual([
      ['claim', FEE, gameId],
      ['gift', 100, null],
    ]);

    expectMessage(await winner.jar.post('/api/claim-guest-prize', claim), 409, 'This prize has already been claimed');
    // An account not opened from that guest's session may not claim it.
    const other = await registered(server.base, CODE, 'Other');
    expectMessage(await other.jar.post('/api/claim-guest-prize', claim), 403, 'This prize belongs to another player');
    expect(await other.jar.balance()).toBe(100);
    expect(await winner.jar.balance()).toBe(100 + FEE);
    await checkLedger(server.dataFile);
  }, 30_000);

  it('main tokens - play mints nothing: guests add no pot, and beating or losing to your own guest pays back only your fee', async () => {
    const { server } = served();
    // Two guests at a table with a fee: nobody paid, so there is no prize to hold (docs/product.md §D12 pot).
    const g1 = await guest(server.base);
    const g2 = await guest(server.base);
    const free = await headsUp(server.base, g1, g2, { name: 'Guest Table', entryFee: FEE });
    expect(free.lastAction).toMatchObject({ type: 'game_over', guestWinner: true, prizeAmount: 0 });
    // The farmer beats a guest of their own (a second browser): pays the fee, wins only it back.
    const farmer = await registered(server.base, CODE, 'Farmer');
    const puppet = await guest(server.base);
    const beaten = await headsUp(server.base, farmer, puppet, { name: 'Farm Table', entryFee: FEE });
    expect(beaten.lastAction).toMatchObject({ playerId: farmer.user.id, prizeAmount: FEE });
    expect(await farmer.jar.balance()).toBe(100);
    // Losing to that guest and claiming from its browser: the claim is the farmer's own fee.
    const puppet2 = await guest(server.base);
    const lost = await headsUp(server.base, puppet2, farmer, { name: 'Farm Table', entryFee: FEE });
    expect(lost.lastAction).toMatchObject({ playerId: puppet2.user.id, guestWinner: true, prizeAmount: FEE });
    ok200(await puppet2.jar.login(farmer.user.username));
    const claimed = await puppet2.jar.post('/api/claim-guest-prize', { gameId: lost.id, guestId: puppet2.user.id });
    expect(claimed.body).toEqual({ message: `You've claimed ${FEE} tokens!`, amount: FEE });
    expect(await farmer.jar.balance()).toBe(100);
    // The guest-only game held nothing, for anyone.
    expectMessage(await puppet2.jar.post('/api/claim-guest-prize', { gameId: free.id, guestId: g1.user.id }), 404);
    // Players hold at most the gifts (fees of unfinished games sit with the house): play never made tokens.
    const ledger = await checkLedger(server.dataFile);
    const gifts = ledger.rows.filter((r) => r.kind === 'gift' && r.amount > 0).reduce((sum, r) => sum + r.amount, 0);
    const held = [...ledger.balances].filter(([id]) => id !== HOUSE_ID).reduce((sum, [, b]) => sum + b, 0);
    expect(held).toBeLessThanOrEqual(gifts);
  }, 30_000);

  it('main tokens - 100 simultaneous claims of one prize pay it exactly once', async () => {
    const { server } = served();
    const host = await registered(server.base, CODE, 'Host');
    // This winner signs in to an existing account from the guest session (login adopts too).
    const existing = await registered(server.base, CODE, 'Existing');
    await existing.jar.logout();
    const winner = await guest(server.base);
    const final = await guestWins(server, host, winner);
    expect(final.lastAction?.guestWinner).toBe(true);
    ok200(await winner.jar.login(existing.user.username));

    const claim = { gameId: final.id, guestId: winner.user.id };
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => winner.jar.post('/api/claim-guest-prize', claim)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const got of answers) {
      if (got.status !== 200) expectMessage(got, 409, 'This prize has already been claimed');
    }
    expect(await winner.jar.balance()).toBe(100 + FEE);
    expect((await winner.jar.history()).filter((l) => l.kind === 'claim')).toHaveLength(1);
    const ledger = await checkLedger(server.dataFile);
    expect(ledger.rows.filter((r) => r.kind === 'claim' && r.gameId === String(final.id))).toHaveLength(2);
  }, 30_000);

  it('main tokens - many players racing for the one free seat of a 2-seat game: one gets it and pays once', async () => {
    const { server } = served();
    const host = await registered(server.base, CODE, 'Host');
    const gameId = await createGame(host.jar, { name: 'Two Seats', playerLimit: 2, entryFee: FEE });
    const racers: Seat[] = [];
    for (let n = 0; n < 12; n++) racers.push(await seatOf(server.base, await registered(server.base, CODE, 'Racer')));
    for (const racer of racers) racer.socket.send({ type: 'join_game', gameId, userId: racer.user.id });
    const answers = await Promise.all(racers.map((r) => r.socket.nextOf(['join_success', 'game_error'])));
    const seated = racers.filter((_, n) => answers[n]?.type === 'join_success');
    expect(seated).toHaveLength(1);
    for (const answer of answers) {
      if (answer.type === 'game_error') expect(answer.message).toBe('This game is full');
    }
    const lucky = seated[0] as Seat;
    const state = (await lucky.socket.next('game_state')).game;
    expect(state.players.map((p) => p.id)).toEqual([host.user.id, lucky.user.id]);

    expect(await host.jar.balance()).toBe(100 - FEE);
    for (const racer of racers) {
      expect(await racer.jar.balance()).toBe(racer === lucky ? 100 - FEE : 100);
      const fees = (await racer.jar.history()).filter((l) => l.kind === 'fee');
      expect(fees).toHaveLength(racer === lucky ? 1 : 0);
    }
    const ledger = await checkLedger(server.dataFile);
    const fees = ledger.rows.filter((r) => r.kind === 'fee' && r.gameId === String(gameId));
    expect(
      fees
        .filter((r) => r.amount < 0)
        .map((r) => r.userId)
        .sort(),
    ).toEqual([host.user.id, lucky.user.id].sort());
    await Promise.all(racers.map((r) => r.socket.close()));
  }, 30_000);

  it('main tokens - one balance cannot pay two fees at once (parallel creates, or a create racing a join)', async () => {
    const { server } = served();
    const player = await registered(server.base, CODE, 'Poor');
    const created = await Promise.all([
      player.jar.post('/api/games', { name: 'Race One', playerLimit: 2, entryFee: FEE }),
      player.jar.post('/api/games', { name: 'Race Two', playerLimit: 2, entryFee: FEE }),
      player.jar.post('/api/games', { name: 'Race Three', playerLimit: 2, entryFee: FEE }),
    ]);
    expect(created.filter((c) => c.status === 200)).toHaveLength(1);
    for (const got of created) {
      if (got.status !== 200) expectMessage(got, 400, `You need ${FEE} more tokens to create this game`);
    }
    expect(await player.jar.balance()).toBe(0);

    // Creating over HTTP while joining over the socket: both want the same 100 tokens.
    const joiner = await seatOf(server.base, await registered(server.base, CODE, 'Joiner'));
    const host = await registered(server.base, CODE, 'HostA');
    const open = await createGame(host.jar, { name: 'Open Table', playerLimit: 3, entryFee: FEE });
    const both = await Promise.all([
      joiner.jar.post('/api/games', { name: 'Own Table', playerLimit: 2, entryFee: FEE }),
      (async () => {
        joiner.socket.send({ type: 'join_game', gameId: open, userId: joiner.user.id });
        return joiner.socket.nextOf(['join_success', 'game_error']);
      })(),
    ]);
    const [createdOwn, joined] = both;
    expect([createdOwn.status === 200, joined.type === 'join_success'].filter(Boolean)).toHaveLength(1);
    if (createdOwn.status !== 200) {
      expectMessage(createdOwn, 400, `You need ${FEE} more tokens to create this game`);
    }
    if (joined.type === 'game_error') expect(joined.message).toBe(`You need ${FEE} more tokens to join this game`);
    expect(await joiner.jar.balance()).toBe(0);
    expect((await joiner.jar.history()).filter((l) => l.kind === 'fee')).toHaveLength(1);
    await joiner.socket.close();
    await checkLedger(server.dataFile);
  });

  it('main tokens - leaving a waiting game refunds the fee; the ledger stays balanced', async () => {
    const { server } = served();
    const host = await seatOf(server.base, await registered(server.base, CODE, 'Leaver'));
    const gameId = await createGame(host.jar, { name: 'Short Stay', playerLimit: 2, entryFee: FEE });
    expect(await host.jar.balance()).toBe(0);
    await joinGame(host, gameId);
    host.socket.send({ type: 'leave_game', gameId, userId: host.user.id });
    await host.socket.none('game_error');
    expect(await host.jar.balance()).toBe(100);
    expect((await host.jar.history()).map((l) => [l.kind, l.amount])).toEqual([
      ['refund', FEE],
      ['fee', -FEE],
      ['gift', 100],
    ]);
    // The game was cancelled: it is no longer in the lobby.
    const lobby = ok200(await host.jar.get<Array<{ id: number }>>('/api/games'));
    expect(lobby.map((g) => g.id)).not.toContain(gameId);
    await host.socket.close();

    const ledger = await checkLedger(server.dataFile);
    // The leaderboard shows the same balances as the ledger.
    const board = ok200(
      await new Jar(server.base).get<Array<{ id: number; balance: number }>>('/api/leaderboard?limit=100'),
    );
    expect(board.length).toBeGreaterThan(0);
    for (const entry of board) expect(entry.balance).toBe(ledger.balances.get(entry.id));
    expect(board.map((e) => e.id)).not.toContain(0);
    expect(board.every((e) => e.id > 0)).toBe(true);
  });
});
