import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Client, finishedRestGame } from '../harness.js';
import { browserUsers, saveScreenshot, shot, useWebServer } from './browser.js';
import { chooseFaceUpInBrowser } from './main-browser.js';
import { startRestGameAgainstAi } from './rest-browser.js';
import { autoplayTable } from './table-autoplay.js';
import { TABLE_SIZES, tableFit } from './table-fit.js';

/**
 * Small and side-on screens (docs/web.md "Small and side-on screens"): at 844x390 the lobby's logo
 * and everything above its first action keep within a fifth of the height and "Create a Game"
 * shows without scrolling; on the game screens everything above the table's play area (the
 * shell's bar, the screen's header, its tabs) keeps within a fifth; and a hand of 30 cards leaves
 * every card at least 28 px of its face to tap at the four table sizes, the table still fitting.
 */

const SIDE_ON = { width: 844, height: 390 } as const;
/** A fifth of the side-on height (78 px). */
const FIFTH = SIDE_ON.height * 0.2;
/** The least of each own card's face a hand leaves visible and tappable (px). */
const MIN_FACE = 28;

/** How far down the table's play area starts (px from the viewport's top). */
async function playTop(page: Page): Promise<number> {
  await page.locator('.game-table .gt-play').waitFor();
  return Number(await page.evaluate("document.querySelector('.game-table .gt-play').getBoundingClientRect().top"));
}

/**
 * Runs in the page: for each hand card, how many px across its button's middle line are its own —
 * not under a later card's drawing (drawn over it) and hit there by `elementFromPoint`.
 */
const VISIBLE_FACES = `(() => {
  const buttons = [...document.querySelectorAll('[role="group"][aria-label="Hand"] button[data-card-id]')];
  const drawn = buttons.map((b) => b.querySelector('.tc-visual').getBoundingClientRect());
  return buttons.map((b, i) => {
    const r = b.getBoundingClientRect();
    const y = r.top + r.height / 2;
    let seen = 0;
    for (let x = Math.floor(r.left) + 0.5; x < r.right; x += 1) {
      if (x < r.left) continue;
      const under = drawn.some((d, j) => j > i && x >= d.left && x <= d.right && y >= d.top && y <= d.bottom);
      const at = document.elementFromPoint(x, y);
      if (!under && at !== null && (at === b || b.contains(at))) seen++;
    }
    return { name: b.getAttribute('aria-label'), seen };
  });
})()`;

/** The viewer's hand size on the page. */
function handSize(page: Page): Promise<number> {
  return page.getByRole('group', { name: 'Hand' }).getByRole('button').count();
}

