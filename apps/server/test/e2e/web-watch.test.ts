import { afterAll, describe, expect, it } from 'vitest';
import { chooseFaceUp, createGame, joinGame, registered, type Seat, seatOf } from '../main-harness.js';
import { auditSizes } from './axe-audit.js';
import { type BrowserUser, openBrowser, shot, useWebServer } from './browser.js';

/**
 * Watching the main game in a real browser (docs/product.md §D11 watching): the lobby's Watch on a
 * public game in play, the room as a spectator (no cards of anyone's, the watcher count, the chat
 * read-only), and leaving, with the players seeing the count change.
 */

const CODE = 'WATCH-WEB';

describe('web client - watching the main game', () => {
  let base = '';
  const users: BrowserUser[] = [];
  useWebServer({ inviteCodes: [CODE], inviteUses: 20 }, (started) => {
    base = started.base;
  });
  afterAll(async () => {
    for (const user of users) await user.close();
  });

  it('watch - Watch in the lobby opens the game as a spectator with the count; the chat is read-only; Leave counts down', async () => {
    const ann = await registered(base, CODE, 'Ann');
    const bob = await registered(base, CODE, 'Bob');
    const seats = [await seatOf(base, ann), await seatOf(base, bob)];
    const [annSeat] = seats as [Seat, Seat];
    const gameId = await createGame(ann.jar, { name: 'Spectator sport', playerLimit: 2 });
    for (const seat of seats) await joinGame(seat, gameId);
    await chooseFaceUp(seats, gameId);
    annSeat.socket.send({ type: 'chat_message', gameId, message: 'good luck' });
    const user = await openBrowser();
    users.push(user);
    const { page } = user;
    try {
      await page.goto(`${base}/play`);
      await page.getByRole('heading', { name: 'Play' }).waitFor();
      // A game in play: its players join, anyone else watches.
      const watch = page.getByRole('button', { name: 'Watch Spectator sport' });
      await watch.waitFor();
      await watch.click();
      await page.waitForURL(`${base}/play?gameId=${gameId}&watch=1`);
      await page.getByText(/Spectator · 2\/2 players/).waitFor();
      await expect(page.locator('.watch-count').textContent()).resolves.toBe('👁 1 watching');
      await annSeat.socket.next('game_state', (f) => f.game.watchers === 1);
      // No own cards, nothing to play: a stranger's view of the table.
      await expect(page.locator('[data-zone="own"] button[data-card-id]').count()).resolves.toBe(0);
      await expect(page.getByRole('button', { name: 'Play', exact: true }).count()).resolves.toBe(0);
      await shot(page, 'watch-phone');
      await page.getByRole('button', { name: /^Open chat/ }).click();
      await page.getByText('good luck').waitFor();
      await page.getByText('Spectators read the chat; only the players write in it.').waitFor();
      await expect(page.getByRole('textbox', { name: 'Message' }).count()).resolves.toBe(0);
      await page.setViewportSize({ width: 1440, height: 900 });
      await shot(page, 'watch-desktop');
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await auditSizes(page, 'main game watched')).toEqual([]);
      await page.getByRole('button', { name: 'Leave' }).click();
      await page.getByRole('heading', { name: 'Play' }).waitFor();
      await annSeat.socket.next('game_state', (f) => f.game.watchers === 0);

      // A private game in play is not in the lobby; its invitation link opens it to watch.
      const others = [
        await seatOf(base, await registered(base, CODE, 'Cat')),
        await seatOf(base, await registered(base, CODE, 'Dee')),
      ];
      seats.push(...others);
      const hidden = await createGame((others[0] as Seat).jar, {
        name: 'Invitation only',
        playerLimit: 2,
        isPrivate: true,
      });
      for (const seat of others) await joinGame(seat, hidden);
      await chooseFaceUp(others, hidden);
      await expect(page.getByRole('button', { name: 'Watch Invitation only' }).count()).resolves.toBe(0);
      await page.goto(`${base}/play?gameId=${hidden}`);
      await page.getByText(/Spectator · 2\/2 players/).waitFor();
      await (others[0] as Seat).socket.next('game_state', (f) => f.game.id === hidden && f.game.watchers === 1);
    } finally {
      for (const seat of seats) await seat.socket.close();
    }
  }, 120_000);
});
