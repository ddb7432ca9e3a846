import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { saveScreenshot } from './browser.js';
import { TABLE_SIZES } from './table-fit.js';

/** The four sizes a page is laid out for (docs/product.md §D10): the game table's own. */
export const LAYOUT_SIZES = TABLE_SIZES;

/**
 * Runs in the page (plain JS: the server tests have no DOM types): every element of `selectors` in
 * the page's main region (at least `minSize` px each way) lies within the viewport's width, no two
 * of them overlap (one inside the other is fine), and the page does not scroll sideways.
 */
function layoutScript(selectors: string, minSize: number): string {
  return `(() => {
  const problems = [];
  const width = window.innerWidth;
  const main = document.querySelector('main') ?? document.body;
  const name = (el) => el.tagName.toLowerCase() + ' "' + (el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '') + '"';
  const items = [...main.querySelectorAll(${JSON.stringify(selectors)})]
    .filter((el) => el.checkVisibility())
    .map((el) => ({ el, rect: el.getBoundingClientRect() }))
    .filter(({ rect }) => rect.width > ${minSize} && rect.height > ${minSize});
  for (const { el, rect } of items) {
    if (rect.left < -0.5 || rect.right > width + 0.5) {
      problems.push(name(el) + ' sticks out sideways: ' + Math.round(rect.left) + '..' + Math.round(rect.right));
    }
  }
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const a = items[i];
      const b = items[j];
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const w = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
      const h = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
      if (w > 1 && h > 1) problems.push(name(a.el) + ' overlaps ' + name(b.el));
    }
  }
  const scroller = document.scrollingElement ?? document.documentElement;
  if (scroller.scrollWidth > width + 1) problems.push('the page scrolls sideways: ' + scroller.scrollWidth + ' px wide');
  return problems;
})()`;
}

/**
 * At each of `LAYOUT_SIZES`: nothing of `selectors` overlaps or sticks out, and a full-page
 * screenshot `{shot}-{size}.png`; the viewport is `back` afterwards.
 */
export async function expectLaidOut(
  page: Page,
  shot: string,
  options: { readonly selectors: string; readonly minSize: number; readonly back: { width: number; height: number } },
): Promise<void> {
  const script = layoutScript(options.selectors, options.minSize);
  for (const size of LAYOUT_SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(150);
    const problems = (await page.evaluate(script)) as string[];
    expect(problems, `${shot} at ${size.name}`).toEqual([]);
    await page.evaluate('window.scrollTo(0, 0)');
    await saveScreenshot(page, `${shot}-${size.name}`, true);
  }
  await page.setViewportSize(options.back);
}
