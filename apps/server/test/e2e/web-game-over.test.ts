import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, finishedRestGame } from '../harness.js';
import { createGame, PASSWORD, type Player, registered, seatOf } from '../main-harness.js';
import { audit } from './axe-audit.js';
import { type BrowserUser, openBrowser, shot, useWebServer } from './browser.js';
import { loseInBrowser } from './main-browser.js';
import { TABLE_SIZES, tableFit } from './table-fit.js';

/**
 * The game-over panel (docs/web.md "The table kit": game over) on the main game, the REST game and
 * /poker in Debian's Chromium against the real server: the viewer's place, every player's row with
 * place and cards left, the length, the move list behind "Moves (n)", exactly one primary button,
 * every hidden card turned over; at the four table sizes its buttons lie inside the screen and the
 * table still fits; axe finds no serious or critical violation.
 */

const CODE = 'GAMEOVER';

/** The checks every screen's panel passes; answers how many players it lists. */
async function checkPanel(page: Page, panel: Locator, name: string): Promise<number> {
  await panel.getByRole('heading').first().waitFor();
  const rows = panel.getByRole('list', { name: 'Final standings' }).getByRole('listitem');
  const count = await rows.count();
  expect(count, `${name}: standings rows`).toBeGreaterThanOrEqual(2);
  const texts = await rows.allTextContents();
  texts.forEach((text, i) => {
    expect(text, `${name}: row ${i + 1}`).toMatch(new RegExp(`^${ordinal(i + 1)}.+(no cards left|\\d+ cards? left)$`));
  });
  expect(texts[0], `${name}: the winner's row`).toMatch(/no cards left$/);
  // The viewer's place: the winner's heading says it; anyone else reads "You finished 2nd of 2".
  const mine = texts.findIndex((t) => t.includes('(you)') || /^\d+(st|nd|rd|th)You(\d|no cards)/.test(t));
  if (mine > 0) {
    await panel.getByText(`You finished ${ordinal(mine + 1)} of ${count}`, { exact: true }).waitFor();
  }
  await panel.getByText(/^Length: \d+ moves?( · (under a minute|\d+ min))?$/).waitFor();
  // The move list, closed until asked for, then the whole game.
  const summary = panel.locator('summary', { hasText: /^Moves \(\d+\)$/ });
  await summary.waitFor();
  const moves = Number(/\((\d+)\)/.exec((await summary.textContent()) ?? '')?.[1]);
  expect(moves, `${name}: moves`).toBeGreaterThan(0);
  await summary.click();
  const list = panel.getByRole('list', { name: 'All moves, oldest first' });
  await expect(list.getByRole('listitem').count()).resolves.toBe(moves);
  await summary.click();
  // Back to the panel's top (opening the list scrolled its body), as a player first sees it.
  await page.evaluate("document.querySelector('.go-panel .go-body').scrollTop = 0");
  // One primary action.
  await expect(panel.locator('.button-primary').count(), `${name}: primary buttons`).resolves.toBe(1);
  // Every card at the table face up: no card back left among the seats and the own rows.
  await expect(
    page.locator('[data-zone="seat"] .tc-back, [data-zone="own"] .tc-back').count(),
    `${name}: cards still face down`,
  ).resolves.toBe(0);
  return count;
}

function ordinal(n: number): string {
  return n === 1 ? '1st' : n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`;
}

/** At each table size: the panel's buttons inside the screen, the table still fits; a screenshot. */
async function fitsEverywhere(page: Page, panel: Locator, name: string): Promise<void> {
  for (const size of TABLE_SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(150);
    const report = await tableFit(page);
    await shot(page, `${name}-${size.name}`);
    expect(report.problems, `${name} at ${size.width}x${size.height}`).toEqual([]);
    const buttons = panel.locator('.go-actions').locator('a, button');
    for (let i = 0; i < (await buttons.count()); i++) {
      const box = await buttons.nth(i).boundingBox();
      const label = await buttons.nth(i).textContent();
      expect(box, `${name}: "${label}" at ${size.width}x${size.height}`).not.toBeNull();
      if (box === null) continue;
      expect(box.y, `${name}: "${label}" top at ${size.width}x${size.height}`).toBeGreaterThanOrEqual(-0.5);
      expect(box.y + box.height, `${name}: "${label}" at ${size.width}x${size.height}`).toBeLessThanOrEqual(
        size.height + 0.5,
      );
      expect(box.x + box.width, `${name}: "${label}" at ${size.width}x${size.height}`).toBeLessThanOrEqual(
        size.width + 0.5,
      );
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

async function axeFindings(page: Page): Promise<string[]> {
  return (await audit(page, page.url())).map((f) => `${f.rule}: ${f.targets.join(', ')}`);
}

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

  it('game over - /poker: the winner line, standings, length, moves, the AI’s cards shown, Play Again', async () => {
    const user = await openBrowser();
    users.push(user);
    const { page } = user;
    // The page's clock is ours: the AI's 1.5 s pass at once.
    await page.clock.install({ time: 0 });
    await page.clock.pauseAt(1000);
    await page.goto(`${base}/poker`);
    await page.getByRole('group', { name: 'Hand' }).waitFor();
    const panel = page.locator('.go-panel');
    const yourTurn = page.locator('.turn-line.mine');
    let step = 0;
    for (; step < 1500 && !(await panel.isVisible()); step++) {
      if (await yourTurn.isVisible()) {
        const playable = page.locator('[data-zone="own"] button[data-card-id].tc-hint');
        if ((await playable.count()) > 0) {
          await playable.first().click();
          await page.getByRole('button', { name: /^Play( \d+ cards)?$/ }).click();
        } else {
          await page.getByRole('button', { name: 'Pick Up' }).click();
        }
        continue;
      }
      await page.clock.runFor(1500);
    }
    // Time flows again (axe waits on timers).
    await page.clock.resume();
    await shot(page, 'game-over-poker-end');
    expect(step, 'the game ended').toBeLessThan(1500);
    await expect(panel.getByRole('heading').textContent()).resolves.toMatch(/^(You win!|AI wins!)$/);
    await panel.locator('summary', { hasText: /^Moves \(\d+\)$/ }).waitFor();
    expect(await checkPanel(page, panel, 'poker')).toBe(2);
    await expect(panel.locator('.button-primary').textContent()).resolves.toBe('Play Again');
    await fitsEverywhere(page, panel, 'game-over-poker');
    await expect(axeFindings(page)).resolves.toEqual([]);
  }, 300_000);
});
