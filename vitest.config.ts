import { defineConfig } from 'vitest/config';

/** One root config: every workspace package with a vitest config is a project. */
export default defineConfig({
  test: {
    projects: ['packages/*', 'adapters/*', 'apps/*'],
  },
});
