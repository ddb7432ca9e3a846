import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { cheapestPlay, Browser as RestPlayer } from '../simple-rest-client.js';
import { type BrowserUser, openBrowser, SCREENSHOTS, shot, useWebServer } from './browser.js';
import { autoplayTable } from './table-autoplay.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** An upper bound of loop rounds, so a stuck game fails instead of hanging. */
const MAX_ROUNDS = 800;
/**
 * The REST game against the AI sees each of its turns at the next 2 s poll (docs/product.md §P2), so its length
 * follows the random deal: usually about a minute, but a deal where both keep picking up runs to the
 * engine's move cap (1,000 moves, about 500 turns: some 17 minutes, past MAX_ROUNDS; a CI run met
 * one). So the browser plays the first BROWSER_MOVES moves (a reload among them), and the rest of the
 * game is played over HTTP with the page's own seat cookie, as fast as the server answers (the AI
 * acts 5 ms after each move); the page then shows the end at its next poll.
 */
const BROWSER_MOVES = 8;
const SIMPLE_REST_GAME_MS = 240_000;

/**
 * The two simple variants in real browsers against the real server (docs/product.md §P2.2, §P2.4): the websocket
 * game created on its start page, joined by a second browser with the code, an AI added, everyone's
 * face-up choice and the whole game played through the UI to a winner, a third browser refused; and
 * the REST game played by one human against an AI to a winner, with a reload mid-game keeping the
 * seat. Screenshots of every screen at phone and desktop size.
 */
