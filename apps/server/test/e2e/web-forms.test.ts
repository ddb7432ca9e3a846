import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { audit, type Finding, report, SIZES } from './axe-audit.js';
import { browserUsers, SCREENSHOTS, shot, useWebServer } from './browser.js';

/** The four sizes the screenshots are taken at (phones upright, a phone on its side, a desktop). */
const SHOT_SIZES = [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
  { width: 844, height: 390 },
  { width: 1440, height: 900 },
] as const;

/** What a control's look comes from, as the browser computed it. */
interface Look {
  readonly appearance: string;
  readonly width: number;
  readonly height: number;
  readonly outlineWidth: number;
  readonly outlineStyle: string;
}

/** The focused control's look (a string: this project's server code has no DOM types). */
async function focusedLook(page: Page): Promise<Look> {
  return (await page.evaluate(`(() => {
    const el = document.activeElement;
    const style = getComputedStyle(el);
    const rect = el.getBoundingClientRect();
    return {
      appearance: style.appearance,
      width: rect.width,
      height: rect.height,
      outlineWidth: Number.parseFloat(style.outlineWidth),
      outlineStyle: style.outlineStyle,
    };
  })()`)) as Look;
}

/** Gives `control` the focus from the keyboard (Shift+Tab away, Tab back), so `:focus-visible` applies. */
async function tabTo(page: Page, control: Locator): Promise<void> {
  await control.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(control.evaluate((el) => el.matches(':focus-visible'))).resolves.toBe(true);
}

/** Drawn by the product (ui/controls.css), a 24 px target at least, and a ≥ 2 px ring on keyboard focus. */
async function expectStyled(page: Page, control: Locator, minHeight = 24): Promise<void> {
  await tabTo(page, control);
  const seen = await focusedLook(page);
  expect(seen.appearance, String(control)).toBe('none');
  expect(seen.width, String(control)).toBeGreaterThanOrEqual(24);
  expect(seen.height, String(control)).toBeGreaterThanOrEqual(minHeight);
  expect(seen.outlineStyle, String(control)).toBe('solid');
  expect(seen.outlineWidth, String(control)).toBeGreaterThanOrEqual(2);
}

/** Shots of the page as it is now at four sizes, `{name}-{w}x{h}.png`; back to `back` after. */
async function shots(page: Page, name: string, back: { width: number; height: number }): Promise<void> {
  if (!SCREENSHOTS) return;
  for (const size of SHOT_SIZES) {
    await page.setViewportSize(size);
    await page.evaluate('document.fonts.ready.then(() => window.scrollTo(0, 0))');
    await shot(page, `${name}-${size.width}x${size.height}`);
  }
  await page.setViewportSize(back);
}

/**
 * The product's own form controls (docs/web.md "Form controls") on the main game's create form and
 * /settings, in Debian's Chromium: drawn by the product, keyboard-operable, a visible focus ring, a
 * 24 px target, axe clean; and the Home tab keeping the shell (docs/web.md "The Home tab").
 */
