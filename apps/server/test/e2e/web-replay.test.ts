import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Client, finishedRestGame } from '../harness.js';
import { auditSizes, report } from './axe-audit.js';
import { openBrowser, SCREENSHOTS, shot, useWebServer } from './browser.js';
import { expectLaidOut } from './page-layout.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A screenshot at phone size, then one at desktop size (`{name}-phone`, `{name}-desktop`). */
async function shots(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  await page.evaluate('document.fonts.ready.then(() => true)');
  // The cards' moves end first (at most 400 ms).
  await page.waitForTimeout(500);
  await shot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
  await shot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
}

const stepText = (page: Page) => page.locator('.replay-step strong').textContent();

/**
 * The replay viewer in Debian's Chromium against a real server: a REST game finished through the
 * API is opened at `/replay/rest/{id}`, stepped to the end and back (buttons and arrow keys), its
 * deal verified and its winner shown; the same record, saved as a file, is opened on `/replay`
 * through the file input and reviewed in the browser's worker.
 */
describe('web client - the replay viewer in a real browser', () => {
  let base = '';
  useWebServer({}, (server) => {
    base = server.base;
  });

  it('web - /replay/rest/{id} steps through a finished game; /replay opens the saved record file', async () => {
    const c = new Client(base);
    const { final } = await finishedRestGame(c);
    const record = await c.get<{ entries: unknown[] }>(`/api/records/rest/${final.id}`);
    expect(record.status).toBe(200);
    const n = record.body.entries.length;
    const user = await openBrowser(PHONE);
    try {
      const { page } = user;
      await page.goto(`${base}/replay/rest/${final.id}`);
      await page.getByText(`Move 0 of ${n}`).waitFor();
      await page.getByText('Deal verified').waitFor();
      await expect(page.getByRole('link', { name: 'Download record' }).getAttribute('href')).resolves.toBe(
        `/api/records/rest/${final.id}?download=1`,
      );
      await page.getByRole('button', { name: 'Forward' }).click();
      await page.getByText(`Move 1 of ${n}`).waitFor();
      await expect(page.locator('.replay-text').textContent()).resolves.toBe('Ann took a seat');
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
      await page.getByText(`Move 4 of ${n}`).waitFor();
      // Ann sat, said ready, and her start seated the AI and dealt: the engine says who goes first.
      await expect(page.locator('.replay-text').textContent()).resolves.toMatch(/^(Ann|AI Player 1) goes first$/);
      await shots(page, 'replay-playing');
      await page.keyboard.press('ArrowLeft');
      await page.getByText(`Move 3 of ${n}`).waitFor();
      await expect(page.locator('.replay-text').textContent()).resolves.toBe('AI Player 1 (AI) took a seat');

      await page.getByRole('button', { name: 'Last' }).click();
      await page.getByText(`Move ${n} of ${n}`).waitFor();
      const result = page.getByRole('region', { name: 'Result' });
      await result.getByText(`${final.winnerName} wins!`).waitFor();
      // "Ann wins!", or "… the move limit is reached: Ann wins with the fewest cards left." when an
      // AI-played game hits the engine's move cap (it happens with some deals).
      await expect(page.locator('.replay-text').textContent()).resolves.toMatch(
        new RegExp(`${final.winnerName} wins(!| with the fewest cards left\\.)`),
      );
      await shots(page, 'replay-end');

      // The post-game review (docs/product.md §D14 review), from the replay's header: computed by the
      // server's job while the page polls, then each seat's luck and counts and the moves.
      await page.getByRole('link', { name: 'Review' }).click();
      await page.waitForURL(`${base}/review/rest/${final.id}`);
      await page.getByRole('heading', { name: 'How to read this' }).waitFor({ timeout: 30_000 });
      await page.getByRole('heading', { level: 1, name: 'Review' }).waitFor();
      const players = page.getByRole('region', { name: 'Players' });
      await players.getByText('Ann', { exact: true }).waitFor();
      await players.getByText('Dealt a', { exact: false }).first().waitFor();
      await expect(players.getByRole('listitem').allTextContents()).resolves.toEqual([
        expect.stringMatching(/^AnnDealt a \d+ % hand \(even share 50 %\)\d+ moves? · \d+ mistakes? · \d+ blunders?$/),
        expect.stringMatching(/^AI Player 1 \(computer: \w+\)Dealt a \d+ % hand/),
      ]);
      // A visitor's list opens on everyone's marked moves; all moves with the toggle off.
      const moves = page.getByRole('region', { name: 'Moves' });
      await moves.getByRole('checkbox', { name: 'Marked moves only' }).uncheck();
      const rows = moves.getByRole('link', { name: /^Move \d+ · / });
      await rows.first().waitFor();
      expect(await rows.count()).toBeGreaterThan(5);
      await expectLaidOut(page, 'review', {
        selectors: 'h1, h2, a, button, select, input, .review-seats li',
        minSize: 8,
        back: PHONE,
      });
      // A row opens the replay at its move.
      const first = (await rows.nth(2).getAttribute('href')) ?? '';
      const at = Number(/move=(\d+)$/.exec(first)?.[1]);
      await rows.nth(2).click();
      await page.getByText(`Move ${at} of ${n}`).waitFor();
      await page.getByRole('button', { name: 'First' }).click();
      await page.getByText(`Move 0 of ${n}`).waitFor();
      await expect(stepText(page)).resolves.toBe(`Move 0 of ${n}`);

      // The same record as a file, opened with the file picker.
      const file = join(tmpdir(), `palace-rest-${final.id}-${process.pid}.json`);
      await writeFile(file, record.text);
      await page.goto(`${base}/replay`);
      await page.getByRole('heading', { name: 'Replay a game' }).waitFor();
      await page.getByLabel('Record file').setInputFiles(file);
      await page.getByText(`Move 0 of ${n}`).waitFor();
      await page.getByText('Deal verified').waitFor();
      await page.getByRole('button', { name: 'Last' }).click();
      await page.getByRole('region', { name: 'Result' }).getByText(`${final.winnerName} wins!`).waitFor();
      await shots(page, 'replay-upload');
      // The file reviewed in the browser (docs/web.md "Review"): Review starts a worker of the
      // page's own script; the same progress line and the same review view as the server's.
      const reviewWorker = page.waitForEvent('worker');
      await page.getByRole('button', { name: 'Review' }).click();
      expect((await reviewWorker).url()).toMatch(/\/assets\/ai-worker-[\w-]+\.js$/);
      await page.getByRole('heading', { level: 1, name: 'Review' }).waitFor();
      await page.getByRole('heading', { name: 'How to read this' }).waitFor({ timeout: 90_000 });
      await expect(page.getByRole('link', { name: 'Watch the replay' }).getAttribute('href')).resolves.toBe('/replay');
      await page.getByRole('region', { name: 'Players' }).getByText('Ann', { exact: true }).waitFor();
      const fileMoves = page.getByRole('region', { name: 'Moves' });
      await fileMoves.getByRole('checkbox', { name: 'Marked moves only' }).uncheck();
      const fileRows = fileMoves.getByRole('link', { name: /^Move \d+ · / });
      await fileRows.first().waitFor();
      expect(await fileRows.count()).toBeGreaterThan(5);
      await expectLaidOut(page, 'review-upload', {
        selectors: 'h1, h2, a, button, select, input, .review-seats li',
        minSize: 8,
        back: PHONE,
      });
      const findings = await auditSizes(page, '/replay?view=review (a file)');
      // A row jumps the open file's replay to its move (the picker a slim line above it).
      const fileAt = Number(/\?move=(\d+)$/.exec((await fileRows.nth(2).getAttribute('href')) ?? '')?.[1]);
      await fileRows.nth(2).click();
      await page.getByText(`Move ${fileAt} of ${n}`).waitFor();
      await page.getByText('Deal verified').waitFor();
      findings.push(...(await auditSizes(page, '/replay?move=N (a file)')));
      expect(report(findings)).toBe('');
      // A file that is not a record says so.
      const bad = join(tmpdir(), `palace-not-a-record-${process.pid}.json`);
      await writeFile(bad, '{"hello":"world"}');
      await page.getByLabel('Record file').setInputFiles(bad);
      await page.getByRole('alert').getByText('This file is not a Palace game record.').waitFor();
    } finally {
      await user.close();
    }
  }, 240_000);
});
