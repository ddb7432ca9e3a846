import type { MyRatingsResponse, RatingLeader } from '@palace/protocol';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../harness.js';
import { createGame, headsUp, ok200, PASSWORD, type Player, registered, seatOf } from '../main-harness.js';
import { audit } from './axe-audit.js';
import { type BrowserUser, openBrowser, shot, useWebServer } from './browser.js';
import { loseInBrowser } from './main-browser.js';
import { TABLE_SIZES, tableFit } from './table-fit.js';

/**
 * The ratings screens (docs/product.md §D11) in a real browser against the real server, with
 * ratings made by finishing main games over /ws: the profile's Ratings card, the leaderboard's
 * Rating view, and the rating line on the main game's game-over panel.
 */

const CODE = 'RATINGS';

/** A two-seat classic main game where `loser` picks up whenever it may: `winner` wins. */
async function play(server: TestServer, winner: Player, loser: Player): Promise<number> {
  const final = await headsUp(server.base, winner, loser, { name: 'Rated Table', entryFee: 100 });
  expect(final.winnerId).toBe(winner.user.id);
  return final.id;
}

/** axe's serious and critical findings on the page as it is now. */
async function axeFindings(page: Page): Promise<string[]> {
  return (await audit(page, page.url())).map((f) => `${f.rule}: ${f.targets.join(', ')}`);
}

