import { defineProject } from 'vitest/config';

export default defineProject({
  // The browser suites: Debian's Chromium against a real server with the built web client. The
  // global setup builds the client once and starts one Chromium for every file (test/e2e/browser.ts);
  // each browser user is a fresh context of it. Timeouts only catch a hang.
  test: {
    name: 'e2e',
    include: ['test/e2e/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['test/e2e/global-setup.ts'],
    // Files share a worker's module cache (each still starts its own server and browser contexts):
    // six files imported in 16 s instead of 32 s, 44 s against 53 s of wall time (README "Tests").
    isolate: false,
  },
});
