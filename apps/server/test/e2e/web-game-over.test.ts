import { afterAll, describe, expect, it } from 'vitest';
import { Client, finishedRestGame } from '../harness.js';
import { createGame, PASSWORD, type Player, registered, seatOf } from '../main-harness.js';
import { type BrowserUser, openBrowser, useWebServer } from './browser.js';
import { axeFindings, checkPanel, fitsEverywhere } from './game-over-checks.js';
import { loseInBrowser } from './main-browser.js';

/**
 * The game-over panel (docs/web.md "The table kit": game over) on the main game and the REST game
 * (/poker's is checked where web-prototypes plays it to its winner) in Debian's Chromium against the real server: the viewer's place, every player's row with
 * place and cards left, the length, the move list behind "Moves (n)", exactly one primary button,
 * every hidden card turned over; at the four table sizes its buttons lie inside the screen and the
 * table still fits; axe finds no serious or critical violation.
 */

const CODE = 'GAMEOVER';

describe('web client - the game-over panel', () => {
  let base = '';
  const users: BrowserUser[] = [];
  useWebServer({ inviteCodes: [CODE], inviteUses: 50 }, (started) => {
    base = started.base;
  });
  afterAll(async () => {
    for (const user of users) await user.close();
  });

  it('game over - main game: the loser’s place, standings, length, rating, moves, every card shown, one primary', async () => {
    const ann = await registered(base, CODE, 'Ann');
    const dee: Player = await registered(base, CODE, 'Dee');
    const user = await openBrowser();
    users.push(user);
    const { page } = user;
    const login = await user.context.request.post(`${base}/api/auth/login`, {
      data: { username: ann.user.username, password: PASSWORD },
    });
    expect(login.status()).toBe(200);
    // Dee creates a rated game; both play over sockets (Ann picks up whenever she may, so Dee wins)
    // while Ann's browser shows her seat.
    // Dee creates a rated game and plays over the socket; Ann plays in the browser and picks up whenever she may.
    const gameId = await createGame(dee.jar, { name: 'Final Table', playerLimit: 2, entryFee: 100 });
    const other = await seatOf(base, dee);
    try {
      await loseInBrowser(page, base, other, gameId);
    } finally {
      await other.socket.close();
    }
    const panel = page.locator('.go-panel');
    await panel.getByRole('heading', { name: `${dee.user.username} won!` }).waitFor();
    await panel.getByText('You finished 2nd of 2', { exact: true }).waitFor();
    await panel.getByText(/^Rating \d+ \(\u2212\d+\)$/).waitFor();
    await panel.locator('summary', { hasText: /^Moves \(\d+\)$/ }).waitFor();
    expect(await checkPanel(page, panel, 'main')).toBe(2);
    // The rematch is the primary action; the lobby and the replay are secondary.
    await expect(panel.locator('.button-primary').textContent()).resolves.toBe('Rematch (100 SRT)');
    await panel.getByRole('link', { name: 'Back to Lobby' }).waitFor();
    await panel.getByRole('link', { name: 'Watch the replay' }).waitFor();
    await fitsEverywhere(page, panel, 'game-over-main');
    await expect(axeFindings(page)).resolves.toEqual([]);
  }, 180_000);

  it('game over - REST game: place, standings, length, moves, the AI’s cards shown, one primary', async () => {
    const c = new Client(base);
    const done = (await finishedRestGame(c)).seated;
    const user = await openBrowser();
    users.push(user);
    const { page } = user;
    await page.goto(`${base}/lobby`);
    await page.evaluate(
      `localStorage.setItem('palace_game_id', ${JSON.stringify(done.gameId)}); localStorage.setItem('palace_player_id', ${JSON.stringify(done.playerId)})`,
    );
    await page.goto(`${base}/rest-poker/${done.gameId}`);
    const panel = page.getByRole('alert').filter({ hasText: /You won!|wins!/ });
    await panel.waitFor();
    await panel.locator('summary', { hasText: /^Moves \(\d+\)$/ }).waitFor();
    expect(await checkPanel(page, panel, 'rest')).toBe(2);
    await expect(panel.locator('.button-primary').textContent()).resolves.toBe('Rematch');
    for (const name of ['New Game', 'Back to Lobby']) await panel.getByRole('button', { name }).waitFor();
    await panel.getByRole('link', { name: 'Watch the replay' }).waitFor();
    await fitsEverywhere(page, panel, 'game-over-rest');
    await expect(axeFindings(page)).resolves.toEqual([]);
  }, 180_000);
});
