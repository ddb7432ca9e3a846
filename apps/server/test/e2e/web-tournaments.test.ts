import type { MainCard, Tournament } from '@palace/protocol';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { guest, joinGame, me, type Player, registered, type Seat, seatOf } from '../main-harness.js';
import { auditSizes, report } from './axe-audit.js';
import { type BrowserUser, openBrowser, SCREENSHOTS, saveScreenshot, useWebServer } from './browser.js';
import { expectLaidOut } from './page-layout.js';
import { expectTableFitsEverywhere, TABLE_SIZES } from './table-fit.js';

/**
 * The tournament screens in Debian's Chromium against the real server (real SQLite file;
 * docs/product.md §D11 swiss-tournaments, docs/web.md "Tournaments"): a registered player creates a free
 * tournament of 4 at tables of 2 for 1 round in the form (a refusal of the server shown at its
 * field first), enters it; three more players enter over HTTP and it starts; the page shows round 1
 * with its two tables, the deal commitment and Play at the player's own table only; Play opens the
 * room with "Round 1 of 1, table N" in its header, which leaves every own card and action on screen;
 * the lobby's Tournaments chip lists both tables. Both pages are checked for overlaps and sideways
 * scrolling at four sizes, by axe at two, and photographed (tournaments-*.png).
 */

const CODE = 'TOURNEY-WEB';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** What the tournament pages' layout check looks at (see page-layout.ts). */
const TOURNAMENT_LAYOUT =
  'button, input, a, select, textarea, label, h1, h2, h3, h4, p, legend, dt, dd, th, td, code, .avatar, .status-badge';

/** At each layout size: nothing overlaps or sticks out; a full-page screenshot tournaments-{name}-{size}.png at each. */
function expectTournamentLaidOut(page: Page, name: string): Promise<void> {
  return expectLaidOut(page, `tournaments-${name}`, { selectors: TOURNAMENT_LAYOUT, minSize: 1.5, back: PHONE });
}

/**
 * Runs in the page: the room header's tournament link is whole (not cut by the header's ellipsis)
 * and inside the viewport.
 */
const LABEL_SCRIPT = `(() => {
  const link = document.querySelector('.room-meta a');
  if (link === null) return 'no tournament link in the room header';
  const box = link.getBoundingClientRect();
  const line = link.closest('.room-meta').getBoundingClientRect();
  if (box.right > line.right + 0.5 || box.left < line.left - 0.5) return 'the link is cut: ' + Math.round(box.left) + '..' + Math.round(box.right) + ' in ' + Math.round(line.left) + '..' + Math.round(line.right);
  if (box.right > window.innerWidth || box.bottom > window.innerHeight || box.top < 0) return 'the link lies outside the viewport';
  return '';
})()`;

