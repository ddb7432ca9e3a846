import { describe, expect, it } from 'vitest';
import { type BrowserUser, shot, useWebServer, withBrowser } from './browser.js';

/**
 * The web client in Debian's Chromium against the real server (real SQLite file): the not-found
 * screen, the shell, and /auth (validation, invite-code registration, the invite-only redirect).
 */
describe('web client - shell and auth in a real browser', () => {
  let base = '';
  useWebServer({ inviteCodes: ['WEB-INVITE'], inviteUses: 5 }, (server) => {
    base = server.base;
  });

  /** /auth after its splash and 2 s loading state, with the forms enabled. */
  async function authReady(user: BrowserUser, query = ''): Promise<void> {
    await user.page.goto(`${base}/auth${query}`);
    await user.page.getByRole('tab', { name: 'Login' }).waitFor();
    await user.page.locator('form button[type=submit]:not([disabled])').waitFor({ timeout: 5000 });
  }

  /** /auth on its Register tab with a username and an e-mail typed (no invite code). */
  async function registerTab(user: BrowserUser, username: string, email: string): Promise<void> {
    await authReady(user);
    await user.page.getByRole('tab', { name: 'Register' }).click();
    await user.page.getByLabel('Username', { exact: true }).fill(username);
    await user.page.getByLabel('Email').fill(email);
  }

  it('web - an unknown path shows the 404 screen with its exact texts inside the shell', async () => {
    await withBrowser(async ({ page }) => {
      await page.goto(`${base}/no/such/page`);
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      await page.getByText('Did you forget to add the page to the router?').waitFor();
      // The shell is there for a visitor: Sign In, and the bottom tabs with Sign Up.
      await page.getByRole('link', { name: 'Sign In' }).waitFor();
      await page.getByRole('navigation', { name: 'Main' }).getByText('Sign Up').waitFor();
      await shot(page, '404');
    });
  }, 60_000);

  it('web - /auth validates on submit and again on change with the spec messages', async () => {
    await withBrowser(async (user) => {
      const { page } = user;
      await authReady(user);
      await shot(page, 'auth-login');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.getByText('Username or email must be at least 3 characters').waitFor();
      await page.getByText('Password must be at least 6 characters').waitFor();
      await page.getByLabel('Username or email').fill('abc');
      await page.getByText('Username or email must be at least 3 characters').waitFor({ state: 'detached' });

      await page.getByRole('tab', { name: 'Register' }).click();
      await page.getByLabel('Username', { exact: true }).fill('ab');
      await page.getByLabel('Email').fill('not-an-email');
      await page.getByLabel('Password', { exact: true }).fill('12345');
      await page.getByLabel('Confirm password').fill('54321');
      await page.getByRole('button', { name: 'Create account' }).click();
      for (const text of [
        'Username must be at least 3 characters',
        'Please enter a valid email address',
        'Password must be at least 6 characters',
        "Passwords don't match",
      ]) {
        await page.getByText(text).waitFor();
      }
      await shot(page, 'auth-register-errors');
      await page.getByLabel('Confirm password').fill('12345');
      await page.getByText("Passwords don't match").waitFor({ state: 'detached' });
    });
  }, 60_000);

  it('web - a new user registers with the invite code from the address and lands on / signed in', async () => {
    await withBrowser(async (user) => {
      const { page } = user;
      await authReady(user, '?code=WEB-INVITE');
      // The code picks the register tab and fills the invite field.
      await expect(page.getByRole('tab', { name: 'Register' }).getAttribute('aria-selected')).resolves.toBe('true');
      await expect(page.getByLabel('Invite code').inputValue()).resolves.toBe('WEB-INVITE');
      await page.getByLabel('Username', { exact: true }).fill('Webster');
      await page.getByLabel('Email').fill('webster@example.com');
      await page.getByLabel('Password', { exact: true }).fill('secret-pass');
      await page.getByLabel('Confirm password').fill('secret-pass');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('Registration successful', { exact: true }).waitFor();
      await page.getByText('Welcome, Webster!', { exact: true }).waitFor();
      await page.waitForURL(`${base}/`);
      await page.getByText('Signed in as Webster').waitFor();
      // The lobby's name field is the player's username, not a made-up "Player1234".
      await expect(page.getByLabel('Your name').first().inputValue()).resolves.toBe('Webster');
      await shot(page, 'home-signed-in');
      // The session cookie is HttpOnly: the page cannot read it, the server knows the user.
      await expect(page.evaluate('document.cookie')).resolves.toBe('');
      const balance = await page.evaluate(async () => (await fetch('/api/tokens/balance')).json());
      expect(balance).toEqual({ balance: 100 });

      // In the shell a player sees the bell (nothing unread: no count), and the drawer says "Player" with Logout.
      await page.goto(`${base}/somewhere`);
      await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Open menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await drawer.getByText('Player', { exact: true }).waitFor();
      await shot(page, 'drawer-player');
      await drawer.getByRole('button', { name: 'Logout' }).click();
      await page.getByText('You have been successfully logged out.', { exact: true }).waitFor();
      await page.getByRole('link', { name: 'Sign In' }).waitFor();
    });
  }, 60_000);

  it('web - registering without an invite code shows the invite-only toast and goes to /waitlist after 2 s', async () => {
    await withBrowser(async (user) => {
      const { page } = user;
      await registerTab(user, 'NoInvite', 'noinvite@example.com');
      await page.getByLabel('Password', { exact: true }).fill('secret-pass');
      await page.getByLabel('Confirm password').fill('secret-pass');
      // Before submitting, the form says a code is needed and offers the waitlist; a typed code hides that.
      const note = page.locator('#invite-needed');
      await expect(note.textContent()).resolves.toContain('Registration needs an invite code.');
      await note.getByRole('link', { name: 'No code? Join the waitlist' }).waitFor();
      await page.getByLabel('Invite code').fill('SOME-CODE');
      await note.waitFor({ state: 'detached' });
      await page.getByLabel('Invite code').fill('');
      await note.waitFor();
      const started = Date.now();
      await page.getByRole('button', { name: 'Create account' }).click();
      await page
        .getByText(
          'Registration is currently limited to invited users. Redirecting you to our waitlist application...',
          {
            exact: true,
          },
        )
        .waitFor();
      await page.waitForURL(`${base}/waitlist`);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
      await page.getByRole('heading', { name: 'Join the waitlist' }).waitFor();
      // What was typed comes along: the name and the e-mail, ready to apply.
      await expect(page.getByLabel('Name').inputValue()).resolves.toBe('NoInvite');
      await expect(page.getByLabel('Email').inputValue()).resolves.toBe('noinvite@example.com');
    });
  }, 60_000);

  it('web - the register form offers the waitlist before submitting, and the link carries name and e-mail', async () => {
    await withBrowser(async (user) => {
      const { page } = user;
      await registerTab(user, 'Waiting Will', 'will@example.com');
      await page.getByRole('link', { name: 'No code? Join the waitlist' }).click();
      await page.waitForURL(`${base}/waitlist`);
      await expect(page.getByLabel('Name').inputValue()).resolves.toBe('Waiting Will');
      await expect(page.getByLabel('Email').inputValue()).resolves.toBe('will@example.com');
      // A direct visit (a new tab) starts empty.
      const direct = await user.context.newPage();
      await direct.goto(`${base}/waitlist`);
      await expect(direct.getByLabel('Name').inputValue()).resolves.toBe('');
    });
  }, 60_000);
});
