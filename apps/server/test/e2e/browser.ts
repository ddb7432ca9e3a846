import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
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

/** Builds the web client with Vite when there is no build or its sources (or config) are newer. */
export function ensureWebBuilt(): string {
  const index = join(WEB_DIR, 'index.html');
  const inputs = Math.max(
    newestMtime(WEB_SRC),
    newestMtime(WEB_PUBLIC),
    ...WEB_FILES.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)),
  );
  if (!existsSync(index) || statSync(index).mtimeMs < inputs) {
    execFileSync('npm', ['run', 'build', '-w', '@palace/web'], { stdio: 'ignore' });
  }
  return WEB_DIR;
}

/** One browser user: a persistent context on a fresh profile directory, phone-sized by default. */
export interface BrowserUser {
  readonly context: BrowserContext;
  readonly page: Page;
  close(): Promise<void>;
}

export async function openBrowser(viewport = { width: 390, height: 844 }): Promise<BrowserUser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `The browser tests drive Debian's Chromium at ${CHROMIUM}: run them with npm test, which installs it, or apt-get install chromium fonts-noto-color-emoji`,
    );
  }
  const profile = await mkdtemp(join(tmpdir(), 'palace-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Saves a full-page screenshot as test-output/screens/{name}.png. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

/**
 * Runs a real server (real SQLite file) with the built web client for the suite's tests;
 * `started` receives it once it listens. Closed after the suite.
 */
export function useWebServer(options: Omit<ServerOptions, 'webDir'>, started: (server: TestServer) => void): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startServer({ ...options, webDir: ensureWebBuilt() });
    started(server);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });
}

/** Runs `run` with a fresh browser user, closed afterwards whatever happens. */
export async function withBrowser(run: (user: BrowserUser) => Promise<void>): Promise<void> {
  const user = await openBrowser();
  try {
    await run(user);
  } finally {
    await user.close();
  }
}
