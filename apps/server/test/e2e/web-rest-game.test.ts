import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type BrowserUser, openBrowser, SCREENSHOTS, shot, useWebServer, withBrowser } from './browser.js';
import { autoplayTable } from './table-autoplay.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A screenshot at phone size, then one at desktop size (`{name}-phone`, `{name}-desktop`). */
async function shots(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  await shot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
  await shot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
}

/** Whether a response is the answer to one of the game's POST actions or GETs (by the path's end). */
function isCall(pattern: RegExp) {
  return (response: { url(): string }) => pattern.test(new URL(response.url()).pathname);
}

/**
 * One move through the UI when it is this player's turn: the first enabled card, then Play Selected;
 * else Pick Up Pile when it is enabled. Waits for the server's answer. 'idle' when not this turn.
 */
async function move(page: Page): Promise<'played' | 'picked' | 'idle'> {
  if (!(await page.locator('.turn-line.mine').isVisible())) return 'idle';
  const card = page.locator('[data-zone="own"] button[data-card-id]:not([disabled])').first();
  if ((await card.count()) > 0) {
    if ((await card.getAttribute('aria-pressed')) !== 'true') await card.click({ timeout: 2000 });
    const answer = page.waitForResponse(isCall(/\/play$/), { timeout: 5000 }).catch(() => null);
    await page.getByRole('button', { name: 'Play Selected' }).click({ timeout: 2000 });
    await answer;
    return 'played';
  }
  const pickUp = page.getByRole('button', { name: 'Pick Up Pile' });
  if (await pickUp.isEnabled()) {
    const answer = page.waitForResponse(isCall(/\/pickup$/), { timeout: 5000 }).catch(() => null);
    await pickUp.click({ timeout: 2000 });
    await answer;
    return 'picked';
  }
  return 'idle';
}

/** The full GET of the refresh button, so the loop need not wait for the next poll. */
async function refresh(page: Page): Promise<void> {
  const answer = page.waitForResponse(isCall(/^\/api\/rest-games\/[A-Z0-9]{6}$/), { timeout: 5000 }).catch(() => null);
  // A toast (3 s) may sit over the header for a moment: a player waits for it, so does the test.
  await page.getByRole('button', { name: 'Refresh game' }).click({ timeout: 5000 });
  await answer;
}

const winnerAlert = (page: Page) => page.getByRole('alert').filter({ hasText: /You won!|wins!/ });

/**
 * The server-backed REST game (`/rest-poker/:gameId?`) and its lobby (`/`, `/lobby`) in Debian's
 * Chromium against a real server (AI delay 5 ms): two players meet through the lobby, chat, start
 * with an AI and play to a winner through the UI; a reload and a visit to `/` resume the seat; a
 * stale saved session says "Game Not Found"; the start screen, forms, tutorial and the network
 * error panel.
 */
