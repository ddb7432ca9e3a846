import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { SocketClient, upgradeStatus } from '../main-client.js';
import { audit, report, SIZES, type Size } from './axe-audit.js';
import { type BrowserUser, openBrowser, useWebServer } from './browser.js';
import { expectLaidOut } from './page-layout.js';
import { expectTableFitsEverywhere } from './table-fit.js';

/** What the settings page's layout check looks at (see page-layout.ts). */
const SETTINGS_LAYOUT = 'button, input, a, select, textarea, label, h1, h2, p, legend, .avatar, .bot-mark';

/** At each layout size: no overlap, no sideways scrolling; a full-page screenshot settings-{state}-{size}.png. */
function expectSettingsLaidOut(page: Page, state: string, back: { width: number; height: number }): Promise<void> {
  return expectLaidOut(page, `settings-${state}`, { selectors: SETTINGS_LAYOUT, minSize: 0.5, back });
}

/**
 * /settings in Debian's Chromium against the real server (real SQLite file), on a phone and a
 * desktop: a preference saved to the account and kept across a reload; a password change that
 * signs out the player's other browser; a bot created with its token shown once, then revoked;
 * the account deletion refused (wrong confirmation, wrong password) and then done. The page is
 * checked for overlaps and sideways scrolling at four sizes, and by axe.
 */
