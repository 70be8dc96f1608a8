/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Rust server listens here during development; the dev server forwards API calls to it
// so the app and the API share one origin (cookies, same-origin checks).
const apiServer = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    // The WASM core must stay a separate, cacheable file (never inlined as base64).
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
