import { defineProject } from 'vitest/config';

export default defineProject({
  // Whole games (over real HTTP and sockets) on a shared 2-core machine: the timeout only catches a
  // hang, it measures nothing. The browser suites under test/e2e are their own project (e2e,
  // vitest.e2e.config.ts), so that only they build the web client and start Chromium.
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**'],
    testTimeout: 60_000,
    // Bundles the server once for the files that spawn it as a process.
    globalSetup: ['test/global-setup.ts'],
  },
});
