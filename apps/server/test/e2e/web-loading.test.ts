import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useWebServer, WEB_DIR, withBrowser } from './browser.js';

/** The headers of a GET with `headers` (node:http: nothing asked for or undone behind our back). */
function head(url: string, headers: Record<string, string>): Promise<Record<string, string | string[] | undefined>> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.headers));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Holds the build files whose path matches `chunk` until `release` is called: whether they have
 * been asked for shows in `asked`.
 */
async function holdChunk(
  page: Page,
  chunk: RegExp,
): Promise<{ readonly asked: () => boolean; readonly release: () => void }> {
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(chunk, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  return { asked: () => asked, release };
}

/**
 * How the built client loads (issue 25; docs/web.md "Loading"): index.html paints the splash by
 * itself and preloads the display font, the build's files go out compressed, and the lobby at `/`
 * downloads none of the other screens' chunks (the main game, the prototypes, the replay viewer).
 * The bench `web.firstVisit` measures the times; this checks the mechanisms.
 */
describe('web client - loading', () => {
  let base = '';
  useWebServer({}, (server) => {
    base = server.base;
  });

  it('web - index.html carries the splash (hidden from assistive technology), the font preloads and no inline script', async () => {
    const html = await (await fetch(`${base}/`, { headers: { accept: 'text/html' } })).text();
    const splash = /<div id="root">\s*<div class="boot" aria-hidden="true">[\s\S]*?THE ULTIMATE CARD GAME/.exec(html);
    expect(splash, 'the splash is the content of #root').not.toBeNull();
    // The display font and the body font's two faces (docs/web.md "Loading").
    for (const face of ['righteous-latin-400', 'poppins-latin-400', 'poppins-latin-600']) {
      expect(html).toMatch(new RegExp(`<link rel="preload" href="/assets/${face}-normal-[^"]+\\.woff2" as="font"`));
    }
    // The CSP allows scripts from the site only: every <script> has a src.
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).toEqual([]);
  });

  it('web - the page, its script and its stylesheet go out in brotli, and plain to a client without Accept-Encoding', async () => {
    const html = await (await fetch(`${base}/`, { headers: { accept: 'text/html' } })).text();
    const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1] ?? '';
    const style = /<link rel="stylesheet" crossorigin href="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(script).toMatch(/^\/assets\/.+\.js$/);
    expect(style).toMatch(/^\/assets\/.+\.css$/);
    for (const path of ['/', '/play', script, style, '/sw.js']) {
      const br = await head(`${base}${path}`, { accept: 'text/html,*/*', 'accept-encoding': 'gzip, deflate, br' });
      expect(br['content-encoding'], path).toBe('br');
      expect(String(br.vary), path).toMatch(/accept-encoding/i);
      const plain = await head(`${base}${path}`, { accept: 'text/html,*/*' });
      expect(plain['content-encoding'], path).toBeUndefined();
    }
  });

  it("web - every script chunk opens with V8's compile hint, and its source map moves down with it", async () => {
    const hint = '//# allFunctionsCalledOnLoad';
    const assets = join(WEB_DIR, 'assets');
    // The boot script is an asset written whole by its plugin, not a bundled chunk.
    const chunks = readdirSync(assets).filter((name) => name.endsWith('.js') && !name.startsWith('boot-'));
    expect(chunks.length).toBeGreaterThan(10);
    for (const name of chunks) {
      const [first, second = ''] = readFileSync(join(assets, name), 'utf8').split('\n', 2);
      expect(first, name).toBe(hint);
      expect(second, name).not.toBe(hint);
      const map = JSON.parse(readFileSync(join(assets, `${name}.map`), 'utf8')) as { mappings: string };
      // No code on the hint's line: the chunk's first mapped line is its second.
      expect(map.mappings.startsWith(';'), name).toBe(true);
    }
    // As served, compressed too.
    const html = await (await fetch(`${base}/`, { headers: { accept: 'text/html' } })).text();
    const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1] ?? '';
    const served = await (await fetch(`${base}${script}`, { headers: { 'accept-encoding': 'br' } })).text();
    expect(served.split('\n', 1)[0]).toBe(hint);
  });

  it('web - the lobby replaces the splash and loads no other screen', async () => {
    await withBrowser(async ({ page }) => {
      const requested: string[] = [];
      page.on('request', (r) => requested.push(new URL(r.url()).pathname));
      await page.goto(`${base}/`);
      await page.getByRole('tab', { name: 'Join Game' }).waitFor();
      // React's first render took the static splash's place: nothing of it is left behind.
      await expect(page.locator('.boot').count()).resolves.toBe(0);
      await expect(page.getByText('THE ULTIMATE CARD GAME', { exact: true }).count()).resolves.toBe(0);
      const chunks = requested.filter((path) => path.startsWith('/assets/') && path.endsWith('.js'));
      expect(chunks.length).toBeGreaterThan(0);
      for (const screen of ['play-page', 'poker-page', 'simplified-page', 'replay-page', 'rest-game-page']) {
        expect(
          chunks.filter((path) => path.includes(`/${screen}-`)),
          screen,
        ).toEqual([]);
      }
    });
  }, 60_000);

  it("web - a screen inside the shell: the shell and its menu work before the screen's chunk has arrived", async () => {
    await withBrowser(async ({ page }) => {
      // The /play screen's chunk is held until the shell has been seen working without it.
      const screen = await holdChunk(page, /\/assets\/play-page-[^/]+\.js$/);
      await page.goto(`${base}/play`);
      const menu = page.getByRole('button', { name: 'Open menu' });
      await menu.waitFor();
      expect(screen.asked(), 'the screen was asked for at once').toBe(true);
      // The screen's area shows the shell's loading state; the screen itself is not there yet.
      await expect(page.getByRole('status').filter({ hasText: 'Loading' }).count()).resolves.toBeGreaterThan(0);
      await expect(page.getByRole('heading', { name: 'Play' }).count()).resolves.toBe(0);
      // The menu opens and closes meanwhile.
      await menu.click();
      await page.getByRole('button', { name: 'Close menu' }).last().click();
      screen.release();
      await page.getByRole('heading', { name: 'Play' }).waitFor();
      await expect(page.getByRole('status').filter({ hasText: 'Loading' }).count()).resolves.toBe(0);
    });
  }, 60_000);

  it("web - /rest-poker: the start screen and its forms work without the game's table; a created game waits for it", async () => {
    await withBrowser(async ({ page }) => {
      // The game view's chunk (the table, its card faces and stylesheet) is held until the start
      // screen has been used and a game created without it.
      const view = await holdChunk(page, /\/assets\/rest-game-view-[^/]+\.js$/);
      await page.goto(`${base}/rest-poker`);
      await page.getByRole('button', { name: 'Create New Game' }).click();
      await page.getByLabel('Your name').fill('Ann');
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      // The game exists (the address has its id); its table is what is still on the way.
      await page.waitForURL(/\/rest-poker\/[A-Z0-9]+$/);
      await page.getByRole('status').filter({ hasText: 'Opening the table' }).waitFor();
      expect(view.asked()).toBe(true);
      view.release();
      await page.getByRole('button', { name: 'Add AI', exact: true }).waitFor();
      await expect(page.getByRole('status').filter({ hasText: 'Opening the table' }).count()).resolves.toBe(0);
    });
  }, 60_000);

  it("web - /play: the lobby works without the game room's chunk; a game's address waits for it", async () => {
    await withBrowser(async ({ page }) => {
      const room = await holdChunk(page, /\/assets\/game-room-[^/]+\.js$/);
      // The lobby (a guest is signed in automatically) and its create form, with the room held.
      await page.goto(`${base}/play`);
      await page.getByRole('heading', { name: 'Play', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Create Game' }).click();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Create Game' }).waitFor();
      const created = await page
        .context()
        .request.post(`${base}/api/games`, { data: { name: 'Held Room', playerLimit: 2, isPrivate: false } });
      expect(created.status(), await created.text()).toBe(200);
      const { id } = (await created.json()) as { id: number };
      await page.goto(`${base}/play/${id}`);
      // The room's own loading card, drawn by the page while the room's chunk is held.
      await page
        .getByRole('status')
        .filter({ hasText: `Joining game #${id}` })
        .waitFor();
      expect(room.asked()).toBe(true);
      room.release();
      await page.getByRole('heading', { name: 'Waiting for players' }).waitFor();
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: `Joining game #${id}` })
          .count(),
      ).resolves.toBe(0);
    });
  }, 60_000);
});
