import { defineConfig } from 'vitest/config';
import SummaryReporter from './scripts/summary-reporter.js';

/** One root config: every workspace package with a vitest config is a project. */
export default defineConfig({
  test: {
    projects: ['packages/*', 'adapters/*', 'apps/*'],
    reporters: ['default', new SummaryReporter()],
  },
});
