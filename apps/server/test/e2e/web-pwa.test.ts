import { describe, expect, it } from 'vitest';
import { shot, useWebServer, withBrowser } from './browser.js';

interface ManifestIcon {
  readonly src: string;
  readonly sizes: string;
  readonly type: string;
  readonly purpose?: string;
}

/**
 * The installable app (issue 7): the server hands out the web app manifest and the icons it names,
 * and the service worker precaches the app shell, so after one visit the offline prototypes open
 * and play with no network at all (a cold navigation while offline, answered by the worker).
 */
describe('web client - installable app', () => {
  let base = '';
  useWebServer({}, (server) => {
    base = server.base;
  });

  it('web - the manifest names the app, its start page and icons that the server serves', async () => {
    const response = await fetch(`${base}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('manifest+json');
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: ManifestIcon[];
    };
    expect(manifest).toMatchObject({ short_name: 'Palace', start_url: '/', display: 'standalone' });
    const pngs = manifest.icons.filter((i) => i.type === 'image/png');
    expect(pngs.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const file = await fetch(`${base}${icon.src}`);
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get('content-type'), icon.src).toContain(icon.type.split('+')[0] ?? icon.type);
      expect((await file.arrayBuffer()).byteLength, icon.src).toBeGreaterThan(200);
    }
    const html = await (await fetch(`${base}/`, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('rel="manifest"');
    expect(html).toContain('registerSW.js');
    // `/ws` is both the main game's socket and a page (the simple websocket game's start, docs/product.md §P2.2).
    const wsPage = await fetch(`${base}/ws`, { headers: { accept: 'text/html' } });
    expect(wsPage.status).toBe(200);
    expect(await wsPage.text()).toContain('rel="manifest"');
    const sw = await fetch(`${base}/sw.js`);
    expect(sw.status).toBe(200);
    // The worker is checked again on every visit; hashed assets are cached for good.
    expect(sw.headers.get('cache-control')).not.toContain('immutable');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
    const scriptAnswer = await fetch(`${base}${script}`);
    expect(scriptAnswer.headers.get('cache-control')).toContain('immutable');
    // Read to the end: an unread answer keeps its connection busy, and the server's close waits for it.
    await scriptAnswer.arrayBuffer();
    expect(await sw.text()).toContain('precacheAndRoute');
  });

  it('web - once installed, the worker sends the API past itself and the build files come from its precache (static routes)', async () => {
    await withBrowser(async ({ context, page }) => {
      await page.goto(`${base}/`);
      await page.getByRole('tab', { name: 'Join Game' }).waitFor();
      await expect
        .poll(() => page.evaluate('navigator.serviceWorker.controller?.state ?? null'), { timeout: 30_000 })
        .toBe('activated');
      // A repeat visit, as the browser reports where each answer came from.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const routed = new Map<string, string>();
      cdp.on('Network.responseReceived', (event) => {
        const path = new URL(event.response.url).pathname;
        routed.set(path, event.response.serviceWorkerRouterInfo?.matchedSourceType ?? 'no static route');
      });
      await page.reload();
      await page.getByRole('tab', { name: 'Join Game' }).waitFor();
      const files = [...routed].filter(([path]) => path.startsWith('/assets/'));
      const api = [...routed].filter(([path]) => path.startsWith('/api/'));
      expect(files.length, 'build files').toBeGreaterThan(0);
      expect(api.length, 'API requests').toBeGreaterThan(0);
      for (const [path, source] of files) expect(source, path).toBe('cache');
      for (const [path, source] of api) expect(source, path).toBe('network');
    }, 'allow');
  }, 90_000);

  it('web - after one visit the prototypes open and play offline from the service worker', async () => {
    await withBrowser(async ({ context, page }) => {
      await page.goto(`${base}/poker`);
      await page.getByRole('heading', { name: 'Palace' }).waitFor();
      // The worker installs, precaches the shell and takes control of the page.
      // Polled with `evaluate`, not `waitForFunction`: Playwright runs the latter's predicate with
      // eval in the page, which the site's CSP (no 'unsafe-eval') refuses.
      await expect
        .poll(() => page.evaluate('navigator.serviceWorker.controller?.state ?? null'), { timeout: 30_000 })
        .toBe('activated');

      await context.setOffline(true);
      // Proof that the network is gone: a request to the server fails.
      await expect(
        page.evaluate(() =>
          fetch('/healthz').then(
            () => 'online',
            () => 'offline',
          ),
        ),
      ).resolves.toBe('offline');

      // A cold navigation while offline: the worker answers with the cached shell.
      await page.goto(`${base}/simplified`);
      await page
        .getByRole('heading', { name: /Palace/ })
        .first()
        .waitFor();
      await page.goto(`${base}/poker`);
      await page.getByRole('heading', { name: 'Palace' }).waitFor();
      for (const row of ['Hand', 'Face up', 'Face down']) {
        await expect(page.getByRole('group', { name: row }).getByRole('button').count()).resolves.toBe(3);
      }
      // Play: a legal card, or Pick Up when the AI started and nothing of ours is playable (the
      // prototype deals at random in the page).
      const myTurn = page.locator('[data-zone="own"] button[data-card-id].tc-hint');
      const hinted = `document.querySelectorAll('[data-zone="own"] button[data-card-id].tc-hint').length`;
      const yourTurn = `document.querySelector('.gt-turn.mine') !== null`;
      await expect.poll(() => page.evaluate(`(${hinted}) > 0 || ${yourTurn}`), { timeout: 10_000 }).toBe(true);
      const before = await page.getByRole('group', { name: 'Hand' }).getByRole('button').count();
      if (Number(await page.evaluate(hinted)) > 0) {
        await myTurn.first().click();
        await page.getByRole('button', { name: /^Play( \d+ cards)?$/ }).click();
      } else {
        await page.getByRole('button', { name: 'Pick Up' }).click();
      }
      // The engine in the page took the move: the status line tells what you did.
      await page.locator('.last-action', { hasText: /You (played|picked up)/ }).waitFor();
      expect(before).toBe(3);
      await shot(page, 'pwa-poker-offline-phone');
    }, 'allow');
  }, 90_000);
});
