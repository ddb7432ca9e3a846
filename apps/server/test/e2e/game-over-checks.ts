import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { shot } from './browser.js';
import { TABLE_SIZES, tableFit } from './table-fit.js';

/**
 * What every screen's game-over panel must show (docs/web.md "The table kit": game over), for the
 * browser suites that finish a game: `web-rematch` (main and REST games) and `web-prototypes`
 * (/poker, played to its winner there).
 */

/** The checks every screen's panel passes; answers how many players it lists. */
export async function checkPanel(page: Page, panel: Locator, name: string): Promise<number> {
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
  // "Review" beside "Watch the replay" for a game with a record (docs/product.md §D14 review).
  const replay = panel.getByRole('link', { name: 'Watch the replay' });
  if ((await replay.count()) > 0) {
    const review = (await replay.getAttribute('href'))?.replace(/^\/replay\//, '/review/');
    await expect(panel.getByRole('link', { name: 'Review', exact: true }).getAttribute('href')).resolves.toBe(review);
  }
  // One primary action.
  await expect(panel.locator('.button-primary').count(), `${name}: primary buttons`).resolves.toBe(1);
  // Every card at the table face up: no card back left among the seats and the own rows.
  await expect(
    page.locator('[data-zone="seat"] .tc-back, [data-zone="own"] .tc-back').count(),
    `${name}: cards still face down`,
  ).resolves.toBe(0);
  return count;
}

export function ordinal(n: number): string {
  return n === 1 ? '1st' : n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`;
}

/** At each table size: the panel's buttons inside the screen, the table still fits; a screenshot. */
export async function fitsEverywhere(page: Page, panel: Locator, name: string): Promise<void> {
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