describe('web client - /settings in a real browser', () => {
  let base = '';
  const users: BrowserUser[] = [];
  useWebServer({}, (server) => {
    base = server.base;
  });
  afterEach(async () => {
    for (const user of users.splice(0)) await user.close();
  });

  async function browser(size: Size): Promise<BrowserUser> {
    const user = await openBrowser(SIZES[size]);
    users.push(user);
    return user;
  }

  it('web - /settings asks a visitor and a guest to sign up', async () => {
    const { page } = await browser('phone');
    await page.goto(`${base}/settings`);
    await page.getByRole('heading', { name: 'Sign in to change your settings' }).waitFor();
    await page.getByRole('link', { name: 'Sign in or sign up' }).waitFor();
    // /play signs a guest in; the settings are still for registered players.
    await page.goto(`${base}/play`);
    await page.getByRole('button', { name: 'Create Game' }).waitFor();
    await page.goto(`${base}/settings`);
    await page.getByRole('heading', { name: 'Sign up to keep your settings' }).waitFor();
    await expect(page.getByRole('checkbox', { name: 'Sound' }).count()).resolves.toBe(0);
  }, 60_000);

  /** Preferences saved on change and kept by the account; the avatar's checks. */
  async function preferencesAndAvatar(user: BrowserUser, otherPage: Page): Promise<void> {
    const { page } = user;
    const sound = page.getByRole('checkbox', { name: 'Sound', exact: true });
    await expect(sound.isChecked()).resolves.toBe(true);
    await sound.uncheck();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await page.getByRole('checkbox', { name: 'Reduced motion' }).check();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await expect(page.evaluate("document.documentElement.classList.contains('reduce-motion')")).resolves.toBe(true);
    const saved = await user.context.request.get(`${base}/api/settings/preferences`);
    expect(await saved.json()).toMatchObject({ sound: false, reducedMotion: true, turnNotifications: true });
    // Another device (the other browser) takes them from the account, not from its own storage.
    await otherPage.goto(`${base}/settings`);
    await otherPage.getByRole('checkbox', { name: 'Reduced motion' }).waitFor();
    await expect(otherPage.getByRole('checkbox', { name: 'Sound', exact: true }).isChecked()).resolves.toBe(false);
    await page.reload();
    await page.getByRole('checkbox', { name: 'Reduced motion' }).waitFor();
    await expect(page.getByRole('checkbox', { name: 'Sound', exact: true }).isChecked()).resolves.toBe(false);
    await expect(page.getByRole('checkbox', { name: 'Reduced motion' }).isChecked()).resolves.toBe(true);
    await page.getByRole('checkbox', { name: 'Reduced motion' }).uncheck();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();

    // Avatar: a bad address is refused before sending; "Use initials" goes back to the generated one.
    await page.getByLabel('Avatar image address').fill('not an address');
    await page.getByRole('button', { name: 'Save avatar' }).click();
    await page.getByText('Avatar must be an http(s) image address.').waitFor();
    // An address whose image does not load is refused before it is saved; one that loads is saved.
    await page.getByLabel('Avatar image address').fill(`${base}/no-such-image.png`);
    await page.getByRole('button', { name: 'Save avatar' }).click();
    await page.getByText('That image could not be loaded. Check the address, or use your initials.').waitFor();
    await page.getByLabel('Avatar image address').fill(`${base}/icons/icon-192.png`);
    await page.getByRole('button', { name: 'Save avatar' }).click();
    await page.getByRole('status').filter({ hasText: 'Avatar saved' }).waitFor();
    await page.getByRole('button', { name: 'Use initials' }).click();
    await page.getByRole('status').filter({ hasText: 'Avatar set to your initials' }).waitFor();
    await expect(page.getByLabel('Avatar image address').inputValue()).resolves.toBe('');
  }

  /** A new token replaces the old one, which stops working; Copy, Done; Revoke ends the last one. */
  async function renewAndRevoke(page: Page, token: string, botName: string): Promise<void> {
    const tokenField = page.getByRole('textbox', { name: 'Bot token' });
    const bots = page.getByRole('list', { name: 'Your bots' });
    // The token shows only right after it is made.
    await page.reload();
    await page.getByLabel('Bot name').waitFor();
    await expect(tokenField.count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'New token' }).click();
    await tokenField.waitFor();
    const renewed = await tokenField.inputValue();
    expect(renewed).not.toBe(token);
    await expect(upgradeStatus(base, { authorization: `Bearer ${token}` })).resolves.toBe(401);
    await page.getByRole('button', { name: 'Copy token' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Token copied|Could not copy/ })
      .waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(tokenField.count()).resolves.toBe(0);
    await page.reload();
    await bots.getByText(botName).waitFor();
    await expect(page.getByRole('textbox', { name: 'Bot token' }).count()).resolves.toBe(0);
    await bots.getByRole('button', { name: 'Revoke token' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${botName}'s token was revoked.` })
      .waitFor();
    await bots.getByText('No token: it cannot connect').waitFor();
    await expect(upgradeStatus(base, { authorization: `Bearer ${renewed}` })).resolves.toBe(401);
  }

  /** Changes the password: the other browser's session ends, this one stays signed in. Answers the new one. */
  async function changePassword(user: BrowserUser, other: BrowserUser): Promise<string> {
    const { page } = user;
    // Password: the other browser's session ends; this one stays signed in.
    await page.getByLabel('Current password').fill('secret-pass');
    await page.getByLabel('New password', { exact: true }).fill('better-pass');
    await page.getByLabel('Confirm new password').fill('better-pass');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed. Your other sessions have been signed out.').waitFor();
    const otherCheck = await other.context.request.get(`${base}/api/auth/check`);
    expect(otherCheck.status()).toBe(401);
    await other.page.reload();
    await other.page.getByRole('heading', { name: 'Sign in to change your settings' }).waitFor();
    const mine = await user.context.request.get(`${base}/api/auth/check`);
    expect(mine.status()).toBe(200);
    return 'better-pass';
  }

  for (const size of ['phone', 'desktop'] as const) {
    // The whole flow on the phone; on the desktop the screens whose layout it checks (a new bot token,
    // the deletion asking to confirm) and the deletion itself (the rest behaves the same at any size).
    const full = size === 'phone';
    it(`web - /settings (${size}): ${full ? 'preferences persist, a password change signs out the other browser, a bot token once, deletion' : 'a bot token and the deletion laid out, then the deletion'}`, async () => {
      const user = await browser(size);
      const other = await browser(size);
      const { page } = user;
      const username = `Settings${size}`;
      const invite = size === 'phone' ? 'INVITE-1' : 'INVITE-2';
      const registered = await user.context.request.post(`${base}/api/auth/register`, {
        data: { username, email: `${username.toLowerCase()}@example.com`, password: 'secret-pass', inviteCode: invite },
      });
      expect(registered.status(), await registered.text()).toBe(200);
      const login = await other.context.request.post(`${base}/api/auth/login`, {
        data: { username, password: 'secret-pass' },
      });
      expect(login.status(), await login.text()).toBe(200);

      // Preferences: saved on change, kept by the account across a reload.
      await page.goto(`${base}/settings`);
      for (const heading of ['Preferences', 'Avatar', 'Password', 'Bots', 'Delete account']) {
        await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      }
      if (full) await preferencesAndAvatar(user, other.page);

      // Bots: the token shows once, works, and stops working when revoked.
      const botName = `${username}Bot`;
      await page.getByLabel('Bot name').fill(botName);
      await page.getByRole('button', { name: 'Create bot' }).click();
      const tokenField = page.getByRole('textbox', { name: 'Bot token' });
      await tokenField.waitFor();
      const token = await tokenField.inputValue();
      expect(token.length).toBeGreaterThan(20);
      await page.getByText("Copy it now: it won't be shown again.").waitFor();
      const bots = page.getByRole('list', { name: 'Your bots' });
      await bots.getByText(botName).waitFor();
      await bots.getByText('BOT', { exact: true }).waitFor();
      await expect(upgradeStatus(base, { authorization: `Bearer ${token}` })).resolves.toBe(101);
      await expectSettingsLaidOut(page, 'token', SIZES[size]);
      expect(report(await audit(page, `${size} /settings with a new bot token`))).toBe('');
      if (full) await renewAndRevoke(page, token, botName);
      const password = full ? await changePassword(user, other) : 'secret-pass';

      // Delete account: refused with a wrong confirmation, then a wrong password; then done.
      await page.getByRole('button', { name: 'Delete account' }).click();
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
      await page.getByLabel('Type your username to confirm').fill(`${username}x`);
      await page.getByRole('button', { name: 'Delete my account forever' }).click();
      await page.getByText('Type your username to confirm.', { exact: true }).waitFor();
      await expectSettingsLaidOut(page, 'delete', SIZES[size]);
      expect(report(await audit(page, `${size} /settings asking to confirm the deletion`))).toBe('');
      await page.getByLabel('Type your username to confirm').fill(username);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-pass');
      await page.getByRole('button', { name: 'Delete my account forever' }).click();
      await page.getByRole('status').filter({ hasText: 'Current password is incorrect.' }).waitFor();
      await expect(user.context.request.get(`${base}/api/auth/check`).then((r) => r.status())).resolves.toBe(200);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
      await page.getByRole('button', { name: 'Delete my account forever' }).click();
      await page.waitForURL(`${base}/`);
      await page.getByText('Your account has been deleted.', { exact: true }).waitFor();
      await expect(user.context.request.get(`${base}/api/auth/check`).then((r) => r.status())).resolves.toBe(401);
      const again = await user.context.request.post(`${base}/api/auth/login`, {
        data: { username, password },
      });
      expect(again.status()).toBe(401);
    }, 240_000);
  }

  it('web - the main game with a bot: "Allow bots" (off at first), the lobby says so, BOT in the room and at the table, which still fits', async () => {
    const host = await browser('phone');
    const watcher = await browser('phone');
    const { page } = host;
    const registered = await host.context.request.post(`${base}/api/auth/register`, {
      data: { username: 'BotHost', email: 'bothost@example.com', password: 'secret-pass', inviteCode: 'INVITE-3' },
    });
    expect(registered.status(), await registered.text()).toBe(200);
    const made = await host.context.request.post(`${base}/api/bots`, { data: { username: 'Robo' } });
    expect(made.status(), await made.text()).toBe(201);
    const { token } = (await made.json()) as { token: string };

    await page.goto(`${base}/play`);
    await page.getByRole('button', { name: 'Create Game' }).click();
    const allow = page.getByRole('checkbox', { name: 'Allow bots' });
    await expect(allow.isChecked()).resolves.toBe(false);
    await allow.check();
    await page.getByRole('button', { name: 'Fewer players' }).click();
    await page.getByRole('button', { name: 'Fewer players' }).click();
    await page.getByRole('button', { name: 'Create Game' }).click();
    await page.waitForURL(/gameId=\d+/);
    const gameId = Number(new URL(page.url()).searchParams.get('gameId'));

    const bot = await SocketClient.open(base, undefined, { authorization: `Bearer ${token}` });
    try {
      const { userId } = await bot.next('connection_established');
      if (userId === null) throw new Error('the bot socket has no user');
      bot.send({ type: 'join_game', gameId, userId });
      await page.locator('.ready-list li', { hasText: 'Robo' }).getByText('BOT', { exact: true }).waitFor();
      await watcher.page.goto(`${base}/play`);
      const card = watcher.page.locator('.game-card', { hasText: 'Bots welcome' });
      await card.getByText('2/2 players · 1 bot').waitFor();

      // The bot chooses its face-up cards as a program would; the player in the browser.
      const dealt = await bot.next('game_state', (f) =>
        f.game.players.some((p) => p.id === userId && p.handCards.length >= 3),
      );
      const hand = dealt.game.players.find((p) => p.id === userId)?.handCards ?? [];
      bot.send({ type: 'select_faceup_cards', gameId, userId, cardIds: hand.slice(0, 3).map((c) => c.id) });
      const mine = page.getByRole('group', { name: 'Your hand' }).getByRole('button');
      await mine.first().waitFor();
      for (let i = 0; i < 3; i++) await mine.nth(i).click();
      await page.getByRole('button', { name: "I'm Ready to Play" }).click();
      const seat = page.getByRole('list', { name: 'Other players' }).getByRole('listitem', { name: /^Robo \(bot\):/ });
      await seat.getByText('BOT', { exact: true }).waitFor({ timeout: 15_000 });
      await expectTableFitsEverywhere(page, 'table-with-bot');
    } finally {
      bot.socket.close();
    }
  }, 120_000);
});
