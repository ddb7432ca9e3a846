import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'service', include: ['test/**/*.test.ts'] },
});
