import { defineConfig } from 'vitest/config';
import SummaryReporter from './scripts/summary-reporter.js';

/** One root config: every workspace package with a vitest config is a project, the browser suites one more. */
export default defineConfig({
  test: {
    projects: ['packages/*', 'adapters/*', 'apps/*', 'apps/server/vitest.e2e.config.ts'],
    reporters: ['default', new SummaryReporter()],
    // Three test files at a time on this 2-core machine (Vitest's default is one fewer than the
    // cores, here one): most files wait on sockets, a server or Chromium far more than they compute,
    // and three side by side kept both cores busy (README "Tests").
    maxWorkers: 3,
  },
});
