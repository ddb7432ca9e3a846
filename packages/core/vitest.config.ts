import { defineProject } from 'vitest/config';

export default defineProject({
  // Property tests play hundreds of whole games; on a shared 2-core machine that can take a while.
  test: { name: 'core', include: ['test/**/*.test.ts'], testTimeout: 120_000 },
});
