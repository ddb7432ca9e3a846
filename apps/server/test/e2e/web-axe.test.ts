import type { RestSeated } from '@palace/protocol';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { Client, sleep } from '../harness.js';
import { auditSizes, auditViews, type Finding, report, SIZES, type Size, settle, type View } from './axe-audit.js';
import { type BrowserUser, openBrowser, useWebServer } from './browser.js';

/** Ann alone (the start seats AI Player 1) plays the first playable card, else picks up, until the game is over. */
async function finishedRestGame(c: Client): Promise<RestSeated> {
  const ann = await c.seated(c.create({ playerName: 'Ann', variant: 'classic' }));
  const { gameId, playerId } = ann;
  await c.done(gameId, 'ready', { playerId });
  await c.done(gameId, 'start', { playerId });
  for (let i = 0; i < 3000; i++) {
    const state = await c.state(gameId, playerId);
    if (state.status === 'finished') return ann;
    if (state.currentTurn !== playerId) {
      await sleep(5);
      continue;
    }
    const [cardId] = state.playableCards;
    await c.done(
      gameId,
      cardId === undefined ? 'pickup' : 'play',
      cardId === undefined ? { playerId } : { playerId, cardId },
    );
  }
  throw new Error('the game did not finish within 3000 rounds');
}

/** Selects the tab named `name` (the first, where two tab lists share a name). */
const tab = (name: string) => async (page: Page) => {
  await page.getByRole('tab', { name, exact: true }).first().click();
  await page.getByRole('tab', { name, exact: true, selected: true }).first().waitFor();
};

