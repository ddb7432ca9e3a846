// A first visit on a phone network (issue 25): the built web client served by the built server
// (child process), loaded by Debian's Chromium with Lighthouse's mobile profile applied through
// the DevTools protocol. Each route is loaded cold (a fresh profile: no HTTP cache, no service
// worker) three times, each followed by one warm load (that profile again, in a new browser, after
// its service worker took over), and the medians of each are reported. The browser is driven over
// a bare DevTools-protocol pipe (bench/cdp.ts) with only Page, Network and Emulation enabled in the
// page: Playwright's instrumentation costs the throttled page time a visitor's browser never spends.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { Cdp, type CdpEvent } from './cdp.js';
import { median, type Spread, spread } from './report.js';
import { benchServerEnv, freePort, healthy, stopChild } from './server.js';

/** Debian's Chromium, as the browser tests drive it (apps/server/test/e2e/browser.ts). */
const CHROMIUM = '/usr/bin/chromium';
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

/**
 * Lighthouse's mobile profile: a 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up (CDP takes
 * bytes per second), a CPU 4 times slower, and its phone's screen (412 × 823 CSS px at 1.75).
 */
const NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const CPU_SLOWDOWN = 4;
const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true };

/** The routes a first visit lands on: the REST lobby, the main game, an offline prototype, the REST game. */
export const FIRST_VISIT_ROUTES: readonly string[] = ['/', '/play', '/poker', '/rest-poker'];
/** Cold loads per route (each on a fresh profile); the figures are their medians. */
const COLD_ROUNDS = 3;
/** How long one load may take to show a usable button before it counts as an error, in ms. */
const LOAD_TIMEOUT_MS = 30_000;
/** How long the service worker may take to install and take over after the first visit, in ms. */
const WORKER_TIMEOUT_MS = 60_000;

/**
 * Installed in every document before its own scripts: on each animation frame until it finds
 * one, looks for the first usable button — an enabled `<button>` with a non-empty box inside the
 * viewport, not `visibility: hidden`, with no transparent (`opacity: 0`), `aria-hidden` or `inert`
 * ancestor, that a tap at its centre would hit (nothing covers it) — and records when (ms since
 * navigation start, `performance.now()`) and its label. Checked per frame, not per DOM change: a
 * stylesheet or a layout change can make a button usable without any mutation.
 */
