import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type BrowserUser, openBrowser, SCREENSHOTS, shot, useWebServer } from './browser.js';
import { autoplayTable } from './table-autoplay.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A phone and a desktop screenshot of what `page` shows now. */
async function shots(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  await shot(page, `public-${name}-phone`);
  await page.setViewportSize(DESKTOP);
  await shot(page, `public-${name}-desktop`);
  await page.setViewportSize(PHONE);
}

/** The game's version the screen shows (`data-version`), to see a new state arrive. */
function version(page: Page): Promise<string | null> {
  return page.locator('main.public-page').getAttribute('data-version');
}

/** Waits (up to `ms`) for a state newer than `before`; quietly gives up after that. */
async function newState(page: Page, before: string | null, ms = 5000): Promise<void> {
  const check = `document.querySelector('main.public-page')?.getAttribute('data-version') !== ${JSON.stringify(before)}`;
  // Polled with `evaluate`: `waitForFunction` runs its predicate with eval, which the CSP refuses.
  await expect
    .poll(() => page.evaluate(check), { timeout: ms })
    .toBe(true)
    .catch(() => undefined);
}

/**
 * The public-games screens in two real browsers against the real server (AI delay 5 ms): Alice
 * creates a public game from /palace-home, adds an AI, starts, chooses her face-up cards and plays
 * to the end through the UI; Bobby finds the game in the public list after it started, joins as a
 * spectator (toast, badge, no own cards, no private card in his page) and chats; both see the
 * winner. Alice's page runs on a fake clock so the 2 s poll can be skipped ahead during AI turns.
 */
