import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useWebServer, withBrowser } from './browser.js';

/**
 * The Content-Security-Policy in a real browser: the built web client (its scripts, styles, the
 * service worker, the main socket) and Swagger UI at /api/docs run under it with no violation.
 * (Polls use `page.evaluate`: Playwright's `waitForFunction` runs its predicate with eval in the
 * page, which this CSP refuses.)
 */

/** Collects the page's CSP violations as the browser reports them on the console. */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (/Content Security Policy/i.test(error.message)) violations.push(error.message);
  });
  return violations;
}

describe('web client - content security policy', () => {
  let base = '';
  useWebServer({}, (server) => {
    base = server.base;
  });

  it('web - the app, its service worker and the main socket run under the CSP with no violation', async () => {
    await withBrowser(async ({ page }) => {
      const violations = watchViolations(page);
      const response = await page.goto(`${base}/auth`);
      expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      // The service worker is registered by /registerSW.js and takes the page over.
      await expect
        .poll(() => page.evaluate('navigator.serviceWorker.controller?.state ?? null'), { timeout: 30_000 })
        .toBe('activated');
      // Signed in as a guest, the play page opens the main socket and hears from it.
      await page.getByRole('button', { name: 'Play as Guest' }).click();
      await page.waitForURL((url) => url.pathname !== '/auth', { timeout: 15_000 });
      // Listening from the socket's first moment: its first frame may come while goto still waits for the load.
      const heard = new Promise<string>((resolve) => {
        page.on('websocket', (socket) => socket.once('framereceived', () => resolve(new URL(socket.url()).pathname)));
      });
      await page.goto(`${base}/play`);
      await expect(heard).resolves.toBe('/ws');
      await page.waitForLoadState('networkidle');
      expect(violations).toEqual([]);
    }, 'allow');
  }, 90_000);

  it('web - Swagger UI at /api/docs renders the API under the CSP with no violation', async () => {
    await withBrowser(async ({ page }) => {
      const violations = watchViolations(page);
      await page.goto(`${base}/api/docs`);
      const title = page.locator('.swagger-ui .info .title');
      await title.waitFor({ timeout: 15_000 });
      expect(await title.textContent()).toContain('Palace API');
      await page.locator('.opblock').first().waitFor();
      expect(violations).toEqual([]);
    }, 'allow');
  }, 60_000);
});
