import { defineConfig } from 'vitest/config';
import SummaryReporter from './scripts/summary-reporter.js';
import LongestFirst from './scripts/test-sequencer.js';

/** One root config: every workspace package with a vitest config is a project, the browser suites one more. */
export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'adapters/*',
      'apps/*',
      'apps/server/vitest.e2e.config.ts',
      'apps/web/vitest.isolated.config.ts',
    ],
    reporters: ['default', new SummaryReporter()],
    // Four test files at a time on this 2-core machine (Vitest's default is one fewer than the
    // cores, here one): most files wait on sockets, a server or Chromium far more than they compute.
    // Three were best while whole games were played through the UI by Playwright (four ran 654 s
    // against 614 s, the browser suites starving each other of CPU); since those games play their
    // middle inside the page, four ran the whole suite in 432 s against 458 s with three (README "Tests").
    maxWorkers: 4,
    // Longest files first, the browser suites first of all on a fresh clone (scripts/test-sequencer.ts).
    sequence: { sequencer: LongestFirst },
  },
});
