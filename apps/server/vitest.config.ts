import { defineProject } from 'vitest/config';

export default defineProject({
  // Whole games (over real HTTP and sockets for the server) on a shared 2-core machine: the timeout
  // only catches a hang, it measures nothing. The web client is built once before the browser tests.
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    globalSetup: ['test/e2e/global-setup.ts'],
  },
});
