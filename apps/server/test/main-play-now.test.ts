import type { MainGameState } from '@palace/protocol';
import { describe, expect, it } from 'vitest';
import { TEST_INVITES, useServer } from './harness.js';
import {
  autoplay,
  chooseFaceUp,
  currentState,
  guest,
  Invites,
  ok200,
  registered,
  type Seat,
  seatOf,
} from './main-harness.js';

/** Waits (up to 5 s) until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  for (let waited = 0; !done(); waited += 10) {
    if (waited > 5000) throw new Error('waited 5 s in vain');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Play now over the real socket (docs/api.md "/ws", docs/product.md §D13): Play the computer, quick
 * match between two players, computer players added and removed in the waiting room, and the
 * create form's computers over HTTP.
 */
describe('main game - play now', () => {
  const served = useServer();
  let invites: Invites | undefined;
  const invite = (): string => {
    invites ??= new Invites(TEST_INVITES);
    return invites.next();
  };

  /** The frames a one-tap game answers: the game's id and its first state. */
  async function entered(seat: Seat, created: boolean): Promise<MainGameState> {
    if (created) await seat.socket.next('game_create_success');
    const joined = await seat.socket.nextOf(['join_success', 'game_error']);
    if (joined.type === 'game_error') throw new Error(joined.message);
    return (await seat.socket.next('game_state', (f) => f.game.id === joined.gameId)).game;
  }

  it('main game - play_computer: one message, a free private game against the computer, played to the end', async () => {
    const { server } = served();
    const ann = await seatOf(server.base, await registered(server.base, invite(), 'Ann'));
    const balance = async () => ok200(await ann.jar.get<{ balance: number }>('/api/tokens/balance')).balance;
    const before = await balance();
    ann.socket.send({ type: 'play_computer', level: 'random' });
    const first = await entered(ann, true);
    expect(first).toMatchObject({ status: 'waiting', isPrivate: true, entryFee: 0, prizeAmount: 0, playerLimit: 2 });
    expect(first.players.map((p) => [p.id === ann.user.id, p.isComputer, p.aiLevel ?? null, p.isGuest])).toEqual([
      [true, false, null, false],
      [false, true, 'random', false],
    ]);
    // The computer chose at once or chooses in a moment: then the game is in play.
    const [chosen] = await chooseFaceUp([ann], first.id);
    if (chosen?.status !== 'active') await ann.socket.next('game_state', (f) => f.game.status === 'active', 10_000);
    // A hint on Ann's turn (docs/product.md §D14 hint): to her socket only, counted in her state.
    const mine = (f: { game: MainGameState }) => f.game.currentTurn === ann.user.id;
    const turn = mine({ game: await currentState(ann, first.id) })
      ? await currentState(ann, first.id)
      : (await ann.socket.next('game_state', mine, 20_000)).game;
    expect(turn.hints).toEqual({ allowed: true, used: 0 });
    ann.socket.send({ type: 'request_hint', gameId: first.id });
    const hint = await ann.socket.nextOf(['hint', 'game_error']);
    if (hint.type === 'game_error') throw new Error(hint.message);
    expect(hint).toMatchObject({ gameId: first.id, action: expect.stringMatching(/^(play|pickup)$/) });
    expect(hint.reason).not.toBe('');
    if (hint.action === 'play') expect(turn.playableCards).toEqual(expect.arrayContaining(hint.cardIds));
    else expect(hint.cardIds).toEqual([]);
    await until(() => ann.socket.all('game_state').some((f) => f.game.hints?.used === 1));
    const stop = autoplay(ann, first.id);
    try {
      const end = await ann.socket.next('game_state', (f) => f.game.status === 'completed', 60_000);
      expect(end.game.lastAction).toMatchObject({ type: 'game_over', prizeAmount: 0, guestWinner: false });
      expect(end.game.hints).toEqual({ allowed: false, used: 1 });
    } finally {
      stop();
    }
    // The record says who used hints.
    const record = ok200(await ann.jar.get<{ hints?: unknown }>(`/api/records/main/${first.id}`));
    expect(record.hints).toEqual([{ seat: String(ann.user.id), count: 1 }]);
    expect(await balance()).toBe(before);
    // Levels and sizes are checked: a refusal frame, nothing opened.
    expect((await ann.socket.refused({ type: 'play_computer', level: 'genius' })).message).toMatch(/level/i);
    expect((await ann.socket.refused({ type: 'play_computer', playerLimit: 12 })).message).toBe(
      'Player limit must be between 2 and 8',
    );
    await ann.socket.close();
  }, 90_000);

  it('main game - quick_match: the first player opens a free 2-seat game, the second is seated in it', async () => {
    const { server } = served();
    const a = await seatOf(server.base, await guest(server.base));
    const b = await seatOf(server.base, await guest(server.base));
    a.socket.send({ type: 'quick_match' });
    const opened = await entered(a, true);
    expect(opened).toMatchObject({ name: 'Quick match', playerLimit: 2, entryFee: 0, isPrivate: false });
    b.socket.send({ type: 'quick_match', playerLimit: 2, entryFee: 0 });
    const joined = await entered(b, false);
    expect(joined.id).toBe(opened.id);
    expect(joined.players.map((p) => p.id)).toEqual([a.user.id, b.user.id]);
    // The first player sees the second arrive.
    const full = await a.socket.next('game_state', (f) => f.game.players.length === 2);
    // Two people at the table: no hints (docs/product.md §D14 hint).
    expect(full.game.hints).toBeUndefined();
    expect((await a.socket.refused({ type: 'request_hint', gameId: opened.id })).message).toBe(
      'Hints are offered only in unrated games against the computer with nothing at stake',
    );
    expect((await b.socket.refused({ type: 'quick_match', entryFee: 30 })).message).toBe(
      'Minimum entry fee is 100 SRT tokens',
    );
    await Promise.all([a.socket.close(), b.socket.close()]);
  });

  it('main game - the host adds and removes computer players in the waiting room; anyone else is refused', async () => {
    const { server } = served();
    const host = await seatOf(server.base, await registered(server.base, invite(), 'Hal'));
    const other = await seatOf(server.base, await guest(server.base));
    const created = ok200(
      await host.jar.post<{ id: number }>('/api/games', {
        name: 'Room for computers',
        playerLimit: 4,
        computers: ['strong'],
      }),
    );
    host.socket.send({ type: 'join_game', gameId: created.id });
    const seated = await entered(host, false);
    expect(seated.players.map((p) => [p.username, p.isComputer, p.aiLevel ?? null])).toEqual([
      [host.user.username, false, null],
      ['Computer 1', true, 'strong'],
    ]);
    host.socket.send({ type: 'add_computer', gameId: created.id, level: 'random' });
    const added = await host.socket.next('game_state', (f) => f.game.players.length === 3);
    const computer = added.game.players.find((p) => p.aiLevel === 'random');
    expect(computer?.username).toBe('Computer 2');
    expect((await other.socket.refused({ type: 'add_computer', gameId: created.id })).message).toBe(
      'Only the host can add or remove computer players',
    );
    expect((await host.socket.refused({ type: 'add_computer', gameId: created.id, level: 7 })).message).toMatch(
      /level/i,
    );
    expect(
      (await host.socket.refused({ type: 'remove_computer', gameId: created.id, playerId: host.user.id })).message,
    ).toBe('No such computer player in this game');
    host.socket.send({ type: 'remove_computer', gameId: created.id, playerId: computer?.id });
    const removed = await host.socket.next('game_state', (f) => f.game.players.length === 2);
    expect(removed.game.players.map((p) => p.username)).toEqual([host.user.username, 'Computer 1']);
    // The create form's limit: at most size − 1 computers, a clear 400.
    const tooMany = await host.jar.post<{ message: string }>('/api/games', {
      name: 'Crowded',
      playerLimit: 2,
      computers: ['greedy', 'greedy'],
    });
    expect([tooMany.status, tooMany.body]).toEqual([
      400,
      { message: 'A game has room for at most one computer player fewer than its seats' },
    ]);
    await Promise.all([host.socket.close(), other.socket.close()]);
  });
});
