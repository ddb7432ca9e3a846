import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'storage', include: ['test/**/*.test.ts'] },
});
