import { describe, expect, it } from 'vitest';
import { useServer } from './harness.js';
import { guest, registered } from './main-harness.js';
import { chooseFaceUp, createGame, joinGame, playToEnd, type Seat, seatOf } from './main-table.js';

/**
 * Watching the main game over `/ws` (docs/product.md §D11 watching): `watch_game` shows a game to a
 * user without a seat as a stranger sees it, everyone sees the watcher count, a watcher reads the
 * chat but cannot write in it or play, and leaving (or closing the socket) counts down.
 */

const CODE = 'WATCH';
const SLOW_MS = 20_000;

describe('watching the main game', () => {
  const served = useServer({ inviteCodes: [CODE], inviteUses: 20 });

  it('watch - a watcher gets the stranger view, is counted for everyone, cannot chat or play, and leaves', async () => {
    const { server } = served();
    const ann = await registered(server.base, CODE, 'Ann');
    const bob = await registered(server.base, CODE, 'Bob');
    const seats = [await seatOf(server.base, ann), await seatOf(server.base, bob)];
    const [annSeat] = seats as [Seat, Seat];
    const watcher = await seatOf(server.base, await guest(server.base));
    const second = await seatOf(server.base, await guest(server.base));
    try {
      const gameId = await createGame(ann.jar, { name: 'Spectator sport', playerLimit: 2 });
      for (const seat of seats) await joinGame(seat, gameId);
      await chooseFaceUp(seats, gameId);
      for (const seat of seats) seat.socket.drain();

      watcher.socket.send({ type: 'watch_game', gameId });
      expect((await watcher.socket.next('watch_success', () => true, SLOW_MS)).gameId).toBe(gameId);
      const seen = (await watcher.socket.next('game_state', (f) => f.game.id === gameId, SLOW_MS)).game;
      expect(seen.status).toBe('active');
      expect(seen.watchers).toBe(1);
      for (const player of seen.players) {
        expect(player.handCards.every((c) => 'hidden' in c)).toBe(true);
        expect(player.faceDownCards.every((c) => 'hidden' in c)).toBe(true);
      }
      expect(seen.playableCards).toEqual([]);
      // The players see the count.
      const told = await annSeat.socket.next('game_state', (f) => f.game.watchers === 1, SLOW_MS);
      expect(told.game.players.find((p) => p.id === ann.user.id)?.handCards.some((c) => !('hidden' in c))).toBe(true);

      // A watcher reads the chat but cannot write in it, nor play.
      annSeat.socket.send({ type: 'chat_message', gameId, message: 'hello watchers' });
      expect((await watcher.socket.next('chat_message', () => true, SLOW_MS)).message).toBe('hello watchers');
      watcher.socket.send({ type: 'chat_message', gameId, message: 'hi' });
      expect((await watcher.socket.next('game_error', () => true, SLOW_MS)).message).toBe(
        'You are not a player in this game',
      );
      watcher.socket.send({ type: 'pickup_cards', gameId });
      expect((await watcher.socket.next('game_error', () => true, SLOW_MS)).message).toBe(
        'You are not a player in this game',
      );

      // A second watcher counts too; closing its socket counts down for everyone.
      second.socket.send({ type: 'watch_game', gameId });
      await second.socket.next('watch_success', () => true, SLOW_MS);
      await annSeat.socket.next('game_state', (f) => f.game.watchers === 2, SLOW_MS);
      await second.socket.close();
      await annSeat.socket.next('game_state', (f) => f.game.watchers === 1, SLOW_MS);
      // Leaving: the answer is the game without the watcher.
      watcher.socket.send({ type: 'leave_game', gameId });
      const after = await watcher.socket.next('game_state', (f) => f.game.watchers === 0, SLOW_MS);
      expect(after.game.status).toBe('active');
      await annSeat.socket.next('game_state', (f) => f.game.watchers === 0, SLOW_MS);

      // Watching to the end: the game over reaches a watcher too.
      watcher.socket.send({ type: 'watch_game', gameId });
      await watcher.socket.next('watch_success', () => true, SLOW_MS);
      for (const seat of seats) seat.socket.drain();
      await playToEnd(seats, gameId, ['lowest', 'pickup']);
      const end = await watcher.socket.next('game_state', (f) => f.game.status === 'completed', SLOW_MS);
      expect(end.game.winnerId).toBe(ann.user.id);
    } finally {
      for (const seat of [...seats, watcher]) await seat.socket.close();
    }
  });

  it('watch - refused for an unknown game or a cancelled one, with a game_error', async () => {
    const { server } = served();
    const cat = await registered(server.base, CODE, 'Cat');
    const catSeat = await seatOf(server.base, cat);
    const watcher = await seatOf(server.base, await guest(server.base));
    try {
      watcher.socket.send({ type: 'watch_game', gameId: 424242 });
      expect((await watcher.socket.next('game_error', () => true, SLOW_MS)).message).toBe('Game not found');
      const gameId = await createGame(cat.jar, { name: 'Short lived', playerLimit: 2 });
      await joinGame(catSeat, gameId);
      catSeat.socket.send({ type: 'leave_game', gameId });
      await catSeat.socket.next('game_state', (f) => f.game.id === gameId && f.game.status === 'completed', SLOW_MS);
      watcher.socket.send({ type: 'watch_game', gameId });
      expect((await watcher.socket.next('game_error', () => true, SLOW_MS)).message).toBe(
        'This game has already ended',
      );
    } finally {
      await catSeat.socket.close();
      await watcher.socket.close();
    }
  });
});
