import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openBrowser, SCREENSHOTS, shot, useWebServer, withBrowser } from './browser.js';
import { checkPanel, fitsEverywhere } from './game-over-checks.js';
import { autoplayTable } from './table-autoplay.js';

/** docs/product.md §P2.9: the AI acts 1.5 s after its turn comes. */
const AI_DELAY_MS = 1500;

/**
 * The offline prototypes in Debian's Chromium: the app's files come from the real server, then
 * the network is cut (every request aborted and recorded, and the context offline) and the games
 * run on `@palace/core` in the page alone. `/poker` is played to a winner; `/simplified` is created,
 * joined, dealt, set up and played for a few turns on one device.
 */
describe('web client - the offline prototypes in a real browser', () => {
  let base = '';
  useWebServer({}, (server) => {
    base = server.base;
  });

  /** Cuts the network; returns the list that collects every request tried afterwards. */
  async function goOffline(context: BrowserContext, page: Page): Promise<string[]> {
    await page.waitForLoadState('networkidle');
    await page.evaluate('document.fonts.ready.then(() => true)');
    const after: string[] = [];
    page.on('request', (request) => after.push(request.url()));
    await context.route('**/*', (route) => route.abort('internetdisconnected'));
    await context.setOffline(true);
    return after;
  }

  /** The lowest playable card of the viewer (the hand is sorted), then Play; else Pick Up. */
  async function playOne(page: Page): Promise<'play' | 'pickUp'> {
    const playable = page.locator('[data-zone="own"] button[data-card-id].tc-hint');
    if ((await playable.count()) > 0) {
      await playable.first().click();
      await page.getByRole('button', { name: /^Play( \d+ cards)?$/ }).click();
      return 'play';
    }
    await page.getByRole('button', { name: 'Pick Up' }).click();
    return 'pickUp';
  }

  it('web - /poker: offline, you against the AI to a winner through the UI, no request after going offline', async () => {
    await withBrowser(async ({ context, page }) => {
      // The page's clock is ours, so the AI's 1.5 s can be checked and stepped through.
      // Paused: time moves only by runFor (else it flows with real time).
      await page.clock.install({ time: 0 });
      await page.clock.pauseAt(1000);
      await page.goto(`${base}/poker`);
      await page.getByRole('heading', { name: 'Palace' }).waitFor();
      const after = await goOffline(context, page);

      await expect(page.getByRole('tab').allTextContents()).resolves.toEqual(['Game', 'How to Play']);
      await expect(page.locator('.gt-seat-name').first().textContent()).resolves.toContain('AI');
      for (const row of ['Hand', 'Face up', 'Face down']) {
        await expect(page.getByRole('group', { name: row }).getByRole('button').count()).resolves.toBe(3);
      }
      await shot(page, 'proto-poker-phone');

      // The tutorial tab: the engine's rules.
      await page.getByRole('tab', { name: 'How to Play' }).click();
      await page.getByText('Reset. Playable on anything').waitFor();
      await shot(page, 'proto-poker-tutorial-phone');
      await page.getByRole('tab', { name: 'Game' }).click();

      // An empty pile cannot be picked up: the prototype's toast.
      const yourTurn = page.locator('.turn-line.mine');
      if ((await page.locator('[data-zone="pile"] [data-card-id]').count()) === 0 && (await yourTurn.isVisible())) {
        await page.getByRole('button', { name: 'Pick Up' }).click();
        await page.locator('.toast-description', { hasText: 'There are no cards to pick up' }).waitFor();
        await expect(page.locator('.toast-title').textContent()).resolves.toBe('Empty Pile');
      }

      const winner = page.locator('.proto-winner');
      let checkedDelay = false;
      let moves = 0;
      let hinted = false;
      for (let step = 0; step < 3000 && !(moves > 3 && checkedDelay) && !(await winner.isVisible()); step++) {
        if (await yourTurn.isVisible()) {
          if (!hinted) {
            // A hint (docs/web.md "Hints and the computer in a worker"), searched in the page's worker, offline: the move and why
            // in the move line, its cards selected (Play makes it), or the pile to pick up.
            await page.getByRole('button', { name: 'Hint', exact: true }).click();
            const line = page.locator('.last-action', { hasText: /^Hint: (play|pick up|turn) .+\. .+\.$/ });
            await line.waitFor();
            await shot(page, 'proto-poker-hint-phone');
            // The search ran off the main thread: the page's one worker (loaded before going offline).
            expect(page.workers().map((w) => w.url())).toEqual([
              expect.stringMatching(/\/assets\/ai-worker-[\w-]+\.js$/),
            ]);
            hinted = true;
            if (/^Hint: play /.test((await line.textContent()) ?? '')) {
              // The hinted cards are selected: Play makes the hinted move.
              const picked = page.locator('[data-zone="own"] button[aria-pressed="true"]');
              await expect(picked.count()).resolves.toBeGreaterThan(0);
              await page.getByRole('button', { name: /^Play( \d+ cards)?$/ }).click();
              moves++;
              continue;
            }
          }
          await playOne(page);
          moves++;
          continue;
        }
        // The AI's turn: nothing happens before 1.5 s, then it moves.
        const line = await page.locator('.last-action').textContent();
        if (!checkedDelay) {
          await page.clock.runFor(AI_DELAY_MS - 100);
          await expect(page.locator('.last-action').textContent()).resolves.toBe(line);
          await page.clock.runFor(100);
          checkedDelay = true;
        } else {
          await page.clock.runFor(AI_DELAY_MS);
        }
        if (moves === 3 && SCREENSHOTS) {
          await page.waitForTimeout(700); // the pile's 0.6 s flip runs on real time
          await shot(page, 'proto-poker-playing-phone');
        }
      }
      // The rest of the game from inside the page (table-autoplay.ts), its clock stepped past the AI's delay.
      await autoplayTable(page, { style: 'play', overSelector: '.proto-winner', clockStepMs: AI_DELAY_MS });
      await expect(winner.isVisible()).resolves.toBe(true);
      await expect(winner.getByRole('heading').first().textContent()).resolves.toMatch(/^(You win!|AI wins!)$/);
      if (SCREENSHOTS) await page.waitForTimeout(700);
      await shot(page, 'proto-poker-winner-phone');
      // The game-over panel (docs/web.md "The table kit": game over): standings, length, the moves,
      // every card face up, Play Again the one primary action; at the four sizes it and the table fit.
      expect(await checkPanel(page, winner, 'poker')).toBe(2);
      await winner.getByText('You used a hint in this game.', { exact: true }).waitFor();
      await expect(winner.locator('.button-primary').textContent()).resolves.toBe('Play Again');
      await fitsEverywhere(page, winner, 'game-over-poker');

      // Play Again: a fresh deal.
      await winner.getByRole('button', { name: 'Play Again' }).click();
      await winner.waitFor({ state: 'detached' });
      await expect(page.getByRole('group', { name: 'Hand' }).getByRole('button').count()).resolves.toBe(3);
      await expect(page.locator('[data-zone="pile"] [data-card-id]').count()).resolves.toBe(0);
      expect(after, `requests after going offline: ${after.join(', ')}`).toEqual([]);
    });
  }, 300_000);

  it('web - /poker at a desktop size', async () => {
    const user = await openBrowser({ width: 1280, height: 800 });
    try {
      await user.page.goto(`${base}/poker`);
      await user.page.getByRole('heading', { name: 'Palace' }).waitFor();
      await user.page.locator('[data-zone="own"]').waitFor();
      await shot(user.page, 'proto-poker-desktop');
    } finally {
      await user.close();
    }
  }, 60_000);

  it('web - /simplified: create for 2, join, both choose face-up cards behind the cover, a few hot-seat turns', async () => {
    await withBrowser(async ({ context, page }) => {
      await page.goto(`${base}/simplified`);
      await page.getByRole('button', { name: 'Create Table' }).waitFor();
      const after = await goOffline(context, page);
      await shot(page, 'proto-simplified-create-phone');

      await page.getByLabel('Your name').fill('Ann');
      await page.getByLabel('Number of players').selectOption('2');
      await page.getByRole('button', { name: 'Create Table' }).click();
      await page.getByRole('heading', { name: 'Waiting room' }).waitFor();
      await page.getByLabel("Next player's name").fill('Bob');
      await page.getByRole('button', { name: 'Join' }).click();
      await expect(page.getByRole('list', { name: 'Players' }).getByRole('listitem').count()).resolves.toBe(2);
      await shot(page, 'proto-simplified-waiting-phone');
      await page.getByRole('button', { name: 'Start Game' }).click();

      const cards = page.locator('button.playing-card, button[data-card-id]');
      for (const name of ['Ann', 'Bob']) {
        await page.getByRole('heading', { name: `Pass the device to ${name}` }).waitFor();
        await expect(cards.count()).resolves.toBe(0);
        if (name === 'Ann') await shot(page, 'proto-simplified-cover-phone');
        await page.getByRole('button', { name: `I'm ${name}: show my cards` }).click();
        const hand = page.getByRole('group', { name: 'Your hand' }).getByRole('button');
        await expect(hand.count()).resolves.toBe(6);
        for (let i = 0; i < 3; i++) await hand.nth(i).click();
        if (name === 'Ann') await shot(page, 'proto-simplified-choice-phone');
        await page.getByRole('button', { name: 'Confirm Face-Up Cards' }).click();
      }

      // Hot-seat turns: whoever the cover names takes the device and plays.
      for (let turn = 0; turn < 6; turn++) {
        const cover = page.getByRole('heading', { name: /^Pass the device to / });
        if (await cover.isVisible()) {
          await expect(cards.count()).resolves.toBe(0);
          const name = ((await cover.textContent()) ?? '').replace('Pass the device to ', '');
          await page.getByRole('button', { name: `I'm ${name}: show my cards` }).click();
        }
        await page.locator('.turn-line.mine').waitFor();
        if (turn === 1 && SCREENSHOTS) {
          await page.waitForTimeout(700);
          await shot(page, 'proto-simplified-playing-phone');
        }
        if (turn === 2) {
          // A hot-seat player may ask for a hint too (offline, in the worker), and make it.
          await page.getByRole('button', { name: 'Hint', exact: true }).click();
          const line = page.locator('.last-action', { hasText: /^Hint: / });
          await line.waitFor();
          if (/^Hint: play /.test((await line.textContent()) ?? '')) {
            await page.getByRole('button', { name: /^Play( \d+ cards)?$/ }).click();
            continue;
          }
        }
        await playOne(page);
      }
      await expect(page.locator('.last-action, .proto-cover-last').first().textContent()).resolves.toMatch(
        /(played|picked up)/,
      );
      expect(after, `requests after going offline: ${after.join(', ')}`).toEqual([]);
    });
  }, 120_000);

  it('web - /simplified at a desktop size', async () => {
    const user = await openBrowser({ width: 1280, height: 800 });
    try {
      await user.page.goto(`${base}/simplified`);
      await user.page.getByRole('button', { name: 'Create Table' }).waitFor();
      await shot(user.page, 'proto-simplified-create-desktop');
    } finally {
      await user.close();
    }
  }, 60_000);
});
