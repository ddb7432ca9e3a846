import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** `npm run dev -w @palace/web` proxies the API and the socket to a server on :5000. */
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: {
      '/api': 'http://localhost:5000',
      '/ws': { target: 'ws://localhost:5000', ws: true },
    },
  },
});
