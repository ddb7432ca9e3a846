import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, restToEnd, twoPlayers } from '../harness.js';
import { createGame, ok200, registered, seatOf } from '../main-harness.js';
import { Browser, chooseFaceUp, moveIfDue, type Player as PublicPlayer } from '../public-client.js';
import { auditSizes } from './axe-audit.js';
import { type BrowserUser, openBrowser, shot, useWebServer } from './browser.js';
import { checkPanel } from './game-over-checks.js';
import { loseInBrowser } from './main-browser.js';
import { TABLE_SIZES, tableFit } from './table-fit.js';

/**
 * Rematches in a real browser against the real server (docs/product.md §D11 rematch): the offer
 * on the game-over panel (whose content is checked here too: game-over-checks.ts) of the main game,
 * the REST game and a public game (a spectator there),
 * joined with one tap, at phone and desktop sizes with the table still fitting.
 */

const CODE = 'REMATCH-WEB';

/** Every own card and action stays tappable with the panel over the table, and the panel does not scroll. */
async function fitsEverywhere(page: Page, name: string, panel: string): Promise<void> {
  for (const size of TABLE_SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(150);
    const report = await tableFit(page);
    await shot(page, `${name}-${size.name}`);
    expect(report.problems, `${name} at ${size.width}x${size.height}`).toEqual([]);
    const [scroll, client] = (await page.evaluate(
      `(() => { const el = document.querySelector(${JSON.stringify(panel)}); return [el.scrollHeight, el.clientHeight]; })()`,
    )) as [number, number];
    expect(scroll, `the panel scrolls at ${size.width}x${size.height}`).toBeLessThanOrEqual(client + 1);
    // The rematch button itself lies inside the screen.
    const button = page.getByRole('button', { name: /Rematch/ });
    const box = await button.boundingBox();
    expect(box, `${name}: the rematch button at ${size.width}x${size.height}`).not.toBeNull();
    if (box !== null) {
      expect(box.y + box.height).toBeLessThanOrEqual(size.height + 0.5);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width + 0.5);
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

describe('web client - rematch', () => {
  let base = '';
  const users: BrowserUser[] = [];
  useWebServer({ inviteCodes: [CODE], inviteUses: 50 }, (started) => {
    base = started.base;
  });
  afterAll(async () => {
    for (const user of users) await user.close();
  });

  it('rematch - main game: the offer shows on the game-over panel; Join Rematch opens the new room', async () => {
    const dee = await registered(base, CODE, 'Dee');
    const user = await openBrowser();
    users.push(user);
    const { page } = user;
    // A guest in the browser (signed in on the first visit): guests play without fees.
    await page.goto(`${base}/play`);
    await page.getByRole('heading', { name: 'Play' }).waitFor();
    // Dee creates the game over HTTP and plays over the socket; the guest plays in the browser and picks up whenever she may.
    const gameId = await createGame(dee.jar, { name: 'Friday Table', playerLimit: 2, entryFee: 100 });
    // A spectator (a guest in a third browser) watches the game from the start.
    const watcher = await openBrowser();
    users.push(watcher);
    await watcher.page.goto(`${base}/play?gameId=${gameId}&watch=1`);
    await watcher.page.getByRole('heading', { name: /Friday Table/ }).waitFor();
    const other = await seatOf(base, dee);
    await loseInBrowser(page, base, other, gameId);
    // The game-over panel (docs/web.md "The table kit": game over): the loser's place, standings,
    // length, every move, every card face up, one primary action.
    const panel = page.locator('.go-panel');
    await panel.getByText('You finished 2nd of 2', { exact: true }).waitFor();
    expect(await checkPanel(page, panel, 'main')).toBe(2);
    await panel.getByRole('link', { name: 'Back to Lobby' }).waitFor();
    await panel.getByRole('link', { name: 'Watch the replay' }).waitFor();
    // Before any offer: the player's own Rematch button (no fee for a guest), the primary action.
    await page.getByRole('button', { name: 'Rematch', exact: true }).waitFor();
    await expect(panel.locator('.button-primary').textContent()).resolves.toBe('Rematch');
    // Dee (the winner, 200 tokens richer) offers over the socket and pays the fee; the panel says so at once.
    const balance = async () => ok200(await dee.jar.get<{ balance: number }>('/api/tokens/balance')).balance;
    const before = await balance();
    other.socket.drain();
    other.socket.send({ type: 'offer_rematch', gameId });
    const moved = await other.socket.next('join_success');
    const next = moved.gameId;
    expect(next).not.toBe(gameId);
    expect(await balance()).toBe(before - 100);
    await page.getByText(`${dee.user.username} wants a rematch.`).waitFor();
    const join = page.getByRole('button', { name: 'Join Rematch', exact: true });
    await join.waitFor();
    await fitsEverywhere(page, 'rematch-main', '.game-over');
    expect(await auditSizes(page, 'main game over with a rematch offer')).toEqual([]);
    // The spectator is offered what a spectator can do: watch the rematch (no Join that does nothing).
    const watchRematch = watcher.page.getByRole('link', { name: 'Watch Rematch', exact: true });
    await watchRematch.waitFor();
    await shot(watcher.page, 'rematch-main-spectator');
    await expect(watcher.page.getByRole('button', { name: /Rematch/ }).count()).resolves.toBe(0);
    await watchRematch.click();
    await watcher.page.waitForURL(`${base}/play?gameId=${next}&watch=1`);
    await watcher.page.getByRole('heading', { name: 'Waiting for players' }).waitFor();
    await join.click();
    await page.waitForURL(`${base}/play?gameId=${next}`);
    await page.getByRole('heading', { name: 'Waiting for players' }).waitFor();
    await page.getByRole('heading', { name: /Friday Table/ }).waitFor();
    const room = (await other.socket.next('game_state', (f) => f.game.id === next && f.game.players.length === 2)).game;
    expect(room.players[0]?.username).toBe(dee.user.username);
    expect(room.players[1]?.isGuest).toBe(true);
    await other.socket.close();
  }, 180_000);

  it('rematch - REST game: the other player’s offer on the winner panel; one tap seats you in the new game', async () => {
    const c = new Client(base);
    const { gameId, alice, bob } = await twoPlayers(c, { start: true });
    await restToEnd(c, gameId, [alice, bob]);
    const offered = await c.seated(c.post(`/api/rest-games/${gameId}/rematch`, { playerId: bob.playerId }));
    const user = await openBrowser({ width: 844, height: 390 });
    users.push(user);
    const { page } = user;
    await page.goto(`${base}/rest-poker`);
    await page.evaluate(
      `localStorage.setItem('palace_game_id', ${JSON.stringify(gameId)}); localStorage.setItem('palace_player_id', ${JSON.stringify(alice.playerId)})`,
    );
    await page.goto(`${base}/rest-poker/${gameId}`);
    await page.getByText('Bob wants a rematch.').waitFor({ timeout: 15_000 });
    expect(await checkPanel(page, page.locator('.go-panel'), 'rest')).toBe(2);
    await fitsEverywhere(page, 'rematch-rest', '.rest-winner');
    await page.getByRole('button', { name: 'Join Rematch' }).click();
    await page.waitForURL(`${base}/rest-poker/${offered.gameId}`);
    const state = await c.state(offered.gameId);
    expect(state.players.map((p) => p.name)).toEqual(['Bob', 'Alice']);
    await expect(page.evaluate("localStorage.getItem('palace_game_id')")).resolves.toBe(offered.gameId);
    await page.locator('.game-code', { hasText: offered.gameId }).first().waitFor();
    await page.getByRole('heading', { name: 'Players (2/4)' }).waitFor();
  }, 120_000);

  it('rematch - public game: a spectator sees the offer and joins the new game as a player with one tap', async () => {
    const alice: PublicPlayer = { browser: new Browser(base), username: 'Alice' };
    const bob: PublicPlayer = { browser: new Browser(base), username: 'Bobby' };
    const { gameId } = await alice.browser.entered({ username: 'Alice', visibility: 'public' });
    await bob.browser.entered({ username: 'Bobby', gameId });
    await alice.browser.done(gameId, 'start', { username: 'Alice' });
    await chooseFaceUp(gameId, alice);
    await chooseFaceUp(gameId, bob);
    const user = await openBrowser({ width: 1440, height: 900 });
    users.push(user);
    const { page } = user;
    // Carol watches from her browser (the seat cookie goes to her browser's jar).
    const entered = await user.context.request.post(`${base}/api/palace/games`, {
      data: { username: 'Carol', gameId },
    });
    expect(((await entered.json()) as { asSpectator: boolean }).asSpectator).toBe(true);
    let state = await alice.browser.state(gameId, 'Alice');
    for (let i = 0; i < 5000 && state.status !== 'finished'; i++) {
      if (!(await moveIfDue(gameId, [alice, bob], state))) await new Promise((r) => setTimeout(r, 2));
      state = await alice.browser.state(gameId, 'Alice');
    }
    expect(state.status).toBe('finished');
    await page.goto(`${base}/palace-game?id=${gameId}&username=Carol`);
    await page.getByRole('heading', { name: 'Game over' }).waitFor();
    // A spectator cannot offer: no button until a player does.
    await expect(page.getByRole('button', { name: /Rematch/ }).count()).resolves.toBe(0);
    const offered = await alice.browser.request<{ gameId: string }>('POST', `/api/palace/games/${gameId}/rematch`, {
      username: 'Alice',
    });
    expect(offered.status).toBe(200);
    // The finished game is still polled (slowly) for an offer.
    await page.getByText('Alice wants a rematch.').waitFor({ timeout: 15_000 });
    await fitsEverywhere(page, 'rematch-public', '.public-finished');
    await page.getByRole('button', { name: 'Join Rematch' }).click();
    await page.waitForURL(`${base}/palace-game?id=${offered.body.gameId}&username=Carol`);
    await page.getByText('Role: Player').or(page.getByLabel('Role: Player')).first().waitFor();
    const seated = await alice.browser.state(offered.body.gameId, 'Alice');
    expect(seated.players.map((p) => p.username)).toEqual(['Alice', 'Carol']);
  }, 120_000);
});