describe('web client - small and side-on screens', () => {
  let base = '';
  useWebServer({}, (server) => {
    base = server.base;
  });
  const browser = browserUsers();

  it('small screens - / at 844x390: the logo and what is above the first action within 20 %, "Create a Game" in view; the main game header within 20 %', async () => {
    const { page } = await browser(SIDE_ON);
    await page.goto(`${base}/`);
    const create = page.getByRole('button', { name: 'Create a Game' });
    await create.waitFor();
    const head = await page.locator('.rest-lobby-head').boundingBox();
    const first = await page.getByRole('link', { name: 'Play the computer' }).boundingBox();
    expect(head).not.toBeNull();
    expect(first).not.toBeNull();
    expect((head?.y ?? 0) + (head?.height ?? 0)).toBeLessThanOrEqual(FIFTH);
    expect(first?.y ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(FIFTH);
    // "Create a Game" lies inside the viewport, not under the tab bar, with no scrolling.
    const box = await create.boundingBox();
    expect(box).not.toBeNull();
    const bottom = (box?.y ?? 0) + (box?.height ?? 0);
    expect(bottom).toBeLessThanOrEqual(SIDE_ON.height);
    const hit = await page.evaluate(
      `(() => { const b = [...document.querySelectorAll('button')].find((e) => e.textContent.trim() === 'Create a Game');
        const r = b.getBoundingClientRect();
        const hits = [r.top + 2, r.top + r.height / 2, r.bottom - 2].map((y) => document.elementFromPoint(r.left + r.width / 2, y));
        return window.scrollY === 0 && hits.every((at) => at !== null && (at === b || b.contains(at))); })()`,
    );
    expect(hit).toBe(true);
    await shot(page, 'small-home-phone-side');

    // The main game (shell's bar and the room's header) from Play now.
    await page.getByRole('link', { name: 'Play the computer' }).click();
    await page.waitForURL(/\/play\?gameId=\d+$/);
    await chooseFaceUpInBrowser(page);
    await page
      .getByText(/Your turn|Waiting for Computer 1/)
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await playTop(page)).toBeLessThanOrEqual(FIFTH);
    expect((await tableFit(page)).problems).toEqual([]);
    await shot(page, 'small-play-phone-side');
  });

  it('small screens - at 844x390 the REST game against the AI, a variant and the replay keep what is above the table within 20 %', async () => {
    const { page } = await browser(SIDE_ON);
    await startRestGameAgainstAi(page, base);
    await page.getByRole('button', { name: 'Play Selected' }).waitFor();
    expect(await playTop(page)).toBeLessThanOrEqual(FIFTH);
    // Every header control is still there, on the one line.
    for (const name of ['Back to Lobby', 'Refresh game', 'Copy game ID']) {
      await expect(page.getByRole('button', { name }).isVisible()).resolves.toBe(true);
    }
    await expect(page.getByRole('tab', { name: 'How to Play' }).isVisible()).resolves.toBe(true);
    expect((await tableFit(page)).problems).toEqual([]);
    // The header seen without the "Game Started!" toast over it.
    await page.locator('.toast').first().waitFor({ state: 'detached', timeout: 10_000 });
    await shot(page, 'small-rest-phone-side');

    await page.goto(`${base}/simple-game`);
    await page.getByLabel('Your name').fill('Ann');
    await page.getByRole('button', { name: 'Create New Game' }).click();
    await page.getByText('Choose 3 cards to place face-up').waitFor();
    expect(await playTop(page)).toBeLessThanOrEqual(FIFTH);
    await shot(page, 'small-simple-ws-phone-side');

    // The replay: its header and its controls above the table.
    const { final } = await finishedRestGame(new Client(base));
    await page.goto(`${base}/replay/rest/${final.id}`);
    await page.getByText('Deal verified').waitFor();
    await page.getByRole('button', { name: 'Forward' }).click();
    await shot(page, 'small-replay-phone-side');
    expect(await playTop(page)).toBeLessThanOrEqual(FIFTH);
    for (const name of ['First', 'Back', 'Forward', 'Last']) {
      await expect(page.getByRole('button', { name, exact: true }).isVisible()).resolves.toBe(true);
    }
    await expect(page.getByRole('link', { name: 'Download record' }).isVisible()).resolves.toBe(true);
  });

  it('small screens - /poker with a hand of 30: header within 20 % at 844x390, every card shows 28 px of its face at 4 sizes, the table fits', async () => {
    const { page } = await browser(SIDE_ON);
    // The AI waits 1.5 s before each move: the page's clock is run on instead.
    await page.clock.install();
    await page.goto(`${base}/poker`);
    const hand = page.getByRole('group', { name: 'Hand' });
    await hand.getByRole('button').first().waitFor();
    expect(await playTop(page)).toBeLessThanOrEqual(FIFTH);
    await expect(page.getByRole('button', { name: 'New game' }).isVisible()).resolves.toBe(true);
    await shot(page, 'small-poker-phone-side');

    // Pick up the pile whenever there is one (else play a card) until the hand holds 30.
    // (The offline game's Pick Up stays enabled on an empty pile and explains the refusal.)
    const mine = page.locator('.turn-line.mine');
    await autoplayTable(page, { style: 'yield', overSelector: '.proto-winner', untilHand: 30, clockStepMs: 1600 });
    expect(await handSize(page)).toBeGreaterThanOrEqual(30);

    // On the viewer's turn (every card may be pressed), Up and Down move between the hand's rows.
    for (let i = 0; i < 10 && !(await mine.isVisible()); i++) await page.clock.runFor(1600);
    const rows = hand.locator('.gt-hand-row');
    expect(await rows.count()).toBeGreaterThanOrEqual(3);
    const rowOfFocus = `(() => [...document.querySelectorAll('.gt-hand-row')].findIndex((r) => r.contains(document.activeElement)))()`;
    await rows.nth(2).getByRole('button').first().focus();
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(rowOfFocus)).toBe(1);
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(rowOfFocus)).toBe(2);

    for (const size of TABLE_SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.waitForTimeout(150);
      const fit = await tableFit(page);
      await saveScreenshot(page, `small-hand-30-${size.name}`, false);
      expect(fit.problems, `the table at ${size.width}x${size.height}`).toEqual([]);
      const faces = (await page.evaluate(VISIBLE_FACES)) as { name: string; seen: number }[];
      expect(faces.length).toBeGreaterThanOrEqual(30);
      const narrow = faces.filter((f) => f.seen < MIN_FACE).map((f) => `${f.name}: ${f.seen} px`);
      expect(narrow, `cards under ${MIN_FACE} px at ${size.width}x${size.height}`).toEqual([]);
    }
  });
});