/** A time as a `datetime-local` input takes it, in this machine's time zone (the browser's). */
function localTime(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

describe('web client - tournaments in a real browser', () => {
  let base = '';
  const users: BrowserUser[] = [];
  const seats: Seat[] = [];
  useWebServer({ inviteCodes: [CODE], inviteUses: 20 }, (server) => {
    base = server.base;
  });
  afterAll(async () => {
    for (const seat of seats) seat.socket.socket.close();
    for (const user of users) await user.close();
  });

  it('tournaments - create in the form, enter, the round with its tables and deal, Play into the room, the lobby chip', async () => {
    const user = await openBrowser(PHONE);
    users.push(user);
    const { page } = user;
    const username = 'CupHost';
    const signedUp = await user.context.request.post(`${base}/api/auth/register`, {
      data: { username, email: 'cuphost@example.com', password: 'secret-pass', inviteCode: CODE },
    });
    expect(signedUp.status(), await signedUp.text()).toBe(200);
    const host = ((await signedUp.json()) as { id: number }).id;
    // The page's clock flows with real time; the wait for its next 5 s poll is skipped below.
    await page.clock.install();

    // The list, empty; the form, with every field labelled; the server's refusal at its field.
    await page.goto(`${base}/tournaments`);
    await page.getByRole('heading', { level: 1, name: 'Tournaments' }).waitFor();
    await page.getByText('No tournaments yet.').waitFor();
    await page.getByRole('button', { name: 'Create Tournament' }).click();
    await page.getByRole('heading', { name: 'New tournament' }).waitFor();
    const name = page.getByLabel('Tournament name');
    await expect(page.evaluate('document.activeElement?.id')).resolves.toBe('new-tournament-name');
    await name.fill('ab');
    await page.getByLabel('Players', { exact: true }).fill('4');
    await page.getByLabel('Players per table').selectOption('2');
    await page.getByLabel('Rounds').selectOption('1');
    await expect(page.getByLabel('Entry fee').inputValue()).resolves.toBe('0');
    await expect(page.getByLabel('Rules').inputValue()).resolves.toBe('classic');
    await page.getByLabel('At a set time').check();
    await page.getByLabel('Start time').waitFor();
    await page.getByLabel('When full').check();
    await page.getByRole('button', { name: 'Create Tournament' }).click();
    await page.getByText('Tournament name must be at least 3 characters').waitFor();
    await expect(name.getAttribute('aria-invalid')).resolves.toBe('true');
    await expectTournamentLaidOut(page, 'create');
    expect(report(await auditSizes(page, '/tournaments (create form, a refusal)'))).toBe('');
    await name.fill('Duplicate Cup');
    await page.getByRole('button', { name: 'Create Tournament' }).click();
    await page.waitForURL(/\/tournaments\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').at(-1));

    // The page of an open tournament: enter it (free).
    await page.getByRole('heading', { level: 1, name: 'Duplicate Cup' }).waitFor();
    await page.getByRole('button', { name: 'Enter for free' }).click();
    await page.getByRole('button', { name: 'Withdraw' }).waitFor();
    await page.getByText("You're in. It starts as soon as every place is taken.").waitFor();

    // Three more players enter over HTTP (a registered one and two guests); the last entry starts it.
    const others: Player[] = [await registered(base, CODE, 'Cupper'), await guest(base), await guest(base)];
    for (const other of others) {
      const entered = await other.jar.post<Tournament>(`/api/tournaments/${id}/enter`);
      expect(entered.status, entered.text).toBe(200);
    }
    const started = (await (await user.context.request.get(`${base}/api/tournaments/${id}`)).json()) as Tournament;
    expect(started.status).toBe('running');
    const round = started.roundList[0];
    const deal = round?.deals[0];
    const mine = round?.tables.find((table) => table.gameId === started.myTable);
    if (round === undefined || deal === undefined || mine === undefined) throw new Error('round 1 was not seated');
    expect(round.tables).toHaveLength(2);

    // The page follows by itself (every 5 s): round 1, two tables, the commitment, Play at mine only.
    const tables = page.getByRole('list', { name: 'Round 1 tables' });
    await page.clock.fastForward(5000);
    await tables.waitFor({ timeout: 15_000 });
    await expect(
      tables
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 4 }) })
        .count(),
    ).resolves.toBe(2);
    await page.getByRole('heading', { name: 'Round 1 of 1' }).waitFor();
    await page.getByText('Every table of this size was dealt from this seed; sha256(seed) = commitment.').waitFor();
    await page.getByText(deal.commitment, { exact: true }).waitFor();
    await page.getByText(started.commitment, { exact: true }).waitFor();
    await expect(tables.getByRole('link').allTextContents()).resolves.toEqual([`Play at table ${mine.number}`]);
    await expect(page.getByRole('link', { name: /^Watch/ }).count()).resolves.toBe(0);
    await page.getByRole('columnheader', { name: 'Cards left' }).waitFor();
    await expectTournamentLaidOut(page, 'page');
    expect(report(await auditSizes(page, '/tournaments/{id} (running)'))).toBe('');

    // The list: the tournament, running, with its facts.
    await page.goto(`${base}/tournaments`);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Duplicate Cup' }) });
    await card.getByText('Running', { exact: true }).waitFor();
    await card.getByText('4/4').waitFor();
    await card.getByText('Round 1 of 1').waitFor();
    await page.getByRole('button', { name: 'Running', exact: true, pressed: false }).click();
    await page.waitForURL(`${base}/tournaments?status=running`);
    await card.waitFor();
    await page.getByRole('button', { name: 'Open', exact: true, pressed: false }).click();
    await page.getByText('No open tournaments.').waitFor();
    await page.getByRole('button', { name: 'All', exact: true, pressed: false }).click();
    await card.waitFor();
    await expectTournamentLaidOut(page, 'list');
    expect(report(await auditSizes(page, '/tournaments'))).toBe('');

    // Play: the room of the player's table, with its place in the tournament linked in the header.
    await card.getByRole('link', { name: 'Duplicate Cup' }).click();
    await page
      .getByRole('link', { name: `Play at table ${mine.number}` })
      .first()
      .click();
    await page.waitForURL(`${base}/play?gameId=${mine.gameId}`);
    const label = page.getByRole('link', { name: `Round 1 of 1, table ${mine.number}` });
    await label.waitFor();
    await expect(label.getAttribute('href')).resolves.toBe(`/tournaments/${id}`);
    await saveScreenshot(page, 'tournaments-room-waiting-phone', false);
    if (SCREENSHOTS) {
      await page.setViewportSize(DESKTOP);
      await saveScreenshot(page, 'tournaments-room-waiting-desktop', false);
      await page.setViewportSize(PHONE);
    }

    // The other player of the table chooses over the socket, the browser's player by tapping; then
    // the game is on and the header's label leaves every own card and action on screen.
    const opponentId = mine.seats.find((s) => s.userId !== host)?.userId;
    const opponent = others.find((o) => o.user.id === opponentId);
    if (opponent === undefined) throw new Error('no opponent at the table');
    const seat = await seatOf(base, opponent);
    seats.push(seat);
    const joined = await joinGame(seat, mine.gameId);
    const hand = me(joined, opponent.user.id).handCards.filter((c): c is MainCard => 'value' in c);
    seat.socket.send({ type: 'select_faceup_cards', gameId: mine.gameId, cardIds: hand.slice(0, 3).map((c) => c.id) });
    const choose = page.getByRole('group', { name: 'Your hand' }).getByRole('button');
    await choose.first().waitFor();
    for (let i = 0; i < 3; i++) await choose.nth(i).click();
    await page.getByRole('button', { name: "I'm Ready to Play" }).click();
    await page.getByText('Game Starting').waitFor({ state: 'detached', timeout: 10_000 });
    await label.waitFor();
    await expectTableFitsEverywhere(page, 'tournaments-room');
    for (const size of TABLE_SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await expect(page.evaluate(LABEL_SCRIPT), `the label at ${size.name}`).resolves.toBe('');
      if (size.name === 'phone' || size.name === 'desktop') {
        await saveScreenshot(page, `tournaments-room-${size.name === 'phone' ? 'phone' : 'desktop'}`, false);
      }
    }
    await page.setViewportSize(PHONE);

    // The lobby's Tournaments chip: both tables with their place; mine to play, the other not to watch.
    await page.goto(`${base}/play`);
    await page.getByRole('button', { name: 'Tournaments', exact: true }).click();
    const games = page.locator('.game-card');
    await games.filter({ hasText: 'Round 1 of 1, table 1' }).waitFor();
    await games.filter({ hasText: 'Round 1 of 1, table 2' }).waitFor();
    await expect(games.count()).resolves.toBe(2);
    await expect(page.getByRole('button', { name: /^Watch/ }).count()).resolves.toBe(0);
    await games
      .filter({ hasText: `table ${3 - mine.number}` })
      .getByText('You play another table of this round')
      .waitFor();
    await games
      .filter({ hasText: `table ${mine.number}` })
      .getByRole('button', { name: /^Play Duplicate Cup/ })
      .waitFor();
    await saveScreenshot(page, 'tournaments-lobby-phone', true);

    // A set start time: one too soon is refused at its field; a later one makes an open tournament that says when.
    await page.goto(`${base}/tournaments`);
    await page.getByRole('button', { name: 'Create Tournament' }).click();
    await page.getByLabel('Tournament name').fill('Evening Cup');
    await page.getByLabel('Entry fee').selectOption('150');
    await page.getByLabel('At a set time').check();
    const start = page.getByLabel('Start time');
    await start.fill(localTime(Date.now() + 60_000));
    await page.getByRole('button', { name: 'Create Tournament' }).click();
    await page.getByText('Start time must be between 5 minutes and 7 days from now').waitFor();
    await expect(page.evaluate('document.activeElement?.id')).resolves.toBe('new-tournament-startsAt');
    const later = Date.now() + 2 * 3_600_000;
    await start.fill(localTime(later));
    await page.getByRole('button', { name: 'Create Tournament' }).click();
    await page.waitForURL(/\/tournaments\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Evening Cup' }).waitFor();
    const evening = (await (
      await user.context.request.get(
        `${base}${new URL(page.url()).pathname.replace('/tournaments', '/api/tournaments')}`,
      )
    ).json()) as Tournament;
    expect(evening).toMatchObject({ status: 'open', entryFee: 150, entered: false });
    expect(Math.abs(Date.parse(evening.startsAt ?? '') - later)).toBeLessThan(60_000);
    // The sign-up gift is 100 SRT: the server's refusal of a 150 SRT entry is shown as it says it.
    await page.getByRole('button', { name: 'Enter for 150 SRT' }).click();
    await page.getByRole('alert').filter({ hasText: 'You need 50 more tokens to enter this tournament' }).waitFor();
    await expect(page.getByRole('button', { name: /^Withdraw/ }).count()).resolves.toBe(0);
  }, 240_000);

  it('tournaments - a visitor sees the sign-up line; a guest cannot enter a paid one and is told why', async () => {
    const creator = await registered(base, CODE, 'PaidHost');
    const made = await creator.jar.post<Tournament>('/api/tournaments', {
      name: 'Paid Cup',
      preset: 'wild',
      maxPlayers: 8,
      tableSize: 4,
      rounds: 3,
      entryFee: 150,
    });
    expect(made.status, made.text).toBe(201);
    const user = await openBrowser(PHONE);
    users.push(user);
    const { page } = user;
    await page.goto(`${base}/tournaments`);
    await page.getByRole('link', { name: 'Sign in or sign up' }).waitFor();
    await expect(page.getByRole('button', { name: 'Create Tournament' }).count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'Paid Cup' }).click();
    await page.getByText('Sign in to enter: paid tournaments are for registered players.').waitFor();
    // /play signs a guest in.
    await page.goto(`${base}/play`);
    await page.getByRole('button', { name: 'Create Game' }).waitFor();
    await page.goto(`${base}/tournaments/${made.body.id}`);
    await page.getByText(/Guests may enter free tournaments only/).waitFor();
    await expect(page.getByRole('button', { name: /^Enter/ }).count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'Create an account' }).waitFor();
    expect(report(await auditSizes(page, '/tournaments/{id} (open, a guest)'))).toBe('');
    await page.goto(`${base}/tournaments/999999999999`);
    await page.getByRole('heading', { level: 1, name: 'Tournament not found' }).waitFor();
  }, 120_000);
});