/** Every route of app.tsx and the specs' route tables, as a visitor sees it (no session). */
const VISITOR_VIEWS: readonly View[] = [
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
const GUEST_VIEWS: readonly View[] = [
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
const REGISTERED_VIEWS: readonly View[] = [
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
 * Accessibility of every route (docs/product.md §D10): axe-core's WCAG 2.0 and 2.1 A and AA rules in
 * Debian's Chromium against the real server, at a phone size (390x844) and a desktop size
 * (1440x900): as a visitor, as a guest, as a registered player with a friend, and with games
 * waiting, in play and finished. A serious or critical violation fails the test, which prints each
 * one with the screen it was found on, its rule, its elements and axe's reason. axe leaves text on
 * a gradient (the felt table) undecided ("incomplete"), so that contrast needs a look by eye.
 */
describe('web client - axe-core finds no serious or critical violation on any route', () => {
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

  for (const size of ['phone', 'desktop'] as const) {
    it(`web - axe: every route as a visitor, ${size}`, async () => {
      const user = await browser(size);
      const findings = await auditViews(user, base, size, VISITOR_VIEWS);
      expect(report(findings)).toBe('');
    }, 600_000);

    it(`web - axe: the routes a registered player sees, ${size}`, async () => {
      const user = await browser(size);
      // Test servers seed INVITE-1 … INVITE-20, one use each: two per screen size.
      const [mine, theirs] = size === 'phone' ? ['INVITE-1', 'INVITE-2'] : ['INVITE-3', 'INVITE-4'];
      const friend = `AxeFriend${size}`;
      const registered = await new Client(base).post('/api/auth/register', account(friend, theirs));
      expect(registered.status, registered.text).toBe(200);
      const me = await user.context.request.post(`${base}/api/auth/register`, { data: account(`Axe${size}`, mine) });
      expect(me.status(), await me.text()).toBe(200);
      const added = await user.context.request.post(`${base}/api/friends`, { data: { username: friend } });
      expect(added.status(), await added.text()).toBe(200);
      const findings = await auditViews(user, base, size, REGISTERED_VIEWS);
      expect(report(findings)).toBe('');
    }, 300_000);

    it(`web - axe: the routes a guest sees, ${size}`, async () => {
      const user = await browser(size);
      const findings = await auditViews(user, base, size, GUEST_VIEWS);
      expect(report(findings)).toBe('');
    }, 300_000);
  }

  it('web - axe: the REST game waiting, its chat and tutorial tabs, in play, and won; its replay', async () => {
    const { page } = await browser('phone');
    const findings: Finding[] = [];
    await page.goto(`${base}/rest-poker`);
    await settle(page);
    await page.getByRole('button', { name: 'Create New Game' }).click();
    await page.getByLabel('Your name').fill('Ann');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/rest-poker\/[A-Z0-9]{6}$/);
    await page.getByRole('button', { name: "I'M READY TO PLAY" }).waitFor();
    await page.getByRole('button', { name: 'Add AI', exact: true }).click();
    await page.getByRole('list', { name: 'Players' }).getByText('AI Player 1').waitFor();
    findings.push(...(await auditSizes(page, '/rest-poker/{id} waiting room')));
    await tab('Chat')(page);
    await page.getByRole('textbox', { name: 'Message' }).fill(':fire: hello');
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await page.locator('.chat-text', { hasText: 'hello' }).waitFor();
    await page.getByRole('button', { name: 'Emojis' }).click();
    findings.push(...(await auditSizes(page, '/rest-poker/{id} chat with the emoji picker')));
    await tab('How to Play')(page);
    findings.push(...(await auditSizes(page, '/rest-poker/{id} How to Play')));
    await tab('Game')(page);
    await page.getByRole('button', { name: "I'M READY TO PLAY" }).click();
    await page.getByRole('button', { name: 'START GAME NOW' }).click();
    await page.getByRole('group', { name: 'Hand' }).waitFor();
    findings.push(...(await auditSizes(page, '/rest-poker/{id} in play')));

    // A finished game, resumed from the saved session: the winner alert; then its replay.
    const c = new Client(base);
    const done = await finishedRestGame(c);
    await page.evaluate(
      `localStorage.setItem('palace_game_id', ${JSON.stringify(done.gameId)}); localStorage.setItem('palace_player_id', ${JSON.stringify(done.playerId)})`,
    );
    await page.goto(`${base}/rest-poker/${done.gameId}`);
    await page
      .getByRole('alert')
      .filter({ hasText: /You won!|wins!/ })
      .waitFor();
    findings.push(...(await auditSizes(page, '/rest-poker/{id} finished')));
    await page.goto(`${base}/replay/rest/${done.gameId}`);
    await page.getByText('Deal verified').waitFor();
    await page.getByRole('button', { name: 'Forward' }).click();
    findings.push(...(await auditSizes(page, '/replay/rest/{id} first move')));
    await page.getByRole('button', { name: 'Last' }).click();
    await page.getByRole('region', { name: 'Result' }).waitFor();
    findings.push(...(await auditSizes(page, '/replay/rest/{id} result')));
    expect(report(findings)).toBe('');
  }, 300_000);

  it('web - axe: /play waiting room, the game in play and its chat (two guests)', async () => {
    const host = await browser('phone');
    const guest = await browser('phone');
    const findings: Finding[] = [];
    await host.page.goto(`${base}/play`);
    await host.page.getByRole('button', { name: 'Create Game' }).click();
    await host.page.getByRole('button', { name: 'Fewer players' }).click();
    await host.page.getByRole('button', { name: 'Fewer players' }).click();
    await host.page.getByRole('button', { name: 'Create Game' }).click();
    await host.page.waitForURL(/\/play\?gameId=\d+$/);
    const gameId = new URL(host.page.url()).searchParams.get('gameId') ?? '';
    await host.page.getByRole('heading', { name: 'Waiting for players' }).waitFor();
    findings.push(...(await auditSizes(host.page, '/play?gameId={id} waiting room')));
    await guest.page.goto(`${base}/play`);
    await guest.page.getByRole('heading', { name: 'Play' }).waitFor();
    await guest.page.goto(`${base}/play?gameId=${gameId}`);
    for (const { page } of [host, guest]) {
      const hand = page.getByRole('group', { name: 'Your hand' }).getByRole('button');
      await hand.first().waitFor();
      for (let i = 0; i < 3; i++) await hand.nth(i).click();
      await page.getByRole('button', { name: "I'm Ready to Play" }).click();
    }
    await host.page.getByText('Game Starting').waitFor({ state: 'detached', timeout: 10_000 });
    findings.push(...(await auditSizes(host.page, '/play?gameId={id} in play')));
    await host.page.getByRole('button', { name: /Open chat/ }).click();
    await host.page.getByLabel('Message').fill('good luck :fire:');
    await host.page.getByRole('button', { name: 'Send' }).click();
    await host.page.getByText('good luck 🔥').waitFor();
    findings.push(...(await auditSizes(host.page, '/play?gameId={id} chat open')));
    expect(report(findings)).toBe('');
  }, 300_000);

  it('web - axe: /simplified waiting room, cover, face-up choice and play; /poker in play', async () => {
    const { page } = await browser('phone');
    const findings: Finding[] = [];
    await page.goto(`${base}/simplified`);
    await page.getByLabel('Your name').fill('Ann');
    await page.getByLabel('Number of players').selectOption('2');
    await page.getByRole('button', { name: 'Create Table' }).click();
    await page.getByLabel("Next player's name").fill('Bob');
    await page.getByRole('button', { name: 'Join' }).click();
    await page.getByRole('list', { name: 'Players' }).getByText('Bob').waitFor();
    findings.push(...(await auditSizes(page, '/simplified waiting room')));
    await page.getByRole('button', { name: 'Start Game' }).click();
    for (const name of ['Ann', 'Bob']) {
      await page.getByRole('heading', { name: `Pass the device to ${name}` }).waitFor();
      if (name === 'Ann') findings.push(...(await auditSizes(page, '/simplified cover')));
      await page.getByRole('button', { name: `I'm ${name}: show my cards` }).click();
      const hand = page.getByRole('group', { name: 'Your hand' }).getByRole('button');
      for (let i = 0; i < 3; i++) await hand.nth(i).click();
      if (name === 'Ann') findings.push(...(await auditSizes(page, '/simplified face-up choice')));
      await page.getByRole('button', { name: 'Confirm Face-Up Cards' }).click();
    }
    // The starter's cards show at once when Bob starts; else the cover asks for Ann.
    const cover = page.getByRole('heading', { name: /^Pass the device to / });
    const pickUp = page.getByRole('button', { name: 'Pick Up' });
    await cover.or(pickUp).first().waitFor();
    if (await cover.isVisible()) {
      const who = ((await cover.textContent()) ?? '').replace('Pass the device to ', '');
      await page.getByRole('button', { name: `I'm ${who}: show my cards` }).click();
    }
    await pickUp.waitFor();
    findings.push(...(await auditSizes(page, '/simplified in play')));

    await page.goto(`${base}/poker`);
    await page.getByRole('group', { name: 'Hand' }).waitFor();
    const card = page.locator('.my-area button.playing-card.selectable').first();
    if ((await card.count()) > 0) await card.click();
    findings.push(...(await auditSizes(page, '/poker a card selected')));
    expect(report(findings)).toBe('');
  }, 300_000);

  it('web - axe: the simple websocket and simple REST games, public and easy games, waiting and in play', async () => {
    const { page } = await browser('phone');
    const findings: Finding[] = [];
    /** Three hand cards, one click at a time (the websocket game sends each; the REST one waits for Confirm). */
    const pickFaceUp = async (websocket: boolean) => {
      const hand = page.getByRole('group', { name: 'Hand' });
      for (let i = 1; i <= 3; i++) {
        await hand.locator('button[aria-pressed="false"]').first().click();
        if (i < 3 || !websocket) await page.getByText(new RegExp(`^${i} of 3 selected`)).waitFor();
      }
    };

    await page.goto(`${base}/simple-game`);
    await page.getByLabel('Your name').fill('Ann');
    await page.getByRole('button', { name: 'Create New Game' }).click();
    await page.getByText('Choose 3 cards to place face-up').waitFor();
    await page.getByRole('button', { name: 'Add AI opponent' }).click();
    await page.getByRole('list', { name: 'Other players' }).getByText('AI Player 1').waitFor();
    findings.push(...(await auditSizes(page, '/simple-game setup')));
    await pickFaceUp(true);
    await page.getByRole('button', { name: 'Play Selected' }).waitFor();
    findings.push(...(await auditSizes(page, '/simple-game in play')));

    await page.goto(`${base}/simple-rest`);
    await page.getByLabel('Username').fill('Hal');
    await page.getByRole('button', { name: 'Create New Game' }).click();
    await page.getByText('Choose 3 cards to place face-up').waitFor();
    await page.getByRole('button', { name: 'Add AI opponent' }).click();
    await page.getByRole('list', { name: 'Other players' }).getByText('AI Player 1').waitFor();
    await pickFaceUp(false);
    findings.push(...(await auditSizes(page, '/simple-game-rest setup')));
    await page.getByRole('button', { name: 'Confirm Selection' }).click();
    await page.getByRole('button', { name: 'Play Selected' }).waitFor();
    findings.push(...(await auditSizes(page, '/simple-game-rest in play')));

    await page.goto(`${base}/palace-home`);
    await page.getByLabel('Your name').fill('Alice');
    await page.getByRole('button', { name: 'Create Game' }).click();
    await page.getByRole('region', { name: 'Waiting for players' }).waitFor();
    await page.getByRole('button', { name: 'Add AI' }).click();
    await page.getByRole('list', { name: 'Other players' }).getByText('AI Player 1').waitFor();
    findings.push(...(await auditSizes(page, '/palace-game waiting')));
    await page.getByRole('button', { name: 'Start Game' }).click();
    await page.getByRole('button', { name: 'Ready' }).waitFor();
    const hand = page.getByRole('group', { name: 'Hand' }).getByRole('button');
    for (let i = 0; i < 3; i++) await hand.nth(i).click();
    findings.push(...(await auditSizes(page, '/palace-game setup')));
    await page.getByRole('button', { name: 'Ready' }).click();
    await page.getByLabel('Status: Playing').waitFor();
    findings.push(...(await auditSizes(page, '/palace-game in play')));

    await page.goto(`${base}/easy-palace-home`);
    await page.getByRole('tabpanel', { name: 'Create Game' }).getByLabel('Your name').fill('Ann');
    await page.getByRole('tabpanel', { name: 'Create Game' }).getByRole('button', { name: 'Create Game' }).click();
    await page.getByRole('heading', { name: 'Waiting for players' }).waitFor();
    await page.getByRole('button', { name: 'Add AI' }).click();
    await page.getByRole('list', { name: 'Players' }).getByText('AI Player 1').waitFor();
    findings.push(...(await auditSizes(page, '/easy-palace-game waiting')));
    await page.getByRole('button', { name: 'Start Game' }).click();
    await page.locator('main[data-status="playing"]').waitFor();
    findings.push(...(await auditSizes(page, '/easy-palace-game in play')));
    expect(report(findings)).toBe('');
  }, 300_000);
});
