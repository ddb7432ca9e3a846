import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'adapter-http', include: ['test/**/*.test.ts'] },
});
