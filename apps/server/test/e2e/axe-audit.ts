import axe, { type AxeResults, type NodeResult } from 'axe-core';
import type { Page } from 'playwright-core';
import type { BrowserUser } from './browser.js';

/** axe-core audits for the browser suites (web-axe-visitors and web-axe-players through axe-routes.ts, web-axe-games, web-ratings). */

/** WCAG 2.0 and 2.1, levels A and AA (docs/product.md §D10 asks for 2.0 A and AA; 2.1 comes free). */
export const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** What fails the test: axe's two worst impacts (minor and moderate are left to judgement). */
export const FAILING = new Set(['serious', 'critical']);

export const SIZES = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;
export type Size = keyof typeof SIZES;

/** One element of an axe violation. */
type AxeNode = NodeResult;

/** One serious or critical violation: where (route and state, screen size), which rule, which elements. */
export interface Finding {
  readonly view: string;
  readonly rule: string;
  readonly impact: string;
  readonly help: string;
  /** Each element: its selector, its markup's start and axe's reason (for contrast, the colours and ratio). */
  readonly targets: readonly string[];
}

/** The first check's message of a failing node, which says why (colours and ratio, missing name, …). */
function reason(node: AxeNode): string {
  const check = [...node.any, ...node.all, ...node.none][0];
  return check?.message ?? '';
}

/** A screen to check: the address, then what a player does there before the check (tabs, forms). */
export interface View {
  readonly name: string;
  readonly path: string;
  readonly act?: (page: Page) => Promise<void>;
}

/**
 * Waits until the page has settled: no loading splash, a heading or main region drawn, fonts loaded
 * and every finite animation (fade-ins, the card flip) finished, so colours are measured as they rest.
 */
export async function settle(page: Page): Promise<void> {
  await page.locator('.splash, .auth-splash').first().waitFor({ state: 'detached', timeout: 10_000 });
  await page.locator('h1, h2, main').first().waitFor({ timeout: 10_000 });
  await page.evaluate('document.fonts.ready.then(() => true)');
  await page.evaluate(`Promise.all(document.getAnimations()
    .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
    .map((a) => a.finished.catch(() => undefined))).then(() => true)`);
}

/**
 * axe-core's own `axe.run` over the whole document, in the page: its source is evaluated once per
 * document (a navigation drops it) and only violations are collected. This is the same engine and
 * the same rules as `@axe-core/playwright`'s `AxeBuilder`, which injected the 1.3 MB source on every
 * call and finished each run in a new blank page: about ten times slower for our pages, which have
 * no frames (README "Tests").
 */
async function runAxe(page: Page): Promise<AxeResults> {
  if ((await page.evaluate('typeof window.axe')) !== 'object') await page.evaluate(axe.source);
  return (await page.evaluate(
    `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(TAGS)} }, resultTypes: ['violations'] })`,
  )) as AxeResults;
}

/** Runs axe over the whole page and keeps the serious and critical violations. */
export async function audit(page: Page, view: string): Promise<Finding[]> {
  await settle(page);
  const results = await runAxe(page);
  return results.violations
    .filter((v) => FAILING.has(v.impact ?? ''))
    .map((v) => ({
      view,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => `${n.target.map(String).join(' >> ')}  ${n.html.slice(0, 90)}  ${reason(n)}`),
    }));
}

/** The findings as lines a developer can act on: view, rule, impact, then each element. */
export function report(findings: readonly Finding[]): string {
  return findings
    .map((f) => `${f.view}: ${f.rule} (${f.impact}) ${f.help}\n${f.targets.map((t) => `    ${t}`).join('\n')}`)
    .join('\n');
}

/**
 * Visits each view in turn in one phone-sized browser and audits it at the phone size, then, in the
 * same page, at the desktop size (one load of each screen for both; a page reflows on a resize as
 * it lays out on a load, through CSS media queries and the `matchMedia` listeners).
 */
export async function auditViews(user: BrowserUser, base: string, views: readonly View[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const view of views) {
    await user.page.goto(`${base}${view.path}`);
    await settle(user.page);
    await view.act?.(user.page);
    findings.push(...(await auditSizes(user.page, view.name)));
  }
  return findings;
}

/** Audits what `page` shows now at the phone size, then at the desktop size (and goes back to the phone). */
export async function auditSizes(page: Page, view: string): Promise<Finding[]> {
  const findings = await audit(page, `phone ${view}`);
  await page.setViewportSize(SIZES.desktop);
  findings.push(...(await audit(page, `desktop ${view}`)));
  await page.setViewportSize(SIZES.phone);
  return findings;
}

/** Selects the tab named `name` (the first, where two tab lists share a name). */
export const tab = (name: string) => async (page: Page) => {
  await page.getByRole('tab', { name, exact: true }).first().click();
  await page.getByRole('tab', { name, exact: true, selected: true }).first().waitFor();
};
