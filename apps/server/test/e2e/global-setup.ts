import type { TestProject } from 'vitest/node';
import { ensureWebBuilt, launchSharedChromium } from './browser.js';

/**
 * Before any browser suite runs: builds the web client once (test files run in parallel workers,
 * and one Vite build emptying `dist` while another file's server serves from it broke pages), and
 * starts the one Chromium every file connects to (`inject('chromiumEndpoint')`). Closed after the
 * last file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureWebBuilt();
  const chromium = await launchSharedChromium();
  project.provide('chromiumEndpoint', chromium.wsEndpoint());
  return () => chromium.close();
}
