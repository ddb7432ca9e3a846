import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot, useWebServer, withBrowser } from './browser.js';

/**
 * Both addresses of a game room, `/play?gameId=7` and `/play/7` (docs/product.md §P1.2), lead back to the
 * lobby at `/play`: Leave, and the automatic return after "not found" (issue 18, item 7: from
 * `/play/7` only the query was cleared, and the player stayed on "Joining game #7…").
 */
describe('web client - leaving a game room by either address lands in the lobby', () => {
  let base = '';
  useWebServer({}, (server) => {
    base = server.base;
  });

  /** Signs the page in as a guest (the automatic login of /play) and creates a waiting game. */
  async function guestWithGame(page: Page): Promise<number> {
    await page.goto(`${base}/play`);
    await page.getByRole('button', { name: 'Create Game' }).waitFor();
    const created = await page
      .context()
      .request.post(`${base}/api/games`, { data: { name: 'Address Game', playerLimit: 2, isPrivate: false } });
    expect(created.status(), await created.text()).toBe(200);
    return ((await created.json()) as { id: number }).id;
  }

  /** The lobby shows at exactly `/play`, with no room left behind. */
  async function inLobby(page: Page): Promise<void> {
    await page.waitForURL(`${base}/play`, { timeout: 8000 });
    await page.getByRole('heading', { name: 'Play', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Create Game' }).waitFor();
    await expect(page.getByText(/Joining game #/).count()).resolves.toBe(0);
  }

  for (const form of ['path', 'query'] as const) {
    const address = (id: number) => (form === 'path' ? `${base}/play/${id}` : `${base}/play?gameId=${id}`);

    it(`web - Leave from ${form === 'path' ? '/play/{id}' : '/play?gameId={id}'} lands in the lobby at /play`, async () => {
      await withBrowser(async ({ page }) => {
        const id = await guestWithGame(page);
        await page.goto(address(id));
        await page.getByRole('heading', { name: 'Waiting for players' }).waitFor();
        await page.getByRole('button', { name: 'Leave' }).click();
        await inLobby(page);
        await shot(page, `play-left-by-${form}`);
      });
    });

    it(`web - a game that is not found, opened as ${form === 'path' ? '/play/{id}' : '/play?gameId={id}'}, returns to the lobby at /play`, async () => {
      await withBrowser(async ({ page }) => {
        await guestWithGame(page);
        await page.goto(address(987_654));
        await page.getByText('Game not found', { exact: true }).waitFor();
        await inLobby(page);
      });
    });
  }
});
