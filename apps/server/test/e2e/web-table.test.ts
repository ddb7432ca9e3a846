import type { MainGameState } from '@palace/protocol';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { autoplay, guest, me, seatOf } from '../main-harness.js';
import { type BrowserUser, openBrowser, useFullMotion, useWebServer } from './browser.js';
import { seatAnnAndBob } from './hot-seat.js';
import { startRestGameAgainstAi } from './rest-browser.js';
import { autoplayTable } from './table-autoplay.js';
import { expectTableFitsEverywhere, tableFit } from './table-fit.js';

/**
 * The game table (docs/product.md §D10) of the main game in a real browser at the four screen sizes once
 * play has started: every own card and both actions visible and tappable with nothing on top, no
 * page scroll — with the first hand and with a hand of 20+ cards after many pick-ups.
 */

/** The viewer's own hand size on the page (the hand group's cards). */
async function handSize(page: Page): Promise<number> {
  return page.getByRole('group', { name: 'Hand' }).getByRole('button').count();
}

describe('web client - the game table', () => {
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

  it('table - /play: every own card and action fits and can be tapped at 4 sizes, also with a hand of 20+', async () => {
    const user = await openBrowser();
    users.push(user);
    const { page } = user;
    await page.goto(`${base}/play`);
    await page.getByRole('button', { name: 'Create Game' }).click();
    await page.getByRole('button', { name: 'Fewer players' }).click();
    await page.getByRole('button', { name: 'Fewer players' }).click();
    await page.getByRole('button', { name: 'Create Game' }).click();
    await page.waitForURL(/\/play\?gameId=\d+$/);
    const gameId = Number(new URL(page.url()).searchParams.get('gameId'));

    // The opponent joins over the socket and chooses its face-up cards.
    const other = await seatOf(base, await guest(base));
    other.socket.send({ type: 'join_game', gameId });
    const joined = (await other.socket.next('game_state', (f) => f.game.id === gameId)).game as MainGameState;
    const hand = me(joined, other.user.id).handCards.map((c) => c.id);
    other.socket.send({ type: 'select_faceup_cards', gameId, cardIds: hand.slice(0, 3) });
    const stop = autoplay(other, gameId);
    try {
      const choose = page.getByRole('group', { name: 'Your hand' }).getByRole('button');
      await choose.first().waitFor();
      for (let i = 0; i < 3; i++) await choose.nth(i).click();
      await page.getByRole('button', { name: "I'm Ready to Play" }).click();
      await page.getByText('Game Starting').waitFor({ state: 'detached', timeout: 8000 });
      await page.getByRole('group', { name: 'Hand' }).waitFor();
      await expectTableFitsEverywhere(page, 'table-play', 3);

      // Pick up whenever allowed (else play a card) until the hand holds 20 or more (from inside the
      // page: table-autoplay.ts).
      await autoplayTable(page, { style: 'yield', overHeading: /won!$/, untilHand: 20 });
      expect(await handSize(page)).toBeGreaterThanOrEqual(20);
      await expectTableFitsEverywhere(page, 'table-play-big-hand', 20);
    } finally {
      stop();
      await other.socket.close();
    }
  });

  it('table - /rest-poker: the REST game against the AI fits at 4 sizes once play has started', async () => {
    const user = await openBrowser();
    users.push(user);
    const { page } = user;
    await startRestGameAgainstAi(page, base);
    await page.getByRole('button', { name: 'Play Selected' }).waitFor();
    await page.getByRole('group', { name: 'Hand' }).getByRole('button').first().waitFor();
    // A toast ("Game Started!", a move) lies above the table's play area, on no own card or button
    // (web-table-overlays checks every region at every size).
    await page.locator('.toast').first().waitFor();
    const withToast = await tableFit(page);
    expect(withToast.problems).toEqual([]);
    const toast = await page.locator('.toast').first().boundingBox();
    const play = await page.locator('.gt-play').boundingBox();
    expect(toast !== null && play !== null && toast.y + toast.height <= play.y + 1).toBe(true);
    await expectTableFitsEverywhere(page, 'table-rest', 3);
    // Alone against the AI the Hint button shows on Ann's turn (docs/product.md §D14 hint): its
    // line and the hinted card selected; the bar with it fits at the 4 sizes too.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.turn-line.mine').waitFor({ timeout: 15_000 });
    const asked = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/hint'));
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    expect((await asked).status()).toBe(200);
    const line = (await page.locator('.gt-last', { hasText: /^Hint: / }).textContent()) ?? '';
    if (!line.startsWith('Hint: pick up the pile.')) {
      await expect(page.getByRole('button', { name: 'Play Selected' }).isEnabled()).resolves.toBe(true);
    }
    await expectTableFitsEverywhere(page, 'table-rest-hint', 3);
  });

  it('table - /poker and /simplified: the offline tables fit at 4 sizes in play', async () => {
    const user = await openBrowser();
    users.push(user);
    const { page } = user;
    await page.goto(`${base}/poker`);
    await page.getByRole('group', { name: 'Hand' }).getByRole('button').first().waitFor();
    await expectTableFitsEverywhere(page, 'table-poker', 3);

    await page.setViewportSize({ width: 390, height: 844 });
    await seatAnnAndBob(page, base);
    await page.getByRole('button', { name: 'Start Game' }).click();
    for (const name of ['Ann', 'Bob']) {
      await page.getByRole('button', { name: `I'm ${name}: show my cards` }).click();
      const hand = page.getByRole('group', { name: 'Your hand' }).getByRole('button');
      for (let i = 0; i < 3; i++) await hand.nth(i).click();
      await page.getByRole('button', { name: 'Confirm Face-Up Cards' }).click();
    }
    // The cover shows unless the last to choose is also the first to play.
    const cover = page.getByRole('button', { name: /^I'm .*: show my cards$/ });
    const hand = page.getByRole('group', { name: 'Hand' }).getByRole('button').first();
    await Promise.race([cover.waitFor(), hand.waitFor()]);
    if (await cover.isVisible()) await cover.click();
    await hand.waitFor();
    await expectTableFitsEverywhere(page, 'table-simplified', 3);
  });

  it('table - keyboard alone plays a card (one tab stop for the cards, arrows between them), and no move animates under reduced motion', async () => {
    const user = await openBrowser();
    users.push(user);
    const { page } = user;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${base}/poker`);
    const hand = page.getByRole('group', { name: 'Hand' });
    await hand.getByRole('button').first().waitFor();
    // The AI may go first: wait for our turn, one with a hand card to play (after the AI's high
    // card there may be none: pick up and wait for the next turn).
    for (let turn = 0; turn < 20; turn++) {
      await page.locator('.turn-line.mine').waitFor({ timeout: 10_000 });
      // Every own card may be pressed here (a refused one gets its toast): the cards the rules
      // allow now are the hinted ones.
      if ((await hand.locator('button.tc-hint').count()) > 0) break;
      await page.getByRole('button', { name: 'Pick Up', exact: true }).click();
      await page.locator('.turn-line.mine').waitFor({ state: 'detached', timeout: 10_000 });
    }
    const before = await page.evaluate('document.querySelectorAll(\'[data-zone="own"] [data-card-id]\').length');
    // Tab reaches the own cards once (the focused card is a button named like "7 of hearts").
    let focused = '';
    for (let i = 0; i < 30 && !/ of (hearts|diamonds|clubs|spades)$|^Face-down card$/.test(focused); i++) {
      await page.keyboard.press('Tab');
      focused = String(await page.evaluate("document.activeElement?.getAttribute('aria-label') ?? ''"));
    }
    expect(focused).toMatch(/ of (hearts|diamonds|clubs|spades)$/);
    // Arrows move between the cards that may be played; Enter selects; Tab goes on to Play.
    // The stop is a hinted hand card, and the face-down and face-up cards come before the hand in
    // the arrows' order (the stop may be the last card: Left first, then back Right).
    const stop = String(await page.evaluate("document.activeElement?.getAttribute('data-card-id') ?? ''"));
    await page.keyboard.press('ArrowLeft');
    expect(await page.evaluate("document.activeElement?.getAttribute('data-card-id') ?? ''")).not.toBe(stop);
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate("document.activeElement?.getAttribute('data-card-id') ?? ''")).toBe(stop);
    const chosen = String(await page.evaluate("document.activeElement?.getAttribute('aria-label') ?? ''"));
    expect(await page.evaluate("document.activeElement?.classList.contains('tc-hint') ?? false")).toBe(true);
    const cardId = String(await page.evaluate("document.activeElement?.getAttribute('data-card-id') ?? ''"));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: chosen }).getAttribute('aria-pressed')).resolves.toBe('true');
    let onPlay = false;
    for (let i = 0; i < 40 && !onPlay; i++) {
      await page.keyboard.press('Tab');
      onPlay = /^Play( \d+ cards)?$/.test(String(await page.evaluate("document.activeElement?.textContent ?? ''")));
    }
    expect(onPlay).toBe(true);
    await page.keyboard.press('Enter');
    // The card left the hand (the line 'You played …' lasts only until the AI moves, 1.5 s later:
    // on a busy machine it could be gone before it was read).
    await page.locator(`[data-zone="own"] [data-card-id="${cardId}"]`).waitFor({ state: 'detached' });
    expect(cardId).not.toBe('');
    // Focus stayed with the own cards (the cards' stop, or their area while none may be pressed), not the page.
    await expect(page.evaluate('document.activeElement?.closest(\'[data-zone="own"]\') !== null')).resolves.toBe(true);
    // Reduced motion: the move ran without any animation of the cards.
    const running = await page.evaluate(
      "document.getAnimations().filter((a) => a.effect && a.effect.target && a.effect.target.closest && a.effect.target.closest('.game-table')).length",
    );
    expect(running).toBe(0);
    expect(await page.evaluate("document.querySelectorAll('.tc-ghost').length")).toBe(0);
    expect(Number(before)).toBeGreaterThan(0);
  });
});
