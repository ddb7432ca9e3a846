import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type BrowserUser, openBrowser, saveScreenshot, useWebServer } from './browser.js';

/** A box in page px, as Playwright's `boundingBox` gives it. */
interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Phones upright (two sizes), a phone on its side, a desktop (issue 18, item 9). */
const SIZES = [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
  { width: 844, height: 390 },
  { width: 1440, height: 900 },
] as const;

/** docs/product.md §P1.9: 24 px on one viewport class (from 768 px wide), 20 px on the other. */
const MEDIUM = 768;

const WELCOME = "Welcome! You've been automatically logged in as a guest user.";

/** The area two boxes share, in px². */
function overlap(a: Box, b: Box): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (found === null) throw new Error(`${String(locator)} has no box`);
  return found;
}

/** The part of `element` that shows between the shell's top bar and tab bar (the bars hide the rest). */
async function visiblePart(page: Page, element: Box): Promise<Box | null> {
  const top = await box(page.locator('.top-bar'));
  const tabs = await box(page.locator('.tab-bar'));
  const y = Math.max(element.y, top.y + top.height);
  const bottom = Math.min(element.y + element.height, tabs.y);
  return bottom - y >= 1 ? { x: element.x, y, width: element.width, height: bottom - y } : null;
}

/**
 * The shell in Debian's Chromium at four screen sizes: where toasts sit (never over a control of
 * the page: the welcome toast on /play covered Create Game on a desktop and the filter chips on a
 * phone) and the size of the shell's icons.
 */
