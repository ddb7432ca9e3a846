import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { audit } from './axe-audit.js';
import { type BrowserUser, openBrowser, shot, useWebServer } from './browser.js';
import { chooseFaceUpInBrowser } from './main-browser.js';
import { TABLE_SIZES } from './table-fit.js';

/**
 * Leaving is deliberate (docs/product.md §D13 deliberate-leave; issue 37, item 4), in two real
 * browsers against the real server: a waiting room's Leave leaves at once; in play the header's
 * Leave, the top bar's and the drawer's links and the browser's back button ask first (Stay and
 * Escape keep the table), closing the tab asks the browser's own question, "Leave game" really
 * leaves (the other player sees the seat as left); and nothing that leaves lies within 48 px of
 * the action bar at the four sizes.
 */

const TEXT = 'Leave? The computer will play your seat; your fee stays in the pot.';

/**
 * The least distance, in px, from the action bar to anything visible that leaves the room (a link,
 * or Leave), and whether the bar lies whole on the screen with the page not scrolling.
 */
const GAP_SCRIPT = `(() => {
  const bar = document.querySelector('.gt-actions');
  if (bar === null) return null;
  const b = bar.getBoundingClientRect();
  const scroller = document.scrollingElement ?? document.documentElement;
  const onScreen = b.top >= 0 && b.bottom <= window.innerHeight + 0.5 && scroller.scrollHeight <= window.innerHeight + 1;
  let nearest = { distance: Infinity, what: 'nothing', onScreen };
  for (const el of document.querySelectorAll('a[href], button')) {
    if (el.tagName === 'BUTTON' && el.textContent.trim() !== 'Leave') continue;
    if (bar.contains(el) || !el.checkVisibility()) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const dx = Math.max(0, b.left - r.right, r.left - b.right);
    const dy = Math.max(0, b.top - r.bottom, r.top - b.bottom);
    const distance = Math.round(Math.hypot(dx, dy));
    if (distance < nearest.distance) {
      nearest = { distance, what: el.tagName.toLowerCase() + ' "' + (el.getAttribute('aria-label') ?? el.textContent.trim()) + '"', onScreen };
    }
  }
  return nearest;
})()`;

