import { defineConfig } from 'vitest/config';
import SummaryReporter from './scripts/summary-reporter.js';

/** One root config: every workspace package with a vitest config is a project. */
export default defineConfig({
  test: {
    projects: ['packages/*', 'adapters/*', 'apps/*', 'apps/server/vitest.e2e.config.ts'],
    reporters: ['default', new SummaryReporter()],
  },
});
