import type { LobbyGame, MainGameState, RecentGame } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { TEST_INVITES, useServer } from './harness.js';
import {
  checkSteps,
  chooseFaceUp,
  createGame,
  guest,
  Invites,
  Jar,
  joinGame,
  me,
  ok200,
  type Player,
  playToEnd,
  registered,
  type Seat,
  type Step,
  scanFrames,
  seatOf,
} from './main-harness.js';

/** The main game end to end: four players (two registered, two guests) over `/ws`, then tokens over HTTP. */

const FEE = 100;
const LIMIT = 4;

describe('main game over the socket', () => {
  const served = useServer();
  let invites: Invites | undefined;
  const invite = (): string => {
    invites ??= new Invites(TEST_INVITES);
    return invites.next();
  };

  /** Two registered players and two guests, each with an open socket. */
  async function table(): Promise<Seat[]> {
    const { server } = served();
    const players: Player[] = [
      await registered(server.base, invite(), 'Ann'),
      await registered(server.base, invite(), 'Ben'),
      await guest(server.base),
      await guest(server.base),
    ];
    return Promise.all(players.map((p) => seatOf(server.base, p)));
  }

  /** Joins everyone, checks the waiting room, chooses face-up cards and answers the active state. */
  async function seatAll(seats: readonly Seat[], gameId: number): Promise<void> {
    const { server } = served();
    for (const [n, seat] of seats.entries()) {
      const state = await joinGame(seat, gameId);
      expect(state.status).toBe('waiting');
      expect(state.players.map((p) => p.id)).toEqual(seats.slice(0, n + 1).map((s) => s.user.id));
      const mine = me(state, seat.user.id);
      // Dealt on joining: 6 hand cards to choose 3 face-up from, 3 face-down.
      expect(mine.handCards).toHaveLength(6);
      expect(mine.faceDownCards).toHaveLength(3);
      expect(mine.faceUpCards).toEqual([]);
      expect(state.mustChooseFaceUp).toBe(true);
      // Registered players pay on taking the seat; guests play free.
      if (!seat.user.isGuest) expect(await seat.jar.balance()).toBe(100 - FEE);
    }
    const lobby = ok200(await (seats[0] as Seat).jar.get<LobbyGame[]>('/api/games')).find((g) => g.id === gameId);
    expect(lobby).toMatchObject({ status: 'waiting', playerCount: LIMIT, playerLimit: LIMIT, entryFee: FEE });
    expect(lobby?.players.map((p) => p.id)).toEqual(seats.map((s) => s.user.id));

    const states = await chooseFaceUp(seats, gameId);
    for (const [n, state] of states.entries()) {
      expect(state.status).toBe('active');
      const mine = me(state, (seats[n] as Seat).user.id);
      expect(mine.handCards).toHaveLength(3);
      expect(mine.faceUpCards).toHaveLength(3);
      expect(state.mustChooseFaceUp).toBe(false);
      expect(state.players.every((p) => p.isReady)).toBe(true);
      expect(seats.map((s) => s.user.id)).toContain(state.currentTurn);
      expect(state.deck).toHaveLength(52 - LIMIT * 9);
    }
    const active = ok200(await new Jar(server.base).get<LobbyGame[]>('/api/games')).find((g) => g.id === gameId);
    expect(active?.status).toBe('active');
  }

  /** Everything HTTP says once the game is over: fees, the prize, the lobby and recent games. */
  async function settled(seats: readonly Seat[], gameId: number, steps: readonly Step[]): Promise<MainGameState> {
    const last = steps.at(-1)?.after ?? [];
    const final = last[0] as MainGameState;
    expect(final.status).toBe('completed');
    expect(final.lastAction?.type).toBe('game_over');
    expect(final.winnerId).not.toBeNull();
    expect(final.lastAction?.playerId).toBe(final.winnerId);
    // The pot is what was paid (docs/product.md §D12 pot): the two registered players' fees.
    const pot = FEE * seats.filter((s) => !s.user.isGuest).length;
    expect(final.lastAction?.prizeAmount).toBe(pot);
    expect(final.prizeAmount).toBe(pot);
    expect(final.currentTurn).toBeNull();
    expect(final.finishedAt).not.toBeNull();
    for (const state of last) {
      expect(state.winnerId).toBe(final.winnerId);
      expect(state.lastAction).toEqual(final.lastAction);
    }
    const winner = seats.find((s) => s.user.id === final.winnerId) as Seat;
    expect(winner).toBeDefined();
    expect(final.lastAction?.guestWinner).toBe(winner.user.isGuest);
    // The winner has no cards left (or, at the 1,000-move cap, the fewest).
    const left = (id: number): number => {
      const p = me(final, id);
      return p.handCount + p.faceUpCards.length + p.faceDownCards.length;
    };
    expect(left(winner.user.id)).toBe(Math.min(...seats.map((s) => left(s.user.id))));
    if (steps.length < 1000) expect(left(winner.user.id)).toBe(0);

    for (const seat of seats) {
      if (seat.user.isGuest) {
        expect(await seat.jar.balance()).toBe(0);
        continue;
      }
      const history = await seat.jar.history();
      const fee = history.filter((l) => l.kind === 'fee');
      expect(fee.map((l) => [l.amount, l.gameId])).toEqual([[-FEE, gameId]]);
      const prize = history.filter((l) => l.kind === 'prize');
      if (seat === winner) {
        expect(prize.map((l) => [l.amount, l.gameId])).toEqual([[pot, gameId]]);
        expect(await seat.jar.balance()).toBe(100 - FEE + pot);
      } else {
        expect(prize).toEqual([]);
        expect(await seat.jar.balance()).toBe(100 - FEE);
      }
      const recent = ok200(await seat.jar.get<RecentGame[]>('/api/games/recent'));
      const mine = recent.find((g) => g.id === gameId);
      expect(mine).toMatchObject({ name: final.name, result: seat === winner ? 'won' : 'lost' });
      expect(mine?.hostName).toBe(seats[0]?.user.username);
      expect(Number.isInteger(mine?.duration)).toBe(true);
      expect(mine?.duration).toBeGreaterThanOrEqual(0);
      expect(Date.parse(mine?.timestamp ?? '')).not.toBeNaN();
    }
    // Completed games leave the lobby.
    for (const seat of seats) {
      const lobby = ok200(await seat.jar.get<LobbyGame[]>('/api/games'));
      expect(lobby.map((g) => g.id)).not.toContain(gameId);
    }
    return final;
  }

  /** No frame any player received carries a card they may not see. */
  function noLeaks(seats: readonly Seat[], steps: readonly Step[]): void {
    let frames = 0;
    for (const seat of seats) frames += scanFrames(seat);
    checkSteps(seats, steps);
    expect(frames).toBeGreaterThan(steps.length * seats.length);
  }

  it('main game - creating is refused for the docs/product.md §P1.5 limits, for someone else, without tokens or signed out', async () => {
    const { server } = served();
    const player = await registered(server.base, invite(), 'Maker');
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ name: 'ab' }, 400, 'Game name must be at least 3 characters'],
      [{ name: '  ab  ' }, 400, 'Game name must be at least 3 characters'],
      [{ name: 'x'.repeat(31) }, 400, 'Game name must be less than 30 characters'],
      [{ name: 'Good Name', playerLimit: 1 }, 400, 'Player limit must be between 2 and 8'],
      [{ name: 'Good Name', playerLimit: 9 }, 400, 'Player limit must be between 2 and 8'],
      [{ name: 'Good Name', entryFee: 50 }, 400, 'Minimum entry fee is 100 SRT tokens'],
      [{ name: 'Good Name', entryFee: 120 }, 400, 'Entry fee must be between 100 and 1000 SRT tokens, in steps of 50'],
      [{ name: 'Good Name', entryFee: 1050 }, 400, 'Entry fee must be between 100 and 1000 SRT tokens, in steps of 50'],
      [{ name: 'Good Name', entryFee: 150 }, 400, 'You need 50 more tokens to create this game'],
      [{ name: 'Good Name', hostId: player.user.id + 1 }, 403, 'You can only act for yourself'],
      [{}, 400, 'name is required'],
    ];
    for (const [body, status, message] of cases) {
      const got = await player.jar.post('/api/games', body);
      expect(got.status, got.text).toBe(status);
      expect(got.body).toEqual({ message });
    }
    expect(await player.jar.balance()).toBe(100);
    const stranger = await new Jar(server.base).post('/api/games', { name: 'Good Name' });
    expect(stranger.status).toBe(401);
    expect(stranger.body).toEqual({ message: 'Not signed in' });
    // Guests play free, whatever the fee.
    const visitor = await guest(server.base);
    const free = await visitor.jar.post<{ id: number }>('/api/games', {
      name: 'Free Game',
      entryFee: 1000,
      isPrivate: true,
    });
    expect(free.status, free.text).toBe(200);
    // A private game is listed only for its own players.
    const mine = ok200(await visitor.jar.get<LobbyGame[]>('/api/games')).find((g) => g.id === free.body.id);
    expect(mine).toMatchObject({ isPrivate: true, entryFee: 1000, playerCount: 1, hostName: visitor.user.username });
    expect(ok200(await player.jar.get<LobbyGame[]>('/api/games')).map((g) => g.id)).not.toContain(free.body.id);
    expect(ok200(await new Jar(server.base).get<LobbyGame[]>('/api/games')).map((g) => g.id)).not.toContain(
      free.body.id,
    );
  });

  it('main game - four players (two registered, two guests) from POST /api/games to game over', async () => {
    const seats = await table();
    const [host] = seats as [Seat];
    const gameId = await createGame(host.jar, {
      name: 'Four Friends',
      gameCode: `GAME-${Date.now()}-ABCDEF`,
      hostId: host.user.id,
      playerLimit: LIMIT,
      isPrivate: false,
      entryFee: FEE,
      rules: { clearWithTens: true, sevenLower: true, burnFourOfAKind: true, mustPlayAllSameValue: false },
    });
    expect(gameId).toBeGreaterThan(0);
    await seatAll(seats, gameId);
    const steps = await playToEnd(seats, gameId, ['lowest', 'lowest', 'lowest', 'lowest']);
    expect(steps.length).toBeGreaterThan(10);
    // Everyone got their turns.
    expect(new Set(steps.map((s) => s.mover)).size).toBe(LIMIT);
    await settled(seats, gameId, steps);
    noLeaks(seats, steps);
    await Promise.all(seats.map((s) => s.socket.close()));
  }, 30_000);

  it('main game - a game created over the socket with create_game plays to the end the same way', async () => {
    const seats = await table();
    const [host] = seats as [Seat];
    host.socket.send({
      type: 'create_game',
      userId: host.user.id,
      game: { name: 'Socket Table', hostId: host.user.id, playerLimit: LIMIT, entryFee: FEE, timestamp: Date.now() },
    });
    const created = await host.socket.next('game_create_success');
    expect(created.message).toBe('Game created successfully');
    const gameId = created.gameId;
    expect((await host.socket.next('join_success')).gameId).toBe(gameId);
    const first = (await host.socket.next('game_state')).game;
    expect(first).toMatchObject({ id: gameId, name: 'Socket Table', status: 'waiting', hostId: host.user.id });
    expect(first.players.map((p) => p.id)).toEqual([host.user.id]);
    expect(await host.jar.balance()).toBe(100 - FEE);
    expect(first.commitment).toMatch(/^[0-9a-f]{64}$/);

    await seatAll(seats, gameId);
    const steps = await playToEnd(seats, gameId, ['lowest', 'lowest', 'lowest', 'lowest']);
    await settled(seats, gameId, steps);
    noLeaks(seats, steps);
    // Over is over: nobody plays, picks up or joins any more.
    const [, second] = seats as [Seat, Seat];
    second.socket.send({ type: 'pickup_cards', gameId, userId: second.user.id });
    expect((await second.socket.next('game_error')).message).toMatch(/ended|not in progress/);
    second.socket.send({ type: 'join_game', gameId, userId: second.user.id });
    expect((await second.socket.next('game_error')).message).toBe('This game has already ended');
    await Promise.all(seats.map((s) => s.socket.close()));
  }, 30_000);
});
