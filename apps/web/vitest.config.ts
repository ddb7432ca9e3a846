import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/**
 * The files that replace a module (`vi.mock`): a module mock cannot be undone for the next file, so
 * they run isolated (vitest.isolated.config.ts, project `web-isolated`). The rest share a worker's
 * module cache (isolate: false; README "How the suite spends its time"): React, react-dom and
 * happy-dom imported once per worker took two thirds of this project's CPU (43.6 against 14.8
 * CPU-seconds). Each of them that fakes the clock or stubs a global undoes it after each test
 * (`npm run boundaries` refuses a module mock here).
 */
export const MOCKING_FILES = ['test/countdown.test.tsx', 'test/replay.test.tsx'];

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['test/**/*.test.{ts,tsx}'],
    exclude: MOCKING_FILES,
    environment: 'happy-dom',
    isolate: false,
  },
});
