import { defineProject } from 'vitest/config';

export default defineProject({
  // Whole games (over real HTTP and sockets for the server) on a shared 2-core machine: the timeout
  // only catches a hang, it measures nothing.
  test: { name: 'server', include: ['test/**/*.test.ts'], testTimeout: 60_000 },
});
