import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserUsers, shot, useWebServer } from './browser.js';
import { chooseFaceUpInBrowser } from './main-browser.js';
import { startRestGameAgainstAi } from './rest-browser.js';

/**
 * One way to play a card on every screen (docs/web.md "One way to play a card"), in real Chromium:
 * a tap selects and Play plays; a double-tap, or Enter twice, plays the card at once; only the cards
 * that can be played now look playable (the others are dimmed alike on every screen); a tap on a
 * card that cannot be played explains itself in the move line. `/poker` (every own card may be
 * pressed there, and the engine refuses), the REST game and the main game (the server's legal cards
 * only are enabled) against the computer.
 */
/** The offline prototype's AI waits 1.5 s before it moves (docs/product.md §P2.9). */
const AI_DELAY_MS = 1500;

describe('web client - one way to play a card', () => {
  let base = '';
  useWebServer({}, (server) => {
    base = server.base;
  });
  const browser = browserUsers();

  /** Own card buttons that look playable (outlined, undimmed) and those that look idle, by their drawn filter. */
  const LOOKS = `(() => {
    const out = { wrong: [], playable: 0, idle: 0 };
    for (const b of document.querySelectorAll('[data-zone="own"] button[data-card-id]')) {
      const dimmed = getComputedStyle(b.querySelector('.tc-visual')).filter !== 'none';
      const hinted = b.classList.contains('tc-hint') || b.getAttribute('aria-pressed') === 'true';
      if (hinted === dimmed) out.wrong.push(b.getAttribute('aria-label') + (hinted ? ' outlined but dimmed' : ' not outlined nor dimmed'));
      if (hinted) out.playable++; else out.idle++;
    }
    return out;
  })()`;

  async function looks(page: Page): Promise<{ wrong: string[]; playable: number; idle: number }> {
    return (await page.evaluate(LOOKS)) as { wrong: string[]; playable: number; idle: number };
  }

  const explanation = (page: Page) => page.locator('.gt-last.explain');
  const own = (page: Page, id: string) => page.locator(`[data-zone="own"] button[data-card-id="${id}"]`);

  /** Plays the first outlined card with a double-tap and waits until it has left the own cards. */
  async function doubleTapPlay(page: Page): Promise<void> {
    const card = page.locator('[data-zone="own"] button.tc-hint:not([disabled])').first();
    const id = (await card.getAttribute('data-card-id')) ?? '';
    await card.dblclick();
    await own(page, id).waitFor({ state: 'detached', timeout: 10_000 });
  }

  it('one way - /poker: double-tap and Enter twice play; an unplayable card is dimmed and explains itself, also off turn', async () => {
    const { page } = await browser();
    await page.clock.install({ time: 0 });
    await page.clock.pauseAt(1000);
    await page.goto(`${base}/poker`);
    await page.getByRole('group', { name: 'Hand' }).waitFor();
    // The hand is the page's first Tab stop, and the header, the tabs and the table are drawn in that order.
    await page.keyboard.press('Tab');
    await expect(page.evaluate('document.activeElement?.closest(\'[data-zone="own"]\') !== null')).resolves.toBe(true);
    const tops = await Promise.all(
      ['.proto-header', '[role="tablist"]', '.game-table'].map(
        async (css) => (await page.locator(css).boundingBox())?.y,
      ),
    );
    expect(tops).toEqual([...tops].sort((a, b) => (a ?? 0) - (b ?? 0)));
    const yourTurn = page.locator('.turn-line.mine');
    const winner = page.locator('.proto-winner');
    const done = { wrongTap: false, offTurn: false, doubleTap: false, enterTwice: false };
    for (let step = 0; step < 400 && !Object.values(done).every(Boolean) && !(await winner.isVisible()); step++) {
      if (!(await yourTurn.isVisible())) {
        if (!done.offTurn) {
          // Off turn every own card may still be pressed here: the move line and the spec's toast say why not.
          await page.getByRole('group', { name: 'Hand' }).getByRole('button').first().click();
          await expect(explanation(page).textContent()).resolves.toMatch(/^It's not your turn\. /);
          await page.locator('.toast-title', { hasText: 'Not Your Turn' }).waitFor();
          done.offTurn = true;
        }
        await page.clock.runFor(AI_DELAY_MS);
        continue;
      }
      const look = await looks(page);
      expect(look.wrong).toEqual([]);
      const idleInHand = page.locator('.gt-hand button[data-card-id]:not(.tc-hint)');
      const hinted = page.locator('[data-zone="own"] button.tc-hint');
      if ((await hinted.count()) === 0) {
        await page.getByRole('button', { name: 'Pick Up' }).click();
        continue;
      }
      if (!done.wrongTap && (await idleInHand.count()) > 0) {
        await idleInHand.first().click();
        await expect(explanation(page).textContent()).resolves.toMatch(/^You can't play the .+ on the current pile$/);
        await shot(page, 'one-way-poker-explained-phone');
        done.wrongTap = true;
        // A double-tap on a playable card replaces the selection and plays it.
        await doubleTapPlay(page);
        await expect(explanation(page).count()).resolves.toBe(0);
        done.doubleTap = true;
        continue;
      }
      if (!done.doubleTap) {
        await doubleTapPlay(page);
        done.doubleTap = true;
        continue;
      }
      if (!done.enterTwice) {
        const card = hinted.first();
        const id = (await card.getAttribute('data-card-id')) ?? '';
        await card.focus();
        await page.keyboard.press('Enter');
        await expect(card.getAttribute('aria-pressed')).resolves.toBe('true');
        await page.keyboard.press('Enter');
        await own(page, id).waitFor({ state: 'detached' });
        done.enterTwice = true;
        continue;
      }
      await doubleTapPlay(page);
    }
    expect(done).toEqual({ wrongTap: true, offTurn: true, doubleTap: true, enterTwice: true });
  }, 120_000);

  it('one way - the REST game and the main game: a disabled card explains itself, a double-tap plays', async () => {
    const { page } = await browser();
    await startRestGameAgainstAi(page, base, true);
    await checkServerGame(page, 'rest');

    await page.goto(`${base}/play?start=computer`);
    await page.getByRole('group', { name: 'Your hand' }).getByRole('button').first().waitFor({ timeout: 15_000 });
    await chooseFaceUpInBrowser(page);
    await checkServerGame(page, 'main');
  }, 120_000);

  /** On our next turn: the looks, a face-up card's explanation, then a double-tap play. */
  async function checkServerGame(page: Page, name: string): Promise<void> {
    const yourTurn = page.locator('.turn-line.mine');
    const hinted = page.locator('[data-zone="own"] button.tc-hint:not([disabled])');
    for (let i = 0; i < 20; i++) {
      await yourTurn.waitFor({ timeout: 20_000 });
      if ((await hinted.count()) > 0) break;
      // Nothing to play: pick up, and wait for the turn to come back.
      await page.getByRole('button', { name: /^Pick Up/ }).click();
      await yourTurn.waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
    }
    expect((await looks(page)).wrong, name).toEqual([]);
    // A face-up card's button is disabled while the hand holds cards; a tap on it still explains.
    await page.getByRole('group', { name: 'Face up' }).getByRole('button').first().click({ force: true });
    await expect(explanation(page).textContent()).resolves.toBe('You must play all cards from your hand first');
    await shot(page, `one-way-${name}-explained-phone`);
    await doubleTapPlay(page);
  }
});
