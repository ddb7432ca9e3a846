import { defineProject } from 'vitest/config';

// Node files share their worker's module cache (isolate: false; README "How the suite spends its
// time"): none mocks a module or leaves a fake clock or global behind, and a fresh module graph per
// file cost a third of these projects' CPU (the server project alone 203 against 146 CPU s).
export default defineProject({
  // Whole games (over real HTTP and sockets for the server) on a shared 2-core machine: the timeout
  // only catches a hang, it measures nothing.
  test: { name: 'service', include: ['test/**/*.test.ts'], testTimeout: 60_000, isolate: false },
});
