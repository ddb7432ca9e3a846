import { ensureWebBuilt } from './browser.js';

/**
 * Builds the web client once, before any test file runs. Test files run in parallel workers: each
 * building it in its own `beforeAll` let one Vite build empty `dist` while another file's server was
 * serving from it. `ensureWebBuilt` in the suites then finds the build fresh and does nothing.
 */
export default function setup(): void {
  ensureWebBuilt();
}