describe('web client - the simple websocket and simple REST games in a real browser', () => {
  let base = '';
  const users: BrowserUser[] = [];
  useWebServer({}, (server) => {
    base = server.base;
  });
  afterAll(async () => {
    for (const user of users) await user.close();
  });

  async function browser(): Promise<BrowserUser> {
    const user = await openBrowser();
    users.push(user);
    return user;
  }

  /** A phone and a desktop screenshot of what the page shows now. */
  async function shots(page: Page, name: string): Promise<void> {
    if (!SCREENSHOTS) return;
    await page.waitForTimeout(700); // a card turned face up flips for 0.6 s
    await shot(page, `${name}-phone`);
    await page.setViewportSize(DESKTOP);
    await shot(page, `${name}-desktop`);
    await page.setViewportSize(PHONE);
  }

  /** What changes whenever the viewer's view does: own cards, the pile, the turn line, the end. */
  const SIGNATURE = `(() => {
    const own = [...document.querySelectorAll('[data-zone="own"] button[data-card-id]')].map((b) => b.getAttribute('aria-label'));
    const pile = document.querySelector('[data-zone="pile"]')?.getAttribute('aria-label') ?? '';
    const turn = document.querySelector('.gt-turn')?.textContent ?? '';
    const end = document.querySelector('.simple-winner') === null ? '' : 'finished';
    return own.join(',') + '|' + pile + '|' + turn + '|' + end;
  })()`;

  function signature(page: Page): Promise<string> {
    return page.evaluate<string>(SIGNATURE);
  }

  /** Waits (a little) for the view to differ from `before`; a refused move changes nothing. */
  async function changed(page: Page, before: string, timeoutMs = 5000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until && (await signature(page)) === before) await page.waitForTimeout(20);
  }

  /** One move if it is this page's turn: the lowest enabled own card and Play Selected, else Pick Up Pile. */
  async function move(page: Page): Promise<boolean> {
    if (!(await page.getByText('Your turn', { exact: true }).isVisible())) return false;
    const before = await signature(page);
    const playable = page.locator('[data-zone="own"] button[data-card-id]:not([disabled])');
    const pickUp = page.getByRole('button', { name: 'Pick Up Pile' });
    if ((await playable.count()) > 0) {
      await playable.first().click();
      await page.getByRole('button', { name: 'Play Selected' }).click();
    } else if (await pickUp.isEnabled()) {
      await pickUp.click();
    } else {
      return false;
    }
    await changed(page, before);
    return true;
  }

  /**
   * Plays the rest of the REST game as `username` over HTTP, with the seat cookie of `page`'s browser:
   * the cheapest playable card, else a pick-up; on the AI's turn it asks again (the AI acts 5 ms
   * after each move). Ends when the server says the game is finished (a winner, or the move cap).
   */
  async function finishOverHttp(page: Page, gameId: string, username: string): Promise<void> {
    const seat = new RestPlayer(base, username);
    for (const cookie of await page.context().cookies()) {
      seat.jar.add({ name: cookie.name, value: decodeURIComponent(cookie.value), path: cookie.path });
    }
    for (let step = 0; step < 20_000; step++) {
      const state = await seat.state(gameId);
      if (state.status === 'finished') return;
      if (state.currentTurn !== username) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        continue;
      }
      const card = cheapestPlay(state);
      if (card !== null) await seat.done(gameId, 'play-card', { card });
      else await seat.done(gameId, 'pickup-pile');
    }
    throw new Error('the simple REST game did not end over HTTP');
  }

  /** Picks 3 hand cards one click at a time (the websocket sends each; REST keeps them until Confirm). */
  async function pickFaceUp(page: Page, websocket: boolean): Promise<void> {
    const hand = page.getByRole('group', { name: 'Hand' });
    for (let i = 1; i <= 3; i++) {
      await hand.locator('button[aria-pressed="false"]').first().click();
      if (i < 3 || !websocket) await page.getByText(new RegExp(`^${i} of 3 selected`)).waitFor();
    }
  }

  const finished = (page: Page) => page.locator('.simple-winner').isVisible();

  it('web - /simple-game: create, join by code, add an AI, choose face-up cards, play to a winner; a late joiner is refused', async () => {
    const ann = await browser();
    const bob = await browser();

    // Ann: the start page, its checks, then Create New Game.
    await ann.page.goto(`${base}/simple-game`);
    await ann.page.getByRole('button', { name: 'Join Existing Game' }).click();
    await ann.page.getByText('Please enter your name').waitFor();
    await ann.page.getByText('Please enter a valid game code').waitFor();
    await shots(ann.page, 'simple-ws-home');
    await ann.page.getByLabel('Your name').fill('Ann');
    await ann.page.getByRole('button', { name: 'Create New Game' }).click();
    await ann.page.waitForURL(/\/simple-game\?gameId=game\d+&username=Ann$/);
    const gameId = new URL(ann.page.url()).searchParams.get('gameId') ?? '';
    await ann.page.getByText('Choose 3 cards to place face-up').waitFor();

    // Bob: the /ws alias, Join Existing Game with the code.
    await bob.page.goto(`${base}/ws`);
    await bob.page.getByLabel('Your name').fill('Bob');
    await bob.page.getByLabel('Game code').fill(gameId);
    await bob.page.getByRole('button', { name: 'Join Existing Game' }).click();
    await bob.page.waitForURL(new RegExp(`/simple-game\\?gameId=${gameId}&username=Bob$`));
    await bob.page.getByText('Choose 3 cards to place face-up').waitFor();
    await ann.page.getByRole('list', { name: 'Other players' }).getByText('Bob').waitFor();

    // Ann adds an AI; everyone sees it (and its join line in the chat).
    await ann.page.getByRole('button', { name: 'Add AI opponent' }).click();
    await bob.page.getByRole('list', { name: 'Other players' }).getByText('AI Player 1').waitFor();
    // The chat is in the side sheet (closed on a phone): the line is there, out of sight.
    await bob.page.getByText('AI Player 1 (AI) joined the game').waitFor({ state: 'attached' });

    await pickFaceUp(ann.page, true);
    await ann.page.getByText('Waiting for the other players to choose their face-up cards.').waitFor();
    await shots(ann.page, 'simple-ws-setup');
    await pickFaceUp(bob.page, true);
    for (const page of [ann.page, bob.page]) await page.getByRole('button', { name: 'Play Selected' }).waitFor();
    await ann.page.getByText('All players are ready. Game has started!').waitFor({ state: 'attached' });

    // Chat both ways through the socket, in the side sheet a phone opens from the bar; shortcodes show as emojis.
    await ann.page.getByRole('button', { name: 'Chat & rules' }).click();
    await ann.page.getByRole('textbox', { name: 'Message' }).fill('good luck :fire:');
    await ann.page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await ann.page.getByRole('list', { name: 'Chat messages' }).getByText('good luck 🔥').waitFor();
    await shots(ann.page, 'simple-ws-chat');
    await ann.page.getByRole('complementary', { name: 'Chat & rules' }).getByRole('button', { name: 'Close' }).click();
    await bob.page.getByText('good luck 🔥').waitFor({ state: 'attached' });

    // A third browser cannot join a started game: the server's refusal on the Error page.
    const cy = await browser();
    await cy.page.goto(`${base}/ws`);
    await cy.page.getByLabel('Your name').fill('Cy');
    await cy.page.getByLabel('Game code').fill(gameId);
    await cy.page.getByRole('button', { name: 'Join Existing Game' }).click();
    await cy.page.getByRole('alert').getByText('The game has already started').waitFor();
    await shots(cy.page, 'simple-ws-refused');
    await cy.page.getByRole('link', { name: 'Return to Home' }).click();
    await cy.page.getByRole('button', { name: 'Create New Game' }).waitFor();

    // Play through the UI until both see the winner.
    let moves = 0;
    let reloaded = false;
    for (let round = 0; round < MAX_ROUNDS && !reloaded; round++) {
      if ((await finished(ann.page)) && (await finished(bob.page))) break;
      const moved = (await move(ann.page)) || (await move(bob.page));
      if (moved) moves++;
      else await ann.page.waitForTimeout(25);
      if (moves === 4 && !reloaded) {
        reloaded = true;
        await shots(ann.page, 'simple-ws-playing');
        // A reload takes the seat back with the token kept in session storage.
        await ann.page.reload();
        await ann.page.getByRole('button', { name: 'Play Selected' }).waitFor();
        await expect(ann.page.getByRole('group', { name: 'Face up' }).getByRole('button').count()).resolves.toBe(3);
      }
    }
    // The rest of the game from inside both pages (table-autoplay.ts).
    const presses = await Promise.all(
      [ann.page, bob.page].map((page) => autoplayTable(page, { style: 'play', overSelector: '.simple-winner' })),
    );
    moves += presses.reduce((a, b) => a + b, 0);
    for (const page of [ann.page, bob.page]) {
      await page.locator('.simple-winner').waitFor({ timeout: 5000 });
      await expect(page.locator('.simple-winner').textContent()).resolves.toMatch(/^(You won!|.+ wins!)$/);
      await expect(page.getByRole('list', { name: 'Final standings' }).getByRole('listitem').count()).resolves.toBe(3);
    }
    expect(moves).toBeGreaterThan(4);
    await shots(ann.page, 'simple-ws-finished');
  }, 300_000);

  it(
    'web - /simple-rest: one player and an AI to a winner, a reload keeps the seat; errors',
    async () => {
      const hal = await browser();
      const { page } = hal;

      await page.goto(`${base}/simple-rest`);
      await page.getByRole('button', { name: 'Join', exact: true }).click();
      await page.getByText('Please enter a username').waitFor();
      await page.getByText('Please enter a game ID').waitFor();
      await shots(page, 'simple-rest-home');

      // An unknown game: the server's refusal as a toast on the start page.
      await page.getByLabel('Username').fill('Hal');
      await page.getByLabel('Game ID').fill('NOPE00');
      await page.getByRole('button', { name: 'Join', exact: true }).click();
      await page.locator('.toast-description', { hasText: 'Game not found' }).waitFor();
      await expect(page.locator('.toast-title').textContent()).resolves.toBe('Error');

      await page.getByRole('button', { name: 'Create New Game' }).click();
      await page.waitForURL(/\/simple-game-rest\?gameId=[A-Z0-9]{6}&username=Hal$/);
      const gameId = new URL(page.url()).searchParams.get('gameId') ?? '';
      await page.getByText('Choose 3 cards to place face-up').waitFor();
      await page.getByRole('button', { name: 'Add AI opponent' }).click();
      await page.getByRole('list', { name: 'Other players' }).getByText('AI Player 1').waitFor();

      // The face-up choice: fewer than 3 is refused by the client, then 3 and Confirm.
      await page.getByRole('button', { name: 'Confirm Selection' }).click();
      await page.locator('.toast-title', { hasText: 'Selection Required' }).waitFor();
      await pickFaceUp(page, false);
      await page.getByRole('group', { name: 'Hand' }).locator('button[aria-pressed="false"]').first().click();
      await page.locator('.toast-title', { hasText: 'Selection Limit' }).waitFor();
      await shots(page, 'simple-rest-setup');
      await page.getByRole('button', { name: 'Confirm Selection' }).click();
      await page.getByRole('button', { name: 'Play Selected' }).waitFor();
      await page.getByRole('button', { name: 'Chat & rules' }).click();
      await page.getByRole('textbox', { name: 'Message' }).fill('hello AI');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByRole('list', { name: 'Chat messages' }).getByText('hello AI').waitFor();
      await page.getByRole('complementary', { name: 'Chat & rules' }).getByRole('button', { name: 'Close' }).click();

      let moves = 0;
      let reloaded = false;
      for (let round = 0; round < MAX_ROUNDS && moves < BROWSER_MOVES && !(await finished(page)); round++) {
        if (await move(page)) moves++;
        else
          await page
            .getByText('Your turn', { exact: true })
            .or(page.locator('.simple-winner'))
            .waitFor({ timeout: 6000 });
        if (moves === 3 && !reloaded) {
          reloaded = true;
          await shots(page, 'simple-rest-playing');
          const before = await page.getByRole('group', { name: 'Face up' }).getByRole('button').count();
          await page.reload();
          await page.getByRole('button', { name: 'Play Selected' }).waitFor();
          await expect(page.locator('.game-code').textContent()).resolves.toBe(gameId);
          await expect(page.getByRole('group', { name: 'Face up' }).getByRole('button').count()).resolves.toBe(before);
        }
      }
      expect(moves).toBeGreaterThan(3);
      await finishOverHttp(page, gameId, 'Hal');
      // The page learns of the end at its next poll (every 2 s).
      await page.locator('.simple-winner').waitFor({ timeout: 10_000 });
      await expect(page.getByRole('list', { name: 'Final standings' }).getByRole('listitem').count()).resolves.toBe(2);
      await shots(page, 'simple-rest-finished');
      await page.getByRole('link', { name: 'Play again' }).click();
      await page.waitForURL(/\/simple-rest$/);

      // Errors: an unknown game's address shows the Error page; a missing parameter goes to /.
      await page.goto(`${base}/simple-game-rest?gameId=NOPE00&username=Hal`);
      await page.getByRole('alert').getByText('Game not found').waitFor();
      await shots(page, 'simple-rest-error');
      await page.getByRole('link', { name: 'Return to Home' }).click();
      await page.waitForURL(/\/simple-rest$/);
      await page.goto(`${base}/simple-game-rest?gameId=${gameId}`);
      await page.waitForURL(`${base}/`);
    },
    SIMPLE_REST_GAME_MS,
  );
});
