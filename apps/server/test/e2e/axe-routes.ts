import { describe, expect, it } from 'vitest';
import { Client } from '../harness.js';
import { auditViews, report, SIZES, tab, type View } from './axe-audit.js';
import { browserUsers, useWebServer } from './browser.js';

/** Every route of app.tsx and the specs' route tables, as a visitor sees it (no session). */
export const VISITOR_VIEWS: readonly View[] = [
  { name: '/', path: '/' },
  { name: '/lobby (Join Game)', path: '/lobby' },
  { name: '/lobby (Create Game)', path: '/lobby', act: tab('Create Game') },
  { name: '/rest-poker (start)', path: '/rest-poker' },
  {
    name: '/rest-poker (create form)',
    path: '/rest-poker',
    act: async (page) => {
      await page.getByRole('button', { name: 'Create New Game' }).click();
      await page.getByRole('button', { name: 'Create', exact: true }).waitFor();
      await page.getByLabel('Show advanced options').check();
    },
  },
  {
    name: '/rest-poker (How to Play)',
    path: '/rest-poker',
    act: async (page) => {
      await page.getByRole('button', { name: 'How to Play' }).click();
      await page.getByRole('heading', { name: 'Goal' }).waitFor();
    },
  },
  { name: '/rest-poker/{id} (join form)', path: '/rest-poker/ABC234' },
  { name: '/simple-game', path: '/simple-game' },
  {
    name: '/simple-game (field errors)',
    path: '/simple-game',
    act: async (page) => {
      await page.getByRole('button', { name: 'Join Existing Game' }).click();
      await page.getByText('Please enter a valid game code').waitFor();
    },
  },
  { name: '/ws', path: '/ws' },
  { name: '/simple-rest', path: '/simple-rest' },
  { name: '/simple-game-rest (an unknown game)', path: '/simple-game-rest?gameId=NOPE00&username=Ann' },
  { name: '/palace-home', path: '/palace-home' },
  { name: '/palace-game (no game: the home page)', path: '/palace-game' },
  { name: '/easy-palace-home (Create Game)', path: '/easy-palace-home' },
  { name: '/easy-palace-home (Join Game)', path: '/easy-palace-home', act: tab('Join Game') },
  { name: '/easy-palace-game (no game: the home page)', path: '/easy-palace-game' },
  { name: '/simplified', path: '/simplified' },
  { name: '/poker (Game)', path: '/poker' },
  { name: '/poker (How to Play)', path: '/poker', act: tab('How to Play') },
  { name: '/replay', path: '/replay' },
  { name: '/auth (Login)', path: '/auth' },
  { name: '/auth (Register)', path: '/auth', act: tab('Register') },
  {
    name: '/auth (Login, field errors)',
    path: '/auth',
    act: async (page) => {
      await page.getByRole('tabpanel', { name: 'Login' }).getByRole('button', { name: 'Login' }).click();
      await page.locator('.field-error').first().waitFor();
    },
  },
  { name: '/help (FAQ)', path: '/help' },
  {
    name: '/help (FAQ, a question open)',
    path: '/help',
    act: async (page) => {
      await page.getByRole('button', { name: 'What is Palace?' }).click();
      await page.getByRole('region', { name: 'What is Palace?' }).waitFor();
    },
  },
  { name: '/help (Game Rules)', path: '/help?tab=rules' },
  { name: '/help (Contact)', path: '/help?tab=contact' },
  { name: '/waitlist', path: '/waitlist' },
  {
    name: '/waitlist (field errors)',
    path: '/waitlist',
    act: async (page) => {
      await page
        .getByRole('button', { name: /apply|join/i })
        .first()
        .click();
      await page.locator('.field-error').first().waitFor();
    },
  },
  { name: '/tokens', path: '/tokens' },
  { name: '/profile', path: '/profile' },
  { name: '/friends', path: '/friends' },
  { name: '/settings', path: '/settings' },
  { name: '/tournaments', path: '/tournaments' },
  { name: '404', path: '/no-such-page' },
];

