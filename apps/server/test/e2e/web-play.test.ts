import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type BrowserUser, openBrowser, shot, useWebServer } from './browser.js';
import { chooseFaceUpInBrowser } from './main-browser.js';
import { autoplayTable } from './table-autoplay.js';

/**
 * The main game in two real browsers against the real server: a registered player creates a game,
 * a guest joins by link, both choose face-up cards, the countdown runs, they chat and play it to
 * game over through the UI only (the first moves with the pointer, the rest from inside the pages).
 */
describe('web client - /play in two browsers', () => {
  let base = '';
  const users: BrowserUser[] = [];
  useWebServer({ inviteCodes: ['PLAY-INVITE'], inviteUses: 5 }, (server) => {
    base = server.base;
  });
  afterAll(async () => {
    for (const user of users) await user.close();
  });

  /**
   * One move if it is this page's turn: the lowest playable card, else pick up. A `yielding`
   * player picks up whenever allowed (so the other one wins).
   */
  async function move(page: Page, yielding = false): Promise<boolean> {
    if (!(await page.getByText('Your turn', { exact: true }).isVisible())) return false;
    const pickUp = page.getByRole('button', { name: 'Pick Up' });
    if (yielding && (await pickUp.isEnabled())) {
      await pickUp.click();
      await page.waitForTimeout(30);
      return true;
    }
    const playable = page.locator('[data-zone="own"] button[data-card-id]:not([disabled])');
    if ((await playable.count()) > 0) {
      await playable.first().click();
      await page.getByRole('button', { name: 'Play', exact: true }).click();
    } else if (await pickUp.isEnabled()) {
      await pickUp.click();
    } else {
      // Read between two states (the turn moved on as we looked): look again.
      return false;
    }
    // Wait for the turn to move on or the board to change.
    await page.waitForTimeout(30);
    return true;
  }

  it('web - a registered player and a guest play a whole game with chat; the guest winner claims the prize', async () => {
    const host = await openBrowser();
    const guest = await openBrowser();
    users.push(host, guest);
    const registered = await host.context.request.post(`${base}/api/auth/register`, {
      data: { username: 'Hostess', email: 'hostess@example.com', password: 'secret-pass', inviteCode: 'PLAY-INVITE' },
    });
    expect(registered.status()).toBe(200);

    // The host creates a 2-player game from the lobby.
    await host.page.goto(`${base}/play`);
    await host.page.getByRole('button', { name: 'Create Game' }).click();
    await expect(host.page.getByLabel('Game name').inputValue()).resolves.toBe('Public Game');
    await host.page.getByLabel('Private').check();
    await expect(host.page.getByLabel('Game name').inputValue()).resolves.toBe('Private Game');
    await host.page.getByLabel('Public').check();
    await host.page.getByRole('button', { name: 'Fewer players' }).click();
    await host.page.getByRole('button', { name: 'Fewer players' }).click();
    await expect(host.page.getByRole('button', { name: 'Fewer players' }).isDisabled()).resolves.toBe(true);
    await shot(host.page, 'play-create');
    await host.page.getByRole('button', { name: 'Create Game' }).click();
    await host.page.waitForURL(/\/play\?gameId=\d+$/);
    const gameId = new URL(host.page.url()).searchParams.get('gameId');
    await host.page.getByRole('heading', { name: 'Waiting for players' }).waitFor();

    // The guest is signed in automatically and joins by the link.
    await guest.page.goto(`${base}/play`);
    await guest.page
      .getByText("Welcome! You've been automatically logged in as a guest user.", { exact: true })
      .waitFor();
    await guest.page.getByRole('heading', { name: 'Play' }).waitFor();
    await shot(guest.page, 'play-lobby');
    await guest.page.goto(`${base}/play?gameId=${gameId}`);
    await guest.page.getByRole('heading', { name: 'Waiting for players' }).waitFor();

    await chooseFaceUpInBrowser(host.page);
    await host.page.getByText("You're ready. The game starts when everyone has chosen.").waitFor();
    await shot(host.page, 'play-waiting');
    await chooseFaceUpInBrowser(guest.page);
    await guest.page.getByText('Game Starting').waitFor();
    await shot(guest.page, 'play-countdown');
    await guest.page.getByText('Game Starting').waitFor({ state: 'detached', timeout: 6000 });

    // Chat both ways.
    await host.page.getByRole('button', { name: /Open chat/ }).click();
    // Typing ":" and two letters opens the emoji picker with that search.
    await host.page.getByLabel('Message').fill('good luck :fi');
    await host.page.getByLabel('Search emoji').waitFor();
    await expect(host.page.getByLabel('Search emoji').inputValue()).resolves.toBe('fi');
    await shot(host.page, 'chat-emoji-picker');
    await host.page.keyboard.press('Escape');
    await host.page.getByLabel('Message').fill('good luck :fire:');
    await host.page.getByRole('button', { name: 'Send' }).click();
    await guest.page.getByRole('button', { name: 'Open chat (1 unread)' }).waitFor();
    await guest.page.getByRole('button', { name: /Open chat/ }).click();
    await guest.page.getByText('good luck 🔥').waitFor();
    await guest.page.getByRole('button', { name: 'Close chat' }).click();
    await host.page.getByRole('button', { name: 'Close chat' }).click();
    await shot(host.page, 'play-board');

    // Play to the end through the UI: the first moves with the pointer, the rest by the table's
    // own buttons pressed from inside each page (table-autoplay.ts).
    const over = (page: Page) => page.getByRole('heading', { name: /won!$/ }).isVisible();
    let moves = 0;
    for (let i = 0; i < 200 && moves < 8 && !(await over(host.page)) && !(await over(guest.page)); i++) {
      const moved = (await move(host.page, true)) || (await move(guest.page));
      if (moved) moves++;
      else await host.page.waitForTimeout(20);
    }
    expect(moves).toBe(8);
    await Promise.all([
      autoplayTable(host.page, { style: 'yield', overHeading: /won!$/ }),
      autoplayTable(guest.page, { style: 'play', overHeading: /won!$/ }),
    ]);
    await host.page.getByRole('heading', { name: /won!$/ }).waitFor();
    await guest.page.getByRole('heading', { name: /won!$/ }).waitFor();
    await shot(host.page, 'play-game-over-host');
    await shot(guest.page, 'play-game-over-guest');
    // The host kept picking up: the guest won the pot, the host's fee (docs/product.md §D12 pot).
    await guest.page.getByRole('heading', { name: 'You won!' }).waitFor();
    await host.page.getByText('The winner needs to register to claim their 100 token prize.').waitFor();
    const balance = async (user: BrowserUser) =>
      ((await (await user.context.request.get(`${base}/api/tokens/balance`)).json()) as { balance: number }).balance;
    expect(await balance(host)).toBe(0);

    // The guest follows the claim link, registers in the same browser, and the prize is paid.
    await guest.page.getByRole('link', { name: 'Claim your prize' }).click();
    await guest.page.waitForURL(/\/auth\?gameId=\d+&guestId=-\d+&amount=100$/);
    await guest.page
      .getByText('Congratulations on your win! Create an account to claim your 100 tokens!', { exact: true })
      .waitFor();
    await guest.page.getByText('Create an account to claim your prize!', { exact: true }).waitFor();
    await expect(guest.page.getByRole('tab', { name: 'Register' }).getAttribute('aria-selected')).resolves.toBe('true');
    await shot(guest.page, 'auth-claim');
    await guest.page.locator('form button[type=submit]:not([disabled])').waitFor({ timeout: 5000 });
    await guest.page.getByLabel('Username', { exact: true }).fill('LuckyGuest');
    await guest.page.getByLabel('Email').fill('lucky@example.com');
    await guest.page.getByLabel('Password', { exact: true }).fill('secret-pass');
    await guest.page.getByLabel('Confirm password').fill('secret-pass');
    await guest.page.getByLabel('Invite code').fill('PLAY-INVITE');
    await guest.page.getByRole('button', { name: 'Create account' }).click();
    await guest.page.waitForURL(`${base}/tokens`);
    await guest.page.getByText("You've claimed 100 tokens!", { exact: true }).waitFor();
    expect(await balance(guest)).toBe(200);
  }, 240_000);

  it("web - opening the game in a second tab replaces the first tab's connection, which says so", async () => {
    const user = await openBrowser();
    users.push(user);
    // The first tab's socket must be up before the second tab opens its own.
    const socket = user.page.waitForEvent('websocket');
    await user.page.goto(`${base}/play`);
    await (await socket).waitForEvent('framereceived', {
      predicate: (frame) => String(frame.payload).includes('connection_established'),
    });
    const second = await user.context.newPage();
    await second.goto(`${base}/play`);
    await second.getByRole('heading', { name: 'Play' }).waitFor();
    await user.page
      .getByText("You've connected from another device. This session will be closed.", { exact: true })
      .waitFor();
    await shot(user.page, 'play-connection-replaced');
  }, 60_000);
});