describe('web client - form controls and the Home tab', () => {
  let base = '';
  useWebServer({ inviteCodes: ['FORMS-INVITE'], inviteUses: 5 }, (server) => {
    base = server.base;
  });
  const browser = browserUsers();

  it('web - the create form: styled checkbox, radio and slider that the keyboard works, axe clean', async () => {
    const { page } = await browser(SIZES.phone);
    // /play signs a guest in; a guest's form has the fee slider too.
    await page.goto(`${base}/play`);
    await page.getByRole('button', { name: 'Create Game' }).click();
    await page.getByLabel('Game name').waitFor();

    const bots = page.getByRole('checkbox', { name: 'Allow bots' });
    await expectStyled(page, bots);
    const before = await bots.isChecked();
    await page.keyboard.press('Space');
    await expect(bots.isChecked()).resolves.toBe(!before);
    // The words are part of the target: a click on them toggles the box back.
    await page.locator('label.check', { hasText: 'Allow bots' }).click({ position: { x: 120, y: 10 } });
    await expect(bots.isChecked()).resolves.toBe(before);

    const priv = page.getByRole('radio', { name: 'Private' });
    await expectStyled(page, page.getByRole('radio', { name: 'Public' }));
    await page.keyboard.press('ArrowRight');
    await expect(priv.isChecked()).resolves.toBe(true);
    await expect(page.getByLabel('Game name').inputValue()).resolves.toBe('Private Game');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('radio', { name: 'Public' }).isChecked()).resolves.toBe(true);

    // Each of the rules is a 44 px tall row.
    const rows = page.locator('fieldset.rules label.check');
    expect(await rows.count()).toBeGreaterThan(0);
    for (const height of await rows.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height))) {
      expect(height).toBeGreaterThanOrEqual(44);
    }

    const fee = page.getByRole('slider', { name: /Entry fee/ });
    await expectStyled(page, fee, 44);
    const start = Number(await fee.inputValue());
    await page.keyboard.press('ArrowRight');
    await expect(fee.inputValue()).resolves.toBe(String(start + 50));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await expect(fee.inputValue()).resolves.toBe(String(start + 50));
    await page.getByText(`${start + 50} SRT`, { exact: true }).waitFor();
    // The filled part of the track follows the thumb.
    await expect(fee.evaluate((el) => el.style.getPropertyValue('--fill'))).resolves.toMatch(/%$/);

    const findings = await audit(page, 'phone create form');
    await page.setViewportSize(SIZES.desktop);
    findings.push(...(await audit(page, 'desktop create form')));
    expect(findings, report(findings)).toEqual([]);
    await page
      .locator('.toast-close')
      .click()
      .catch(() => undefined);
    await tabTo(page, bots);
    await shots(page, 'forms-create-game', SIZES.desktop);
  }, 90_000);

  it('web - /settings: the preference boxes are drawn by the product and toggle with Space', async () => {
    const user = await browser(SIZES.phone);
    const { page } = user;
    const registered = await user.context.request.post(`${base}/api/auth/register`, {
      data: { username: 'Former', email: 'former@example.com', password: 'secret-pass', inviteCode: 'FORMS-INVITE' },
    });
    expect(registered.status(), await registered.text()).toBe(200);
    await page.goto(`${base}/settings`);
    const sound = page.getByRole('checkbox', { name: 'Sound', exact: true });
    await sound.waitFor();
    await expectStyled(page, sound);
    const before = await sound.isChecked();
    await page.keyboard.press('Space');
    await expect(sound.isChecked()).resolves.toBe(!before);
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await page.keyboard.press('Space');
    await expect(sound.isChecked()).resolves.toBe(before);
    const findings = await audit(page, 'phone settings');
    expect(findings, report(findings)).toEqual([]);
    await shots(page, 'forms-settings', SIZES.phone);
  }, 90_000);

  it('web - the other forms: tournaments, the REST game, public games, /simplified: drawn by the product, axe clean', async () => {
    const user = await browser(SIZES.phone);
    const { page } = user;
    const registered = await user.context.request.post(`${base}/api/auth/register`, {
      data: { username: 'Cupper', email: 'cupper@example.com', password: 'secret-pass', inviteCode: 'FORMS-INVITE' },
    });
    expect(registered.status(), await registered.text()).toBe(200);
    const findings: Finding[] = [];

    // Tournaments: radios for the start, selects for the sizes.
    await page.goto(`${base}/tournaments`);
    await page.getByRole('button', { name: 'Create Tournament' }).click();
    await page.getByRole('heading', { name: 'New tournament' }).waitFor();
    await expectStyled(page, page.getByRole('radio', { name: 'When full' }));
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: 'At a set time' }).isChecked()).resolves.toBe(true);
    await expectStyled(page, page.getByLabel('Players per table'), 44);
    findings.push(...(await audit(page, 'phone tournament form')));
    await shots(page, 'forms-tournament', SIZES.phone);

    // The REST game's create form: a select and a checkbox.
    await page.goto(`${base}/rest-poker`);
    await page.getByRole('button', { name: 'Create New Game' }).click();
    await expectStyled(page, page.getByLabel('Variant'), 44);
    const advanced = page.getByRole('checkbox', { name: 'Show advanced options' });
    await expectStyled(page, advanced);
    await page.keyboard.press('Space');
    await page.getByText('Custom rules are coming soon').waitFor();
    findings.push(...(await audit(page, 'phone REST create form')));
    await shots(page, 'forms-rest-create', SIZES.phone);

    // Public games: the visibility radios.
    await page.goto(`${base}/palace-home`);
    await page.getByRole('tab', { name: 'Create Game' }).click();
    await expectStyled(page, page.getByRole('radio', { name: /^Public/ }));
    findings.push(...(await audit(page, 'phone public games create')));
    await shots(page, 'forms-public-create', SIZES.phone);

    // /simplified: the number of players.
    await page.goto(`${base}/simplified`);
    await expectStyled(page, page.getByLabel('Number of players'), 44);
    await shots(page, 'forms-simplified', SIZES.phone);
    expect(findings, report(findings)).toEqual([]);
  }, 120_000);

  it('web - the Home tab opens / inside the shell: the navigation stays; / opened as an address has none', async () => {
    const { page } = await browser(SIZES.phone);
    await page.goto(`${base}/help`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    await nav.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(`${base}/`);
    // The lobby, as before …
    await page.getByRole('tab', { name: 'Join Game' }).waitFor();
    await page.getByRole('heading', { name: 'Palace', level: 1 }).waitFor();
    // … with the shell around it: the tab bar (Home the current page), the top bar's menu.
    await expect(nav.isVisible()).resolves.toBe(true);
    await expect(nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).resolves.toBe('page');
    await expect(page.getByRole('button', { name: 'Open menu' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('main').count()).resolves.toBe(1);
    // The tab bar covers nothing of the page: the foot's links scroll clear of it.
    const foot = page.getByRole('link', { name: 'How to play' });
    await foot.scrollIntoViewIfNeeded();
    const [link, bar] = await Promise.all([foot.boundingBox(), nav.boundingBox()]);
    expect(link !== null && bar !== null && link.y + link.height <= bar.y).toBe(true);
    // Another tab and back: the shell never goes.
    await nav.getByRole('link', { name: 'Tournaments' }).click();
    await page.waitForURL(`${base}/tournaments`);
    await nav.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(`${base}/`);
    await page.getByRole('tab', { name: 'Create Game' }).click();
    const findings = await audit(page, 'phone / (Create Game)');
    expect(findings, report(findings)).toEqual([]);
    await shots(page, 'forms-home-create', SIZES.phone);
    // Opened as an address, `/` and /lobby are the front door outside the shell (docs/product.md §P2.2).
    for (const path of ['/lobby', '/']) {
      await page.goto(`${base}${path}`);
      await page.getByRole('tab', { name: 'Join Game' }).waitFor();
      await expect(page.getByRole('navigation', { name: 'Main' }).count(), path).resolves.toBe(0);
    }
  }, 90_000);
});
