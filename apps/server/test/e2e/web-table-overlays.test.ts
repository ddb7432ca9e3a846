import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserUsers, shot, useWebServer } from './browser.js';
import { chooseFaceUpInBrowser } from './main-browser.js';
import { startRestGameAgainstAi } from './rest-browser.js';
import { TABLE_SIZES } from './table-fit.js';

/**
 * Nothing on the table while a game is in play (docs/web.md "The table kit"), checked by geometry
 * in real Chromium at 390x844, 360x640, 844x390 and 1440x900: a game toast sits in the strip above
 * the play area, never over a seat, the deck, the pile, the own cards or the actions, and is gone
 * after the next move; the move log lists the moves; the chat stops above the own cards, a tap on
 * a card reaches the card while it is open, and Escape closes it.
 */
describe('web client - nothing on the table', () => {
  let base = '';
  useWebServer({}, (server) => {
    base = server.base;
  });
  const browser = browserUsers();

  /**
   * The regions of the table `over` covers (a seat, the deck, the pile, an own card, an action;
   * only the own cards and the actions when `ownOnly`), and its box (null when it is not shown).
   */
  const COVERED = `((over, ownOnly) => {
    const box = (el) => { const r = el.getBoundingClientRect(); return { l: r.left, t: r.top, r: r.right, b: r.bottom }; };
    const target = document.querySelector(over);
    if (target === null || !target.checkVisibility()) return { over: null, hits: [] };
    const o = box(target);
    const regions = [
      ...(ownOnly ? [] : [...document.querySelectorAll('.gt-seats > li, .gt-seat')].map((el) => ['seat', el])),
      ...(ownOnly ? [] : [...document.querySelectorAll('[data-zone="deck"], [data-zone="pile"]')].map((el) => [el.dataset.zone, el])),
      ...[...document.querySelectorAll('[data-zone="own"] button[data-card-id]')].map((el) => ['own card ' + el.getAttribute('aria-label'), el]),
      ...[...document.querySelectorAll('.gt-actions > button')].map((el) => ['action ' + el.textContent.trim(), el]),
    ].filter(([, el]) => el.checkVisibility());
    const hits = [];
    for (const [name, el] of regions) {
      const b = box(el);
      const w = Math.min(o.r, b.r) - Math.max(o.l, b.l);
      const h = Math.min(o.b, b.b) - Math.max(o.t, b.t);
      if (w > 0.5 && h > 0.5) hits.push(name);
    }
    return { over: o, hits };
  })`;

  async function covered(page: Page, over: string, ownOnly = false): Promise<{ over: unknown; hits: string[] }> {
    return (await page.evaluate(`${COVERED}(${JSON.stringify(over)}, ${ownOnly})`)) as {
      over: unknown;
      hits: string[];
    };
  }

  /** One move of ours in the REST game: the first playable card, else pick up. */
  async function restMove(page: Page): Promise<void> {
    const playable = page.locator('[data-zone="own"] button[data-card-id]:not([disabled])');
    if ((await playable.count()) > 0) {
      await playable.first().click();
      await page.getByRole('button', { name: /^Play Selected/ }).click();
    } else {
      await page.getByRole('button', { name: 'Pick Up Pile' }).click();
    }
  }

  it('toasts - the AI’s move toast sits above the table at every size and is gone after the next move; the move log keeps every move', async () => {
    const { page } = await browser();
    await startRestGameAgainstAi(page, base, true);

    // Play until the AI's move brings a toast ("AI Player 1 played …").
    const aiToast = page.locator('.toast', { hasText: /^AI Player 1/ });
    for (let i = 0; i < 20 && !(await aiToast.isVisible()); i++) {
      await Promise.race([
        page.locator('.turn-line.mine').waitFor({ timeout: 10_000 }),
        aiToast.waitFor({ timeout: 10_000 }),
      ]);
      if (await aiToast.isVisible()) break;
      await restMove(page);
      await aiToast.waitFor({ timeout: 10_000 }).catch(() => undefined);
    }
    await aiToast.waitFor();
    const words = (await aiToast.locator('.toast-title').textContent()) ?? '';
    for (const size of TABLE_SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.waitForTimeout(100);
      // Shown 3 s, and our turn now: it is still there at every size.
      await expect(aiToast.isVisible(), `the toast at ${size.width}x${size.height}`).resolves.toBe(true);
      const found = await covered(page, '.toast');
      expect(found.hits, `the toast at ${size.width}x${size.height}`).toEqual([]);
      await shot(page, `overlay-toast-${size.name}`);
    }
    await page.setViewportSize({ width: 390, height: 844 });

    // Our next move (the AI may answer at once): the AI's toast from before it is gone.
    const movesButton = page.getByRole('button', { name: /^Moves \(\d+\)$/ });
    const moves = async () => Number(/\((\d+)\)/.exec((await movesButton.textContent()) ?? '')?.[1]);
    await page.locator('.turn-line.mine').waitFor({ timeout: 10_000 });
    const before = await moves();
    await restMove(page);
    await expect.poll(moves, { timeout: 10_000 }).toBeGreaterThan(before);
    await expect(page.locator('.toast', { hasText: words }).count()).resolves.toBe(0);

    // The move log: every move seen, newest first; Escape closes it.
    const count = await moves();
    expect(count).toBeGreaterThanOrEqual(2);
    await movesButton.click();
    const list = page.getByRole('region', { name: 'All moves' });
    await expect(list.getByRole('listitem').count()).resolves.toBeGreaterThanOrEqual(count);
    await expect(list.getByRole('listitem').first().textContent()).resolves.toMatch(/^(You|AI Player 1) /);
    await shot(page, 'overlay-move-log-phone');
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
  });

  it('toasts - /poker and the easy game: a refusal’s toast sits above the table at every size', async () => {
    const { page } = await browser();
    // The page's clock stands still: the AI never moves, so the same refusal can be asked for at each size.
    await page.clock.install({ time: 0 });
    await page.clock.pauseAt(1000);
    await page.goto(`${base}/poker`);
    await page.getByRole('group', { name: 'Hand' }).waitFor();
    const mine = await page.locator('.turn-line.mine').isVisible();
    const refuse = async () => {
      if (mine) await page.getByRole('button', { name: 'Pick Up' }).click();
      else await page.getByRole('group', { name: 'Hand' }).getByRole('button').first().click();
    };
    await checkToastAtEverySize(page, 'poker', refuse, mine ? 'Empty Pile' : 'Not Your Turn');

    await easyToasts((await browser()).page);
  });

  /** The easy game: a face-up card played early, refused with the spec's toast, at every size. */
  async function easyToasts(page: Page): Promise<void> {
    await page.clock.install();
    await page.goto(`${base}/easy-palace-home`);
    await page.getByRole('tabpanel', { name: 'Create Game' }).getByLabel('Your name').fill('Ann');
    await page.getByRole('tabpanel', { name: 'Create Game' }).getByRole('button', { name: 'Create Game' }).click();
    await page.getByRole('button', { name: 'Add AI' }).click();
    await page.getByRole('list', { name: 'Players' }).getByText('AI Player 1').waitFor();
    await page.getByRole('button', { name: 'Start Game' }).click();
    await page.locator('main[data-status="playing"]').waitFor();
    // Our turn with cards in hand: a face-up card played early is refused with the spec's toast.
    for (let i = 0; i < 20 && !(await page.locator('.turn-line.mine').isVisible()); i++) {
      await page.clock.fastForward(1000);
      await page.waitForTimeout(300);
    }
    await page.locator('.turn-line.mine').waitFor();
    await checkToastAtEverySize(
      page,
      'easy',
      async () => {
        await page.getByRole('group', { name: 'Face up' }).getByRole('button').first().click();
        await page.getByRole('button', { name: 'Play Selected' }).click();
      },
      'Cannot play from face-up yet',
    );
  }

  /** At each of the four sizes: `refuse` brings the toast titled `title`, which covers no part of the table. */
  async function checkToastAtEverySize(page: Page, name: string, refuse: () => Promise<void>, title: string) {
    for (const size of TABLE_SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.waitForTimeout(100);
      await refuse();
      const toast = page.locator('.toast', { hasText: title }).last();
      await toast.waitFor();
      const found = await covered(page, '.toast');
      expect(found.hits, `the ${name} toast at ${size.width}x${size.height}`).toEqual([]);
      await shot(page, `overlay-toast-${name}-${size.name}`);
      // The next size brings its own toast.
      await page.evaluate("document.querySelectorAll('.toast-close').forEach((b) => b.click())");
      await toast.waitFor({ state: 'detached' }).catch(() => undefined);
    }
  }

  it('chat - open on our turn it stops above the own cards at every size; a tap on a card still selects it; Escape closes it', async () => {
    const { page } = await browser();
    await page.goto(`${base}/play?start=computer`);
    await page.getByRole('group', { name: 'Your hand' }).getByRole('button').first().waitFor({ timeout: 15_000 });
    await chooseFaceUpInBrowser(page);
    await page.getByText('Your turn', { exact: true }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: /^Open chat/ }).click();
    const chat = page.getByRole('region', { name: 'Chat' });
    await chat.waitFor();
    for (const size of TABLE_SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.waitForTimeout(150);
      // Beside or over the table, never over the own rows or the actions.
      const found = await covered(page, '.chat-panel', true);
      expect(found.over, `the chat shows at ${size.width}x${size.height}`).not.toBeNull();
      expect(found.hits, `the chat at ${size.width}x${size.height}`).toEqual([]);
      await shot(page, `overlay-chat-${size.name}`);
    }
    // A tap in the middle of a playable card, with the chat open, reaches the card.
    const card = page.locator('[data-zone="own"] button[data-card-id]:not([disabled])').first();
    if ((await card.count()) > 0) {
      const box = await card.boundingBox();
      expect(box).not.toBeNull();
      if (box !== null) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await expect(card.getAttribute('aria-pressed')).resolves.toBe('true');
    }
    await chat.getByRole('textbox', { name: 'Message' }).focus();
    await page.keyboard.press('Escape');
    await chat.waitFor({ state: 'detached' });
    await expect(page.evaluate("document.activeElement?.getAttribute('aria-label') ?? ''")).resolves.toMatch(
      /^Open chat/,
    );
  });
});