describe('web client - the server-backed REST game and its lobby in a real browser', () => {
  let base = '';
  useWebServer({}, (server) => {
    base = server.base;
  });

  it('web - /lobby: create, join from the list, chat, start with an AI, reload, / resumes, play to a winner', async () => {
    const a: BrowserUser = await openBrowser(PHONE);
    const b: BrowserUser = await openBrowser(PHONE);
    try {
      // A: the lobby with no game yet, then the Create tab through the empty state's action.
      await a.page.goto(`${base}/lobby`);
      await a.page.getByRole('button', { name: 'Create a Game' }).waitFor();
      await a.page.evaluate('document.fonts.ready.then(() => true)');
      await shots(a.page, 'rest-lobby-empty');
      await a.page.getByLabel('Your name').fill('Ann');
      await a.page.getByRole('button', { name: 'Create a Game' }).click();
      const publicSwitch = a.page.getByRole('switch', { name: 'Public' });
      await expect(publicSwitch.isChecked()).resolves.toBe(true);
      await expect(a.page.getByLabel(/Max players/).inputValue()).resolves.toBe('4');
      await shots(a.page, 'rest-lobby-create');
      const created = a.page.waitForResponse(isCall(/^\/api\/rest-games$/));
      await a.page.getByRole('button', { name: 'Create', exact: true }).click();
      const body = (await created).request().postDataJSON() as Record<string, unknown>;
      expect(body).toEqual({ playerName: 'Ann', isPublic: true, maxPlayers: 4 });
      await a.page.waitForURL(/\/rest-poker\/[A-Z0-9]{6}$/);
      const gameId = new URL(a.page.url()).pathname.split('/').pop() ?? '';
      await a.page.getByRole('button', { name: "I'M READY TO PLAY" }).waitFor();
      // The host (first player) has Add AI Player in the header.
      await a.page.getByRole('button', { name: 'Add AI Player' }).waitFor();
      await expect(a.page.evaluate('localStorage.getItem("palace_game_id")')).resolves.toBe(gameId);
      await expect(a.page.evaluate('localStorage.getItem("palace_player_name")')).resolves.toBe('Ann');

      // B: A's game is in the list with its host and age; B joins from the list.
      await b.page.goto(`${base}/lobby`);
      const listed = b.page
        .getByRole('list', { name: 'Public games' })
        .getByRole('listitem')
        .filter({ hasText: gameId });
      await listed.getByText('Host: Ann').waitFor();
      await listed.getByText('just now').waitFor();
      await listed.getByText('1 / 4 players').waitFor();
      await b.page.evaluate('document.fonts.ready.then(() => true)');
      await shots(b.page, 'rest-lobby-games');
      await b.page.getByLabel('Your name').fill('Bob');
      await listed.getByRole('button', { name: /^Join / }).click();
      await b.page.waitForURL(`${base}/rest-poker/${gameId}`);
      await b.page.getByRole('button', { name: "I'M READY TO PLAY" }).waitFor();
      // Only the host sees the header's Add AI Player.
      await expect(b.page.getByRole('button', { name: 'Add AI Player' }).count()).resolves.toBe(0);

      // A sees Bob arrive (by polling), then adds an AI.
      const players = a.page.getByRole('list', { name: 'Players' });
      await players.getByText('Bob').waitFor();
      await a.page.getByRole('button', { name: 'Add AI', exact: true }).click();
      await players.getByText('AI Player 1').waitFor();
      await shots(a.page, 'rest-waiting');

      // Chat: B sends ":fire:" from the Chat tab; A, on the Game tab, gets the unread badge.
      await b.page.getByRole('tab', { name: /^Chat/ }).click();
      await b.page.getByRole('textbox', { name: 'Message' }).fill(':fire:');
      const sent = b.page.waitForResponse(isCall(/\/chat$/));
      await b.page.getByRole('textbox', { name: 'Message' }).press('Enter');
      expect((await sent).request().postDataJSON()).toMatchObject({ message: ':fire:', isEmoji: true });
      const chatTab = a.page.getByRole('tab', { name: /^Chat/ });
      await chatTab.locator('.rest-unread', { hasText: '1' }).waitFor();
      await shot(a.page, 'rest-chat-unread-phone');
      await chatTab.click();
      await a.page.locator('.chat-text.emoji-large', { hasText: '🔥' }).waitFor();
      await expect(chatTab.locator('.rest-unread').count()).resolves.toBe(0);
      await a.page.getByRole('button', { name: 'Emojis' }).click();
      await a.page.getByRole('button', { name: 'Thumbs up' }).waitFor();
      await shots(a.page, 'rest-chat');
      await a.page.getByRole('button', { name: 'Emojis' }).click();

      // The tutorial tab: 5 steps.
      await a.page.getByRole('tab', { name: 'How to Play' }).click();
      await a.page.getByRole('heading', { name: 'Goal' }).waitFor();
      await a.page.getByRole('button', { name: 'Step 4: Special Cards' }).click();
      await a.page.getByRole('heading', { name: 'Special Cards' }).waitFor();
      await shots(a.page, 'rest-tutorial');
      await a.page.getByRole('tab', { name: 'Game' }).click();

      // Step 1, then step 2: the game starts.
      const start = a.page.getByRole('button', { name: 'START GAME NOW' });
      await expect(start.isDisabled()).resolves.toBe(true);
      await a.page.getByRole('button', { name: "I'M READY TO PLAY" }).click();
      await players.getByRole('listitem').filter({ hasText: 'Ann' }).getByText('Ready', { exact: true }).waitFor();
      await start.click();
      // "Game Started!" shows at once; when the AI holds the lowest card it plays within
      // milliseconds and its move's toast takes the one toast place (changeOf's unit tests
      // cover the texts): either proves the start reached this page.
      await a.page
        .locator('.toast-title', { hasText: /Game Started!| played | picked up / })
        .first()
        .waitFor();
      await a.page.getByRole('group', { name: 'Hand' }).waitFor();
      await b.page.getByRole('tab', { name: 'Game' }).click();
      await b.page.getByRole('group', { name: 'Hand' }).waitFor();

      // Play through the UI; a reload mid-game and a visit to / resume the same seat.
      let moves = 0;
      let reloaded = false;
      for (let step = 0; step < 1500 && !reloaded; step++) {
        if ((await winnerAlert(a.page).isVisible()) || (await winnerAlert(b.page).isVisible())) break;
        const results = [await move(a.page), await move(b.page)];
        moves += results.filter((r) => r !== 'idle').length;
        if (!reloaded && moves >= 6 && !(await a.page.locator('.turn-line.mine').isVisible())) {
          reloaded = true;
          const cards = await a.page.locator('[data-zone="own"] [data-card-id]').count();
          await shots(a.page, 'rest-playing');
          await a.page.reload();
          await a.page.getByRole('group', { name: 'Hand' }).waitFor();
          // The players list is beside the table (a sheet on a phone, opened from the action bar).
          await a.page.getByRole('button', { name: 'Players', exact: true }).click();
          await a.page.locator('.rest-seat-list').getByText('Ann (you)').waitFor();
          await a.page.getByRole('complementary', { name: 'Players' }).getByRole('button', { name: 'Close' }).click();
          await expect(a.page.locator('[data-zone="own"] [data-card-id]').count()).resolves.toBe(cards);
          await a.page.goto(`${base}/`);
          await a.page.waitForURL(`${base}/rest-poker/${gameId}`);
          await a.page.getByRole('group', { name: 'Hand' }).waitFor();
          await expect(a.page.locator('[data-zone="own"] [data-card-id]').count()).resolves.toBe(cards);
        }
        if (results.every((r) => r === 'idle')) {
          await refresh(a.page);
          await refresh(b.page);
        }
      }
      expect(reloaded).toBe(true);
      // The rest of the game from inside both pages (table-autoplay.ts).
      await Promise.all(
        [a.page, b.page].map((page) =>
          autoplayTable(page, { style: 'play', overHeading: /^(You won!|.+ wins!)$/, refreshButton: 'Refresh game' }),
        ),
      );
      await Promise.race([winnerAlert(a.page).waitFor(), winnerAlert(b.page).waitFor()]);
      await winnerAlert(a.page).waitFor();
      await winnerAlert(b.page).waitFor();
      await a.page.evaluate('document.fonts.ready.then(() => true)');
      await shots(a.page, 'rest-winner');
      expect(moves).toBeGreaterThan(5);

      // Leaving a finished game forgets the session: / is the lobby again.
      await winnerAlert(a.page).getByRole('button', { name: 'Back to Lobby' }).click();
      await a.page.waitForURL(`${base}/lobby`);
      await expect(a.page.evaluate('localStorage.getItem("palace_game_id")')).resolves.toBeNull();
      await a.page.goto(`${base}/`);
      await a.page.getByRole('tab', { name: 'Join Game' }).waitFor();
      expect(new URL(a.page.url()).pathname).toBe('/');
    } finally {
      await a.close();
      await b.close();
    }
  }, 600_000);

  it('web - /rest-poker: a stale saved session, the start screen, the forms, the tutorial and the network error panel', async () => {
    await withBrowser(async ({ page }) => {
      const toastTitle = page.locator('.toast-title', { hasText: 'Game Not Found' });
      const stale = async () => {
        await page.evaluate(
          'localStorage.setItem("palace_game_id", "XXXXXX"); localStorage.setItem("palace_player_id", "no-such-player")',
        );
      };
      await page.goto(`${base}/lobby`);
      await page.getByRole('tab', { name: 'Join Game' }).waitFor();
      await stale();
      await page.goto(`${base}/rest-poker/XXXXXX`);
      await toastTitle.waitFor();
      await page.locator('.toast-description', { hasText: 'The game you were in no longer exists' }).waitFor();
      await expect(page.evaluate('localStorage.getItem("palace_player_id")')).resolves.toBeNull();
      // The start screen.
      await page.getByRole('button', { name: 'Create New Game' }).waitFor();
      await page.evaluate('document.fonts.ready.then(() => true)');
      await shots(page, 'rest-start');

      // The same through /.
      await stale();
      await page.goto(`${base}/`);
      await toastTitle.waitFor();
      await page.waitForURL(`${base}/rest-poker`);

      // The create form: descriptions, advanced options, the name check.
      await page.getByRole('button', { name: 'Create New Game' }).click();
      await page.getByText('The standard rules: 2 resets').waitFor();
      await page.getByLabel('Variant').selectOption('easy');
      await page.getByText('Just the basics: 2 resets, 10 burns. Best for learning.').waitFor();
      await page.getByLabel('Show advanced options').check();
      await page.getByText('Custom rules are coming soon').waitFor();
      await expect(page.getByLabel('Your name').inputValue()).resolves.toMatch(/^Player\d{4}$/);
      const close = page.locator('.toast-close');
      if (await close.isVisible()) await close.click();
      await shots(page, 'rest-create');
      await page.getByLabel('Your name').fill('   ');
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await page.locator('.toast-title', { hasText: 'Name Required' }).waitFor();
      await page.locator('.toast-description', { hasText: 'Please enter your name to create a game' }).waitFor();

      // Create cannot reach the server: the error panel and Go Back.
      await page.getByLabel('Your name').fill('Cy');
      await page.route('**/api/rest-games', (route) => route.abort('internetdisconnected'));
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await page.getByRole('alert').getByText('Network error. Please try again.').waitFor();
      await shot(page, 'rest-network-error-phone');
      await page.unroute('**/api/rest-games');
      await page.getByRole('button', { name: 'Go Back' }).click();

      // The join form: the id is upper-cased as typed; a missing id is refused.
      await page.getByRole('button', { name: 'Join Game' }).click();
      await page.getByLabel('Game ID').fill('ab12');
      await expect(page.getByLabel('Game ID').inputValue()).resolves.toBe('AB12');
      await page.getByLabel('Game ID').fill('');
      await page.getByRole('button', { name: 'Join', exact: true }).click();
      await page.locator('.toast-title', { hasText: 'Game ID Required' }).waitFor();
      await page.locator('.toast-description', { hasText: 'Please enter a game ID to join' }).waitFor();
      await page.getByRole('button', { name: 'Cancel' }).click();

      // How to Play from the start screen: 5 steps with Previous/Next.
      await page.getByRole('button', { name: 'How to Play' }).click();
      const titles: string[] = [];
      for (let i = 0; i < 5; i++) {
        titles.push((await page.locator('#rest-tutorial-title').textContent()) ?? '');
        if (i < 4) await page.getByRole('button', { name: 'Next' }).click();
      }
      expect(titles).toEqual(['Goal', 'Play Order', 'Card Rules', 'Special Cards', 'Tips']);
      await expect(page.getByRole('button', { name: 'Next' }).isDisabled()).resolves.toBe(true);
      await shots(page, 'rest-start-tutorial');

      // An id in the route with no saved session opens the join form with it.
      await page.goto(`${base}/rest-poker/abc123`);
      await page.waitForURL(`${base}/rest-poker/ABC123`);
      await expect(page.getByLabel('Game ID').inputValue()).resolves.toBe('ABC123');
    });
  }, 120_000);
});
