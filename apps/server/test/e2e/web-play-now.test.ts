import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserUsers, shot, useWebServer } from './browser.js';
import { chooseFaceUpInBrowser } from './main-browser.js';
import { autoplayTable } from './table-autoplay.js';
import { expectTableFitsEverywhere } from './table-fit.js';

/**
 * Play now in real browsers (docs/web.md "Play now", docs/product.md §D13): one tap from `/` or
 * `/play` to a card in hand against the computer, a first move by the Hint, played to the end; quick match between two
 * browsers; the 30 s "Add the computer instead"; computer players in the create form and the
 * waiting room; a full game offers Watch.
 */
describe('web client - play now', () => {
  let base = '';
  useWebServer({}, (server) => {
    base = server.base;
  });
  const browser = browserUsers();

  const hand = (page: Page) => page.getByRole('group', { name: 'Your hand' }).getByRole('button');

  /**
   * Plays the human seat to the end: the lowest playable card, else pick up; the first moves with
   * the pointer, the rest from inside the page (table-autoplay.ts).
   */
  async function playToEnd(page: Page): Promise<void> {
    const over = page.locator('.game-over');
    let moves = 0;
    for (let n = 0; n < 2000 && moves < 6 && !(await over.isVisible()); n++) {
      if (!(await page.getByText('Your turn', { exact: true }).isVisible())) {
        await page.waitForTimeout(20);
        continue;
      }
      const playable = page.locator('[data-zone="own"] button[data-card-id]:not([disabled])');
      const pickUp = page.getByRole('button', { name: 'Pick Up' });
      if ((await playable.count()) > 0) {
        await playable.first().click();
        await page.getByRole('button', { name: 'Play', exact: true }).click();
      } else if (await pickUp.isEnabled()) {
        await pickUp.click();
      }
      moves++;
      await page.waitForTimeout(30);
    }
    await autoplayTable(page, { style: 'play', overSelector: '.game-over' });
    await over.waitFor();
  }

  // The phone plays the whole game; the desktop plays until the computer has answered a move (a
  // whole game through the UI is the slowest thing in the suite: one is enough).
  for (const [from, size, toTheEnd] of [
    ['/', { width: 390, height: 844 }, true],
    ['/play', { width: 1440, height: 900 }, false],
  ] as const) {
    it(`web - Play the computer: one tap from ${from} at ${size.width}x${size.height} to a card in hand, then ${toTheEnd ? 'to the end' : 'a move each'}`, async () => {
      const { page } = await browser(size);
      await page.goto(`${base}${from}`);
      await page.getByText('Play the computer').waitFor();
      await shot(page, `play-now-entry-${size.width}`);
      // Tap 1: a free game against the computer is dealt.
      await page
        .getByRole('link', { name: 'Play the computer' })
        .or(page.getByRole('button', { name: 'Play the computer' }))
        .click();
      await page.waitForURL(/\/play\?gameId=\d+$/);
      await hand(page).first().waitFor();
      const seats = page.locator('.ready-list li');
      await expect(seats.nth(1).textContent()).resolves.toMatch(/Computer 1.*\(AI\).*Normal/);
      await expect(page.locator('.room-meta').textContent()).resolves.toContain('no prize');
      await shot(page, `play-now-computer-${size.width}`);
      await chooseFaceUpInBrowser(page);
      await page
        .getByText(/Your turn|Waiting for Computer 1/)
        .first()
        .waitFor({ timeout: 15_000 });
      await shot(page, `play-now-computer-table-${size.width}`);
      // Our first move is the hint's (docs/product.md §D14 hint): Hint asks the server, says the
      // move in the move line and selects its cards; Play (or Pick Up) makes it.
      await page.getByText('Your turn', { exact: true }).waitFor({ timeout: 15_000 });
      // Every own card by id: any move changes it (a play takes cards out, a pick-up adds the pile),
      // where the pile's size may come back to the same number (a burn, then the computer's card).
      const ownCards = () =>
        page.evaluate<string>(
          `[...document.querySelectorAll('[data-zone="own"] [data-card-id]')].map((c) => c.getAttribute('data-card-id')).join(',')`,
        );
      const own = await ownCards();
      await page.getByRole('button', { name: 'Hint', exact: true }).click();
      const line = page.locator('.gt-last', { hasText: /^Hint: / });
      await line.waitFor();
      await shot(page, `play-now-hint-${size.width}`);
      // The bar with Hint fits at the 4 table sizes (the last is this desktop's).
      if (!toTheEnd) await expectTableFitsEverywhere(page, 'play-now-hint', 3);
      const said = (await line.textContent()) ?? '';
      if (said.startsWith('Hint: pick up the pile.')) {
        await page.getByRole('button', { name: 'Pick Up' }).click();
      } else {
        await expect(page.locator('[data-zone="own"] button[aria-pressed="true"]').count()).resolves.toBeGreaterThan(0);
        await page.getByRole('button', { name: 'Play', exact: true }).click();
      }
      // The server took the move (own cards changed), and the move ends the hint's line.
      await expect.poll(ownCards).not.toBe(own);
      await line.waitFor({ state: 'detached' });
      if (!toTheEnd) {
        // Then the computer moved: our turn again.
        await page
          .getByText('Your turn', { exact: true })
          .or(page.locator('.game-over'))
          .first()
          .waitFor({ timeout: 15_000 });
        return;
      }
      await playToEnd(page);
      const panel = await page.locator('.game-over').textContent();
      expect(panel).toMatch(/You won!|Computer 1 won!/);
      expect(panel).not.toContain('SRT');
      expect(panel).toContain('You used a hint in this game.');
    }, 120_000);
  }

  it('web - quick match seats a second browser in the first one’s game; a full game offers Watch', async () => {
    const a = await browser();
    const b = await browser({ width: 1440, height: 900 });
    const c = await browser();
    await a.page.goto(`${base}/play`);
    await a.page.getByRole('button', { name: 'Quick match', exact: true }).click();
    await a.page.waitForURL(/\/play\?gameId=\d+$/);
    const gameId = new URL(a.page.url()).searchParams.get('gameId');
    await a.page.getByRole('heading', { name: 'Waiting for players' }).waitFor();
    await b.page.goto(`${base}/`);
    await b.page.getByRole('link', { name: 'Quick match', exact: true }).click();
    await b.page.waitForURL(`${base}/play?gameId=${gameId}`);
    await hand(b.page).first().waitFor();
    await expect.poll(() => a.page.locator('.ready-list li').count()).toBe(2);
    // A third player sees the full game (choosing cards) with Watch, not Join.
    await c.page.goto(`${base}/play`);
    const card = c.page.locator('.game-card', { hasText: 'Quick match' }).filter({ hasText: '2/2 players' });
    await card.getByRole('button', { name: 'Watch Quick match' }).waitFor();
    await expect(card.getByRole('button', { name: /Join/ }).count()).resolves.toBe(0);
    await chooseFaceUpInBrowser(a.page);
    await chooseFaceUpInBrowser(b.page);
    await a.page.getByRole('button', { name: 'Pick Up' }).waitFor({ timeout: 15_000 });
    // B closes the browser mid-game: A's table says so on B's seat, and the chat has the line
    // (docs/product.md §D13 presence; the computer's takeover 20 s later is the service's test).
    await b.close();
    await a.page.locator('[data-zone="seat"]', { hasText: 'Reconnecting…' }).waitFor();
    await shot(a.page, 'play-now-seat-reconnecting');

    // A waiting game whose creator closed the browser leaves everyone else's lobby.
    const d = await browser({ width: 1440, height: 900 });
    await d.page.goto(`${base}/play`);
    await d.page.getByRole('button', { name: 'Change' }).click();
    await d.page.getByLabel('Players').selectOption('4');
    await d.page.getByRole('button', { name: 'Quick match', exact: true }).click();
    await d.page.waitForURL(/\/play\?gameId=\d+$/);
    await c.page.reload();
    const listed = c.page.locator('.game-card', { hasText: '1/4 players' });
    await listed.first().waitFor();
    await d.close();
    // The lobby refreshes every 5 s.
    await expect
      .poll(() => c.page.locator('.game-card', { hasText: '1/4 players' }).count(), { timeout: 12_000 })
      .toBe(0);
  }, 60_000);

  it('web - a quick match nobody joins offers "Add the computer instead" after 30 s', async () => {
    const { page } = await browser();
    await page.clock.install();
    await page.goto(`${base}/play`);
    // A 3-seat quick match (the settings are remembered on this device).
    await page.getByRole('button', { name: 'Change' }).click();
    await page.getByLabel('Players').selectOption('3');
    await page.getByRole('button', { name: 'Quick match', exact: true }).click();
    await page.waitForURL(/\/play\?gameId=\d+$/);
    await page.getByRole('heading', { name: 'Waiting for players' }).waitFor();
    const offer = page.getByRole('button', { name: 'Add the computer instead' });
    await expect(offer.count()).resolves.toBe(0);
    await page.clock.fastForward(31_000);
    await offer.click();
    await expect.poll(() => page.locator('.ready-list li').count()).toBe(3);
    await expect(page.locator('.ready-list').textContent()).resolves.toMatch(/Computer 1.*Computer 2/);
    await chooseFaceUpInBrowser(page);
    await page.getByRole('button', { name: 'Pick Up' }).waitFor({ timeout: 15_000 });
  }, 60_000);

  it('web - the create form seats computer players; the host adds and removes them in the waiting room', async () => {
    const { page } = await browser({ width: 1440, height: 900 });
    await page.goto(`${base}/play`);
    await page.getByRole('button', { name: 'Create Game' }).click();
    await page.getByRole('button', { name: 'More computer players' }).click();
    await page.getByLabel('AI level').selectOption('strong');
    await page.getByLabel('Free game (no fee, no prize)').check();
    await shot(page, 'play-create-computers');
    await page.getByRole('button', { name: 'Create Game' }).click();
    await page.waitForURL(/\/play\?gameId=\d+$/);
    const seats = page.locator('.ready-list li');
    await expect.poll(() => seats.count()).toBe(2);
    await expect(seats.nth(1).textContent()).resolves.toMatch(/Computer 1.*Strong/);
    await page.getByLabel('AI level').selectOption('random');
    await page.getByRole('button', { name: 'Add computer' }).click();
    await expect.poll(() => seats.count()).toBe(3);
    await expect(seats.nth(2).textContent()).resolves.toMatch(/Computer 2.*Beginner/);
    await shot(page, 'play-waiting-computers');
    await page.getByRole('button', { name: 'Remove Computer 1' }).click();
    await expect.poll(() => seats.count()).toBe(2);
    await expect(seats.nth(1).textContent()).resolves.toContain('Computer 2');
  }, 60_000);
});