/** Screenshots of the page at the four sizes, as test-output/screens/{name}-{size}.png; fails if the page scrolls sideways. */
async function shotsEverywhere(page: Page, name: string): Promise<void> {
  for (const size of TABLE_SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(150);
    const wide = (await page.evaluate('document.documentElement.scrollWidth')) as number;
    expect(wide, `${name} at ${size.width}x${size.height} scrolls sideways`).toBeLessThanOrEqual(size.width);
    await shot(page, `${name}-${size.name}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

async function signIn(user: BrowserUser, base: string, player: Player): Promise<void> {
  const got = await user.context.request.post(`${base}/api/auth/login`, {
    data: { username: player.user.username, password: PASSWORD },
  });
  expect(got.status()).toBe(200);
}

describe('web client - ratings', () => {
  let server: TestServer | undefined;
  let base = '';
  const users: BrowserUser[] = [];
  useWebServer({ inviteCodes: [CODE], inviteUses: 50 }, (started) => {
    server = started;
    base = started.base;
  });
  afterAll(async () => {
    for (const user of users) await user.close();
  });

  /** Ann wins twice and loses once (three classic games); Dee beats her. */
  let ann: Player;
  let dee: Player;

  it("ratings - /profile: each preset's rating, the provisional mark, rated games and the history chart", async () => {
    if (server === undefined) throw new Error('no server');
    ann = await registered(base, CODE, 'Ann');
    const bob = await registered(base, CODE, 'Bob');
    const cid = await registered(base, CODE, 'Cid');
    dee = await registered(base, CODE, 'Dee');
    const games = [await play(server, ann, bob), await play(server, ann, cid), await play(server, dee, ann)];
    const [classic] = ok200(await ann.jar.get<MyRatingsResponse>('/api/ratings/me')).ratings;
    if (classic === undefined) throw new Error('Ann has no classic rating');
    expect(classic.history.map((p) => p.gameId)).toEqual(games);

    const user = await openBrowser();
    users.push(user);
    await signIn(user, base, ann);
    const { page } = user;
    await page.goto(`${base}/profile`);
    const card = page.getByRole('region', { name: 'Ratings' });
    await card.getByRole('heading', { name: 'Classic' }).waitFor();
    await expect(card.getByTestId('rating-classic').textContent()).resolves.toBe(String(classic.rating));
    await card.getByText('Provisional: fewer than 10 rated games', { exact: true }).first().waitFor();
    await card.getByText('3 rated games', { exact: true }).waitFor();
    await card
      .getByRole('img', { name: `Classic rating over the last 3 games: from 1000 to ${classic.rating}` })
      .waitFor();
    // Only the presets the player has a rating in.
    await expect(card.getByRole('heading', { name: 'Wild' }).count()).resolves.toBe(0);
    // The table alternative, opened by keyboard: the games newest first with their signed changes.
    await card.getByText('Classic: the last 3 games').focus();
    await page.keyboard.press('Enter');
    const rows = card.getByRole('table').getByRole('row');
    await expect(rows.count()).resolves.toBe(4);
    const last = classic.history[2];
    await expect(rows.nth(1).textContent()).resolves.toContain(`#${last?.gameId}\u2212${-(last?.delta ?? 0)}`);
    await expect(axeFindings(page)).resolves.toEqual([]);
    await shotsEverywhere(page, 'ratings-profile');

    // A registered player with no rated game gets one line; a guest sees no Ratings card at all.
    const newcomer = await registered(base, CODE, 'Eve');
    const other = await openBrowser();
    users.push(other);
    await signIn(other, base, newcomer);
    await other.page.goto(`${base}/profile`);
    await other.page
      .getByText('No rated games yet. Finish a main game against another registered player to get a rating.', {
        exact: true,
      })
      .waitFor();
    await shot(other.page, 'ratings-profile-none');
    await other.context.request.post(`${base}/api/auth/logout`);
    await other.context.request.post(`${base}/api/auth/guest-login`);
    await other.page.goto(`${base}/profile`);
    await other.page.getByRole('heading', { name: 'Guests have no profile' }).waitFor();
    await expect(other.page.getByRole('heading', { name: 'Ratings' }).count()).resolves.toBe(0);
  }, 180_000);

  it('ratings - /tokens: the Rating view lists a preset best first with the provisional mark; Balance and Wins stay', async () => {
    const board = ok200(await ann.jar.get<RatingLeader[]>('/api/ratings/leaderboard?preset=classic'));
    expect(board).toHaveLength(4);
    const user = await openBrowser();
    users.push(user);
    await signIn(user, base, ann);
    const { page } = user;
    await page.goto(`${base}/tokens`);
    await page.getByRole('list', { name: 'Players by balance' }).waitFor();
    await expect(
      page.getByRole('group', { name: 'Rank players by' }).getByRole('button').allTextContents(),
    ).resolves.toEqual(['Balance', 'Wins', 'Rating']);

    // By keyboard: Rating, then the preset choice.
    await page.getByRole('button', { name: 'Rating' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Rating' }).getAttribute('aria-pressed')).resolves.toBe('true');
    const presets = page.getByRole('group', { name: 'Rating preset' });
    await expect(presets.getByRole('button').allTextContents()).resolves.toEqual(['Classic', 'Easy', 'Wild']);
    await expect(presets.getByRole('button', { name: 'Classic' }).getAttribute('aria-pressed')).resolves.toBe('true');
    const list = page.getByRole('list', { name: 'Players by Classic rating' });
    await list.waitFor();
    const items = list.getByRole('listitem');
    await expect(items.count()).resolves.toBe(4);
    for (const [n, leader] of board.entries()) {
      const item = items.nth(n);
      await expect(item.locator('.leader-name').textContent()).resolves.toMatch(
        new RegExp(`^${leader.username}(You)?$`),
      );
      await expect(item.locator('.leader-rank').textContent()).resolves.toBe(String(leader.rank));
      await expect(item.textContent()).resolves.toContain(`Rating ${leader.rating}`);
      await expect(item.textContent()).resolves.toContain(`${leader.games} ${leader.games === 1 ? 'game' : 'games'}`);
      await item.getByText('Provisional: fewer than 10 rated games', { exact: true }).waitFor({ state: 'attached' });
    }
    await list.getByText('You', { exact: true }).waitFor();
    await expect(axeFindings(page)).resolves.toEqual([]);
    await shotsEverywhere(page, 'ratings-leaderboard');

    await page.keyboard.press('Tab'); // Classic
    await page.keyboard.press('Tab'); // Easy
    await page.keyboard.press('Tab'); // Wild
    await page.keyboard.press('Enter');
    await expect(presets.getByRole('button', { name: 'Wild' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await page.getByText('Nobody is rated in this preset yet.', { exact: true }).waitFor();
    await shot(page, 'ratings-leaderboard-empty');

    // The two other orders are as they were.
    await page.getByRole('button', { name: 'Wins' }).click();
    await page.getByRole('list', { name: 'Players by wins' }).waitFor();
    await page.getByRole('button', { name: 'Balance' }).click();
    await page.getByRole('list', { name: 'Players by balance' }).waitFor();
  }, 60_000);

  it('ratings - game over: a registered player sees the rating the game left, the table still fits', async () => {
    const before = ok200(await ann.jar.get<MyRatingsResponse>('/api/ratings/me')).ratings[0];
    const user = await openBrowser();
    users.push(user);
    await signIn(user, base, ann);
    const { page } = user;
    // Dee creates the game over HTTP and plays over the socket; Ann plays in the browser and picks up whenever she may.
    const gameId = await createGame(dee.jar, { name: 'Rated Table', playerLimit: 2, entryFee: 100 });
    const other = await seatOf(base, dee);
    try {
      await loseInBrowser(page, base, other, gameId);
    } finally {
      await other.socket.close();
    }
    const after = ok200(await ann.jar.get<MyRatingsResponse>('/api/ratings/me')).ratings[0];
    const point = after?.history.at(-1);
    expect(point?.gameId).toBe(gameId);
    expect(after?.games).toBe((before?.games ?? 0) + 1);
    const line = page.locator('.game-over .game-rating');
    await line.getByText(`Rating ${point?.rating} (\u2212${-(point?.delta ?? 0)})`, { exact: true }).waitFor();
    await line.getByText('· Classic', { exact: true }).waitFor();
    // The panel lies over the table's middle: every own card and action stays visible and tappable.
    for (const size of TABLE_SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.waitForTimeout(150);
      const report = await tableFit(page);
      await shot(page, `ratings-game-over-${size.name}`);
      expect(report.problems, `game over at ${size.width}x${size.height}`).toEqual([]);
      expect(report.cards, `game over at ${size.width}x${size.height}: own cards`).toBeGreaterThan(0);
      // The whole panel shows, the rating line included, without scrolling inside it.
      const panel = (await page.evaluate(
        "(() => { const el = document.querySelector('.game-over'); return [el.scrollHeight, el.clientHeight]; })()",
      )) as [number, number];
      expect(panel[0], `the game-over panel scrolls at ${size.width}x${size.height}`).toBeLessThanOrEqual(panel[1] + 1);
    }
  }, 180_000);
});
