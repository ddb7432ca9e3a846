import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'adapter-ws', include: ['test/**/*.test.ts'] },
});
