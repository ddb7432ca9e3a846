import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, registered } from '../main-harness.js';
import { audit } from './axe-audit.js';
import { type BrowserUser, browserUsers, shot, useWebServer } from './browser.js';
import { chooseFaceUpInBrowser } from './main-browser.js';

/**
 * The daily deal in a real browser against the real server (docs/daily.md "The page"): `/daily`
 * at a phone's and a desktop's size, Play into the main game's room, leaving (which ends the
 * attempt: from the waiting room at once, in play after the question), and the day's card and
 * board afterwards.
 */

const CODE = 'DAILY';
const LEAVE_TEXT = 'Leave? Your daily deal ends now, in last place with the cards you hold.';

async function signIn(user: BrowserUser, base: string): Promise<string> {
  const player = await registered(base, CODE, 'Day');
  const got = await user.context.request.post(`${base}/api/auth/login`, {
    data: { username: player.user.username, password: PASSWORD },
  });
  expect(got.status()).toBe(200);
  return player.user.username;
}

/** Fails when the page scrolls sideways. */
async function noSidewaysScroll(page: Page, what: string): Promise<void> {
  const wide = (await page.evaluate('document.documentElement.scrollWidth')) as number;
  expect(wide, `${what} scrolls sideways`).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

describe('web client - the daily deal', () => {
  let base = '';
  useWebServer({ inviteCodes: [CODE], inviteUses: 10 }, (server) => {
    base = server.base;
  });
  const browser = browserUsers();

  for (const [size, inPlay] of [
    [{ width: 390, height: 844 }, false],
    [{ width: 1440, height: 900 }, true],
  ] as const) {
    it(`web - /daily at ${size.width}x${size.height}: Play, the game, leave ${inPlay ? 'in play' : 'while choosing'}, the board`, async () => {
      const user = await browser(size);
      const { page } = user;
      const name = await signIn(user, base);
      await page.goto(`${base}/daily`);
      await page.getByRole('heading', { level: 1, name: 'Daily deal' }).waitFor();
      const play = page.getByRole('button', { name: "Play today's deal" });
      await play.waitFor();
      await expect(page.getByText('Commitment', { exact: false }).first().isVisible()).resolves.toBe(true);
      await noSidewaysScroll(page, '/daily');
      expect(await audit(page, page.url())).toEqual([]);
      await shot(page, `daily-start-${size.width}`);

      await play.click();
      await page.waitForURL(/\/play\?gameId=\d+$/);
      await page.getByRole('group', { name: 'Your hand' }).getByRole('button').first().waitFor();
      await expect(page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toMatch(
        /^Daily deal \d{4}-/,
      );
      await expect(page.locator('.ready-list li').count()).resolves.toBe(4);
      await shot(page, `daily-game-${size.width}`);

      if (inPlay) {
        await chooseFaceUpInBrowser(page);
        await page.getByText('Game Starting').waitFor({ state: 'detached', timeout: 10_000 });
        await page.getByRole('button', { name: 'Leave', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Leave the game?' });
        await dialog.getByText(LEAVE_TEXT, { exact: true }).waitFor();
        await shot(page, `daily-leave-${size.width}`);
        await dialog.getByRole('button', { name: 'Leave game' }).click();
      } else {
        // Still choosing face-up cards: Leave leaves at once, holding the whole deal.
        await page.getByRole('button', { name: 'Leave', exact: true }).click();
      }
      await page.waitForURL(`${base}/play`);
      // The lobby's card leads back to the day's board.
      await page.getByRole('link', { name: /Daily deal/ }).click();
      await page.waitForURL(`${base}/daily`);
      await page
        .getByRole('status')
        .getByText(/^Left with \d+ cards?$/)
        .waitFor();
      await expect(page.getByRole('button', { name: "Play today's deal" }).count()).resolves.toBe(0);
      const board = page.getByRole('list', { name: "Today's board, best first" });
      const mine = board.getByRole('listitem').filter({ hasText: name });
      await mine.waitFor();
      await expect(mine.getByText('You', { exact: true }).isVisible()).resolves.toBe(true);
      await page.getByRole('heading', { name: 'Your days' }).waitFor();
      await page.getByText('1 day in a row').waitFor();
      await noSidewaysScroll(page, 'the board');
      await shot(page, `daily-board-${size.width}`);
    }, 30_000);
  }
});
