import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type BrowserServer, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { type ServerOptions, startServer, type TestServer } from '../harness.js';

/** Debian's Chromium, installed by `npm test` with apt-get when missing (scripts/ensure-test-deps.mjs). */
export const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const WEB_DIR = new URL('../../../web/dist', import.meta.url).pathname;
const WEB_SRC = new URL('../../../web/src', import.meta.url).pathname;
const WEB_PUBLIC = new URL('../../../web/public', import.meta.url).pathname;
/** The build's other inputs: the page template and the Vite (and PWA) configuration. */
const WEB_FILES = ['index.html', 'vite.config.ts'].map((f) => new URL(`../../../web/${f}`, import.meta.url).pathname);
/** Screenshots of the key screens land here (look at them). */
export const SHOTS_DIR = new URL('../../test-output/screens', import.meta.url).pathname;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    newest = Math.max(newest, stat.isDirectory() ? newestMtime(path) : stat.mtimeMs);
  }
  return newest;
}

/** React's development bundle says this; its production bundle does not (a build made under NODE_ENV=test). */
const DEVELOPMENT_REACT = 'This is a bug in React';

function isDevelopmentBuild(): boolean {
  const assets = join(WEB_DIR, 'assets');
  if (!existsSync(assets)) return false;
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .some((name) => readFileSync(join(assets, name), 'utf8').includes(DEVELOPMENT_REACT));
}

/**
 * Builds the web client with Vite when there is no build, its sources (or config) are newer, or it
 * holds React's development bundle.
 */
export function ensureWebBuilt(): string {
  const index = join(WEB_DIR, 'index.html');
  const inputs = Math.max(
    newestMtime(WEB_SRC),
    newestMtime(WEB_PUBLIC),
    ...WEB_FILES.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)),
  );
  if (!existsSync(index) || statSync(index).mtimeMs < inputs || isDevelopmentBuild()) {
    // Vitest sets NODE_ENV=test, and Vite builds React's development bundle under any NODE_ENV but
    // production: the browsers must load the client that ships (a third smaller, several times faster).
    execFileSync('npm', ['run', 'build', '-w', '@palace/web'], {
      stdio: 'ignore',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  return WEB_DIR;
}

/**
 * Starts the one Chromium the browser suites share (the e2e project's global setup): Debian's
 * Chromium with the flags above, headless, on a fresh profile directory of Playwright's making.
 * Starting a browser costs about 1.5 s on this 2-core machine and a new context of a running one
 * about 0.3 s, and a context is as separate as a new profile (its own cookies, storage, caches and
 * service workers), so every browser user is a context of this one browser.
 */
export async function launchSharedChromium(): Promise<BrowserServer> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `The browser tests drive Debian's Chromium at ${CHROMIUM}: run them with npm test, which installs it, or apt-get install chromium fonts-noto-color-emoji`,
    );
  }
  return chromium.launchServer({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}

/** This test file's connection to the shared Chromium, made on first use. */
let connection: Promise<Browser> | undefined;

function sharedBrowser(): Promise<Browser> {
  connection ??= chromium.connect(inject('chromiumEndpoint'));
  return connection;
}

/**
 * The motion preference of this file's browser users: "reduce" (the OS setting a player may have)
 * unless the suite calls `useFullMotion()`. Under full motion every card's flight and the turn ring's
 * pulse keep Chromium drawing frames while a test waits; reduced, a whole game through the UI took
 * 22 s of wall time and 20.6 s of CPU where it took 34 s and 26.1 s. The animated path keeps its
 * tests in the suites about the table (web-table, web-table-variants: moves with their flights,
 * the table fitting once they end).
 */
let motion: 'reduce' | 'no-preference' = 'reduce';

/** This file's browser users see every animation (the suites about the table's motion and fit). */
export function useFullMotion(): void {
  motion = 'no-preference';
}

/** One browser user: a fresh context (its own cookies, storage and service workers), phone-sized by default. */
export interface BrowserUser {
  readonly context: BrowserContext;
  readonly page: Page;
  close(): Promise<void>;
}

/**
 * A new browser user. Its service worker is blocked unless `serviceWorkers` is 'allow' (the suites
 * of the installable app and the CSP): the worker precaches the whole build (about 100 files) in
 * every new context, work that only those suites are about, and the first visit of a real player
 * runs without it too (it controls the page from the next navigation).
 */
export async function openBrowser(
  viewport = { width: 390, height: 844 },
  serviceWorkers: 'allow' | 'block' = 'block',
): Promise<BrowserUser> {
  const context = await (await sharedBrowser()).newContext({ viewport, serviceWorkers, reducedMotion: motion });
  const page = await context.newPage();
  return { context, page, close: () => context.close() };
}

/**
 * A suite's browser users, each closed after its test: `const browser = browserUsers();` in the
 * suite, then `await browser(SIZES.phone)` in a test.
 */
export function browserUsers(): (viewport?: { width: number; height: number }) => Promise<BrowserUser> {
  const users: BrowserUser[] = [];
  afterEach(async () => {
    for (const user of users.splice(0)) await user.close();
  });
  return async (viewport) => {
    const user = await openBrowser(viewport);
    users.push(user);
    return user;
  };
}

/**
 * Whether the browser suites write their screenshots (README "Tests": `PALACE_SCREENSHOTS=1`, for
 * looking at every screen). Off by default: encoding some 330 full-page PNGs and the pauses before
 * them cost `npm test` about half a minute, and nothing reads them back; every check around a
 * screenshot (fit, overlap, sideways scrolling) runs either way.
 */
export const SCREENSHOTS = process.env.PALACE_SCREENSHOTS === '1';

/** Saves a screenshot as test-output/screens/{name}.png (the screen, or the full page), when `SCREENSHOTS`. */
export async function saveScreenshot(page: Page, name: string, fullPage: boolean): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage });
}

/** Saves a full-page screenshot as test-output/screens/{name}.png (when `SCREENSHOTS`). */
export async function shot(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, name, true);
}

/**
 * Runs a real server (real SQLite file) with the built web client for the suite's tests, its
 * games dealt from fixed seeds (`dealSeed`); `started` receives it once it listens. Closed after the suite.
 */
export function useWebServer(options: Omit<ServerOptions, 'webDir'>, started: (server: TestServer) => void): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    // Fixed deals (unless a suite names its own): a whole game through the UI takes the same moves on
    // every run, so a suite's time does not swing with the luck of the deal.
    server = await startServer({ dealSeed: 'e2e', ...options, webDir: ensureWebBuilt() });
    started(server);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    // Disconnects this file from the shared Chromium (which keeps running for the other files).
    const browser = connection;
    connection = undefined;
    await (await browser)?.close();
  });
}

/** Runs `run` with a fresh browser user, closed afterwards whatever happens. */
export async function withBrowser(
  run: (user: BrowserUser) => Promise<void>,
  serviceWorkers: 'allow' | 'block' = 'block',
): Promise<void> {
  const user = await openBrowser(undefined, serviceWorkers);
  try {
    await run(user);
  } finally {
    await user.close();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's DevTools-protocol endpoint (Playwright's browser server). */
    chromiumEndpoint: string;
  }
}
