import type { ProfileResponse } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { useServer } from './harness.js';
import {
  chooseFaceUp,
  createGame,
  guest,
  Jar,
  joinGame,
  ok200,
  playToEnd,
  type Reply,
  registered,
  type Seat,
  seatOf,
} from './main-harness.js';

/** `GET /api/profile`: the signed-in player's user, balance, wins and finished games. */

const CODE = 'PROFILE';
const FEE = 100;

function expectMessage(got: Reply, status: number, message: string): void {
  expect(got.status, `${got.status} ${got.text}`).toBe(status);
  expect(got.body).toEqual({ message });
}

describe('profile over HTTP', () => {
  const served = useServer({ inviteCodes: [CODE], inviteUses: 10 });

  it('profile - a new player has the 100-token gift and no games; signed out is a 401; a guest has 0', async () => {
    const { server } = served();
    const ann = await registered(server.base, CODE, 'Prof');
    expect(ok200(await ann.jar.get<ProfileResponse>('/api/profile'))).toEqual({
      user: ann.user,
      balance: 100,
      wins: 0,
      gamesPlayed: 0,
    });
    expectMessage(await new Jar(server.base).get('/api/profile'), 401, 'Not signed in');
    const g = await guest(server.base);
    expect(ok200(await g.jar.get<ProfileResponse>('/api/profile'))).toEqual({
      user: g.user,
      balance: 0,
      wins: 0,
      gamesPlayed: 0,
    });
  });

  it('profile - after a finished game it counts the win and the game, and agrees with the leaderboard', async () => {
    const { server } = served();
    const host = await registered(server.base, CODE, 'Host');
    const winner = await registered(server.base, CODE, 'Win');
    const seats: Seat[] = [await seatOf(server.base, host), await seatOf(server.base, winner)];
    const gameId = await createGame(host.jar, { name: 'Profile Table', playerLimit: 2, entryFee: FEE });
    for (const seat of seats) await joinGame(seat, gameId);
    await chooseFaceUp(seats, gameId);
    // The host always picks up, so the other player wins.
    await playToEnd(seats, gameId, ['pickup', 'lowest']);
    await Promise.all(seats.map((s) => s.socket.close()));

    const won = ok200(await winner.jar.get<ProfileResponse>('/api/profile'));
    expect(won).toEqual({ user: winner.user, balance: 100 - FEE + 2 * FEE, wins: 1, gamesPlayed: 1 });
    const lost = ok200(await host.jar.get<ProfileResponse>('/api/profile'));
    expect(lost).toEqual({ user: host.user, balance: 100 - FEE, wins: 0, gamesPlayed: 1 });
    const board = ok200(
      await host.jar.get<Array<{ id: number; wins: number; gamesPlayed: number }>>('/api/leaderboard?by=wins'),
    );
    expect(board.find((l) => l.id === winner.user.id)).toMatchObject({ wins: 1, gamesPlayed: 1 });
  }, 30_000);
});