const BUTTON_WATCH = `(() => {
  const usable = (b) => {
    if (b.disabled || b.closest('[aria-hidden="true"], [inert]')) return false;
    const r = b.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || r.bottom <= 0 || r.right <= 0 || r.top >= innerHeight || r.left >= innerWidth) return false;
    if (getComputedStyle(b).visibility !== 'visible') return false;
    for (let e = b; e !== null; e = e.parentElement) if (getComputedStyle(e).opacity === '0') return false;
    const x = Math.min(Math.max((Math.max(r.left, 0) + Math.min(r.right, innerWidth)) / 2, 0), innerWidth - 1);
    const y = Math.min(Math.max((Math.max(r.top, 0) + Math.min(r.bottom, innerHeight)) / 2, 0), innerHeight - 1);
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (hit === b || b.contains(hit));
  };
  const tick = () => {
    for (const b of document.querySelectorAll('button')) {
      if (usable(b)) {
        window.__palaceFirstButton = { ms: performance.now(), label: (b.getAttribute('aria-label') || b.textContent || '').trim().slice(0, 40) };
        return;
      }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

/**
 * Installed before BUTTON_WATCH: the page's own record of what went wrong in it — uncaught errors,
 * unhandled rejections and CSP violations — read after the load (the protocol's `Runtime` domain,
 * which would report them, stays off: see bench/cdp.ts).
 */
const ERROR_WATCH = `(() => {
  const errors = (window.__palaceErrors = []);
  addEventListener('error', (e) => { if (e instanceof ErrorEvent) errors.push('page error: ' + e.message); });
  addEventListener('unhandledrejection', (e) => errors.push('unhandled rejection: ' + String(e.reason && e.reason.message || e.reason)));
  addEventListener('securitypolicyviolation', (e) => errors.push('CSP: ' + e.violatedDirective + ' ' + e.blockedURI));
})();`;

/** One load of one route, as the page and the DevTools protocol saw it. */
interface Visit {
  /** First contentful paint, ms after navigation start. */
  readonly fcpMs: number;
  /** The first usable button (see BUTTON_WATCH), ms after navigation start. */
  readonly buttonMs: number;
  /** That button's label. */
  readonly button: string;
  /** Bytes received over the network (compressed, with headers) until the first usable button. */
  readonly bytes: number;
  /** Of those, the scripts' bytes. */
  readonly jsBytes: number;
  /** Uncaught page errors, failed requests, 5xx answers and CSP violations during the load. */
  readonly errors: number;
  /** What went wrong first, if anything did. */
  readonly firstError?: string;
}

/** A finished network request as counted for `bytes`. */
interface Received {
  /** When it finished, CDP monotonic seconds. */
  readonly at: number;
  readonly bytes: number;
  readonly script: boolean;
}

/** Watches one page: its errors and what it received from the network (service-worker and cache answers excluded). */
class LoadWatch {
  errors = 0;
  firstError: string | undefined;
  navigationStart: number | null = null;
  readonly received: Received[] = [];
  private readonly kinds = new Map<string, { script: boolean; network: boolean }>();

  /** Counts the events of the page behind `sessionId` until `stop` is called. */
  readonly stop: () => void;

  constructor(cdp: Cdp, sessionId: string) {
    this.stop = cdp.on((event: CdpEvent) => {
      if (event.sessionId === sessionId) this.event(event);
    });
  }

  private event({ method, params }: CdpEvent): void {
    if (method === 'Network.requestWillBeSent') {
      const event = params as { type?: string; timestamp: number };
      if (this.navigationStart === null && event.type === 'Document') this.navigationStart = event.timestamp;
    } else if (method === 'Network.responseReceived') {
      const { requestId, type, response } = params as {
        requestId: string;
        type?: string;
        response: {
          status: number;
          url: string;
          fromServiceWorker?: boolean;
          fromDiskCache?: boolean;
          fromPrefetchCache?: boolean;
        };
      };
      const network = !response.fromServiceWorker && !response.fromDiskCache && !response.fromPrefetchCache;
      this.kinds.set(requestId, { script: type === 'Script', network });
      if (response.status >= 500) this.fail(`${response.status} for ${response.url}`);
    } else if (method === 'Network.loadingFinished') {
      const { requestId, timestamp, encodedDataLength } = params as {
        requestId: string;
        timestamp: number;
        encodedDataLength: number;
      };
      const kind = this.kinds.get(requestId);
      if (kind?.network === true) this.received.push({ at: timestamp, bytes: encodedDataLength, script: kind.script });
    } else if (method === 'Network.loadingFailed') {
      const { canceled, errorText } = params as { canceled?: boolean; errorText: string };
      // A navigation or a page that goes away cancels requests; that is not a failure of the site.
      if (canceled !== true) this.fail(`request failed: ${errorText}`);
    }
  }

  fail(what: string): void {
    this.errors++;
    this.firstError ??= what;
  }

  /** Bytes (all, scripts) received until `ms` after navigation start. */
  bytesUntil(ms: number): { bytes: number; jsBytes: number } {
    const start = this.navigationStart ?? 0;
    let bytes = 0;
    let jsBytes = 0;
    for (const r of this.received) {
      if ((r.at - start) * 1000 > ms) continue;
      bytes += r.bytes;
      if (r.script) jsBytes += r.bytes;
    }
    return { bytes, jsBytes };
  }
}

/** A browser on one profile and the page the bench drives in it. */
interface Browser {
  readonly cdp: Cdp;
  readonly sessionId: string;
}

/** Opens Chromium on `profile` and a page in it, attached (the page's own protocol session). */
async function launch(profile: string): Promise<Browser> {
  // With no page to open, Chromium opens its new-tab page, whose script would share the cores.
  const cdp = Cdp.launch(CHROMIUM, [...FLAGS, `--user-data-dir=${profile}`, 'about:blank']);
  try {
    const { targetId } = (await cdp.send('Target.createTarget', { url: 'about:blank' })) as { targetId: string };
    const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId, flatten: true })) as {
      sessionId: string;
    };
    return { cdp, sessionId };
  } catch (error) {
    await cdp.close();
    throw error;
  }
}

/** Evaluates `expression` in the page and returns its value (JSON-serialisable). */
async function evaluate(browser: Browser, expression: string): Promise<unknown> {
  const { result, exceptionDetails } = (await browser.cdp.send(
    'Runtime.evaluate',
    { expression, returnByValue: true },
    browser.sessionId,
  )) as { result: { value?: unknown }; exceptionDetails?: { text: string } };
  if (exceptionDetails !== undefined) throw new Error(`evaluate: ${exceptionDetails.text}`);
  return result.value ?? null;
}

/** What the page recorded: its first usable button and its first contentful paint. */
interface Seen {
  readonly ms: number;
  readonly label: string;
  readonly fcp: number;
}

/** Polls the page until it has shown a usable button and a contentful paint (null after LOAD_TIMEOUT_MS). */
async function firstButton(browser: Browser): Promise<Seen | null> {
  const deadline = performance.now() + LOAD_TIMEOUT_MS;
  while (performance.now() < deadline) {
    const seen = (await evaluate(
      browser,
      `window.__palaceFirstButton ? { ...window.__palaceFirstButton, fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null } : null`,
    )) as { ms: number; label: string; fcp: number | null } | null;
    if (seen !== null && seen.fcp !== null) return { ms: seen.ms, label: seen.label, fcp: seen.fcp };
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

/** Loads `url` in the browser's page under the mobile profile and measures it. */
async function visit(browser: Browser, url: string): Promise<Visit> {
  const { cdp, sessionId } = browser;
  const watch = new LoadWatch(cdp, sessionId);
  try {
    await cdp.send('Page.enable', {}, sessionId);
    await cdp.send('Network.enable', {}, sessionId);
    await cdp.send('Emulation.setDeviceMetricsOverride', PHONE, sessionId);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 }, sessionId);
    await cdp.send('Network.emulateNetworkConditions', NETWORK, sessionId);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN }, sessionId);
    await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: `${ERROR_WATCH}\n${BUTTON_WATCH}` }, sessionId);
    const { errorText } = (await cdp.send('Page.navigate', { url }, sessionId)) as { errorText?: string };
    if (errorText !== undefined) throw new Error(`${url}: ${errorText}`);
    const seen = await firstButton(browser);
    if (seen === null) {
      throw new Error(`${url}: no usable button (or no contentful paint) within ${LOAD_TIMEOUT_MS / 1000} s`);
    }
    const pageErrors = await evaluate(browser, 'window.__palaceErrors ?? null');
    if (!Array.isArray(pageErrors)) throw new Error(`${url}: the page's error watch is missing`);
    for (const error of pageErrors) watch.fail(String(error));
    // The protocol's events of the load have arrived by now (the page answered after them).
    const { bytes, jsBytes } = watch.bytesUntil(seen.ms);
    return {
      fcpMs: seen.fcp,
      buttonMs: seen.ms,
      button: seen.label,
      bytes,
      jsBytes,
      errors: watch.errors,
      ...(watch.firstError === undefined ? {} : { firstError: watch.firstError }),
    };
  } finally {
    watch.stop();
  }
}