describe('web client - the shell at four screen sizes', () => {
  let base = '';
  useWebServer({}, (server) => {
    base = server.base;
  });

  /** Someone else's open games, so the lobby shows game cards with their Join Game buttons. */
  async function openGames(count: number): Promise<void> {
    const maker = await openBrowser();
    try {
      expect((await maker.context.request.post(`${base}/api/auth/guest-login`, { data: {} })).status()).toBe(200);
      for (let i = 1; i <= count; i++) {
        const created = await maker.context.request.post(`${base}/api/games`, {
          data: { name: `Open Game ${i}`, playerLimit: 4, isPrivate: false },
        });
        expect(created.status(), await created.text()).toBe(200);
      }
    } finally {
      await maker.close();
    }
  }

  it('web - the welcome toast on /play covers no control of the lobby at 390x844, 360x640, 844x390 and 1440x900', async () => {
    await openGames(3);
    for (const size of SIZES) {
      const name = `${size.width}x${size.height}`;
      const user: BrowserUser = await openBrowser(size);
      try {
        const { page } = user;
        await page.goto(`${base}/play`);
        const toast = page.locator('.toast');
        await page.getByText(WELCOME, { exact: true }).waitFor();
        const create = page.getByRole('button', { name: 'Create Game' });
        await create.waitFor();
        const joins = page.getByRole('button', { name: 'Join Game' });
        await joins.first().waitFor();
        // One toast at a time, at most 420 px wide from medium screens up (docs/product.md §P1.9).
        await expect(toast.count()).resolves.toBe(1);
        const toastBox = await box(toast);
        if (size.width >= MEDIUM) expect(toastBox.width).toBeLessThanOrEqual(420);

        const controls: Array<{ what: string; box: Box }> = [{ what: 'Create Game', box: await box(create) }];
        // The one-tap buttons above the lobby (docs/web.md "Play now").
        for (const name of ['Play the computer', 'Quick match']) {
          controls.push({ what: name, box: await box(page.getByRole('button', { name, exact: true })) });
        }
        for (const chip of await page.locator('.chips .chip').all()) {
          controls.push({ what: `chip ${await chip.textContent()}`, box: await box(chip) });
        }
        for (const join of await joins.all()) {
          const part = await visiblePart(page, await box(join));
          if (part !== null) controls.push({ what: 'Join Game', box: part });
        }
        expect(controls.length).toBeGreaterThanOrEqual(6);
        const covered = controls.filter((c) => overlap(toastBox, c.box) > 0).map((c) => c.what);
        expect({ size: name, covered }).toEqual({ size: name, covered: [] });
        // What the screen shows (not the full page: the bars and the toast are fixed to the screen).
        await saveScreenshot(page, `play-lobby-toast-${name}`, false);

        // The layer under the toast lets every press through: a chip works while the toast shows.
        await page.getByRole('button', { name: 'Public', exact: true }).click({ timeout: 2000 });
        await expect(
          page.getByRole('button', { name: 'Public', exact: true }).getAttribute('aria-pressed'),
        ).resolves.toBe('true');
        await expect(toast.isVisible()).resolves.toBe(true);
      } finally {
        await user.close();
      }
    }
  }, 180_000);

  it('web - the toast keeps the spec constants: F8 focuses the region, a swipe right dismisses it, it goes after 5 s', async () => {
    const first = await openBrowser({ width: 390, height: 844 });
    try {
      const { page } = first;
      await page.goto(`${base}/play`);
      await page.getByText(WELCOME, { exact: true }).waitFor();
      await page.keyboard.press('F8');
      await expect(
        page.evaluate("document.activeElement?.classList.contains('toast-viewport') ?? false"),
      ).resolves.toBe(true);
      const toast = await box(page.locator('.toast'));
      const y = toast.y + toast.height / 2;
      await page.mouse.move(toast.x + 40, y);
      await page.mouse.down();
      await page.mouse.move(toast.x + 200, y, { steps: 10 });
      await page.mouse.up();
      await page.locator('.toast').waitFor({ state: 'detached', timeout: 2000 });
    } finally {
      await first.close();
    }

    const second = await openBrowser({ width: 390, height: 844 });
    try {
      const { page } = second;
      // The page itself notes when the toast appears and goes (the test's own clock would see it
      // late on a busy machine, and the time it stayed would look short).
      await page.addInitScript(`(() => {
        const times = { shown: null, gone: null };
        window.__toastTimes = times;
        new MutationObserver(() => {
          const there = document.querySelector('.toast') !== null;
          if (there && times.shown === null) times.shown = performance.now();
          if (!there && times.shown !== null && times.gone === null) times.gone = performance.now();
        }).observe(document, { childList: true, subtree: true });
      })()`);
      await page.goto(`${base}/play`);
      await page.getByText(WELCOME, { exact: true }).waitFor();
      await page.locator('.toast').waitFor({ state: 'detached', timeout: 7000 });
      const times = (await page.evaluate('window.__toastTimes')) as { shown: number; gone: number };
      // 5 s on screen, as the spec's constant says (3 s is a game toast's). The observer hears of the
      // toast only when the task that put it in ends, and Radix starts its timer inside that task:
      // the toaster's edge is set in a layout effect, whose render first runs the pending effects.
      // On a busy machine that render has taken 100 ms (a run measured 4,898 ms), so the floor
      // allows 300 ms; a late close only makes the time longer.
      expect(times.gone - times.shown).toBeGreaterThanOrEqual(4700);
      expect(times.gone - times.shown).toBeLessThan(7000);
    } finally {
      await second.close();
    }
  }, 60_000);

  it('web - shell icons are 20 px on phones and 24 px from 768 px wide (top bar, tab bar, drawer)', async () => {
    for (const size of [SIZES[0], SIZES[3]]) {
      const { page, close } = await openBrowser(size);
      try {
        await page.goto(`${base}/help`);
        await page.getByRole('tablist', { name: 'Help topics' }).waitFor();
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('dialog', { name: 'Menu' }).waitFor();
        const icons = page.locator('.top-bar svg, .tab-bar svg, .drawer svg');
        const sizes = new Set<string>();
        for (const icon of await icons.all()) {
          const { width, height } = await box(icon);
          sizes.add(`${width}x${height}`);
        }
        await expect(icons.count()).resolves.toBeGreaterThanOrEqual(14);
        const px = size.width >= MEDIUM ? 24 : 20;
        expect({ width: size.width, sizes: [...sizes] }).toEqual({ width: size.width, sizes: [`${px}x${px}`] });
      } finally {
        await close();
      }
    }
  }, 60_000);
});
