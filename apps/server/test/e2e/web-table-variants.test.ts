import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { type BrowserUser, openBrowser, saveScreenshot, useFullMotion, useWebServer } from './browser.js';
import { expectTableFitsEverywhere, TABLE_SIZES, tableFit } from './table-fit.js';

/**
 * The game table (docs/product.md §D10) of the four username variants in a real browser at the four
 * screen sizes once play has started — the simple websocket game, the simple REST game, a public
 * game and the easy game, each against an AI: every own card and every action lies inside the
 * viewport and is the element hit there, and the page does not scroll. Screenshots go to
 * test-output/screens/table-{variant}-{size}.png.
 */
describe('web client - the variants on the game table', () => {
  let base = '';
  const users: BrowserUser[] = [];
  // The table with its motion: each move's card flights run, and the fit is measured once they end.
  useFullMotion();
  useWebServer({}, (server) => {
    base = server.base;
  });
  afterAll(async () => {
    for (const user of users) await user.close();
  });

  async function page(): Promise<Page> {
    const user = await openBrowser();
    users.push(user);
    return user.page;
  }

  /** Three hand cards picked one at a time, each counted before the next (the websocket sends each). */
  async function pickFaceUp(p: Page, counted: (i: number) => RegExp | null): Promise<void> {
    const hand = p.getByRole('group', { name: 'Hand' });
    for (let i = 1; i <= 3; i++) {
      await hand.locator('button[aria-pressed="false"]').first().click();
      const text = counted(i);
      if (text !== null) await p.getByText(text).waitFor();
    }
  }

  it('table - /simple-game: the websocket game against an AI fits at 4 sizes', async () => {
    const p = await page();
    await p.goto(`${base}/simple-game`);
    await p.getByLabel('Your name').fill('Ann');
    await p.getByRole('button', { name: 'Create New Game' }).click();
    await p.getByText('Choose 3 cards to place face-up').waitFor();
    await p.getByRole('button', { name: 'Add AI opponent' }).click();
    await p.getByRole('list', { name: 'Other players' }).getByText('AI Player 1').waitFor();
    // The third pick confirms the choice.
    await pickFaceUp(p, (i) => (i < 3 ? new RegExp(`^${i} of 3 selected`) : null));
    await p.getByRole('button', { name: 'Play Selected' }).waitFor();
    await expectTableFitsEverywhere(p, 'table-simple-ws', 3);
  });

  it('table - /simple-game-rest: the REST game against an AI fits at 4 sizes', async () => {
    const p = await page();
    await p.goto(`${base}/simple-rest`);
    await p.getByLabel('Username').fill('Hal');
    await p.getByRole('button', { name: 'Create New Game' }).click();
    await p.getByText('Choose 3 cards to place face-up').waitFor();
    await p.getByRole('button', { name: 'Add AI opponent' }).click();
    await p.getByRole('list', { name: 'Other players' }).getByText('AI Player 1').waitFor();
    await pickFaceUp(p, (i) => new RegExp(`^${i} of 3 selected`));
    await p.getByRole('button', { name: 'Confirm Selection' }).click();
    await p.getByRole('button', { name: 'Play Selected' }).waitFor();
    await expectTableFitsEverywhere(p, 'table-simple-rest', 3);
  });

  it('table - /palace-game: a public game against an AI fits at 4 sizes', async () => {
    const p = await page();
    await p.goto(`${base}/palace-home`);
    await p.getByLabel('Your name').fill('Alice');
    await p.getByRole('button', { name: 'Create Game' }).click();
    await p.getByRole('region', { name: 'Waiting for players' }).waitFor();
    await p.getByRole('button', { name: 'Add AI' }).click();
    await p.getByRole('list', { name: 'Other players' }).getByText('AI Player 1').waitFor();
    await p.getByRole('button', { name: 'Start Game' }).click();
    await p.getByRole('button', { name: 'Ready' }).waitFor();
    await pickFaceUp(p, (i) => new RegExp(`${i} of 3 chosen`));
    await p.getByRole('button', { name: 'Ready' }).click();
    await p.getByLabel('Status: Playing').waitFor();
    await expectTableFitsEverywhere(p, 'table-public', 3);
    // Its "Chat & rules" sheet, open on a phone, keeps off every own card and action (sheet-bounds.ts).
    for (const size of TABLE_SIZES.filter((s) => s.width < 1024)) {
      await p.setViewportSize({ width: size.width, height: size.height });
      await p.getByRole('button', { name: 'Chat & rules' }).click();
      await p.locator('.gt-side.open').waitFor();
      const report = await tableFit(p);
      await saveScreenshot(p, `table-public-sheet-${size.name}`, false);
      expect(report.problems, `the open sheet at ${size.width}x${size.height}`).toEqual([]);
      await p.getByRole('complementary', { name: 'Chat & rules' }).getByRole('button', { name: 'Close' }).click();
      await p.locator('.gt-side.open').waitFor({ state: 'detached' });
    }
  });

  it('table - /easy-palace-game: the easy game against an AI fits at 4 sizes', async () => {
    const p = await page();
    await p.goto(`${base}/easy-palace-home`);
    await p.getByRole('tabpanel', { name: 'Create Game' }).getByLabel('Your name').fill('Ann');
    await p.getByRole('tabpanel', { name: 'Create Game' }).getByRole('button', { name: 'Create Game' }).click();
    await p.getByRole('heading', { name: 'Waiting for players' }).waitFor();
    await p.getByRole('button', { name: 'Add AI' }).click();
    await p.getByRole('list', { name: 'Players' }).getByText('AI Player 1').waitFor();
    await p.getByRole('button', { name: 'Start Game' }).click();
    await p.locator('main[data-status="playing"]').waitFor();
    await p.getByRole('group', { name: 'Hand' }).getByRole('button').first().waitFor();
    await expectTableFitsEverywhere(p, 'table-easy', 3);
  });
});