describe('web client - leaving the main game', () => {
  let base = '';
  const users: BrowserUser[] = [];
  useWebServer({}, (server) => {
    base = server.base;
  });
  afterAll(async () => {
    for (const user of users) await user.close();
  });

  /** The question is open, says what happens, and has its two answers, focus on Stay. */
  async function asked(page: Page): Promise<void> {
    const dialog = page.getByRole('dialog', { name: 'Leave the game?' });
    await dialog.waitFor();
    await expect(dialog.getByText(TEXT, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(dialog.getByRole('button', { name: 'Leave game' }).isVisible()).resolves.toBe(true);
    await expect(page.evaluate('document.activeElement?.textContent')).resolves.toBe('Stay');
  }

  /** Still at the table, at the same address, with nothing asked. */
  async function stillThere(page: Page, url: string): Promise<void> {
    await page.getByRole('dialog', { name: 'Leave the game?' }).waitFor({ state: 'detached' });
    expect(page.url()).toBe(url);
    await expect(page.locator('.gt-actions').isVisible()).resolves.toBe(true);
  }

  it('leave - a waiting room leaves at once; in play Leave, links and Back ask first; Leave game leaves', async () => {
    const host = await openBrowser({ width: 1440, height: 900 });
    const guest = await openBrowser({ width: 390, height: 844 });
    users.push(host, guest);

    // The host (a guest account, signed in on the first visit) creates a 2-player game.
    await host.page.goto(`${base}/play`);
    await host.page.getByRole('button', { name: 'Create Game' }).click();
    await host.page.getByRole('button', { name: 'Fewer players' }).click();
    await host.page.getByRole('button', { name: 'Fewer players' }).click();
    await host.page.getByRole('button', { name: 'Create Game' }).click();
    await host.page.waitForURL(/\/play\?gameId=\d+$/);
    const room = host.page.url();
    await host.page.getByRole('heading', { name: 'Waiting for players' }).waitFor();

    // The other player comes in by the app (Help, then the Play tab, then Join Game in the lobby),
    // so the room has a page of the app behind it for the back button.
    const { page } = guest;
    await page.goto(`${base}/help`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Play' }).click();
    await page.waitForURL(`${base}/play`);
    const join = async () => {
      await page.getByRole('button', { name: 'Join Game' }).first().click();
      await page.waitForURL(room);
      await page.getByRole('heading', { name: 'Waiting for players' }).waitFor();
    };
    await join();
    // A waiting game leaves at once.
    await page.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(`${base}/play`);
    await page.getByRole('button', { name: 'Create Game' }).waitFor();
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await join();

    await chooseFaceUpInBrowser(host.page);
    await chooseFaceUpInBrowser(page);
    await page.getByText('Game Starting').waitFor();
    await page.getByText('Game Starting').waitFor({ state: 'detached', timeout: 8000 });
    await host.page.getByText('Game Starting').waitFor({ state: 'detached', timeout: 8000 });

    // Nothing that leaves within 48 px of the action bar, which lies whole on the screen, at every
    // size (the tab bar is hidden in play; web-table.test.ts checks every card and action fits).
    const hp = host.page;
    await expect(hp.locator('.tab-bar').isVisible()).resolves.toBe(false);
    for (const size of TABLE_SIZES) {
      await hp.setViewportSize({ width: size.width, height: size.height });
      await hp.waitForTimeout(100);
      const nearest = (await hp.evaluate(GAP_SCRIPT)) as { distance: number; what: string; onScreen: boolean } | null;
      expect(nearest, `the action bar at ${size.name}`).not.toBeNull();
      expect(nearest?.distance, `${nearest?.what} by the action bar at ${size.name}`).toBeGreaterThanOrEqual(48);
      expect(nearest?.onScreen, `the action bar on the screen at ${size.name}`).toBe(true);
      await shot(hp, `leave-in-play-${size.name}`);
    }
    await hp.setViewportSize({ width: 1440, height: 900 });

    // The header's Leave asks; Escape keeps the table and gives the focus back to Leave.
    const leave = hp.getByRole('button', { name: 'Leave', exact: true });
    await leave.click();
    await asked(hp);
    await shot(hp, 'leave-asked-desktop');
    await hp.keyboard.press('Tab');
    await expect(hp.evaluate('document.activeElement?.textContent')).resolves.toBe('Leave game');
    await hp.keyboard.press('Escape');
    await stillThere(hp, room);
    await expect(hp.evaluate('document.activeElement?.textContent')).resolves.toBe('Leave');
    // Stay keeps the table too.
    await leave.click();
    await asked(hp);
    await hp.getByRole('button', { name: 'Stay' }).click();
    await stillThere(hp, room);
    // The top bar's link home asks.
    await hp.getByRole('banner').getByRole('link', { name: 'Palace' }).click();
    await asked(hp);
    await hp.getByRole('button', { name: 'Stay' }).click();
    await stillThere(hp, room);
    // The drawer's Play asks; the drawer is gone, so the focus goes to Leave.
    await hp.getByRole('button', { name: 'Open menu' }).click();
    await hp.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Play' }).click();
    await asked(hp);
    await hp.getByRole('button', { name: 'Stay' }).click();
    await stillThere(hp, room);
    await expect(hp.evaluate('document.activeElement?.textContent')).resolves.toBe('Leave');
    // Closing the tab asks the browser's own question; staying keeps the page.
    const question = hp.waitForEvent('dialog');
    await hp.close({ runBeforeUnload: true });
    const dialog = await question;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    await expect(hp.locator('.gt-actions').isVisible()).resolves.toBe(true);
    expect(hp.isClosed()).toBe(false);

    // On the phone: the tab bar is hidden in play; the back button asks, Stay keeps the table.
    await expect(page.locator('.tab-bar').isVisible()).resolves.toBe(false);
    await page.goBack();
    await asked(page);
    await shot(page, 'leave-asked-phone');
    // axe over the open question (the table behind it is inert).
    const findings = await audit(page, 'main game: the question before leaving');
    expect(findings.map((f) => `${f.rule}: ${f.targets.join(', ')}`)).toEqual([]);
    await page.getByRole('button', { name: 'Stay' }).click();
    await stillThere(page, room);
    // Leave game leaves, on to where Back was going; the host's table shows the seat as left.
    await page.goBack();
    await asked(page);
    await page.getByRole('button', { name: 'Leave game' }).click();
    await page.waitForURL(`${base}/help`);
    await hp.locator('.gt-seat .gt-flag', { hasText: 'Left' }).waitFor();
    await shot(hp, 'leave-seat-left');
  }, 60_000);
});
