import type { Page } from 'playwright-core';
import { autoplay, joinGame, me, type Seat } from '../main-harness.js';
import { autoplayTable } from './table-autoplay.js';

/**
 * A two-seat main game, already created, played to its end: the page's player (signed in) in the
 * browser picks up whenever it may (else plays its first allowed card), `other` over the socket
 * plays its lowest cards, so `other` wins. Answers once the page shows "{other} won!"; `other`'s
 * socket stays open.
 */
export async function loseInBrowser(page: Page, base: string, other: Seat, gameId: number): Promise<void> {
  await joinGame(other, gameId);
  await page.goto(`${base}/play?gameId=${gameId}`);
  const choose = page.getByRole('group', { name: 'Your hand' }).getByRole('button');
  await choose.first().waitFor();
  const joined = (await other.socket.next('game_state', (f) => f.game.players.length === 2)).game;
  const hand = me(joined, other.user.id).handCards.map((c) => c.id);
  other.socket.send({ type: 'select_faceup_cards', gameId, cardIds: hand.slice(0, 3) });
  const stop = autoplay(other, gameId);
  try {
    for (let i = 0; i < 3; i++) await choose.nth(i).click();
    await page.getByRole('button', { name: "I'm Ready to Play" }).click();
    await page.getByText('Game Starting').waitFor({ state: 'detached', timeout: 8000 });
    const over = page.getByRole('heading', { name: /won!$/ });
    const pickUp = page.getByRole('button', { name: 'Pick Up' });
    // The first pick-ups with the pointer, the rest from inside the page (table-autoplay.ts).
    let pickUps = 0;
    for (let i = 0; i < 1500 && pickUps < 3 && !(await over.isVisible()); i++) {
      if (await pickUp.isEnabled().catch(() => false)) {
        await pickUp.click().catch(() => undefined);
        pickUps++;
      } else if (await page.getByText('Your turn', { exact: true }).isVisible()) {
        // Nothing to pick up: play the first card allowed.
        const playable = page.locator('[data-zone="own"] button[data-card-id]:not([disabled])');
        if ((await playable.count()) > 0) {
          await playable
            .first()
            .click()
            .catch(() => undefined);
          await page
            .getByRole('button', { name: 'Play', exact: true })
            .click()
            .catch(() => undefined);
        }
      }
      await page.waitForTimeout(30);
    }
    await autoplayTable(page, { style: 'yield', overHeading: /won!$/ });
    await page.getByRole('heading', { name: `${other.user.username} won!` }).waitFor();
  } finally {
    stop();
  }
}

/** In the main game's waiting room: the first three hand cards face up, then "I'm Ready to Play". */
export async function chooseFaceUpInBrowser(page: Page): Promise<void> {
  const hand = page.getByRole('group', { name: 'Your hand' }).getByRole('button');
  await hand.first().waitFor();
  for (let i = 0; i < 3; i++) await hand.nth(i).click();
  await page.getByRole('button', { name: "I'm Ready to Play" }).click();
}
