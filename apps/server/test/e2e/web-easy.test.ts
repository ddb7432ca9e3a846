import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type BrowserUser, openBrowser, shot, useWebServer } from './browser.js';
import { autoplayTable } from './table-autoplay.js';

/**
 * The easy variant (`/easy-palace-home`, `/easy-palace-game`) in Debian's Chromium against the
 * real server: one player creates a game, adds an AI, starts and plays it to the finished screen
 * through the UI (the AI moved by this client's own `ai-move` call 1 s after its turn is seen; the page's
 * clock skips that second);
 * then a second browser joins a waiting game by its id and three seats (human, human, AI) start
 * and play it out.
 */
describe('web client - the easy variant in a real browser', () => {
  let base = '';
  const users: BrowserUser[] = [];
  useWebServer({}, (server) => {
    base = server.base;
  });
  afterAll(async () => {
    for (const user of users) await user.close();
  });

  const DESKTOP = { width: 1280, height: 800 };
  const version = (page: Page) => page.locator('main').getAttribute('data-version');
  const finished = (page: Page) => page.locator('main[data-status="finished"]');
  const myTurn = (page: Page) => page.locator('.turn-line.mine');

  /** Creates a game from the home page as `name`; resolves on the waiting screen. */
  async function createGame(page: Page, name: string): Promise<string> {
    await page.goto(`${base}/easy-palace-home`);
    await page.getByRole('heading', { name: 'Easy Palace' }).waitFor();
    await page.getByRole('tabpanel', { name: 'Create Game' }).getByLabel('Your name').fill(name);
    await page.getByRole('tabpanel', { name: 'Create Game' }).getByRole('button', { name: 'Create Game' }).click();
    await page.waitForURL(/\/easy-palace-game\?gameId=[A-Z0-9]{6}&playerId=[^&]+&playerName=/);
    await page.getByRole('heading', { name: 'Waiting for players' }).waitFor();
    return new URL(page.url()).searchParams.get('gameId') ?? '';
  }

  /**
   * One move on the viewer's turn: the first card the server lists in the hand, else in the
   * face-up row, else in the face-down row (listed cards carry the outline, `tc-hint`), else Pick
   * Up; then waits until the state's version moves on. The card is played with a double-tap (one
   * way to play a card: a tap selects, a second tap on the selected card plays it).
   */
  async function move(page: Page): Promise<void> {
    await page.locator('main[data-busy="false"]').waitFor();
    const before = await version(page);
    let clicked = false;
    for (const row of ['Hand', 'Face up', 'Face down']) {
      const card = page.getByRole('group', { name: row }).locator('button.tc-hint:not([disabled])');
      if ((await card.count()) > 0) {
        await card.first().dblclick();
        clicked = true;
        break;
      }
    }
    if (!clicked) await page.getByRole('button', { name: 'Pick Up' }).click();
    await page.locator(`main:not([data-version="${before}"])`).waitFor({ timeout: 10_000 });
  }

  it('web - easy: create, add an AI, start, and play to the finished screen through the UI', async () => {
    const user = await openBrowser();
    users.push(user);
    const { page } = user;
    // The page's clock flows with real time; the play loop skips each AI's 1 s delay with it.
    await page.clock.install();

    // The home page: both tabs, the validation toast, the upper-cased game id.
    await page.goto(`${base}/easy-palace-home`);
    await page.getByRole('heading', { name: 'Easy Palace' }).waitFor();
    await expect(page.getByRole('tab').allTextContents()).resolves.toEqual(['Create Game', 'Join Game']);
    await page.getByRole('tabpanel', { name: 'Create Game' }).getByRole('button', { name: 'Create Game' }).click();
    await page.locator('.toast-title', { hasText: 'Name Required' }).waitFor();
    await expect(page.locator('.toast-description').textContent()).resolves.toBe(
      'Please enter your name to create a game',
    );
    await shot(page, 'easy-home-create-phone');
    await page.getByRole('tab', { name: 'Join Game' }).click();
    await page.getByLabel('Game ID').fill('abc123');
    await expect(page.getByLabel('Game ID').inputValue()).resolves.toBe('ABC123');
    await shot(page, 'easy-home-join-phone');

    await createGame(page, 'Ann');
    await expect(page.getByRole('button', { name: 'Start Game' }).isDisabled()).resolves.toBe(true);
    // Ann plays the Casual AI: the level chosen next to Add AI (not the default, Normal) is the one
    // the server seats. Not Strong: against it this test's player (the lowest listed card, one at a
    // time) loses slowly, 183 moves a game on average in the engine's simulation and some games up
    // to the 1000-move cap (237 s in one run). Against Casual (issue 39's casualPolicy: a random
    // legal move 9 times in 10) about 181 moves in a simulation of this player on easy rules, none
    // near the cap; about 20 s here.
    await page.getByLabel('AI level').selectOption('prototype');
    await page.getByRole('button', { name: 'Add AI' }).click();
    await page.getByRole('list', { name: 'Players' }).getByText('AI Player 1').waitFor();
    await expect(page.getByRole('list', { name: 'Players' }).textContent()).resolves.toContain('(AI)Casual');
    await shot(page, 'easy-waiting-phone');
    // The player id is a credential: in the address, never on the screen.
    const playerId = new URL(page.url()).searchParams.get('playerId') ?? '';
    await expect(page.locator('main').textContent()).resolves.not.toContain(playerId);

    await page.getByRole('button', { name: 'Start Game' }).click();
    await page.locator('.toast-title', { hasText: 'Game Started!' }).waitFor();
    await expect(page.locator('.toast-description').textContent()).resolves.toMatch(/^(Ann|AI Player 1) goes first$/);
    await page.locator('main[data-status="playing"]').waitFor();

    let refusalChecked = false;
    let shotTaken = false;
    let moves = 0;
    for (let step = 0; step < 1000 && moves < 6 && !(await finished(page).isVisible()); step++) {
      if (!(await myTurn(page).isVisible())) {
        // An AI's turn (or a refresh on its way): the page's clock skips the AI's 1 s delay.
        await page.clock.fastForward(1000);
        await myTurn(page)
          .or(finished(page))
          .first()
          .waitFor({ timeout: 500 })
          .catch(() => undefined);
        continue;
      }
      if (!shotTaken) {
        await shot(page, 'easy-playing-phone');
        shotTaken = true;
      }
      // Once: a face-up card while the hand holds cards explains itself in the move line when
      // tapped (it is selected), and Play Selected is refused with the spec's title.
      const handCards = await page.getByRole('group', { name: 'Hand' }).getByRole('button').count();
      if (!refusalChecked && handCards > 0) {
        await page.getByRole('group', { name: 'Face up' }).getByRole('button').first().click();
        await page.locator('.gt-last.explain', { hasText: 'You must play all cards from your hand first' }).waitFor();
        await page.getByRole('button', { name: 'Play Selected' }).click();
        await page.locator('.toast-title', { hasText: 'Cannot play from face-up yet' }).waitFor();
        await expect(page.locator('.toast-description').textContent()).resolves.toBe(
          'You must play all cards from your hand first',
        );
        refusalChecked = true;
      }
      await move(page);
      moves++;
    }
    // The rest of the game from inside the page (table-autoplay.ts), its clock skipping each AI delay.
    moves += await autoplayTable(page, {
      style: 'play',
      overSelector: 'main[data-status="finished"]',
      clockStepMs: 1000,
    });
    expect(refusalChecked).toBe(true);
    expect(moves).toBeGreaterThan(3);
    await finished(page).waitFor();
    const standings = page.getByRole('list', { name: 'Final standings' });
    await expect(standings.getByRole('listitem').count()).resolves.toBe(2);
    await expect(standings.getByRole('listitem').first().textContent()).resolves.toContain('Winner');
    await expect(page.locator('.easy-winner').textContent()).resolves.toMatch(/^(You win!|AI Player 1 wins!)$/);
    // Every card turned over: each player's row of cards at the end, none face down.
    const open = page.getByRole('list', { name: "Every player's cards at the end" });
    await expect(open.getByRole('listitem').count()).resolves.toBe(2);
    await expect(open.getByRole('img', { name: 'Face-down card' }).count()).resolves.toBe(0);
    await shot(page, 'easy-finished-phone');

    // The same seat on a desktop: the finished screen in two columns.
    const desk = await openBrowser(DESKTOP);
    users.push(desk);
    await desk.page.goto(page.url());
    await finished(desk.page).waitFor();
    await desk.page.getByRole('list', { name: 'Final standings' }).waitFor();
    await shot(desk.page, 'easy-finished-desktop');

    // Play Again: back to the home page, the name remembered.
    await page.getByRole('link', { name: 'Play Again' }).click();
    await page.waitForURL(/\/easy-palace-home$/);
    await expect(
      page.getByRole('tabpanel', { name: 'Create Game' }).getByLabel('Your name').inputValue(),
    ).resolves.toBe('Ann');
  }, 300_000);

  it('web - easy: a second browser joins by game id; human, human and AI start, both see whose turn it is, and each plays their turns', async () => {
    const host = await openBrowser(DESKTOP);
    const guest = await openBrowser();
    users.push(host, guest);

    await host.page.goto(`${base}/easy-palace-home`);
    await host.page.getByRole('heading', { name: 'Easy Palace' }).waitFor();
    await shot(host.page, 'easy-home-create-desktop');
    const gameId = await createGame(host.page, 'Hal');

    // The guest types the id in lower case; it is upper-cased and joins the waiting game.
    await guest.page.goto(`${base}/easy-palace-home`);
    await guest.page.getByRole('tab', { name: 'Join Game' }).click();
    const join = guest.page.getByRole('tabpanel', { name: 'Join Game' });
    await join.getByLabel('Your name').fill('Gus');
    await join.getByLabel('Game ID').fill(gameId.toLowerCase());
    await shot(guest.page, 'easy-home-join-filled-phone');
    await join.getByRole('button', { name: 'Join Game' }).click();
    await guest.page.getByRole('heading', { name: 'Waiting for players' }).waitFor();

    // The host's player list shows the guest (within a poll), then an AI.
    const hostPlayers = host.page.getByRole('list', { name: 'Players' });
    await hostPlayers.getByText('Gus').waitFor({ timeout: 6000 });
    await host.page.getByRole('button', { name: 'Add AI' }).click();
    await hostPlayers.getByText('AI Player 1').waitFor();
    await shot(host.page, 'easy-waiting-desktop');

    await host.page.getByRole('button', { name: 'Start Game' }).click();
    await host.page.locator('main[data-status="playing"]').waitFor();
    await guest.page.locator('main[data-status="playing"]').waitFor({ timeout: 6000 });
    for (const page of [host.page, guest.page]) {
      await expect(page.getByRole('list', { name: 'Other players' }).getByRole('listitem').count()).resolves.toBe(2);
      await expect(page.locator('.turn-line').textContent()).resolves.toMatch(
        /^(Your turn|(Hal|Gus)'s turn|AI Player 1's turn \(AI is thinking…\))$/,
      );
    }
    // Exactly one of the two humans (or neither, on the AI's turn) is told it is their turn.
    const mine = (await myTurn(host.page).count()) + (await myTurn(guest.page).count());
    expect(mine).toBeLessThanOrEqual(1);
    await shot(host.page, 'easy-playing-desktop');
    await shot(guest.page, 'easy-playing-guest-phone');

    // Each human moves on their turn, twice round the table (the first test plays a game to its
    // finished screen); the AI's 1 s delay is skipped on both clocks (both clients trigger it; the
    // later call is refused and only refreshes).
    const pages = [host.page, guest.page];
    const moves = [0, 0];
    for (const page of pages) await page.clock.install();
    for (let step = 0; step < 1500 && Math.min(...moves) < 2 && !(await finished(host.page).isVisible()); step++) {
      let moved = false;
      for (const [i, page] of pages.entries()) {
        if (await myTurn(page).isVisible()) {
          await move(page);
          moves[i] = (moves[i] ?? 0) + 1;
          moved = true;
        }
      }
      if (moved) continue;
      for (const page of pages) await page.clock.fastForward(1000);
      await Promise.any(pages.map((page) => myTurn(page).or(finished(page)).first().waitFor({ timeout: 500 }))).catch(
        () => undefined,
      );
    }
    // Both moved twice (or the game ended first, which a short deal may do).
    if (!(await finished(host.page).isVisible())) expect(Math.min(...moves)).toBeGreaterThanOrEqual(2);
    await shot(host.page, 'easy-three-played-desktop');
  }, 240_000);
});
