import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { saveScreenshot } from './browser.js';

/** The screen sizes every game table is checked at (docs/product.md §D10): phones upright and on its side, a desktop. */
export const TABLE_SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'small-phone', width: 360, height: 640 },
  { name: 'phone-side', width: 844, height: 390 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** What `tableFit` found wrong (empty: every own card and action can be seen and tapped). */
export interface FitReport {
  readonly problems: string[];
  readonly cards: number;
  readonly actions: number;
}

/**
 * Checks the table as a player's thumb would: every own card and every action button lies inside
 * the viewport and is the element hit at some point of it (`document.elementFromPoint`: nothing —
 * a toast, a bar, another card — covers all of it), and the page itself does not scroll.
 */
export async function tableFit(page: Page): Promise<FitReport> {
  // Let the moves' animations (at most 400 ms) end first (polled: the CSP forbids waitForFunction's eval).
  for (let i = 0; i < 50; i++) {
    if (await page.evaluate("document.getAnimations().every((a) => a.playState !== 'running')")) break;
    await page.waitForTimeout(100);
  }
  return (await page.evaluate(FIT_SCRIPT)) as FitReport;
}

/** Runs in the page (plain JS: the server tests have no DOM types). */
const FIT_SCRIPT = `(() => {
  const problems = [];
  const width = window.innerWidth;
  const height = window.innerHeight;
  const name = (el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
  const targets = [
    ...[...document.querySelectorAll('[data-zone="own"] button[data-card-id]')].map((el) => ({ el, kind: 'card' })),
    ...[...document.querySelectorAll('.gt-actions > button')].map((el) => ({ el, kind: 'action' })),
  ].filter(({ el }) => el.checkVisibility());
  for (const { el, kind } of targets) {
    const rect = el.getBoundingClientRect();
    if (rect.left < -0.5 || rect.top < -0.5 || rect.right > width + 0.5 || rect.bottom > height + 0.5) {
      problems.push(kind + ' "' + name(el) + '" lies outside the viewport: ' +
        [rect.left, rect.top, rect.right, rect.bottom].map(Math.round).join(','));
      continue;
    }
    let hit = false;
    for (let i = 1; i < 8 && !hit; i++) {
      for (let j = 1; j < 8 && !hit; j++) {
        const at = document.elementFromPoint(rect.left + (rect.width * i) / 8, rect.top + (rect.height * j) / 8);
        if (at !== null && (at === el || el.contains(at))) hit = true;
      }
    }
    if (!hit) problems.push(kind + ' "' + name(el) + '" is covered everywhere');
  }
  const scroller = document.scrollingElement ?? document.documentElement;
  if (scroller.scrollHeight > height + 1) problems.push('the page scrolls: ' + scroller.scrollHeight + ' px tall');
  if (scroller.scrollWidth > width + 1) problems.push('the page scrolls sideways: ' + scroller.scrollWidth + ' px wide');
  return {
    problems,
    cards: targets.filter((t) => t.kind === 'card').length,
    actions: targets.filter((t) => t.kind === 'action').length,
  };
})()`;

/**
 * At each of `TABLE_SIZES`: resizes the page, checks the fit (failing with every problem found)
 * and saves a screenshot of the screen as test-output/screens/{name}-{size}.png.
 */
export async function expectTableFitsEverywhere(page: Page, name: string, minCards = 1): Promise<void> {
  for (const size of TABLE_SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(150);
    const report = await tableFit(page);
    await saveScreenshot(page, `${name}-${size.name}`, false);
    expect(report.problems, `${name} at ${size.width}x${size.height}`).toEqual([]);
    expect(report.cards, `${name} at ${size.width}x${size.height}: own cards`).toBeGreaterThanOrEqual(minCards);
    expect(report.actions, `${name} at ${size.width}x${size.height}: actions`).toBeGreaterThanOrEqual(1);
  }
}