/** Waits until the page is controlled by an activated service worker (its precache is complete then). */
async function workerActive(browser: Browser): Promise<void> {
  const deadline = performance.now() + WORKER_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if ((await evaluate(browser, 'navigator.serviceWorker.controller?.state ?? null')) === 'activated') return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the service worker did not take over within ${WORKER_TIMEOUT_MS / 1000} s`);
}

/** One line of `web.firstVisit`: a route's medians, cold and warm. */
export interface FirstVisitLine {
  readonly route: string;
  /** Median first contentful paint of the cold loads, ms. */
  readonly coldFcpMs: number;
  /** Median time to the first usable button of the cold loads, ms. */
  readonly coldButtonMs: number;
  /** Median first contentful paint of the warm loads (same profile, service worker active), ms. */
  readonly warmFcpMs: number;
  /** Median time to the first usable button of the warm loads, ms. */
  readonly warmButtonMs: number;
  /** The first usable button's label (the last cold load's). */
  readonly button: string;
  /** Median kB received over the network until the first usable button, cold (compressed, headers included). */
  readonly coldKB: number;
  /** Of those, scripts. */
  readonly coldJsKB: number;
  /** Median kB the warm loads received over the network until their first usable button (what the service worker did not answer). */
  readonly warmKB: number;
  /** Page errors, failed requests, 5xx answers, CSP violations and loads that never showed a button. */
  readonly errors: number;
  readonly firstError?: string;
  readonly rounds: number;
  /** How many warm loads the warm figures are the medians of. */
  readonly warmRounds: number;
  /** Measured seconds (the loads, browsers included). */
  readonly seconds: number;
  readonly spread: Spread;
  /** The warm loads' first usable button: min, median, max. */
  readonly warmSpread: Spread;
  /** How the browser was driven: a bare DevTools-protocol pipe, only Page, Network and Emulation enabled. */
  readonly driver: 'cdp-pipe';
}

const kB = (bytes: number): number => Math.round(bytes / 102.4) / 10;

/** Builds the web client as `npm start` ships it into `outDir` (not apps/web/dist, which tests serve meanwhile). */
async function buildWeb(web: string, outDir: string): Promise<void> {
  try {
    await promisify(execFile)('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
      cwd: web,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    const why = stderr.trim() === '' ? String(error) : stderr.trim().split('\n').slice(-5).join(' / ');
    throw new Error(`the web client did not build: ${why}`);
  }
}

/**
 * Builds the web client, starts the built server (`serverMain`) on it and measures a first and a
 * repeat visit of every route in `FIRST_VISIT_ROUTES`.
 */
export async function benchFirstVisit(serverMain: string): Promise<FirstVisitLine[]> {
  if (!existsSync(CHROMIUM))
    throw new Error(`web.firstVisit drives Debian's Chromium at ${CHROMIUM}: apt-get install chromium`);
  // This file runs bundled from node_modules/.cache: the workspace package says where the client is.
  const web = dirname(realpathSync(createRequire(import.meta.url).resolve('@palace/web/package.json')));
  const cache = join(web, '../../node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const work = mkdtempSync(join(cache, 'palace-bench-web-'));
  const webDir = join(work, 'web');
  const dataDir = join(work, 'data');
  mkdirSync(dataDir);
  const profiles: string[] = [];
  let server: ChildProcess | undefined;
  try {
    await buildWeb(web, webDir);
    const port = await freePort();
    server = spawn(process.execPath, [serverMain], {
      env: benchServerEnv(port, dataDir, { WEB_DIR: webDir }),
      stdio: 'ignore',
    });
    const base = `http://127.0.0.1:${port}`;
    await healthy(`${base}/healthz`, server);

    const lines: FirstVisitLine[] = [];
    for (const route of FIRST_VISIT_ROUTES) {
      const began = performance.now();
      const cold: Visit[] = [];
      const warm: Visit[] = [];
      let errors = 0;
      let firstError: string | undefined;
      const count = (v: Visit): Visit => {
        errors += v.errors;
        firstError ??= v.firstError;
        return v;
      };
      for (let round = 0; round < COLD_ROUNDS; round++) {
        const profile = mkdtempSync(join(tmpdir(), 'palace-bench-chromium-'));
        profiles.push(profile);
        let browser = await launch(profile);
        try {
          cold.push(count(await visit(browser, `${base}${route}`)));
          // A repeat visit: the same profile in a new browser, once its service worker holds the
          // shell. One per cold load: a single warm load moved by ±300 ms between runs here.
          await workerActive(browser);
          await browser.cdp.close();
          browser = await launch(profile);
          warm.push(count(await visit(browser, `${base}${route}`)));
        } catch (error) {
          errors++;
          firstError ??= error instanceof Error ? error.message : String(error);
        } finally {
          await browser.cdp.close();
        }
      }
      if (cold.length === 0) throw new Error(`${route}: every cold load failed (${firstError ?? 'no reason given'})`);
      if (warm.length === 0) throw new Error(`${route}: every warm load failed (${firstError ?? 'no reason given'})`);
      const seconds = Math.round((performance.now() - began) / 100) / 10;
      const lastCold = cold[cold.length - 1];
      lines.push({
        route,
        coldFcpMs: Math.round(median(cold.map((v) => v.fcpMs))),
        coldButtonMs: Math.round(median(cold.map((v) => v.buttonMs))),
        warmFcpMs: Math.round(median(warm.map((v) => v.fcpMs))),
        warmButtonMs: Math.round(median(warm.map((v) => v.buttonMs))),
        button: lastCold?.button ?? '',
        coldKB: kB(median(cold.map((v) => v.bytes))),
        coldJsKB: kB(median(cold.map((v) => v.jsBytes))),
        warmKB: kB(median(warm.map((v) => v.bytes))),
        errors,
        ...(firstError === undefined ? {} : { firstError }),
        rounds: cold.length,
        warmRounds: warm.length,
        seconds,
        spread: spread(
          'coldButtonMs',
          cold.map((v) => v.buttonMs),
        ),
        warmSpread: spread(
          'warmButtonMs',
          warm.map((v) => v.buttonMs),
        ),
        driver: 'cdp-pipe',
      });
    }
    return lines;
  } finally {
    if (server !== undefined) await stopChild(server);
    for (const profile of profiles) rmSync(profile, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
}