describe('web client - public games in two browsers', () => {
  let base = '';
  useWebServer({}, (server) => {
    base = server.base;
  });

  it('web - create, add AI, start, face-up choice, play to a winner; a spectator joins late and chats', async () => {
    const users: BrowserUser[] = [];
    try {
      const alice = await openBrowser(PHONE);
      users.push(alice);
      const a = alice.page;
      await a.clock.install();
      await a.goto(`${base}/palace-home`);
      const name = a.getByLabel('Your name');
      await expect(name.inputValue()).resolves.toMatch(/^Guest\d{4}$/);
      await name.fill('Alice');
      await a.getByText(/No public games right now/).waitFor();
      await shots(a, 'home-create');
      await a.getByRole('tab', { name: 'Join Game' }).click();
      await a.getByRole('button', { name: 'Join Game' }).click();
      await a.getByText('Game ID is required').waitFor();
      await shots(a, 'home-join');
      await a.getByRole('tab', { name: 'Create Game' }).click();
      await a.getByRole('button', { name: 'Create Game' }).click();
      await a.waitForURL(/\/palace-game\?id=[A-Z0-9]{6}&username=Alice$/);
      const gameId = new URL(a.url()).searchParams.get('id') ?? '';

      // Waiting: one player, Start disabled; Add AI seats the AI, then Start.
      await a.getByRole('region', { name: 'Waiting for players' }).waitFor();
      await expect(a.getByLabel('Role: Player').isVisible()).resolves.toBe(true);
      await expect(a.getByRole('button', { name: 'Start Game' }).isDisabled()).resolves.toBe(true);
      await shots(a, 'waiting');
      await a.getByRole('button', { name: 'Add AI' }).click();
      await a.getByRole('list', { name: 'Other players' }).getByText('AI Player 1').waitFor();
      await a.getByRole('button', { name: 'Start Game' }).click();

      // Setup: choose 3 hand cards, Ready.
      const ready = a.getByRole('button', { name: 'Ready' });
      await ready.waitFor();
      const hand = a.getByRole('group', { name: 'Hand' }).getByRole('button');
      await expect(hand.count()).resolves.toBe(6);
      for (let i = 0; i < 3; i++) await hand.nth(i).click();
      await a.getByText('3 of 3 chosen', { exact: false }).waitFor();
      await shots(a, 'setup');
      await ready.click();
      await a.getByLabel('Status: Playing').waitFor();

      // Bobby finds the started game in the public list and joins it: a spectator.
      const bobby = await openBrowser(PHONE);
      users.push(bobby);
      const b = bobby.page;
      await b.goto(`${base}/palace-home`);
      await b.getByLabel('Your name').fill('Bobby');
      await b.getByRole('button', { name: `Join game ${gameId}` }).click();
      await b.waitForURL(/\/palace-game\?/);
      await b.locator('.toast-title', { hasText: 'Joined as Spectator' }).waitFor();
      await expect(b.locator('.toast-description').textContent()).resolves.toBe(
        'The game has already started, you are in spectator mode',
      );
      await expect(b.getByLabel('Role: Spectator').isVisible()).resolves.toBe(true);
      await expect(b.locator('[data-zone="own"] button').count()).resolves.toBe(0);
      await expect(b.getByRole('group', { name: 'Hand' }).count()).resolves.toBe(0);
      await expect(b.getByRole('button', { name: 'Play Selected' }).count()).resolves.toBe(0);
      // No hand card of anyone is drawn face up: only the pile and the seats' face-up cards are.
      const leaked = await b.evaluate(
        `[...document.querySelectorAll('.tc-face')].filter(
          (el) => el.closest('[data-zone="pile"]') === null && el.closest('[data-zone="seat"]') === null,
        ).length`,
      );
      expect(leaked).toBe(0);
      // The spectators and the chat are in the side sheet a phone opens from the bar.
      await b.getByRole('button', { name: 'Chat & rules' }).click();
      await b.getByRole('region', { name: 'Spectators (1)' }).getByText('Bobby').waitFor();
      await b.getByRole('textbox', { name: 'Message' }).fill('Hello from the stands');
      await b.getByRole('textbox', { name: 'Message' }).press('Enter');
      await b.locator('.chat-line.mine', { hasText: 'Hello from the stands' }).waitFor();
      await shots(b, 'playing-spectator-chat');
      await b.getByRole('complementary', { name: 'Chat & rules' }).getByRole('button', { name: 'Close' }).click();
      if (SCREENSHOTS) await b.waitForTimeout(700);
      await shots(b, 'playing-spectator');

      // Alice sees Bobby's line (the next poll), then plays to the end.
      await a.clock.fastForward(2000);
      await a.locator('.chat-line', { hasText: 'Hello from the stands' }).waitFor({ state: 'attached' });
      const finished = a.getByRole('region', { name: 'Game over' });
      const myTurn = a.locator('.gt-turn.mine');
      let moves = 0;
      // Up to 1,500 steps: a game of many pick-ups is long, and a loaded machine answers slowly.
      for (let step = 0; step < 1500 && moves < 6 && !(await finished.isVisible()); step++) {
        const before = await version(a);
        if (await myTurn.isVisible()) {
          const playable = a.locator('[data-zone="own"] button[data-card-id]:not([disabled])');
          if ((await playable.count()) > 0) {
            await playable.first().click();
            await a.getByRole('button', { name: 'Play Selected' }).click();
          } else {
            await a.getByRole('button', { name: 'Pick Up' }).click();
          }
          moves++;
          await newState(a, before);
          if (moves === 2) {
            await a.waitForTimeout(700); // the pile's 0.6 s flip runs on real time
            await shots(a, 'playing-player');
          }
        } else {
          // The AI's turn: skip ahead to the next poll.
          await a.clock.fastForward(2000);
          await newState(a, before, 2000);
        }
      }
      // The rest of the game from inside the page (table-autoplay.ts), its clock skipping each poll's wait.
      await autoplayTable(a, { style: 'play', overSelector: '.public-winner', clockStepMs: 2000 });
      await finished.waitFor({ timeout: 10_000 });
      const winnerLine = (await a.locator('.public-winner').textContent()) ?? '';
      expect(winnerLine).toMatch(/^(You win!|AI Player 1 wins!)$/);
      await expect(a.getByRole('list', { name: 'Final standings' }).getByRole('listitem').count()).resolves.toBe(2);
      await shots(a, 'finished');
      const winner = winnerLine === 'You win!' ? 'Alice' : 'AI Player 1';
      await b.locator('.public-winner', { hasText: `${winner} wins!` }).waitFor({ timeout: 10_000 });
      await expect(b.getByLabel('Status: Finished').isVisible()).resolves.toBe(true);
      await shots(b, 'finished-spectator');

      // A game that does not exist: the Error page with Return to Home.
      await b.goto(`${base}/palace-game?id=ZZZZZZ&username=Bobby`);
      await b.getByRole('heading', { name: 'Error' }).waitFor();
      await b.getByText('Game not found').waitFor();
      await shots(b, 'error');
      await b.getByRole('link', { name: 'Return to Home' }).click();
      await b.waitForURL(/\/palace-home$/);
      await expect(b.getByLabel('Your name').inputValue()).resolves.toBe('Bobby');
    } finally {
      for (const user of users) await user.close();
    }
  }, 600_000);
});
