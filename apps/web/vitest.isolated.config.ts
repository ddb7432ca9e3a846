import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { MOCKING_FILES } from './vitest.config.js';

/** The web files that mock a module, each in a fresh module graph (see vitest.config.ts). */
export default defineProject({
  plugins: [react()],
  test: { name: 'web-isolated', include: MOCKING_FILES, environment: 'happy-dom' },
});
