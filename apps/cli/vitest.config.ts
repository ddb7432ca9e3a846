import { defineProject } from 'vitest/config';

// Node files share their worker's module cache (isolate: false; README "How the suite spends its
// time"): none mocks a module or leaves a fake clock or global behind, and a fresh module graph per
// file cost a third of these projects' CPU (the server project alone 203 against 146 CPU s).
export default defineProject({
  test: { name: 'cli', include: ['test/**/*.test.ts'], isolate: false },
});
