import { defineProject } from 'vitest/config';

// Node files share their worker's module cache (isolate: false; README "How the suite spends its
// time"): none mocks a module or leaves a fake clock or global behind, and a fresh module graph per
// file cost a third of these projects' CPU (the server project alone 203 against 146 CPU s).
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
    isolate: false,
  },
});
