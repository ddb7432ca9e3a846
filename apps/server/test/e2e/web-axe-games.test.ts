import { describe, expect, it } from 'vitest';
import { Client, finishedRestGame } from '../harness.js';
import { auditSizes, type Finding, report, SIZES, type Size, settle, tab } from './axe-audit.js';
import { browserUsers, useWebServer } from './browser.js';
import { seatAnnAndBob } from './hot-seat.js';

/**
 * Accessibility of the game screens (docs/product.md §D10): axe-core's WCAG 2.0 and 2.1 A and AA
 * rules in Debian's Chromium against the real server, at a phone size and a desktop size, with
 * games waiting, in play and finished (the routes themselves: web-axe-visitors, web-axe-players).
 * A serious or critical violation fails the test, which prints each one with its screen, rule,
 * elements and axe's reason. axe leaves text on a gradient (the felt table) undecided
 * ("incomplete"), so that contrast needs a look by eye.
 */
describe('web client - axe-core finds no serious or critical violation on any game screen', () => {
  let base = '';
  useWebServer({}, (server) => {
    base = server.base;
  });
  const users = browserUsers();
  const browser = (size: Size) => users(SIZES[size]);

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
    const done = (await finishedRestGame(c)).seated;
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
    // Its review, every move listed (docs/product.md §D14 review).
    await page.getByRole('link', { name: 'Review' }).click();
    await page.getByRole('heading', { name: 'How to read this' }).waitFor({ timeout: 30_000 });
    await page.getByRole('checkbox', { name: 'Marked moves only' }).uncheck();
    findings.push(...(await auditSizes(page, '/review/rest/{id}')));
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
    await seatAnnAndBob(page, base);
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