/** The routes whose screen changes for a signed-in guest (/play signs one in). */
export const GUEST_VIEWS: readonly View[] = [
  { name: '/play (lobby, welcome toast)', path: '/play' },
  {
    name: '/play (create form)',
    path: '/play',
    act: async (page) => {
      await page.getByRole('button', { name: 'Create Game' }).click();
      await page.getByLabel('Game name').waitFor();
    },
  },
  { name: 'guest /', path: '/' },
  { name: 'guest /tokens', path: '/tokens' },
  { name: 'guest /profile', path: '/profile' },
  { name: 'guest /friends', path: '/friends' },
  { name: 'guest /settings', path: '/settings' },
  {
    name: 'guest drawer',
    path: '/tokens',
    act: async (page) => {
      await page.getByRole('button', { name: /menu/i }).first().click();
      await page.getByRole('dialog').waitFor();
    },
  },
];

/** The body of a registration. */
function account(username: string, inviteCode: string): Record<string, string> {
  return { username, email: `${username.toLowerCase()}@example.com`, password: 'secret-pass', inviteCode };
}

/** A registered player with a friend: the balance, history, leaderboard, profile, friends list and lobby. */
export const REGISTERED_VIEWS: readonly View[] = [
  { name: 'registered /tokens', path: '/tokens' },
  {
    name: 'registered /tokens (Wins)',
    path: '/tokens',
    act: async (page) => {
      await page.getByRole('button', { name: 'Wins' }).click();
      await page.getByRole('list', { name: 'Players by wins' }).waitFor();
    },
  },
  { name: 'registered /profile', path: '/profile' },
  { name: 'registered /friends', path: '/friends' },
  {
    name: 'registered /friends (remove asks first)',
    path: '/friends',
    act: async (page) => {
      await page
        .getByRole('button', { name: /^Remove / })
        .first()
        .click();
      await page.getByRole('group', { name: /^Remove .*\?$/ }).waitFor();
    },
  },
  { name: 'registered /settings', path: '/settings' },
  {
    name: 'registered /settings (delete account asks first)',
    path: '/settings',
    act: async (page) => {
      await page.getByRole('button', { name: 'Delete account' }).click();
      await page.getByRole('button', { name: 'Delete my account forever' }).click();
      await page.getByText('Type your username to confirm.', { exact: true }).waitFor();
    },
  },
  { name: 'registered /play (lobby with a friend)', path: '/play' },
  {
    name: 'registered drawer',
    path: '/profile',
    act: async (page) => {
      await page.getByRole('button', { name: /menu/i }).first().click();
      await page.getByRole('dialog').waitFor();
    },
  },
  { name: 'registered /', path: '/' },
];

/**
 * Accessibility of every route (docs/product.md §D10) at a phone size (390x844) and a desktop size
 * (1440x900), each screen loaded once and audited at both: axe-core's WCAG 2.0 and 2.1 A and AA
 * rules in Debian's Chromium against the real server. `visitor` is every route without a session
 * (web-axe-visitors), `players` the routes as a guest and as a registered player with a friend
 * (web-axe-players), two files so they run side by side; the game screens are web-axe-games. A
 * serious or critical violation fails the test, which prints each one with the screen and size it
 * was found on, its rule, its elements and axe's reason.
 */
export function describeRouteAudits(part: 'visitor' | 'players'): void {
  describe(`web client - axe-core finds no serious or critical violation on any route (${part})`, () => {
    let base = '';
    useWebServer({}, (server) => {
      base = server.base;
    });
    const users = browserUsers();
    const browser = () => users(SIZES.phone);

    if (part === 'visitor') {
      it('web - axe: every route as a visitor, phone and desktop', async () => {
        const user = await browser();
        const findings = await auditViews(user, base, VISITOR_VIEWS);
        expect(report(findings)).toBe('');
      }, 600_000);
      return;
    }

    it('web - axe: the routes a registered player sees, phone and desktop', async () => {
      const user = await browser();
      const friend = 'AxeFriend';
      const registered = await new Client(base).post('/api/auth/register', account(friend, 'INVITE-1'));
      expect(registered.status, registered.text).toBe(200);
      const me = await user.context.request.post(`${base}/api/auth/register`, {
        data: account('AxePlayer', 'INVITE-2'),
      });
      expect(me.status(), await me.text()).toBe(200);
      const added = await user.context.request.post(`${base}/api/friends`, { data: { username: friend } });
      expect(added.status(), await added.text()).toBe(200);
      const findings = await auditViews(user, base, REGISTERED_VIEWS);
      expect(report(findings)).toBe('');
    }, 300_000);

    it('web - axe: the routes a guest sees, phone and desktop', async () => {
      const user = await browser();
      const findings = await auditViews(user, base, GUEST_VIEWS);
      expect(report(findings)).toBe('');
    }, 300_000);
  });
}
