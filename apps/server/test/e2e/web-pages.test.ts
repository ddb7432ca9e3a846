import { openSqlite } from '@palace/adapter-storage';
import type { UserBody } from '@palace/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type BrowserUser, openBrowser, shot, useWebServer, withBrowser } from './browser.js';

/**
 * The account and support pages in Debian's Chromium (390×844) against the real server and its
 * SQLite file: /help (tabs, FAQ accordion, rules, contact), /waitlist, /tokens, /profile and
 * /friends.
 */
describe('web client - help, waitlist, tokens, profile and friends in a real browser', () => {
  const CODE = 'PAGES-INVITE';
  let base = '';
  let dataFile = '';
  useWebServer({ inviteCodes: [CODE], inviteUses: 10 }, (server) => {
    base = server.base;
    dataFile = server.dataFile;
  });

  /** Registers through the API in the browser's own cookie jar (so the page is signed in after a load). */
  async function register(user: BrowserUser, username: string): Promise<UserBody> {
    const got = await user.context.request.post(`${base}/api/auth/register`, {
      data: { username, email: `${username.toLowerCase()}@example.com`, password: 'secret-pass', inviteCode: CODE },
    });
    expect(got.status(), await got.text()).toBe(200);
    return (await got.json()) as UserBody;
  }

  async function rows(table: 'waitlist' | 'support_messages'): Promise<Array<Record<string, unknown>>> {
    const db = await openSqlite(dataFile);
    try {
      return await db.selectFrom(table).selectAll().orderBy('id').execute();
    } finally {
      await db.destroy();
    }
  }

  /** The focused element's accessible-ish name: its aria-label, else its text. */
  const focusedName = (page: Page): Promise<string> =>
    page.evaluate(
      "document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? ''",
    );

  /** Waits until `name` is the selected tab (the switch goes through the router, so it may lag a frame). */
  const selectedTab = (page: Page, name: string) =>
    page.locator('[role="tab"][aria-selected="true"]', { hasText: name }).waitFor();

  it('web - /help: three tabs with arrow keys, a five-question accordion (mouse and keyboard), the rules', async () => {
    await withBrowser(async ({ page }) => {
      await page.goto(`${base}/help`);
      const tablist = page.getByRole('tablist', { name: 'Help topics' });
      await tablist.waitFor();
      await expect(tablist.getByRole('tab').allTextContents()).resolves.toEqual(['FAQ', 'Game Rules', 'Contact']);
      const faqTab = page.getByRole('tab', { name: 'FAQ' });
      await expect(faqTab.getAttribute('aria-selected')).resolves.toBe('true');

      const faq = page.getByRole('tabpanel', { name: 'FAQ' });
      const questions = faq.getByRole('button');
      await expect(questions.count()).resolves.toBe(5);
      await expect(questions.allTextContents()).resolves.toEqual([
        'What is Palace?',
        'How do I get SRT tokens?',
        'How do I play with friends?',
        'How does the waitlist work?',
        'Are there tournaments?',
      ]);
      // Mouse: open the tokens answer, which names the sign-up gift.
      await questions.nth(1).click();
      await expect(questions.nth(1).getAttribute('aria-expanded')).resolves.toBe('true');
      await page.getByRole('region', { name: 'How do I get SRT tokens?' }).getByText('100 free SRT tokens').waitFor();
      await page.waitForTimeout(250); // the chevron's turn
      await shot(page, 'help-faq');
      await questions.nth(1).click();
      await page.getByRole('region', { name: 'How do I get SRT tokens?' }).waitFor({ state: 'hidden' });

      // Keyboard: focus the first question, Enter opens it, ArrowDown moves, Space opens, End/Home jump.
      await questions.nth(0).focus();
      await page.keyboard.press('Enter');
      await expect(questions.nth(0).getAttribute('aria-expanded')).resolves.toBe('true');
      await page.keyboard.press('ArrowDown');
      await expect(focusedName(page)).resolves.toBe('How do I get SRT tokens?');
      await page.keyboard.press('Space');
      await expect(questions.nth(1).getAttribute('aria-expanded')).resolves.toBe('true');
      await page.keyboard.press('End');
      await expect(focusedName(page)).resolves.toBe('Are there tournaments?');
      await page.keyboard.press('Enter');
      await page.getByText(/the players who held your cards at the other tables/).waitFor();
      await page.keyboard.press('Home');
      await expect(focusedName(page)).resolves.toBe('What is Palace?');

      // Tabs by keyboard: one tab stop; arrows select and move focus, wrapping round.
      await faqTab.focus();
      await page.keyboard.press('ArrowRight');
      await selectedTab(page, 'Game Rules');
      await expect(focusedName(page)).resolves.toBe('Game Rules');
      const rules = page.getByRole('tabpanel', { name: 'Game Rules' });
      await rules.getByRole('heading', { name: 'Special cards' }).waitFor();
      await rules.getByText('Reset. Playable on anything').waitFor();
      await rules.getByText('The next play must be a 7 or lower, or a 2, or a 10.').waitFor();
      await rules.getByText('Burns the pile (it leaves the game) and you play again.').waitFor();
      await rules.getByText('draw until you hold 3 cards', { exact: false }).waitFor();
      await faq.waitFor({ state: 'hidden' });
      expect(page.url()).toBe(`${base}/help?tab=rules`);
      await shot(page, 'help-rules');
      await page.keyboard.press('ArrowRight');
      await selectedTab(page, 'Contact');
      await expect(focusedName(page)).resolves.toBe('Contact');
      await page.keyboard.press('ArrowRight');
      await selectedTab(page, 'FAQ');
      await page.keyboard.press('ArrowLeft');
      await selectedTab(page, 'Contact');
      await page.keyboard.press('Home');
      await selectedTab(page, 'FAQ');
      expect(page.url()).toBe(`${base}/help`);
    });
  }, 60_000);

  it('web - /help contact: validation, a stored message with a "Message sent" toast, and a mailto link', async () => {
    await withBrowser(async ({ page }) => {
      await page.goto(`${base}/help?tab=contact`);
      const contact = page.getByRole('tabpanel', { name: 'Contact' });
      await contact.waitFor();
      const mail = contact.getByRole('link', { name: 'Email support' });
      // The address comes from GET /api/config, which may answer after the first paint.
      await expect.poll(() => mail.getAttribute('href'), { timeout: 10_000 }).toBe('mailto:support@palace.test');
      // The address itself is not printed on the page.
      await expect(page.locator('body').innerText()).resolves.not.toContain('support@palace.test');

      await contact.getByRole('button', { name: 'Send message' }).click();
      await page.getByText('Please enter a subject').waitFor();
      await page.getByText('Please enter a message').waitFor();
      await contact.getByLabel('Subject').fill('Cannot find my prize');
      await page.getByText('Please enter a subject').waitFor({ state: 'detached' });
      await contact.getByLabel('Message').fill('I won as a guest yesterday. Where is it?');
      await shot(page, 'help-contact');
      await contact.getByRole('button', { name: 'Send message' }).click();
      await page.getByText('Message sent', { exact: true }).waitFor();
      await expect(contact.getByLabel('Subject').inputValue()).resolves.toBe('');
      const stored = await rows('support_messages');
      expect(stored.map(({ user_id, subject, message }) => ({ user_id, subject, message }))).toEqual([
        { user_id: null, subject: 'Cannot find my prize', message: 'I won as a guest yesterday. Where is it?' },
      ]);
    });
  }, 60_000);

  it('web - /waitlist: validation, then an application is stored and a thank-you shows', async () => {
    await withBrowser(async ({ page }) => {
      await page.goto(`${base}/waitlist`);
      await page.getByRole('heading', { name: 'Join the waitlist' }).waitFor();
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByText('Please enter your name').waitFor();
      await page.getByText('Please enter a valid email address').waitFor();
      await page.getByLabel('Name').fill('Wendy Wait');
      await page.getByLabel('Email').fill('Wendy@Example.com');
      await page.getByLabel('Note (optional)').fill('A friend told me about Palace.');
      await shot(page, 'waitlist');
      await page.getByRole('button', { name: 'Apply' }).click();
      const thanks = page.getByRole('heading', { name: 'Thank you!' });
      await thanks.waitFor();
      // Focus moves to the thank-you heading, so screen readers hear it.
      await expect(focusedName(page)).resolves.toBe('Thank you!');
      await page.getByText("You're on the waitlist", { exact: false }).waitFor();
      await shot(page, 'waitlist-thanks');
      const stored = await rows('waitlist');
      expect(stored.map(({ name, email, note }) => ({ name, email, note }))).toEqual([
        { name: 'Wendy Wait', email: 'wendy@example.com', note: 'A friend told me about Palace.' },
      ]);

      // Applying again with the same address says so.
      await page.getByRole('button', { name: 'Send another application' }).click();
      await page.getByLabel('Name').fill('Wendy');
      await page.getByLabel('Email').fill('wendy@example.com');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('heading', { name: "You're already on the list" }).waitFor();
      expect(await rows('waitlist')).toHaveLength(2);
    });
  }, 60_000);

  it('web - /tokens and /profile: visitors are invited to register; a new player sees 100 tokens', async () => {
    await withBrowser(async (user) => {
      const { page } = user;
      await page.goto(`${base}/tokens`);
      await page.getByRole('heading', { name: 'Register to collect SRT tokens' }).waitFor();
      await page.getByRole('link', { name: 'Sign in or register' }).waitFor();
      await page.getByRole('heading', { name: 'Leaderboard' }).waitFor();
      await shot(page, 'tokens-visitor');
      await page.goto(`${base}/profile`);
      await page.getByRole('heading', { name: 'Sign in to see your profile' }).waitFor();

      const me = await register(user, 'Tokenia');
      await page.goto(`${base}/tokens`);
      await expect(page.getByTestId('balance').textContent()).resolves.toBe('100');
      const history = page.getByRole('region', { name: 'History' });
      await history.getByText('Welcome gift').waitFor();
      await history.getByText('+100').waitFor();
      const board = page.getByRole('list', { name: 'Players by balance' });
      await board.getByText('Tokenia').waitFor();
      await board.getByText('You', { exact: true }).waitFor();
      await shot(page, 'tokens');
      const wins = page.getByRole('button', { name: 'Wins' });
      await wins.click();
      await expect(wins.getAttribute('aria-pressed')).resolves.toBe('true');
      await page.getByRole('list', { name: 'Players by wins' }).getByText('0 wins').first().waitFor();

      await page.goto(`${base}/profile`);
      const card = page.getByRole('region', { name: me.username });
      await card.getByText('tokenia@example.com').waitFor();
      const stat = (label: string) => card.locator('.stat', { hasText: label }).locator('dd').textContent();
      await expect(stat('Games played')).resolves.toBe('0');
      await expect(stat('Wins')).resolves.toBe('0');
      await expect(stat('SRT tokens')).resolves.toBe('100');
      await card.getByRole('img', { name: 'Tokenia' }).waitFor();
      await shot(page, 'profile');
    });
  }, 60_000);

  it('web - /friends: add by username (unknown names refused), see the status, remove after confirming', async () => {
    const ann = await openBrowser();
    const bob = await openBrowser();
    try {
      await register(ann, 'AnnFriend');
      await register(bob, 'BobFriend');
      await bob.page.goto(`${base}/friends`);
      await bob.page.getByText('No friends yet.', { exact: false }).waitFor();

      const page = ann.page;
      await page.goto(`${base}/friends`);
      await page.getByText('No friends yet.', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Add friend' }).click();
      await page.getByText('Enter a username').waitFor();
      await page.getByLabel('Username').fill('NobodyAtAll');
      await page.getByRole('button', { name: 'Add friend' }).click();
      await page.getByText('No player with that username', { exact: true }).waitFor();

      await page.getByLabel('Username').fill('bobfriend');
      await page.getByRole('button', { name: 'Add friend' }).click();
      await page.getByText('BobFriend is now your friend.', { exact: true }).waitFor();
      const list = page.getByRole('region', { name: 'Your friends' });
      const row = list.getByRole('listitem').filter({ hasText: 'BobFriend' });
      await row.getByText('Offline', { exact: true }).waitFor();
      await expect(page.getByLabel('Username').inputValue()).resolves.toBe('');
      await shot(page, 'friends');

      // Bob sees Ann too (friendship goes both ways), after the page loads again.
      await bob.page.reload();
      await bob.page.getByRole('region', { name: 'Your friends' }).getByText('AnnFriend').waitFor();

      // Remove asks first; Cancel keeps the friend and gives focus back to Remove.
      await row.getByRole('button', { name: 'Remove BobFriend' }).click();
      const confirm = row.getByRole('group', { name: 'Remove BobFriend?' });
      await confirm.waitFor();
      await expect(focusedName(page)).resolves.toBe('Cancel');
      await shot(page, 'friends-confirm');
      await page.keyboard.press('Enter');
      await confirm.waitFor({ state: 'detached' });
      await expect(focusedName(page)).resolves.toBe('Remove BobFriend');
      await row.getByRole('button', { name: 'Remove BobFriend' }).click();
      await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
      await page.getByText('BobFriend is no longer your friend.', { exact: true }).waitFor();
      await page.getByText('No friends yet.', { exact: false }).waitFor();
      await bob.page.reload();
      await bob.page.getByText('No friends yet.', { exact: false }).waitFor();
    } finally {
      await ann.close();
      await bob.close();
    }
  }, 60_000);

  it('web - /friends for a guest is a prompt to register', async () => {
    await withBrowser(async (user) => {
      const guest = await user.context.request.post(`${base}/api/auth/guest-login`);
      expect(guest.status()).toBe(200);
      await user.page.goto(`${base}/friends`);
      await user.page.getByRole('heading', { name: 'Register to add friends' }).waitFor();
      await user.page.getByRole('link', { name: 'Create an account' }).waitFor();
      await shot(user.page, 'friends-guest');
    });
  }, 60_000);
});
