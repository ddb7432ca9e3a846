import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { audit, report } from './axe-audit.js';
import { type BrowserUser, openBrowser, SCREENSHOTS, shot, useWebServer } from './browser.js';

/**
 * Friends invite each other into a game in two real browsers against the real server
 * (docs/product.md §D13 friend-invitations): Ann and Bob are friends; Bob, with no waiting game,
 * is shown how to get one; Ann, seated in a waiting game, invites Bob from /friends; Bob's bell
 * counts it, lists it, and its Join takes him into the room, seated, with the panel gone.
 */

const CODE = 'INVITE-WEB';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function signUp(request: APIRequestContext, base: string, username: string): Promise<number> {
  const answer = await request.post(`${base}/api/auth/register`, {
    data: { username, email: `${username.toLowerCase()}@example.com`, password: 'secret-pass', inviteCode: CODE },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { id: number }).id;
}

/** A screenshot at phone and desktop size (test-output/screens/{name}-{size}.png), back at `size` after. */
async function shotBoth(page: Page, name: string, size: { width: number; height: number }): Promise<void> {
  if (!SCREENSHOTS) return;
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(100);
    await shot(page, `${name}-${label}`);
  }
  await page.setViewportSize(size);
}

describe('web client - inviting a friend into a game', () => {
  let base = '';
  const users: BrowserUser[] = [];
  useWebServer({ inviteCodes: [CODE], inviteUses: 5 }, (server) => {
    base = server.base;
  });
  afterAll(async () => {
    for (const user of users) await user.close();
  });

  it('invite - Ann invites Bob from /friends; his bell shows 1 and Join seats him in the room', async () => {
    const ann = await openBrowser(DESKTOP);
    const bob = await openBrowser(PHONE);
    users.push(ann, bob);
    await signUp(ann.context.request, base, 'Ann');
    const bobId = await signUp(bob.context.request, base, 'Bob');
    const added = await ann.context.request.post(`${base}/api/friends`, { data: { username: 'Bob' } });
    expect(added.status(), await added.text()).toBe(200);

    // Bob sits in no waiting game: his row for Ann says how to get one, and offers no Invite.
    await bob.page.goto(`${base}/friends`);
    const annRow = bob.page.getByRole('listitem').filter({ hasText: 'Ann' });
    await annRow.getByRole('link', { name: 'Create a game to invite friends' }).waitFor();
    await expect(annRow.getByRole('button', { name: /^Invite/ }).count()).resolves.toBe(0);
    await annRow.getByRole('button', { name: 'Remove Ann' }).waitFor();
    // Nothing unread yet: the bell has no count.
    await bob.page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    expect(report(await audit(bob.page, 'phone /friends without a waiting game'))).toBe('');

    // Ann sits in two waiting games: her friends page asks which one, and she picks Friday's.
    const create = async (data: Record<string, unknown>) => {
      const created = await ann.context.request.post(`${base}/api/games`, { data });
      expect(created.status(), await created.text()).toBe(200);
      return ((await created.json()) as { id: number }).id;
    };
    const gameId = await create({ name: 'Friday game', playerLimit: 2, entryFee: 100 });
    await create({ name: 'Late game', playerLimit: 4, entryFee: 0 });
    await ann.page.goto(`${base}/friends`);
    const bobRow = ann.page.getByRole('listitem').filter({ hasText: 'Bob' });
    await bobRow.getByRole('button', { name: 'Invite Bob to a game' }).click();
    const choice = bobRow.getByRole('group', { name: 'Invite Bob to a game' });
    await choice.getByRole('button', { name: 'Late game (1/4)' }).waitFor();
    await shotBoth(ann.page, 'friends-choose-game', DESKTOP);
    expect(report(await audit(ann.page, 'desktop /friends choosing a game'))).toBe('');
    await choice.getByRole('button', { name: 'Friday game (1/2)' }).click();
    await ann.page.getByText('Invitation sent to Bob', { exact: true }).waitFor();
    await bobRow.getByRole('status').filter({ hasText: 'Invited to Friday game' }).waitFor();
    await shotBoth(ann.page, 'friends-invited', DESKTOP);

    // Bob's bell counts it (on focus, as when he comes back to the tab; or at the next poll).
    await bob.page.evaluate("window.dispatchEvent(new Event('focus'))");
    const bell = bob.page.getByRole('button', { name: 'Notifications (1)' });
    await bell.waitFor();
    await expect(bob.page.locator('.bell .badge').textContent()).resolves.toBe('1');
    await shot(bob.page, 'bell-unread-phone');
    await bell.click();
    const panel = bob.page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByText('Ann invited you to Friday game').waitFor();
    // Opening marks it read.
    await bob.page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await shotBoth(bob.page, 'bell-open', PHONE);
    expect(report(await audit(bob.page, 'phone the open bell'))).toBe('');
    await expect(panel.isVisible()).resolves.toBe(true);

    // Escape closes it with focus back on the bell; Join from a reopened panel opens the room, seated.
    await bob.page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await expect(bob.page.evaluate("document.activeElement?.getAttribute('aria-label')")).resolves.toBe(
      'Notifications',
    );
    await bob.page.keyboard.press('Enter');
    await panel.getByRole('link', { name: 'Join Friday game' }).click();
    await bob.page.waitForURL(`${base}/play?gameId=${gameId}`);
    await bob.page.getByRole('heading', { name: /Friday game/ }).waitFor();
    await bob.page.getByText(/Player · 2\/2 players/).waitFor();
    await expect(panel.count()).resolves.toBe(0);
    const state = await bob.page.evaluate(async () => (await fetch('/api/games')).json());
    const listed = (state as Array<{ id: number; players: Array<{ id: number }> }>).find((g) => g.id === gameId);
    expect(listed?.players.map((p) => p.id)).toContain(bobId);
  }, 60_000);
});
