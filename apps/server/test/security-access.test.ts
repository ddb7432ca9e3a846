import { describe, expect, it } from 'vitest';
import { useServer } from './harness.js';
import { createGame, guest, type HistoryLine, joinGame, ok200, registered, seatOf } from './main-harness.js';

/**
 * Cross-account access: a non-participant learns nothing of a game's private state and cannot act
 * in it, sees only their own token history, and cannot claim a prize that is not theirs (the
 * claim of another account's guest prize: main-tokens.test.ts).
 */

describe('cross-account access', () => {
  const served = useServer();

  it('access - a non-participant cannot see or act in a private game, and its lobby entry is hidden', async () => {
    const { server } = served();
    const host = await seatOf(server.base, await registered(server.base, 'INVITE-1', 'host'));
    const gameId = await createGame(host.jar, {
      name: 'Private table',
      isPrivate: true,
      playerLimit: 3,
      entryFee: 100,
    });
    await joinGame(host, gameId);
    const stranger = await seatOf(server.base, await registered(server.base, 'INVITE-2', 'stranger'));
    // Not listed for the stranger, listed for the host.
    expect(ok200(await stranger.jar.get<Array<{ id: number }>>('/api/games')).map((g) => g.id)).not.toContain(gameId);
    expect(ok200(await host.jar.get<Array<{ id: number }>>('/api/games')).map((g) => g.id)).toContain(gameId);
    // Acting without a seat: refused, nothing sent about the game.
    const notMember = 'You are not a player in this game';
    for (const message of [
      { type: 'chat_message', gameId, message: 'let me in' },
      { type: 'play_card', gameId, cardIds: ['c1'] },
      { type: 'pickup_cards', gameId },
      { type: 'ready', gameId },
      { type: 'select_faceup_cards', gameId, cardIds: ['c1', 'c2', 'c3'] },
      { type: 'leave_game', gameId },
    ]) {
      const refused = await stranger.socket.refused(message);
      expect(refused.message).toBe(notMember);
    }
    // Acting as the host (their user id) is refused before anything is looked up.
    expect((await stranger.socket.refused({ type: 'ready', gameId, userId: host.user.id })).message).toBe(
      'You can only act for yourself',
    );
    await stranger.socket.none('game_state', 50);
    await stranger.socket.none('chat_message', 50);
    // The record of a game in play keeps its seed secret from everyone.
    const record = await stranger.jar.get<{ error: string; commitment?: string }>(`/api/records/main/${gameId}`);
    expect(record.status).toBe(409);
    expect(record.text).not.toMatch(/"seed"/);
    await Promise.all([host.socket.close(), stranger.socket.close()]);
  });

  it('access - token history and balance are the caller own, whatever they ask', async () => {
    const { server } = served();
    const payer = await registered(server.base, 'INVITE-3', 'payer');
    const gameId = await createGame(payer.jar, { name: 'Fee table', playerLimit: 2, entryFee: 100 });
    const other = await registered(server.base, 'INVITE-4', 'other');
    const mine = ok200(await payer.jar.get<HistoryLine[]>('/api/tokens/history'));
    expect(mine.map((l) => [l.kind, l.gameId])).toEqual([
      ['fee', gameId],
      ['gift', null],
    ]);
    // The route has no user parameter: an id in the query or a body is ignored.
    for (const path of [`/api/tokens/history?userId=${payer.user.id}`, `/api/tokens/history?user=${payer.user.id}`]) {
      const theirs = ok200(await other.jar.get<HistoryLine[]>(path));
      expect(theirs.map((l) => [l.kind, l.gameId])).toEqual([['gift', null]]);
    }
    expect(await other.jar.balance()).toBe(100);
    // Without a session: nothing.
    const visitor = await guest(server.base);
    expect(ok200(await visitor.jar.get<HistoryLine[]>('/api/tokens/history'))).toEqual([]);
    // A prize nobody won, or a guest's that was never this account's: 404/403, nothing paid.
    const claim = await other.jar.post('/api/claim-guest-prize', { gameId, guestId: visitor.user.id });
    expect([403, 404]).toContain(claim.status);
    expect(Object.keys(claim.body as object)).toEqual(['message']);
    expect(await other.jar.balance()).toBe(100);
  });
});
